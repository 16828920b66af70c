import { AudioTooLargeError, PermanentError, TransientError } from '#core/messages/pipeline-errors';
import type { FetchedMedia, MediaFetcher } from '../../ports/media-fetcher';

export type TwilioMediaFetcherOptions = {
  readonly accountSid: string;
  readonly authToken: string;
  /** Also allow http://127.0.0.1 / localhost (the local runtime and tests). @default false */
  readonly allowLoopback?: boolean;
  /** For the whole download, redirects included. @default 60_000 */
  readonly timeoutMs?: number;
  /** Where Twilio's REST API is, for listing recordings (a local stand-in's address). @default https://api.twilio.com */
  readonly apiBaseUrl?: string;
};

/** Recordings listed and deleted per page, and pages per sweep (the rest waits for the next day's). */
const RECORDINGS_PAGE = 100;
const RECORDING_PAGES = 10;

/** The parts of a Twilio media URL (`…/Accounts/AC…/Messages/MM…/Media/ME…`). */
export type TwilioMediaRef = {
  readonly origin: string;
  readonly accountSid: string;
  readonly messageSid: string;
  readonly mediaSid: string;
};

const MEDIA_PATH =
  /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\/((?:MM|SM)[0-9a-f]{32})\/Media\/(ME[0-9a-f]{32})(?:\.json)?\/?$/i;
/** A call's recording (issue 33): `…/Accounts/AC…/Recordings/RE…`, fetched as `.wav`, deleted as `.json`. */
const RECORDING_PATH =
  /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Recordings\/(RE[0-9a-f]{32})(?:\.(?:json|wav|mp3))?\/?$/i;
const MAX_REDIRECTS = 5;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Where Twilio's media API lives; the only host that ever receives the credentials. */
const TWILIO_API_HOST = 'api.twilio.com';

/** Splits a Twilio media URL into account, message and media SIDs; null when it is not one. */
export function parseTwilioMediaUrl(url: string): TwilioMediaRef | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const match = MEDIA_PATH.exec(parsed.pathname);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { origin: parsed.origin, accountSid: match[1], messageSid: match[2], mediaSid: match[3] };
}

/**
 * Where to DELETE what a URL names at Twilio: an MMS attachment's media resource, or a call's recording
 * (`<RecordingUrl>.json`); null when it is neither.
 */
