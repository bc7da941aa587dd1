import { statementCsv, statementFileName, type TStatementQuery } from '@agentdesk/contract/transactions/statement';
import { apiOrigin } from '../../../lib/config';

/** A refused statement: the server's message and, for a bad date, the field it names. */
export class StatementError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'StatementError';
  }
}

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

async function refusal(response: Response): Promise<StatementError> {
  try {
    const body = (await response.json()) as { message?: unknown; errors?: unknown };
    const fieldErrors: Record<string, string> = {};
    if (Array.isArray(body.errors)) {
      for (const item of body.errors as { path?: unknown; message?: unknown }[]) {
        if (typeof item.path === 'string' && typeof item.message === 'string') fieldErrors[item.path] ??= item.message;
      }
    }
    if (typeof body.message === 'string' && body.message)
      return new StatementError(body.message, response.status, fieldErrors);
  } catch {
    // Not the JSON envelope (a proxy's error page): the status says enough.
  }
  return new StatementError(
    response.status >= 500 ? 'The server had a problem. Please try again.' : 'The statement was not accepted.',
    response.status,
  );
}

/**
 * The CSV statement of a date range, with the session's bearer token. Not through RTK Query:
 * the answer is a file, not JSON, and a file has no place in the Redux cache.
 */
export async function downloadStatement(
  query: TStatementQuery,
  token: string,
): Promise<{ blob: Blob; fileName: string }> {
  const url = new URL(`${apiOrigin()}${statementCsv.path}`);
  url.searchParams.set('from', query.from);
  url.searchParams.set('to', query.to);
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' } });
  } catch {
    throw new StatementError(
      typeof navigator !== 'undefined' && navigator.onLine === false
        ? 'You appear to be offline. Check your connection and try again.'
        : 'Network error: the server could not be reached.',
      null,
    );
  }
  if (!response.ok) throw await refusal(response);
  return { blob: await response.blob(), fileName: fileNameOf(response, statementFileName(query.from, query.to)) };
}
