import { describe, expect, it } from 'vitest';
import { PROOF_MAX_BYTES } from '@agentdesk/contract/funding/funding-request';
import { checkProof, readAsBase64 } from './read-proof';

describe('the proof of transfer', () => {
  it('accepts pictures and PDFs up to 2 MB', () => {
    expect(checkProof({ name: 'receipt.png', type: 'image/png', size: 1000 })).toEqual({ ok: true });
    expect(checkProof({ name: 'receipt.pdf', type: 'application/pdf', size: PROOF_MAX_BYTES })).toEqual({ ok: true });
    // Some Android pickers give no type: the extension decides, the server checks the content.
    expect(checkProof({ name: 'IMG_0001.JPG', type: '', size: 1000 })).toEqual({ ok: true });
  });

  it('refuses other types, empty files and anything over 2 MB before reading it', () => {
    expect(checkProof({ name: 'notes.txt', type: 'text/plain', size: 10 })).toEqual({
      ok: false,
      message: 'Choose a PNG, JPEG or WebP picture, or a PDF',
    });
    expect(checkProof({ name: 'a.png', type: 'image/png', size: 0 })).toEqual({
      ok: false,
      message: 'This file is empty',
    });
    expect(checkProof({ name: 'big.jpg', type: 'image/jpeg', size: 3 * 1024 * 1024 })).toEqual({
      ok: false,
      message: 'This file is 3.0 MB: the limit is 2 MB',
    });
    expect(checkProof({ name: 'edge.jpg', type: 'image/jpeg', size: PROOF_MAX_BYTES + 1 }).ok).toBe(false);
  });

  it('reads the bytes as plain base64, without the data URL prefix', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    const encoded = await readAsBase64(new Blob([bytes], { type: 'image/png' }));
    expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
  });
});
