/**
 * The UPLOAD command's one-time link (`/u/<code>` on the site's own domain): a page where a sender picks a
 * recording too big for MMS and uploads it straight to storage; it becomes a voice message from that sender.
 * The code has the shape of a message link's (core/messages/message-link.ts: 128 random bits, only its SHA-256 kept),
 * works for one hour and is used up by the first recording that becomes a message; DELETE and STOP revoke it.
 */
import * as z from 'zod';
import { codePageUrl, UPLOAD_LINK_PREFIX } from '#core/site/site-paths';
import { UPLOAD_PREFIX } from './uploads';

/** How long an UPLOAD link works. */
export const UPLOAD_LINK_MINUTES = 60;

/** The page's address for a code, on the site whose origin is `siteUrl`. */
export const uploadLinkUrl = (siteUrl: string, code: string) =>
  codePageUrl(siteUrl, UPLOAD_LINK_PREFIX, code);

/** What the page and the API say for a code that is malformed, unknown, expired, used or revoked. */
export const UPLOAD_LINK_NOT_AVAILABLE = 'This link is not available';

/**
 * What the page and the API say (409) when the link's number has sent its voice messages for today: nothing
 * is uploaded or kept. `voiceMessages` is "20 voice messages" (core/texts/service-texts.ts).
 */
export const UPLOAD_LINK_OVER_LIMIT = (voiceMessages: string) =>
  `This number has already sent ${voiceMessages} today, its daily limit, so no recording is kept until midnight UTC. Text UPLOAD tomorrow for a new link.`;

/**
 * Where the file of one link goes in the upload area: fixed by the code's hash, so the browser never names a
 * key (a link can only ever hand in its own file) and a second pick replaces the first.
 */
export function uploadLinkKey(codeHash: string): string {
  return `${UPLOAD_PREFIX}link-${codeHash}`;
}

/** What `GET /api/u/{code}` answers: the link works until `expires_at` (ISO). */
export const uploadLinkStatusSchema = z.object({ expires_at: z.string() });
export type UploadLinkStatus = z.infer<typeof uploadLinkStatusSchema>;

/** What `POST /api/u/{code}/upload` answers: PUT the file to `url` with exactly `headers`. */
export const uploadLinkTicketSchema = z.object({
  url: z.string(),
  headers: z.record(z.string(), z.string()),
});

/** What `POST /api/u/{code}/message` answers once the recording is a message (the code is used up). */
export const uploadLinkReceivedSchema = z.object({ received: z.literal(true) });
