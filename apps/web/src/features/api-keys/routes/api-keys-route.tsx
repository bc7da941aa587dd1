import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import VpnKey from '@mui/icons-material/VpnKey';
import { MAX_ACTIVE_API_KEYS, type TApiKey, type TNewApiKey } from '@agentdesk/contract/api/api-keys';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useListApiKeysQuery } from '../../../lib/api-keys/api-keys-api';
import { callMutation } from '../../../lib/http/call-mutation';
import { errorMessage } from '../../../lib/http/error-message';
import { useCreateApiKeyMutation } from '../api/api-key-mutations';
import { AllowedIpsDialog } from '../components/allowed-ips-dialog';
import { ApiKeyItem, type KeyAction } from '../components/api-key-item';
import { NewKeyDialog } from '../components/new-key-dialog';
import { RenameKeyDialog } from '../components/rename-key-dialog';
import { RevokeKeyDialog } from '../components/revoke-key-dialog';

export function ApiKeysRoute() {
  const keys = useListApiKeysQuery();
  const [createApiKey] = useCreateApiKeyMutation();
  const [generating, setGenerating] = useState(false);
  // The secret is held here only while its dialog is open.
  const [created, setCreated] = useState<TNewApiKey | null>(null);
  const [editing, setEditing] = useState<{ key: TApiKey; action: KeyAction } | null>(null);
  const rows = keys.data?.data ?? [];
  const activeCount = rows.filter((key) => key.status === 'active').length;
  const full = activeCount >= MAX_ACTIVE_API_KEYS;

  async function generate() {
    setGenerating(true);
    try {
      // callMutation drops the answer from the store at once: the secret is kept nowhere but the dialog.
      const answer = await callMutation(createApiKey());
      setCreated(answer.data);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setGenerating(false);
    }
  }

  let body;
  if (keys.isLoading) {
    body = <Typography role="status">Loading your API keys…</Typography>;
  } else if (keys.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void keys.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load your API keys. {errorMessage(keys.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState icon={<VpnKey fontSize="large" />} title="No API keys yet">
        Generate a key to buy airtime, data, electricity, cable and exam PINs from your own app, website or bot.
      </EmptyState>
    );
  } else {
    body = (
      <Paper variant="outlined">
        <List disablePadding aria-label="API keys">
          {rows.map((key) => (
            <ApiKeyItem key={key.id} apiKey={key} onAction={(action) => setEditing({ key, action })} />
          ))}
        </List>
      </Paper>
    );
  }

  return (
    <>
      <PageHeader
        title="API Keys"
        subtitle={`Sell through the reseller API from your own software (at most ${MAX_ACTIVE_API_KEYS} active keys)`}
        action={
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => void generate()}
            loading={generating}
            disabled={full || !keys.data}
          >
            Generate key
          </Button>
        }
      />
      <Box sx={{ maxWidth: 760 }}>
        <Alert severity="info" sx={{ mb: 2 }}>
          Send a key with every call to <code>/api/v1/reseller/</code> as <code>Authorization: Bearer adk_…</code>. The{' '}
          <Link component={RouterLink} to="/documentation">
            documentation
          </Link>{' '}
          lists every call with examples.
        </Alert>
        {full && (
          <Alert severity="info" sx={{ mb: 2 }}>
            You have {MAX_ACTIVE_API_KEYS} active keys, the most allowed. Revoke one to generate another.
          </Alert>
        )}
        {body}
      </Box>
      {created && <NewKeyDialog apiKey={created} onClose={() => setCreated(null)} />}
      {editing?.action === 'rename' && <RenameKeyDialog apiKey={editing.key} onClose={() => setEditing(null)} />}
      {editing?.action === 'ips' && <AllowedIpsDialog apiKey={editing.key} onClose={() => setEditing(null)} />}
      {editing?.action === 'revoke' && <RevokeKeyDialog apiKey={editing.key} onClose={() => setEditing(null)} />}
    </>
  );
}
