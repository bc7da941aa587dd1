import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Autorenew from '@mui/icons-material/Autorenew';
import Send from '@mui/icons-material/Send';
import Webhook from '@mui/icons-material/Webhook';
import type { TSaveWebhookRequest, TWebhookDelivery } from '@agentdesk/contract/api/webhooks';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { PageHeader } from '../../../components/page-header';
import { callMutation } from '../../../lib/http/call-mutation';
import { errorMessage } from '../../../lib/http/error-message';
import {
  useGetWebhookQuery,
  useListWebhookDeliveriesInfiniteQuery,
  useRotateWebhookSecretMutation,
  useSaveWebhookMutation,
  useSendWebhookTestMutation,
} from '../api/webhook-api';
import { DeliveryLog } from '../components/delivery-log';
import { RotateSecretDialog } from '../components/rotate-secret-dialog';
import { SecretDialog } from '../components/secret-dialog';
import { WebhookForm } from '../components/webhook-form';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function TestResult({ delivery }: { delivery: TWebhookDelivery }) {
  const delivered = delivery.status === 'delivered';
  return (
    <Alert severity={delivered ? 'success' : 'error'} role="status" sx={{ mt: 2 }}>
      {delivered
        ? `Test event delivered: your receiver answered HTTP ${delivery.lastStatusCode}.`
        : `Test event not delivered: ${delivery.lastError ?? 'no answer'}.`}
    </Alert>
  );
}

/** `/developer/webhooks`: the callback URL, its signing secret, a test event and the delivery log. */
export function WebhooksRoute() {
  const settings = useGetWebhookQuery(undefined, { refetchOnMountOrArgChange: true });
  const deliveries = useListWebhookDeliveriesInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const [saveWebhook] = useSaveWebhookMutation();
  const [rotateSecret] = useRotateWebhookSecretMutation();
  const [sendTest] = useSendWebhookTestMutation();
  // A secret is held here only while its dialog is open.
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<TWebhookDelivery | null>(null);
  const rows = useMemo(() => deliveries.data?.pages.flatMap((page) => page.data) ?? [], [deliveries.data]);
  const current = settings.data?.data;

  async function save(body: TSaveWebhookRequest) {
    try {
      // callMutation drops the answer from the store at once: a secret is kept nowhere but the dialog.
      const answer = await callMutation(saveWebhook(body));
      toast.success(answer.message);
      if (answer.data.secret) setSecret({ value: answer.data.secret, rotated: false });
      await settings.refetch();
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
  }

  /** Run by the confirmation, which shows a failure and stays open. */
  async function rotate() {
    const answer = await callMutation(rotateSecret());
    setConfirmRotate(false);
    setSecret({ value: answer.data.secret, rotated: true });
    await settings.refetch();
  }

  async function test() {
    setTesting(true);
    setTestResult(null);
    try {
      const answer = await callMutation(sendTest());
      setTestResult(answer.data);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setTesting(false);
      void deliveries.refetch();
    }
  }

  let settingsBody;
  if (settings.isLoading) {
    settingsBody = (
      <Box role="status" aria-label="Loading your webhook">
        <Skeleton variant="rounded" height={56} sx={{ mb: 1 }} />
        <Skeleton variant="rounded" height={36} width={160} />
      </Box>
    );
  } else if (settings.isError || !current) {
    settingsBody = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load your webhook. {errorMessage(settings.error)}
      </Alert>
    );
  } else {
    settingsBody = (
      <>
        {/* Keyed by the saved time: after a save the form starts again from what the server kept. */}
        <WebhookForm key={current.updatedAt ?? 'new'} settings={current} onSave={save} />
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
            mt: 2,
            pt: 2,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography variant="body2" color="text.secondary">
              Signing secret
            </Typography>
            <Typography sx={{ fontFamily: 'monospace' }} data-testid="secret-prefix">
              {current.secretPrefix ? `${current.secretPrefix}…` : 'Created when you save a URL'}
            </Typography>
          </Box>
          <Button
            variant="outlined"
            startIcon={<Autorenew />}
            onClick={() => setConfirmRotate(true)}
            disabled={!current.secretPrefix}
          >
            Rotate secret
          </Button>
        </Box>
      </>
    );
  }

  let log;
  if (deliveries.isLoading) {
    log = (
      <Box role="status" aria-label="Loading deliveries">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={48} sx={{ mb: 1 }} />
        ))}
      </Box>
    );
  } else if (deliveries.isError && rows.length === 0) {
    log = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void deliveries.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the delivery log. {errorMessage(deliveries.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    log = (
      <EmptyState icon={<Webhook fontSize="large" />} title="No deliveries yet">
        Each purchase that is delivered or fails is sent to your URL and listed here. Send a test event to try your
        receiver.
      </EmptyState>
    );
  } else {
    log = (
      <>
        <DeliveryLog deliveries={rows} />
        {deliveries.isFetchNextPageError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Could not load more deliveries. {errorMessage(deliveries.error)}
          </Alert>
        )}
        <LoadMore
          hasMore={deliveries.hasNextPage}
          loading={deliveries.isFetchingNextPage}
          onLoadMore={() => void deliveries.fetchNextPage()}
          label="Load more deliveries"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Webhooks" subtitle="A signed POST to your server when a purchase is delivered or fails" />
      <Stack spacing={3} sx={{ maxWidth: 960, minWidth: 0 }}>
        <Section id="webhook-endpoint-title" title="Endpoint">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Check the <code>X-AgentDesk-Signature</code> header of every event with your signing secret before trusting
            it: the{' '}
            <Link component={RouterLink} to="/documentation">
              documentation
            </Link>{' '}
            has code for Node.js, Python and PHP. Answer 2xx within 10 seconds; anything else is retried for 24 hours.
          </Typography>
          {settingsBody}
        </Section>

        <Section id="webhook-test-title" title="Test">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Send a <code>test</code> event to your saved URL now (even while events are off) and see what it answered.
          </Typography>
          <Button
            variant="contained"
            startIcon={<Send />}
            onClick={() => void test()}
            loading={testing}
            disabled={!current?.url}
          >
            Send test event
          </Button>
          {testResult && <TestResult delivery={testResult} />}
        </Section>

        <Section id="webhook-log-title" title="Delivery log">
          {log}
        </Section>
      </Stack>
      {confirmRotate && (
        <RotateSecretDialog
          prefix={current?.secretPrefix ?? null}
          onConfirm={rotate}
          onClose={() => setConfirmRotate(false)}
        />
      )}
      {secret && <SecretDialog secret={secret.value} rotated={secret.rotated} onClose={() => setSecret(null)} />}
    </>
  );
}
