import { useEffect, useState } from 'react';

/**
 * Whether the element given the returned ref has come within `margin` of the viewport; true for
 * good once it has. True at once where there is no IntersectionObserver (what it guards then
 * comes with the page, as it would without this).
 */
export function useNearView<T extends Element>(margin = '200px'): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, node, margin]);
  return [setNode, near];
}