export function twilioDeleteUrl(url: string): string | null {
  const media = parseTwilioMediaUrl(url);
  if (media) {
    return `${media.origin}/2010-04-01/Accounts/${media.accountSid}/Messages/${media.messageSid}/Media/${media.mediaSid}.json`;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const recording = RECORDING_PATH.exec(parsed.pathname);
  if (!recording?.[1] || !recording[2]) return null;
  return `${parsed.origin}/2010-04-01/Accounts/${recording[1]}/Recordings/${recording[2]}.json`;
}

/**
 * Downloads MMS media (and calls' recordings) from Twilio with HTTP Basic auth and deletes it there afterwards. Redirects are followed
 * by hand so each hop is checked against Twilio's hosts and the credentials go to api.twilio.com only: the
 * redirect target (mms.twiliocdn.com, or the legacy S3 bucket media.twiliocdn.com) is a pre-signed URL.
 */
export class TwilioMediaFetcher implements MediaFetcher {
  private readonly authorization: string;
  private readonly allowLoopback: boolean;
  private readonly timeoutMs: number;
  private readonly accountSid: string;
  private readonly apiBaseUrl: string;

  constructor(options: TwilioMediaFetcherOptions) {
    this.accountSid = options.accountSid;
    this.apiBaseUrl = (options.apiBaseUrl ?? `https://${TWILIO_API_HOST}`).replace(/\/+$/, '');
    this.authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
    this.allowLoopback = options.allowLoopback ?? false;
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  async fetch(url: string, options: { readonly maxBytes: number }): Promise<FetchedMedia> {
    const first = this.checkedUrl(url, 'credentialed');
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(this.timeoutMs)]);
    let current = first;
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
        const sameOrigin = current.origin === first.origin;
        const response = await fetch(current, {
          method: 'GET',
          redirect: 'manual',
          signal,
          headers: sameOrigin ? { authorization: this.authorization } : {},
        });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          current = this.checkedUrl(new URL(location, current).href, 'redirect');
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          throw statusError(response.status, 'downloading the voice message from Twilio');
        }
        return {
          bytes: await readLimited(response, options.maxBytes, controller),
          contentType: response.headers.get('content-type'),
        };
      }
      throw new PermanentError(`Twilio redirected the media download more than ${MAX_REDIRECTS} times.`);
    } catch (error) {
      throw this.transportError(error, 'downloading the voice message from Twilio');
    } finally {
      controller.abort();
    }
  }

  async delete(url: string): Promise<void> {
    const resource = twilioDeleteUrl(url);
    if (!resource) {
      throw new PermanentError(
        'Cannot delete the media at Twilio: the URL is not a Twilio media or recording URL.',
      );
    }
    const target = this.checkedUrl(resource, 'credentialed');
    let status: number;
    try {
      const response = await fetch(target, {
        method: 'DELETE',
        headers: { authorization: this.authorization },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.body?.cancel();
      status = response.status;
    } catch (error) {
      throw this.transportError(error, 'deleting the media at Twilio');
    }
    // 404: already gone (an earlier attempt deleted it), which is what we wanted.
    if (status === 404 || (status >= 200 && status < 300)) return;
    throw statusError(status, 'deleting the media at Twilio');
  }

  /**
   * Deletes the account's call recordings made before `before` (Twilio's `DateCreated<` filter, a day): the
   * first page again after each, as deleting moves the rest up. A recording already gone counts as done.
   */
  async deleteRecordingsBefore(before: string): Promise<number> {
    const list = this.checkedUrl(
      `${this.apiBaseUrl}/2010-04-01/Accounts/${this.accountSid}/Recordings.json?${new URLSearchParams({
        'DateCreated<': before.slice(0, 10),
        PageSize: String(RECORDINGS_PAGE),
      })}`,
      'credentialed',
    );
    let deleted = 0;
    for (let page = 0; page < RECORDING_PAGES; page += 1) {
      let sids: string[];
      try {
        const response = await fetch(list, {
          headers: { authorization: this.authorization },
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        if (!response.ok) {
          await response.body?.cancel();
          throw statusError(response.status, 'listing the call recordings at Twilio');
        }
        const body = (await response.json()) as { recordings?: { sid?: unknown }[] };
        sids = (body.recordings ?? [])
          .map((recording) => recording.sid)
          .filter((sid): sid is string => typeof sid === 'string' && /^RE[0-9a-f]{32}$/i.test(sid));
      } catch (error) {
        throw this.transportError(error, 'listing the call recordings at Twilio');
      }
      for (const sid of sids) {
        await this.delete(`${list.origin}/2010-04-01/Accounts/${this.accountSid}/Recordings/${sid}`);
        deleted += 1;
      }
      if (sids.length < RECORDINGS_PAGE) break;
    }
    return deleted;
  }

  /** Throws PermanentError (before any request) unless the URL is on a host this hop may talk to. */
  private checkedUrl(url: string, hop: 'credentialed' | 'redirect'): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new PermanentError('The media URL is not a valid URL.');
    }
    const loopback = this.allowLoopback && LOOPBACK_HOSTS.has(parsed.hostname);
    const secure = parsed.protocol === 'https:' || (loopback && parsed.protocol === 'http:');
    const host = parsed.hostname.toLowerCase();
    const allowedHost =
      loopback ||
      host === TWILIO_API_HOST ||
      (hop === 'redirect' &&
        (host.endsWith('.twiliocdn.com') ||
          // Media stored before a project enabled media auth still redirects to this S3 bucket path.
          (host === 's3-external-1.amazonaws.com' && parsed.pathname.startsWith('/media.twiliocdn.com/'))));
    if (!secure || !allowedHost || parsed.username || parsed.password) {
      throw new PermanentError(
        `Refusing to fetch media from ${parsed.protocol}//${parsed.host}: only Twilio's media hosts over https are allowed.`,
      );
    }
    return parsed;
  }

  private transportError(error: unknown, doing: string): Error {
    if (error instanceof TransientError || error instanceof PermanentError) return error;
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return new TransientError(
        `Twilio did not answer within ${Math.round(this.timeoutMs / 1000)} s while ${doing}.`,
      );
    }
    const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
    const code = typeof cause?.code === 'string' ? cause.code : 'connection failed';
    return new TransientError(`Could not reach Twilio while ${doing}: ${code}.`);
  }
}

function statusError(status: number, doing: string): Error {
  if (status === 401 || status === 403) {
    return new PermanentError(
      `Twilio refused access (${status}) while ${doing}: check the Account SID and auth token in Settings.`,
    );
  }
  if (status === 404) {
    return new PermanentError(`Twilio has no such media (404) while ${doing}: it may have been deleted.`);
  }
  if (status === 408 || status === 429 || status >= 500) {
    return new TransientError(`Twilio answered ${status} while ${doing}; will retry.`);
  }
  return new PermanentError(`Twilio answered ${status} while ${doing}.`);
}

/** Reads the body, aborting the download as soon as it passes `maxBytes` (the header may be absent or lie). */
async function readLimited(
  response: Response,
  maxBytes: number,
  controller: AbortController,
): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    controller.abort();
    throw new AudioTooLargeError(maxBytes);
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      controller.abort();
      await reader.cancel().catch(() => undefined);
      throw new AudioTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
