import { useEffect, useState, type ReactElement } from 'react';
import Tooltip from '@mui/material/Tooltip';
import { firstCommitUnderWay } from '../lib/first-commit';

/**
 * MUI's Tooltip, but not in the app's first commit over the prerendered page. Mounted, a Tooltip
 * stores its child's node from the child's ref, during the commit: React renders that update at
 * once, in the commit's task, with every effect still pending. In the frame that doubled a slow
 * phone's longest task (decision 048); a hint on hover is not needed that soon, so there it comes
 * in the next task (the child is drawn again inside it).
 */
export function Hint({ title, children }: { title: string; children: ReactElement }) {
  const [ready, setReady] = useState(() => !firstCommitUnderWay());
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true));
    return () => clearTimeout(timer);
  }, [ready]);
  return ready ? <Tooltip title={title}>{children}</Tooltip> : children;
}
