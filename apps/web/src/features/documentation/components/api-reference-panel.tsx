import { Component, lazy, Suspense, useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { retryImport } from '../../../lib/lazy-retry';
import { OPENAPI_DOCUMENT_PATH, useOpenApiDocumentQuery } from '../api/get-openapi-document';
import { useApiServicesQuery } from '../api/list-api-services';
import { withOwnPrices } from '../lib/own-prices';
import { operationsUnder, referenceDocument } from '../lib/reference-document';
import { Code } from './guide-section';

// The reference renderer is a chunk of its own, loaded when the reference is opened, never before.
const ApiReference = lazy(() => retryImport(() => import('./api-reference')));

class ReferenceBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Loading({ what }: { what: string }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, py: 3 }} role="status">
      <CircularProgress size={20} aria-hidden="true" />
      <Typography variant="body2">{what}</Typography>
    </Stack>
  );
}

/**
 * The OpenAPI document of this server, rendered, its reseller examples at the agent's own prices
 * (their price level's; the generic examples when those cannot be read); with a link to the raw
 * JSON for code generators.
 */
export function ApiReferencePanel({ apiBaseUrl }: { apiBaseUrl: string }) {
  const query = useOpenApiDocumentQuery();
  const services = useApiServicesQuery();
  const ownServices = services.data?.data;
  const document = useMemo(() => {
    if (!query.data) return undefined;
    const shown = referenceDocument(query.data, apiBaseUrl);
    return ownServices ? withOwnPrices(shown, ownServices) : shown;
  }, [query.data, apiBaseUrl, ownServices]);
  // Until the agent's prices are known (or known to be unreadable), nothing is drawn: an example
  // must not show one price and then another.
  const pricesPending = services.isLoading;
  const documentUrl = `${apiBaseUrl}${OPENAPI_DOCUMENT_PATH}`;
  const failed = (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void query.refetch()}>
          Try again
        </Button>
      }
    >
      The API reference could not be loaded. The raw document is at <Code>{documentUrl}</Code>.
    </Alert>
  );

  return (
    <Stack sx={{ gap: 2, minWidth: 0 }}>
      <Typography variant="body2">
        Every endpoint with its parameters, answers and errors, generated from the same contract the server checks
        requests against. The reseller API (API key) comes first. The OpenAPI 3.1 document itself, for code generators
        and tools like Postman:{' '}
        <Link href={documentUrl} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
          {documentUrl}
        </Link>
      </Typography>
      {(query.isLoading || (pricesPending && document)) && <Loading what="Loading the API reference…" />}
      {(query.isError || (!query.isLoading && !document)) && failed}
      {document && !pricesPending && (
        <>
          <Typography variant="caption" color="text.secondary">
            {operationsUnder(document, '/api/v1/reseller/').length} reseller operations
          </Typography>
          <ReferenceBoundary fallback={failed}>
            <Suspense fallback={<Loading what="Loading the API reference…" />}>
              <ApiReference document={document} />
            </Suspense>
          </ReferenceBoundary>
        </>
      )}
    </Stack>
  );
}
