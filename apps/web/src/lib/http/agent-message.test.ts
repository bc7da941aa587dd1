import { describe, expect, it } from 'vitest';
import { agentMessage } from './agent-message';

describe('agentMessage', () => {
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
    expect(agentMessage(error)).toBe('Meter number is not valid');
  });

  it('strips a technical field prefix from the message when no field errors come with it', () => {
    expect(agentMessage({ status: 422, data: { message: 'profile_id: Profile ID is not valid' } })).toBe(
      'Profile ID is not valid',
    );
  });

  it('keeps a plain server message as it is', () => {
    expect(agentMessage({ status: 402, data: { message: 'Your wallet balance is not enough for this.' } })).toBe(
      'Your wallet balance is not enough for this.',
    );
    expect(agentMessage({ status: 400, data: { message: 'Note: try again later' } })).toBe('Note: try again later');
  });

  it('says a transport problem in plain words', () => {
    expect(agentMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'Network error: the server could not be reached.',
    );
  });
});
