import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm.Argon2id; the enum is a const enum that verbatimModuleSyntax cannot import.
const ARGON2ID = 2 as Algorithm;

/** argon2id at OWASP's first recommended setting: 19 MiB, 2 iterations, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

let verifications = 0;

/**
 * How many argon2 verifications this process has started: what a refusal before the password
 * check must not add to (the lockout tests count it, where a time would depend on the machine).
 */
export function verificationCount(): number {
  return verifications;
}

export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  verifications += 1;
  try {
    return await verify(storedHash, secret);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification against a hash nobody knows, so that an unknown
 * account answers as slowly as a wrong password and timing reveals nothing.
 */
export async function burnVerification(secret: string): Promise<false> {
  dummyHash ??= hashSecret('not-a-real-password-' + Math.random().toString(36));
  await verifySecret(await dummyHash, secret);
  return false;
}
