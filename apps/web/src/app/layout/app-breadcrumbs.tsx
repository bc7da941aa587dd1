import { Link as RouterLink, useMatches } from 'react-router';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import NavigateNext from '@mui/icons-material/NavigateNext';

/** What a route tells the breadcrumbs: the trail above it and its own title. */
export interface RouteHandle {
  title: string;
  trail?: string[];
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** Spec section 9: the trail collapses above 8 items. */
export const BREADCRUMBS_MAX_ITEMS = 8;

export function AppBreadcrumbs() {
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  if (!handle) return null;
  const trail = handle.trail ?? [];
  return (
    <Breadcrumbs
      aria-label="Breadcrumb"
      maxItems={BREADCRUMBS_MAX_ITEMS}
      separator={<NavigateNext fontSize="small" />}
      sx={{ mb: 2 }}
    >
      <Link component={RouterLink} to="/" underline="hover" color="inherit">
        Home
      </Link>
      {trail.map((crumb) => (
        <Typography key={crumb} color="text.secondary" variant="body2">
          {crumb}
        </Typography>
      ))}
      <Typography color="text.primary" variant="body2" aria-current="page">
        {handle.title}
      </Typography>
    </Breadcrumbs>
  );
}
