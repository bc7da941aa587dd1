import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';

function describe(error: unknown): { title: string; text: string } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: 'Page not found', text: 'There is nothing at this address.' };
  }
  if (error instanceof Error && error.name === 'ChunkLoadError') {
    return { title: 'This screen could not be loaded', text: 'Check your internet connection, then reload the page.' };
  }
  return { title: 'Something went wrong', text: 'Reload the page to try again.' };
}

/**
 * Shown when a screen fails: a lazy chunk that never arrived, or an unexpected error. Plain
 * markup, because it must render even when the chunk with MUI is the one that failed.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { title, text } = describe(error);
  usePageTitle(title);
  return (
    <section className="plain-screen" role="alert">
      <div>
        <h1>{title}</h1>
        <p>{text}</p>
        <div className="plain-actions">
          <button type="button" className="plain-button" onClick={() => window.location.reload()}>
            Reload
          </button>
          <Link className="plain-button plain-button--text" to="/">
            Go to the dashboard
          </Link>
        </div>
      </div>
    </section>
  );
}
