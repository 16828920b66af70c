/**
 * Codes for public links (core/message-link.ts): made from the system's cryptographic random source and
 * kept only as their SHA-256, so a copy of the table opens no message.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_CODE_BYTES } from '../core/message-link';

/** A new code (128 random bits, base64url) and the hash to store in its place. */
export function newAccessCode(): { readonly code: string; readonly hash: string } {
  const code = randomBytes(ACCESS_CODE_BYTES).toString('base64url');
  return { code, hash: hashAccessCode(code) };
}

/**
 * The stored form of a code: SHA-256, hex. Any text is hashed (a malformed code too), so every request does
 * the same work whatever it sends.
 */
export function hashAccessCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}
