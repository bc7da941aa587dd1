import Box from '@mui/material/Box';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import type { OpenApiDocument } from '../api/get-openapi-document';

/**
 * Swagger UI, bundled (decision 018): loaded only when the reference is opened. It renders
 * the document it is given and sends nothing itself: "Try it out" is off, since a reseller
 * call moves real money; the guides' samples show how to make one.
 */
export default function ApiReference({ document }: { document: OpenApiDocument }) {
  return (
    <Box
      sx={{
        // Swagger UI is styled for a light page, whatever the app's theme.
        bgcolor: '#fff',
        color: '#3b4151',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        minWidth: 0,
        overflowX: 'auto',
        '& .swagger-ui .info': { my: 2 },
        '& .swagger-ui .wrapper': { px: { xs: 1, sm: 2 } },
        // On a phone: a narrower method badge and smaller paths, so a summary keeps a readable width.
        '@media (max-width: 599.95px)': {
          '& .swagger-ui .info .title': { fontSize: 24 },
          '& .swagger-ui .opblock .opblock-summary-method': { minWidth: 52, px: 0, fontSize: 12 },
          '& .swagger-ui .opblock .opblock-summary-path': { fontSize: 13, px: 1 },
          '& .swagger-ui .opblock .opblock-summary-description': { fontSize: 12 },
          '& .swagger-ui .opblock-tag': { fontSize: 18, px: 0.5 },
        },
      }}
    >
      <SwaggerUI
        spec={document}
        supportedSubmitMethods={[]}
        docExpansion="list"
        defaultModelsExpandDepth={-1}
        deepLinking={false}
        filter
      />
    </Box>
  );
}
