import { useId, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { OpenApiDocument } from '../api/get-openapi-document';
import { examplesOf, resolve, statusLabel, type MediaType, type OperationEntry } from '../lib/openapi';
import { CodeBlock } from './code-block';
import { DocText } from './doc-text';
import { Code } from './guide-section';
import { Field, FieldList, SchemaBlock } from './schema-view';

/**
 * A method's colour, as a badge with white text: every one at least 5:1 against it (WCAG AA
 * asks 4.5:1 for small text), and the same in a light or a dark theme since it carries its
 * own background.
 */
const METHOD_COLOURS: Record<string, string> = {
  get: '#1565c0',
  post: '#2e7d32',
  put: '#a84300',
  patch: '#6a1b9a',
  delete: '#c62828',
};

function MethodBadge({ method }: { method: string }) {
  return (
    <Box
      component="span"
      sx={{
        flexShrink: 0,
        minWidth: 60,
        px: 0.75,
        py: 0.25,
        borderRadius: 1,
        bgcolor: METHOD_COLOURS[method] ?? '#455a64',
        color: '#fff',
        fontSize: 12,
        fontWeight: 700,
        textAlign: 'center',
      }}
    >
      {method.toUpperCase()}
    </Box>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h5" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** How a call authenticates, named from the document's security schemes. */
function Authentication({ entry, document }: { entry: OperationEntry; document: OpenApiDocument }) {
  const requirements = entry.operation.security;
  if (!requirements) return null;
  const components = document.components as { securitySchemes?: Record<string, { description?: string }> } | undefined;
  const names = [...new Set(requirements.flatMap((requirement) => Object.keys(requirement)))];
  return (
    <Typography variant="body2" component="div">
      {names.length === 0 ? (
        'No authentication.'
      ) : (
        <>
          Authentication:{' '}
          {names.map((name, index) => {
            const description = components?.securitySchemes?.[name]?.description;
            return (
              <Box component="span" key={name}>
                {index > 0 && ' or '}
                <Code>{name}</Code>
                {description && (
                  <>
                    {' '}
                    (<DocText text={description} />)
                  </>
                )}
              </Box>
            );
          })}
        </>
      )}
    </Typography>
  );
}

/** A body of one media type: its schema, then its examples, each in a block that scrolls and copies. */
function Body({
  type,
  media,
  label,
  document,
}: {
  type: string;
  media: MediaType;
  label: string;
  document: OpenApiDocument;
}) {
  const examples = examplesOf(document, media);
  return (
    <Stack sx={{ gap: 1, minWidth: 0 }}>
      <Typography variant="caption" component="p" color="text.secondary" sx={{ m: 0 }}>
        Content type: <Code>{type}</Code>
      </Typography>
      {media.schema && <SchemaBlock schema={media.schema} document={document} />}
      {examples.map((example, index) => (
        <Box key={index} sx={{ minWidth: 0 }}>
          <Typography variant="caption" component="p" color="text.secondary" sx={{ m: 0, mb: 0.5 }}>
            {example.name}
          </Typography>
          <CodeBlock
            code={typeof example.value === 'string' ? example.value : JSON.stringify(example.value, null, 2)}
            label={`${label}: ${example.name}`}
            copyLabel="Copy example"
          />
        </Box>
      ))}
    </Stack>
  );
}

/**
 * One operation, folded to its method, path and summary; opened, its authentication,
 * parameters, request body and every response with its schema and examples.
 */
export function ApiOperation({ entry, document }: { entry: OperationEntry; document: OpenApiDocument }) {
  const id = useId();
  const { method, path, operation, parameters } = entry;
  const name = `${method.toUpperCase()} ${path}`;
  const requestBody = operation.requestBody ? resolve(document, operation.requestBody) : undefined;
  const where = { document, depth: 0, seen: new Set<string>() };
  return (
    <Accordion
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h4' }, transition: { unmountOnExit: true } }}
      sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
    >
      <AccordionSummary
        id={`${id}-summary`}
        aria-controls={`${id}-details`}
        expandIcon={<ExpandMore />}
        sx={{ px: { xs: 1, sm: 2 }, '& .MuiAccordionSummary-content': { minWidth: 0 } }}
      >
        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <MethodBadge method={method} />{' '}
          <Box
            component="span"
            sx={{
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: 14,
              fontWeight: 600,
              overflowWrap: 'anywhere',
              minWidth: 0,
              ...(operation.deprecated && { textDecoration: 'line-through' }),
            }}
          >
            {path}
          </Box>{' '}
          {operation.summary && (
            <Box component="span" sx={{ typography: 'body2', color: 'text.secondary', flexBasis: '100%' }}>
              <DocText text={operation.summary} />
            </Box>
          )}
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 1, sm: 2 }, pt: 0, minWidth: 0 }}>
        <Stack sx={{ gap: 2, minWidth: 0 }}>
          {operation.deprecated && (
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              Deprecated: do not use in new code.
            </Typography>
          )}
          {operation.description && (
            <Typography variant="body2">
              <DocText text={operation.description} />
            </Typography>
          )}
          <Authentication entry={entry} document={document} />
          <Part title="Parameters">
            {parameters.length === 0 ? (
              <Typography variant="body2">None.</Typography>
            ) : (
              <FieldList>
                {parameters.map((parameter) => (
                  <Field
                    key={`${parameter.in} ${parameter.name}`}
                    name={parameter.name}
                    schema={parameter.schema ?? {}}
                    required={parameter.required ?? false}
                    place={parameter.in}
                    description={parameter.description}
                    deprecated={parameter.deprecated ?? false}
                    example={parameter.example}
                    where={where}
                  />
                ))}
              </FieldList>
            )}
          </Part>
          {requestBody && (
            <Part title={`Request body${requestBody.required ? ' (required)' : ''}`}>
              {requestBody.description && (
                <Typography variant="body2">
                  <DocText text={requestBody.description} />
                </Typography>
              )}
              {Object.entries(requestBody.content ?? {}).map(([type, media]) => (
                <Body key={type} type={type} media={media} label={`${name}, request`} document={document} />
              ))}
            </Part>
          )}
          <Part title="Responses">
            <Stack sx={{ gap: 2, minWidth: 0 }}>
              {Object.entries(operation.responses ?? {}).map(([code, raw]) => {
                const response = resolve(document, raw);
                return (
                  <Box key={code} sx={{ minWidth: 0 }}>
                    <Typography variant="body2" component="h6" sx={{ fontWeight: 700 }}>
                      {statusLabel(code)}
                      {response.description && (
                        <>
                          {' · '}
                          <Box component="span" sx={{ fontWeight: 400 }}>
                            <DocText text={response.description} />
                          </Box>
                        </>
                      )}
                    </Typography>
                    {Object.entries(response.content ?? {}).map(([type, media]) => (
                      <Body
                        key={type}
                        type={type}
                        media={media}
                        label={`${name}, ${statusLabel(code)} response`}
                        document={document}
                      />
                    ))}
                  </Box>
                );
              })}
            </Stack>
          </Part>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
