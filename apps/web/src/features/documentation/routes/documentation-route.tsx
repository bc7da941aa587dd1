import { useEffect, type SyntheticEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { apiOrigin } from '../../../lib/config';
import { ApiReferencePanel } from '../components/api-reference-panel';
import { ApiServicesTable } from '../components/api-services-table';
import { AuthenticationGuide } from '../components/guides/authentication-guide';
import { ErrorCodesGuide } from '../components/guides/error-codes-guide';
import { IdempotencyGuide } from '../components/guides/idempotency-guide';
import { RateLimitsGuide } from '../components/guides/rate-limits-guide';
import { SandboxGuide } from '../components/guides/sandbox-guide';
import { WebhooksGuide } from '../components/guides/webhooks-guide';
import { SampleLanguageProvider } from '../components/sample-language';

/** The guides, in reading order; each is an anchor (`/documentation#webhooks`). */
const GUIDES = [
  { id: 'authentication', title: 'Authentication' },
  { id: 'idempotency', title: 'Idempotency' },
  { id: 'sandbox', title: 'Sandbox' },
  { id: 'errors', title: 'Error codes' },
  { id: 'rate-limits', title: 'Rate limits' },
  { id: 'webhooks', title: 'Webhooks' },
] as const;

const TABS = [
  { value: 'guides', label: 'Guides' },
  { value: 'services', label: 'Your prices' },
  { value: 'reference', label: 'API reference' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function GuidesPanel({ baseUrl }: { baseUrl: string }) {
  const { hash } = useLocation();
  // A link to a guide (`#webhooks`) scrolls to it, also when the page has just loaded.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <>
      <Box component="nav" aria-label="Guides" sx={{ mb: 1 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {GUIDES.map((guide) => (
            // A router link, not href="#id": under <base href> a bare fragment would leave the page.
            <Chip
              key={guide.id}
              label={guide.title}
              component={RouterLink}
              to={{ search: '', hash: guide.id }}
              clickable
              variant="outlined"
            />
          ))}
        </Stack>
      </Box>
      <AuthenticationGuide baseUrl={baseUrl} />
      <IdempotencyGuide baseUrl={baseUrl} />
      <SandboxGuide />
      <ErrorCodesGuide />
      <RateLimitsGuide />
      <WebhooksGuide />
    </>
  );
}

/** Spec section 7: how to sell through the API, with this server's reference and the agent's own prices. */
export function DocumentationRoute() {
  const [params, setParams] = useSearchParams();
  const tab: TabValue = TABS.find((entry) => entry.value === params.get('tab'))?.value ?? 'guides';
  const baseUrl = apiOrigin();

  function changeTab(_: SyntheticEvent, value: TabValue) {
    setParams(value === 'guides' ? {} : { tab: value });
  }

  return (
    <SampleLanguageProvider>
      <PageHeader
        title="Documentation"
        subtitle={`The reseller API: sell from your own software. Base URL: ${baseUrl}`}
      />
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <Tabs
          value={tab}
          onChange={changeTab}
          aria-label="Documentation"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 } }}
        >
          {TABS.map((entry) => (
            <Tab
              key={entry.value}
              value={entry.value}
              label={entry.label}
              id={`documentation-tab-${entry.value}`}
              aria-controls="documentation-panel"
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id="documentation-panel"
          aria-labelledby={`documentation-tab-${tab}`}
          sx={{ p: { xs: 1.5, sm: 3 }, minWidth: 0 }}
        >
          {tab === 'guides' && <GuidesPanel baseUrl={baseUrl} />}
          {tab === 'services' && <ApiServicesTable />}
          {tab === 'reference' && <ApiReferencePanel apiBaseUrl={baseUrl} />}
        </Box>
      </Paper>
    </SampleLanguageProvider>
  );
}
