import { toast } from './toast';

/**
 * Copies `text` to the clipboard and says so in a toast ("Link copied"). `what` names it in
 * lower case, as in a sentence ("link", "all PINs"). With no clipboard (an insecure origin, a
 * refused permission) it says to copy by hand: the text stays on screen to select.
 */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what.charAt(0).toUpperCase()}${what.slice(1)} copied`);
  } catch {
    toast.error(`Could not copy: select the ${what} and copy it by hand.`);
  }
}
