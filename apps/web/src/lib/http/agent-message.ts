import { errorMessage, fieldErrors } from './error-message';

/**
 * What an agent is told when a call fails, in the agent's words: the first field's own message
 * (the server's 422 says `meter_number: Meter number is not valid`, an agent reads "Meter
 * number is not valid"), else the server's message without a leading `field_name: `, else the
 * transport problem in plain words.
 *
 * @example agentMessage({ status: 422, data: { message: 'meter_number: Meter number is not valid', errors: [{ path: 'meter_number', message: 'Meter number is not valid' }] } }) // 'Meter number is not valid'
 */
export function agentMessage(error: unknown): string {
  const fields = fieldErrors(error);
  const first = fields ? Object.values(fields)[0] : undefined;
  if (first) return first;
  return errorMessage(error).replace(/^[a-z][a-z0-9_.[\]]*: (?=\S)/, '');
}
