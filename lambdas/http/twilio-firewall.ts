/**
 * What the firewall in front of Twilio's routes does, in numbers and words both sides share: the web ACL in
 * AWS (lib/constructs/site-firewall.ts) and the local gateway (local/api-door.ts), so a forger meets the same
 * rule on one machine as behind CloudFront.
 */
import type { ClientLimit } from './routes';

/**
 * Posts one address may send Twilio's routes: generous (Twilio posts from a pool of addresses, a few requests
 * per text at most), so only a forger's flood from one address stops here, before the gateway's route throttle
 * that Twilio's real posts share.
 */
export const TWILIO_PER_CLIENT: ClientLimit = { limit: 1500, windowSeconds: 300 };

/** What a client over its limit reads (JSON, as every API error). */
export const TOO_MANY_FROM_CLIENT = 'Too many requests from your address: wait a few minutes and try again.';
/**
 * What an unsigned post to Twilio's routes reads; an operator whose tool still uploads to the old URL learns
 * where uploads go now.
 */
export const TWILIO_SIGNATURE_REQUIRED =
  'Only Twilio may post here: the X-Twilio-Signature header is missing. Dashboard uploads moved to POST /api/messages.';
