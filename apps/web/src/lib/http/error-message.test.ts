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

  // Every message an agent sees is written for agents (issue 20).
  it('answers the first field error without its path', () => {
    const error = {
      status: 422,
      data: {
        message: 'meter_number: Meter number is not valid',
        errors: [
          { path: 'meter_number', message: 'Meter number is not valid' },
          { path: 'disco_name', message: 'Choose a distribution company' },
        ],
      },
    };
    expect(errorMessage(error)).toBe('Meter number is not valid');
  });

  it('strips a technical field prefix from the message when no field errors come with it', () => {
    expect(errorMessage({ status: 422, data: { message: 'profile_id: Profile ID is not valid' } })).toBe(
      'Profile ID is not valid',
    );
  });

  it('keeps a plain server message as it is', () => {
    expect(errorMessage({ status: 402, data: { message: 'Your wallet balance is not enough for this.' } })).toBe(
      'Your wallet balance is not enough for this.',
    );
    expect(errorMessage({ status: 400, data: { message: 'Note: try again later' } })).toBe('Note: try again later');
  });

  it('says a transport problem in plain words', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'Network error: the server could not be reached.',
    );
  });
});
