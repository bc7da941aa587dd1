import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** What both sandboxes do alike over HTTP. */

/** Whether a presented secret is the expected one, in time that does not depend on where they differ. */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Holds a request open for `ms`, or until the client gives up and closes the connection; at
 * once when it already has (a loaded machine may reach this after the client's timeout, and the
 * close event would never come again: the server's shutdown then waited the whole `ms`).
 */
export function holdUntilClientLeaves(request: FastifyRequest, ms: number): Promise<void> {
  const socket = request.raw.socket;
  if (socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
