import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';

export function NotFoundRoute() {
  usePageTitle('Page not found');
  return (
    <main className="plain-screen">
      <div>
        <h1>Page not found</h1>
        <p>There is nothing at this address.</p>
        <Link className="plain-button" to="/">
          Go to the dashboard
        </Link>
      </div>
    </main>
  );
}
