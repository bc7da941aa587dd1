import { PROOF_MAX_BYTES, type PROOF_TYPES } from '@agentdesk/contract/funding/funding-request';
import { AppError } from '../../lib/app-error.js';

type ProofType = (typeof PROOF_TYPES)[number];

/** The file's real type from its first bytes; the name and any claimed type are not trusted. */
export function sniffProofType(bytes: Buffer): ProofType | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', `proof: ${message}`, [{ path: 'proof', message }]);
}

/** Decodes and checks an uploaded proof: base64, at most 2 MB, a PNG, JPEG, WebP or PDF by content. */
export function readProof(proof: { fileName: string; contentBase64: string }): {
  name: string;
  type: ProofType;
  bytes: Buffer;
} {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(proof.contentBase64)) throw invalid('Proof is not valid base64');
  const bytes = Buffer.from(proof.contentBase64, 'base64');
  if (bytes.length === 0) throw invalid('Proof is empty');
  if (bytes.length > PROOF_MAX_BYTES) throw invalid('Proof must be at most 2 MB');
  const type = sniffProofType(bytes);
  if (!type) throw invalid('Proof must be a PNG, JPEG or WebP picture, or a PDF');
  return { name: proof.fileName.replace(/[^\w.\- ]/g, '_'), type, bytes };
}
