import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

/** The section's two screens: the upstreams, and the routes that send orders to them. */
export function UpstreamTabs({ current }: { current: 'upstreams' | 'routes' }) {
  const tabs = [
    { key: 'upstreams', label: 'Upstreams', to: '/admin/upstreams' },
    { key: 'routes', label: 'Routes', to: '/admin/upstreams/routes' },
  ] as const;
  return (
    <Stack component="nav" aria-label="Upstreams section" direction="row" sx={{ gap: 1, mb: 2, flexWrap: 'wrap' }}>
      {tabs.map((tab) => (
        <Button
          key={tab.key}
          component={RouterLink}
          to={tab.to}
          variant={tab.key === current ? 'contained' : 'outlined'}
          size="small"
          aria-current={tab.key === current ? 'page' : undefined}
        >
          {tab.label}
        </Button>
      ))}
    </Stack>
  );
}
