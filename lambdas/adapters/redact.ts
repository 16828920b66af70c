/** Provider error texts can quote credentials (OpenAI's 401 echoes part of the key); strip them before use. */
const KEY_LIKE = /\b(?:sk|rk)-[A-Za-z0-9_*.-]{4,}/g;

/** Removes every given secret and anything shaped like an OpenAI key from `text`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= 4) result = result.split(secret).join('[redacted]');
  }
  return result.replace(KEY_LIKE, '[redacted]');
}
