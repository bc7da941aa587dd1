import { describe, expect, it } from 'vitest';
import { classifyError, errorMessage } from './error-message';

describe('errorMessage', () => {
  it("shows the server's message when the answer has a body", () => {
    const error = { status: 401, data: { message: 'Incorrect login details', code: 'INVALID_CREDENTIALS' } };
    expect(errorMessage(error)).toBe('Incorrect login details');
  });

  it('shows the transport problem when there is no body', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'Network error: the server could not be reached.',
    );
    expect(errorMessage({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toBe(
      'The request timed out. Please try again.',
    );
    expect(errorMessage({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' })).toBe(
      'The server had a problem. Please try again.',
    );
  });

  it('sorts failures into the spec classes', () => {
    expect(classifyError({ status: 404, data: null })).toBe('client');
    expect(classifyError({ status: 503, data: null })).toBe('server');
    expect(classifyError({ name: 'AbortError', message: 'aborted' })).toBe('cancel');
    expect(classifyError('boom')).toBe('unknown');
  });
});
