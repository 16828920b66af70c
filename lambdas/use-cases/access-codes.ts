/**
 * Codes for public links (core/messages/message-link.ts): made from the system's cryptographic random source and
 * kept only as their SHA-256, so a copy of the table opens no message.
 */
import { createHash, randomBytes } from 'node:crypto';
import { NotFoundError } from '#core/errors';
import { ACCESS_CODE_BYTES, accessCodeSchema } from '#core/messages/message-link';

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

/**
 * What a public link's code opens: its hash is looked up with `lookup` (whatever the code looks like, so a
 * malformed code costs the same work), then the one NotFoundError `notAvailableText` for a code that opens
 * nothing or is not of our shape, so the answer tells nothing about which.
 */
export async function openByCode<T>(
  code: string,
  lookup: (hash: string) => Promise<T | null>,
  notAvailableText: string,
): Promise<{ readonly hash: string; readonly found: T }> {
  const hash = hashAccessCode(code);
  const found = await lookup(hash);
  if (found === null || !accessCodeSchema.safeParse(code).success) throw new NotFoundError(notAvailableText);
  return { hash, found };
}
