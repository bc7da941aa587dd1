import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `delayMs`: typing "mtn" asks the server once,
 * not three times, which matters on a slow connection.
 */
export function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
