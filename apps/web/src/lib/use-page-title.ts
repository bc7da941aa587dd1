import { useEffect } from 'react';
import { getConfig } from './config';

/** Names the browser tab after the screen and the provider's brand. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${getConfig().brandName}`;
  }, [title]);
}
