import { PROOF_MAX_BYTES, PROOF_TYPES } from '@agentdesk/contract/funding/funding-request';

export type ProofCheck = { ok: true } | { ok: false; message: string };

const EXTENSIONS = /\.(png|jpe?g|webp|pdf)$/i;

/**
 * Checks a chosen proof before anything is read or sent: an agent on a slow line must not
 * upload 5 MB only to be refused. The server checks the content again.
 */
export function checkProof(file: Pick<File, 'name' | 'size' | 'type'>): ProofCheck {
  const typeOk = (PROOF_TYPES as readonly string[]).includes(file.type) || (!file.type && EXTENSIONS.test(file.name));
  if (!typeOk) return { ok: false, message: 'Choose a PNG, JPEG or WebP picture, or a PDF' };
  if (file.size === 0) return { ok: false, message: 'This file is empty' };
  if (file.size > PROOF_MAX_BYTES) {
    return { ok: false, message: `This file is ${(file.size / 1024 / 1024).toFixed(1)} MB: the limit is 2 MB` };
  }
  return { ok: true };
}

/** The file's bytes as base64 (no `data:` prefix), as the funding request carries them. */
export async function readAsBase64(file: Blob): Promise<string> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}
