import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'react-toastify';
import { copyText } from './copy-text';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** jsdom has no clipboard: each test gives the page one that answers as it says. */
function clipboard(writeText: (text: string) => Promise<void>) {
  const mock = vi.fn(writeText);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: mock } });
  return mock;
}

describe('copyText', () => {
  it('copies the text and toasts what was copied, capitalised', async () => {
    const writeText = clipboard(() => Promise.resolve());
    const success = vi.spyOn(toast, 'success');
    await copyText('Serial 1 PIN 2', 'all PINs');
    expect(writeText).toHaveBeenCalledWith('Serial 1 PIN 2');
    expect(success).toHaveBeenCalledWith('All PINs copied');
  });

  it('says to copy by hand when the clipboard refuses', async () => {
    clipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    await copyText('12345678901234567890', 'token');
    expect(success).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Could not copy: select the token and copy it by hand.');
  });
});
