import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { copyText } from './copy-text';
import { stubClipboard } from '../test/clipboard';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('copyText', () => {
  it('copies the text and toasts what was copied, capitalised', async () => {
    const writeText = stubClipboard();
    const success = vi.spyOn(toast, 'success');
    await copyText('Serial 1 PIN 2', 'all PINs');
    expect(writeText).toHaveBeenCalledWith('Serial 1 PIN 2');
    expect(success).toHaveBeenCalledWith('All PINs copied');
  });

  it('says to copy by hand when the clipboard refuses', async () => {
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    await copyText('12345678901234567890', 'token');
    expect(success).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Could not copy: select the token and copy it by hand.');
  });
});
