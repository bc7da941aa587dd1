import { ZAllowedIps } from '@agentdesk/contract/api/ip-rule';

/**
 * An allow-list as typed in the box (one entry per line; commas and spaces also separate)
 * checked with the contract's rule, so the screen refuses exactly what the server would.
 */
export function parseIpLines(text: string): { ok: true; allowedIps: string[] } | { ok: false; message: string } {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  const result = ZAllowedIps.safeParse(entries);
  if (result.success) return { ok: true, allowedIps: result.data };
  const issue = result.error.issues[0];
  const index = typeof issue?.path[0] === 'number' ? issue.path[0] : undefined;
  const message = issue?.message ?? 'Check the addresses';
  return { ok: false, message: index === undefined ? message : `“${entries[index]}”: ${message}` };
}
