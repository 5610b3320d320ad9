import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default, OWASP-recommended cost. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against a real hash when the account does not exist keeps the answer time the same either way.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hash('no-such-account-0');
  try {
    const ok = await verify(passwordHash ?? (await dummyHash), password);
    return ok && passwordHash !== undefined;
  } catch {
    return false;
  }
}
