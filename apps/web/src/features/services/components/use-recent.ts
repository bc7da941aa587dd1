import { useCallback, useState } from 'react';
import { readRecent, rememberRecent } from '../lib/recent-recipients';

/** The recent recipients of a service, and a way to add one after a purchase. */
export function useRecent(service: string) {
  const [items, setItems] = useState(() => readRecent(service));
  const remember = useCallback((recipient: string) => setItems(rememberRecent(service, recipient)), [service]);
  return [items, remember] as const;
}
