/** Time as the services see it; tests move it forward to reach expiries. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
