import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { CONSOLE_HOME } from '../session/operator-guards';

/** An address under /admin/ the console does not have (yet): said inside the frame, with a way back. */
export function ConsoleNotFoundRoute() {
  return (
    <>
      <PageHeader title="Not in the console yet" />
      <Typography>
        There is no console screen at this address. The menu lists what is ready and what is coming;{' '}
        <Link component={RouterLink} to={CONSOLE_HOME}>
          back to the console’s start
        </Link>
        .
      </Typography>
    </>
  );
}
