import { LaterToasts } from './later-toasts';
import { LoadTrouble } from './load-trouble';

/**
 * The toasts and the "could not load this screen" notice. The guest pages show them too, and
 * keep showing them when they hand over to the app (decision 042): the app then has none of its
 * own (`notices={false}`), so a toast asked for before the hand-over stays on screen.
 */
export function PageNotices() {
  return (
    <>
      <LaterToasts />
      <LoadTrouble />
    </>
  );
}
