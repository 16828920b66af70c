/**
 * The HTTP API, listed once. CDK makes one Lambda function per `fn` (entry lambdas/handlers/<access>/<fn>.ts,
 * export `handler`: see handlerEntry) and one API Gateway route per row; the local runtime maps the same rows
 * to the same handlers.
 */
import { MAX_AUDIO_BYTES } from '#core/audio/audio-format';

export type HttpRoute = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: `/api/${string}`;
  /** The function's name, and its handler file's in lambdas/handlers/<access>/ (without extension). */
  readonly fn: string;
  /** `admin` routes check the Cognito token and the admins group inside the handler. */
  readonly access: 'public' | 'admin';
  /**
   * Requests a second the route takes (steady rate and burst) before answering 429: API Gateway's per-route
   * throttling in AWS, the local runtime's own limiter locally. Each route has its own, so a flood on one
   * (say sign-ups) cannot use up the webhook's.
   */
  readonly throttle: Throttle;
  /**
   * Requests one client (an IP address) may make to this route in a window, on the public routes a stranger
   * can flood: a WAF rate-based rule per IP in AWS, the local runtime's per-address limiter locally. Absent:
   * only the route's own throttle applies (admin routes need a token; Twilio's posts come from many addresses).
   */
  readonly perClient?: ClientLimit;
  /**
   * Largest request body the route takes, in bytes (BODY_LIMITS): the local gateway answers 413 as soon as the
   * declared or streamed size passes it, and the handler checks again (in AWS, API Gateway stops every body at
   * 10 MB and Lambda at 6 MB). Set on the routes that read a body. @default BODY_LIMITS.json
   */
  readonly maxBodyBytes?: number;
  /**
   * `twilio`: Twilio signs every post (X-Twilio-Signature), and the signature is checked before the post is
   * counted against the route's throttle, so forged posts cannot spend Twilio's allowance. The function exports
   * `signedPost(event)`, which the local gateway asks; the handler checks again before it does anything.
   */
  readonly signedBy?: 'twilio';
};

/**
 * A route's handler file under lambdas/, without extension: handlers are kept by who may call them
 * (handlers/admin/, handlers/public/), so the folder says which door a handler is behind.
 */
export const handlerEntry = (route: Pick<HttpRoute, 'access' | 'fn'>): string =>
  `handlers/${route.access}/${route.fn}`;

export type Throttle = { readonly rate: number; readonly burst: number };

/** What one client may send a route: `limit` requests in any `windowSeconds` (WAF's rate-based rule shape). */
export type ClientLimit = { readonly limit: number; readonly windowSeconds: 60 | 120 | 300 | 600 };

/**
 * Per-client limits. Generous, because one address may be many people (a mobile carrier's NAT, an office):
 * they stop one client's flood from using up a route everyone shares, not a person reading their messages.
 */
export const CLIENT_LIMITS = {
  /**
   * A person opening, playing, deleting their message: a handful of requests; a family on one NAT, a few dozen
   * a minute. Measured (`npm run bench -- link-flood`): with 300 in 5 minutes a flood of random codes took its
   * whole allowance (15 s at 20 a second) out of the route's shared throttle first, and real readers got 25%.
   */
  messageLink: { limit: 60, windowSeconds: 60 },
  /** Handing in a recording is three requests. */
  uploadLink: { limit: 100, windowSeconds: 300 },
  /** People signing up, one form each. */
  signup: { limit: 50, windowSeconds: 300 },
} as const satisfies Record<string, ClientLimit>;

/** Body limits, in bytes (see `HttpRoute.maxBodyBytes`). */
export const BODY_LIMITS = {
  /** A JSON request: a form, a few ids, the settings. */
  json: 16 * 1024,
  /** Twilio's form posts: up to 1,600 characters of text percent-encoded (UCS-2: 9 bytes each), and some 30 fields. */
  twilioForm: 64 * 1024,
  /** A transcript review: up to 20,000 corrected characters, escaped. */
  transcriptReview: 96 * 1024,
  /** The dashboard's multipart upload: a recording of 25 MB at most, its file name and the sender. */
  multipartUpload: MAX_AUDIO_BYTES + 64 * 1024,
} as const satisfies Record<string, number>;

/** The body limit of a route. */
export const bodyLimit = (route: HttpRoute): number => route.maxBodyBytes ?? BODY_LIMITS.json;

/** The limits, from the most to the least generous. */
export const THROTTLES = {
  /** Twilio's webhook: every voice message and text arrives here; Twilio retries what gets a 429. */
  webhook: { rate: 100, burst: 200 },
  /** Public reads (the site loads them on every visit; CloudFront caches public-info). */
  publicRead: { rate: 50, burst: 100 },
  /** Admins at the dashboard: a few people clicking, and the list refreshing. */
  admin: { rate: 25, burst: 50 },
  /** Public writes: people signing up, one at a time. */
  publicWrite: { rate: 10, burst: 30 },
  /**
   * A `/m/<code>` link: one person reading, playing or deleting their own message. 128-bit codes cannot be
   * guessed at any rate; the limit caps what a flood of them costs. Well above one client's allowance
   * (`CLIENT_LIMITS.messageLink`), so one client's flood is cut before it can use up what everyone shares.
   */
  messageLink: { rate: 50, burst: 100 },
  /**
   * An UPLOAD link: one person handing in one recording (three requests). Same reasoning as a message link:
   * the code cannot be guessed, the limit caps a flood's cost (signing and probing are the dear parts).
   */
  uploadLink: { rate: 5, burst: 10 },
} as const satisfies Record<string, Throttle>;

