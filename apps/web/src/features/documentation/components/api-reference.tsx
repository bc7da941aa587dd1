import { useDeferredValue, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../../components/text-input';
import type { OpenApiDocument } from '../api/get-openapi-document';
import { groupByTag, listOperations, matchesFilter, type TagGroup } from '../lib/openapi';
import { ApiOperation } from './api-operation';
import { DocText } from './doc-text';
import { Code } from './guide-section';

function TagSection({ group, document }: { group: TagGroup; document: OpenApiDocument }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {group.name}
      </Typography>
      {group.description && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          <DocText text={group.description} />
        </Typography>
      )}
      {group.operations.map((entry) => (
        <ApiOperation key={entry.key} entry={entry} document={document} />
      ))}
    </Box>
  );
}

/**
 * The OpenAPI document, rendered by the app itself (decision 018): every operation under its
 * tag, folded to method, path and summary, opening on its parameters, request body and
 * responses with their schemas and examples. Drawn with the app's theme (light or dark) and
 * its components, so it reads and passes the same accessibility checks as the rest of the
 * page. It renders the document it is given and sends nothing: "try it" would move real money.
 * Loaded only when the reference is opened.
 */
export default function ApiReference({ document }: { document: OpenApiDocument }) {
  const operations = useMemo(() => listOperations(document), [document]);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const groups = useMemo(
    () =>
      groupByTag(
        document,
        operations.filter((entry) => matchesFilter(entry, deferredFilter)),
      ),
    [document, operations, deferredFilter],
  );
  const shown = groups.reduce((sum, group) => sum + group.operations.length, 0);
  const { title, version, description } = document.info as { title: string; version?: unknown; description?: unknown };
  const server = (document.servers as { url?: string }[] | undefined)?.[0]?.url;

  return (
    <Stack sx={{ gap: 2, minWidth: 0 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          {title}
          {typeof version === 'string' && (
            <>
              {' '}
              <Typography component="span" variant="body2" color="text.secondary">
                version {version}
              </Typography>
            </>
          )}
        </Typography>
        {typeof description === 'string' && (
          <Typography variant="body2">
            <DocText text={description} />
          </Typography>
        )}
        {server && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Server: <Code>{server}</Code>
          </Typography>
        )}
      </Box>
      <Box sx={{ maxWidth: 420 }}>
        <TextInput
          label="Filter operations"
          name="operation-filter"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="purchases, reseller, post…"
        />
      </Box>
      <Typography variant="caption" color="text.secondary" role="status">
        {shown === operations.length
          ? `${operations.length} operations`
          : `${shown} of ${operations.length} operations`}
      </Typography>
      {shown === 0 && <Alert severity="info">No operation matches “{deferredFilter.trim()}”.</Alert>}
      {groups.map((group) => (
        <TagSection key={group.name} group={group} document={document} />
      ))}
    </Stack>
  );
}
