import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Opaque session tokens: 256 random bits for the client, only their SHA-256 kept in the database. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Six-digit verification code from a CSPRNG. */
export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Codes are short, so their hash is salted with the address: one table dump does not give a lookup table. */
export function hashCode(mail: string, code: string): string {
  return sha256(`${mail}\n${code}`);
}