/**
 * A route by which an operator corrects a field of a message (core/messages/message-corrections.ts): a PUT
 * by an admin, its handler one call of handlers/admin/correction-route.ts; only the body it takes differs.
 */
function correctionRoute(path: HttpRoute['path'], fn: string, maxBodyBytes: number): HttpRoute {
  return { method: 'PUT', path, fn, access: 'admin', throttle: THROTTLES.admin, maxBodyBytes };
}

export const HTTP_ROUTES: readonly HttpRoute[] = [
  { method: 'GET', path: '/api/health', fn: 'health', access: 'public', throttle: THROTTLES.publicRead },
  {
    method: 'GET',
    path: '/api/health/details',
    fn: 'health-details',
    access: 'admin',
    throttle: THROTTLES.admin,
  },
  {
    method: 'GET',
    path: '/api/public-info',
    fn: 'public-info',
    access: 'public',
    throttle: THROTTLES.publicRead,
  },
  {
    method: 'POST',
    path: '/api/signups',
    fn: 'create-signup',
    access: 'public',
    throttle: THROTTLES.publicWrite,
    perClient: CLIENT_LIMITS.signup,
    maxBodyBytes: BODY_LIMITS.json,
  },
  { method: 'GET', path: '/api/messages', fn: 'list-messages', access: 'admin', throttle: THROTTLES.admin },
  // The dashboard's test upload (JSON {uploadKey, sender} after POST /api/uploads, or multipart).
  {
    method: 'POST',
    path: '/api/messages',
    fn: 'create-message',
    access: 'admin',
    throttle: THROTTLES.admin,
    maxBodyBytes: BODY_LIMITS.multipartUpload,
  },
  { method: 'GET', path: '/api/settings', fn: 'get-settings', access: 'admin', throttle: THROTTLES.admin },
  {
    method: 'PUT',
    path: '/api/settings',
    fn: 'put-settings',
    access: 'admin',
    throttle: THROTTLES.admin,
    maxBodyBytes: BODY_LIMITS.json,
  },
  // Twilio's webhook alone: public at the gateway, Twilio signs its posts (checked in the handler).
  {
    method: 'POST',
    path: '/api/receive-message',
    fn: 'receive-message',
    access: 'public',
    throttle: THROTTLES.webhook,
    maxBodyBytes: BODY_LIMITS.twilioForm,
    signedBy: 'twilio',
  },
  // Twilio's delivery status callbacks for the texts sent (signed form posts, checked in the handler).
  {
    method: 'POST',
    path: '/api/sms-status',
    fn: 'sms-status',
    access: 'public',
    throttle: THROTTLES.webhook,
    maxBodyBytes: BODY_LIMITS.twilioForm,
    signedBy: 'twilio',
  },
  // Forwarded calls (issue 33), signed by Twilio: the voice webhook and the <Record action> answer TwiML at
  // once (voice-call: only what answering needs); the recording and call status callbacks make the message
  // and text missed calls (call-events).
  ...(['/api/voice', '/api/voice/recorded'] as const).map(
    (path): HttpRoute => ({
      method: 'POST',
      path,
      fn: 'voice-call',
      access: 'public',
      throttle: THROTTLES.webhook,
      maxBodyBytes: BODY_LIMITS.twilioForm,
      signedBy: 'twilio',
    }),
  ),
  ...(['/api/voice/recording', '/api/voice/status'] as const).map(
    (path): HttpRoute => ({
      method: 'POST',
      path,
      fn: 'call-events',
      access: 'public',
      throttle: THROTTLES.webhook,
      maxBodyBytes: BODY_LIMITS.twilioForm,
      signedBy: 'twilio',
    }),
  ),
  {
    method: 'POST',
    path: '/api/process-audio',
    fn: 'process-audio',
    access: 'admin',
    throttle: THROTTLES.admin,
    maxBodyBytes: BODY_LIMITS.json,
  },
  // The dashboard: direct uploads (then POST /api/messages with the key) and the audio player.
  {
    method: 'POST',
    path: '/api/uploads',
    fn: 'create-upload',
    access: 'admin',
    throttle: THROTTLES.admin,
    maxBodyBytes: BODY_LIMITS.json,
  },
  // The History section's CSV of the filtered list, and an operator's "wrong transcript" mark (issue 19).
  {
    method: 'GET',
    path: '/api/messages/export',
    fn: 'export-messages',
    access: 'admin',
    throttle: THROTTLES.admin,
  },
  correctionRoute('/api/messages/{id}/transcript-review', 'review-transcript', BODY_LIMITS.transcriptReview),
  // An operator's correction of a message's urgency (issue 25), kept like the transcript mark.
  correctionRoute('/api/messages/{id}/urgency', 'review-urgency', BODY_LIMITS.json),
  {
    method: 'GET',
    path: '/api/messages/{id}/audio',
    fn: 'message-audio',
    access: 'admin',
    throttle: THROTTLES.admin,
  },
  // One message's words with the engine's confidence (issue 24): lists leave them out.
  {
    method: 'GET',
    path: '/api/messages/{id}/words',
    fn: 'message-words',
    access: 'admin',
    throttle: THROTTLES.admin,
  },
  // Whoever holds a /m/<code> link (the code is the key): the message, its audio, and deleting it.
  {
    method: 'GET',
    path: '/api/m/{code}',
    fn: 'message-link',
    access: 'public',
    throttle: THROTTLES.messageLink,
    perClient: CLIENT_LIMITS.messageLink,
  },
  {
    method: 'POST',
    path: '/api/m/{code}/audio',
    fn: 'message-link',
    access: 'public',
    throttle: THROTTLES.messageLink,
    perClient: CLIENT_LIMITS.messageLink,
  },
  {
    method: 'DELETE',
    path: '/api/m/{code}',
    fn: 'message-link',
    access: 'public',
    throttle: THROTTLES.messageLink,
    perClient: CLIENT_LIMITS.messageLink,
  },
  // Its cards as files (issue 25): "Add to contacts" and "Add to calendar".
  {
    method: 'GET',
    path: '/api/m/{code}/contact.vcf',
    fn: 'message-link',
    access: 'public',
    throttle: THROTTLES.messageLink,
    perClient: CLIENT_LIMITS.messageLink,
  },
  {
    method: 'GET',
    path: '/api/m/{code}/event.ics',
    fn: 'message-link',
    access: 'public',
    throttle: THROTTLES.messageLink,
    perClient: CLIENT_LIMITS.messageLink,
  },
  // The files a reply carried as MMS attachments (CARDS ON): Twilio fetches each once, the phone keeps it.
  {
    method: 'GET',
    path: '/api/c/{code}',
    fn: 'message-link',
    access: 'public',
    throttle: THROTTLES.messageLink,
    perClient: CLIENT_LIMITS.messageLink,
  },
  // Whoever holds an UPLOAD link (/u/<code>): is it good, sign the recording's upload, hand it in.
  {
    method: 'GET',
    path: '/api/u/{code}',
    fn: 'upload-link',
    access: 'public',
    throttle: THROTTLES.uploadLink,
    perClient: CLIENT_LIMITS.uploadLink,
  },
  {
    method: 'POST',
    path: '/api/u/{code}/upload',
    fn: 'upload-link',
    access: 'public',
    throttle: THROTTLES.uploadLink,
    perClient: CLIENT_LIMITS.uploadLink,
    maxBodyBytes: BODY_LIMITS.json,
  },
  {
    method: 'POST',
    path: '/api/u/{code}/message',
    fn: 'upload-link',
    access: 'public',
    throttle: THROTTLES.uploadLink,
    perClient: CLIENT_LIMITS.uploadLink,
  },
  {
    method: 'GET',
    path: '/api/messages/{id}/run',
    fn: 'message-run',
    access: 'admin',
    throttle: THROTTLES.admin,
  },
  { method: 'GET', path: '/api/usage', fn: 'get-usage', access: 'admin', throttle: THROTTLES.admin },
  // Issue 33: the subscribers' forwarding numbers with this month's cost.
  {
    method: 'GET',
    path: '/api/forwarding-numbers',
    fn: 'list-forwarding-numbers',
    access: 'admin',
    throttle: THROTTLES.admin,
  },
  { method: 'GET', path: '/api/signups', fn: 'list-signups', access: 'admin', throttle: THROTTLES.admin },
  {
    method: 'GET',
    path: '/api/signups/export',
    fn: 'export-signups',
    access: 'admin',
    throttle: THROTTLES.admin,
  },
  {
    method: 'POST',
    path: '/api/settings/check/{provider}',
    fn: 'check-settings',
    access: 'admin',
    throttle: THROTTLES.admin,
  },
  // The channel the live list subscribes to now: it moves when an account leaves the team.
  {
    method: 'GET',
    path: '/api/live-channel',
    fn: 'live-channel',
    access: 'admin',
    throttle: THROTTLES.admin,
  },
  // The Team section: who is an administrator (issue 8).
  { method: 'GET', path: '/api/team', fn: 'list-team', access: 'admin', throttle: THROTTLES.admin },
  {
    method: 'POST',
    path: '/api/team/{id}/approve',
    fn: 'approve-team-member',
    access: 'admin',
    throttle: THROTTLES.admin,
  },
  {
    method: 'DELETE',
    path: '/api/team/{id}',
    fn: 'remove-team-member',
    access: 'admin',
    throttle: THROTTLES.admin,
  },
];
