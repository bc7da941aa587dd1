/**
 * Normalises a Nigerian mobile number to its local 11-digit form (`08031234567`).
 * Accepts `0803...`, `234803...`, `+234 803 ...` with spaces, dashes or dots between digits.
 * Returns null for anything else.
 *
 * @example normalizeNigerianPhone('+234 803 123 4567') // '08031234567'
 */
export function normalizeNigerianPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  const match = /^(?:\+?234|0)([789][01]\d{8})$/.exec(compact);
  return match ? `0${match[1]}` : null;
}
