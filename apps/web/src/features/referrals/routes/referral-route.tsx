import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import GroupAdd from '@mui/icons-material/GroupAdd';
import Share from '@mui/icons-material/Share';
import type { TReferredAgent } from '@agentdesk/contract/referrals/list-referrals';
import { CopyTextButton } from '../../../components/copy-text-button';
import { formatDateTime } from '../../../components/date-time';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { PageHeader } from '../../../components/page-header';
import { getConfig } from '../../../lib/config';
import { copyText } from '../../../lib/copy-text';
import { errorMessage } from '../../../lib/http/error-message';
import { formatNaira } from '../../../lib/money';
import { selectUser } from '../../../lib/session/auth-slice';
import { useListReferralsInfiniteQuery } from '../api/list-referrals';
import { describeRule, referralLink } from '../lib/referral-link';

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 150 }}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }} component="p">
        {value}
      </Typography>
    </Paper>
  );
}

function AgentRow({ agent }: { agent: TReferredAgent }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        py: 1.5,
        px: 2,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{agent.name}</Typography>
        <Typography variant="caption" color="text.secondary">
          Joined {formatDateTime(agent.joinedAt, false)}
        </Typography>
      </Box>
      <Chip
        size="small"
        variant="outlined"
        color={agent.funded ? 'success' : 'default'}
        label={agent.funded ? 'Funded' : 'Not funded yet'}
      />
      <Box sx={{ textAlign: 'right', minWidth: 96 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          Earned
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>{formatNaira(agent.earned)}</Typography>
      </Box>
    </Box>
  );
}

/** `/user/referral`: the agent's code and link to share, what referrals earned, and who joined. */
export function ReferralRoute() {
  const user = useSelector(selectUser);
  const referrals = useListReferralsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const first = referrals.data?.pages[0]?.data;
  const agents = useMemo(() => referrals.data?.pages.flatMap((page) => page.data.agents) ?? [], [referrals.data]);
  // The code is on the signed-in user too: the link shows at once, before the list arrives.
  const code = first?.code ?? user?.referralCode ?? '';
  const link = code ? referralLink(code) : '';
  const [canShare] = useState(() => typeof navigator.share === 'function');

  async function share() {
    try {
      await navigator.share({
        title: `Join ${getConfig().brandName}`,
        text: `Sell airtime, data, electricity and TV subscriptions with ${getConfig().brandName}. Register with my code ${code}:`,
        url: link,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copyText(link, 'link');
    }
  }

  let list;
  if (referrals.isLoading) {
    list = (
      <Box role="status" aria-label="Loading your referrals">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={56} sx={{ mb: 1 }} />
        ))}
      </Box>
    );
  } else if (referrals.isError && !first) {
    list = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void referrals.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load your referrals. {errorMessage(referrals.error)}
      </Alert>
    );
  } else if (agents.length === 0) {
    list = (
      <EmptyState icon={<GroupAdd fontSize="large" />} title="No referrals yet">
        Share your link with other agents: when they register with it, they are listed here with what each has earned
        you.
      </EmptyState>
    );
  } else {
    list = (
      <>
        <Paper variant="outlined">
          <Box component="ul" aria-label="Referred agents" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {agents.map((agent) => (
              <AgentRow key={agent.id} agent={agent} />
            ))}
          </Box>
        </Paper>
        {referrals.isFetchNextPageError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Could not load more referrals. {errorMessage(referrals.error)}
          </Alert>
        )}
        <LoadMore
          hasMore={referrals.hasNextPage}
          loading={referrals.isFetchingNextPage}
          onLoadMore={() => void referrals.fetchNextPage()}
          label="Load more referrals"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title="My Referral" subtitle="Bring other agents and earn when they sell" />
      <Stack spacing={3}>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="referral-code-title"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography id="referral-code-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Your referral code
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
            <Typography
              component="p"
              data-testid="referral-code"
              sx={{ fontFamily: 'monospace', fontSize: '1.75rem', fontWeight: 700, letterSpacing: 2 }}
            >
              {code || '—'}
            </Typography>
            {code && <CopyTextButton text={code} label="code" />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} component="h3">
            Your link
          </Typography>
          <Typography
            component="p"
            data-testid="referral-link"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}
          >
            {link || '—'}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<ContentCopy aria-hidden="true" />}
              disabled={!link}
              onClick={() => void copyText(link, 'link')}
            >
              Copy link
            </Button>
            {canShare && (
              <Button
                variant="outlined"
                startIcon={<Share aria-hidden="true" />}
                disabled={!link}
                onClick={() => void share()}
              >
                Share link
              </Button>
            )}
          </Stack>
          {first && (
            <Typography variant="body2" sx={{ mt: 2 }} data-testid="referral-rule">
              {describeRule(first.rule)}
            </Typography>
          )}
        </Paper>

        {first && (
          <Stack component="section" aria-label="Totals" direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <Total label="Agents referred" value={String(first.totals.referred)} />
            <Total label="Bonuses earned" value={formatNaira(first.totals.earned)} />
            <Total label="Bonus payments" value={String(first.totals.bonuses)} />
          </Stack>
        )}

        <Box component="section" aria-labelledby="referred-title">
          <Typography id="referred-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            Agents you referred
          </Typography>
          {list}
        </Box>
      </Stack>
    </>
  );
}
