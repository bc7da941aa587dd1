import { NavLink, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

const TABS = [
  { label: 'Reported transfers', path: '/admin/funding' },
  { label: 'Gateway payments', path: '/admin/funding/gateway-payments' },
] as const;

/** Funding's two lists: transfers agents reported, and payments that came through a gateway. */
export function FundingTabs() {
  const { pathname } = useLocation();
  return (
    <Stack component="nav" aria-label="Funding" direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
      {TABS.map((tab) => {
        const current = pathname.replace(/\/+$/, '') === tab.path;
        return (
          <Button
            key={tab.path}
            component={NavLink}
            to={tab.path}
            end
            variant={current ? 'contained' : 'outlined'}
            size="small"
          >
            {tab.label}
          </Button>
        );
      })}
    </Stack>
  );
}
