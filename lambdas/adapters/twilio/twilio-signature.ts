// The SDK's own webhook module only: the package as a whole is 3 MB of minified REST clients (and axios).
import { getExpectedTwilioSignature, validateRequest } from 'twilio/lib/webhooks/webhooks';

/**
 * Whether `signature` (the X-Twilio-Signature header) is Twilio's signature of this webhook: HMAC-SHA1 of the
 * exact public URL Twilio was given plus the sorted form parameters, keyed with the account's auth token.
 * The URL must be the configured one, never one rebuilt from the request (API Gateway's stage path and
 * CloudFront's host would differ from what Twilio signed).
 */
export function isValidTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  return validateRequest(authToken, signature, url, params);
}

/** Twilio's signature for these parameters (what `npm run sms` and tests send, as Twilio would). */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  return getExpectedTwilioSignature(authToken, url, params);
}
