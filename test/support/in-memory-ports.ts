/**
 * In-memory implementations of the ports, for unit tests of the use cases: no runtime, no stand-ins, each test
 * builds its own. They keep the contracts the real adapters keep (conditional writes, "missing" answers),
 * and record what went out (texts, pipeline starts, published changes) so tests can assert on it.
 */
import { movesForward, type SmsPart, sortParts } from '#core/delivery/delivery-status';
import type { OptOut } from '#core/delivery/destinations';
import { NotFoundError } from '#core/errors';
import type { Message } from '#core/messages/message';
import {
  type MessageFilters,
  matchesDerivedFilters,
  type PagePosition,
} from '#core/messages/message-history';
import type { PipelineInput } from '#core/messages/pipeline-run';
import { messageKind } from '#core/messages/refused-inbound';
import type { MessageStatus } from '#core/messages/status';
import { DEFAULT_SETTINGS, type SettingsRecord } from '#core/operator/settings';
import { emptyUsageDay, USAGE_COUNTS, type UsageDay, type UsageDelta } from '#core/operator/usage';
import {
  type SenderPreferences,
  type SenderPreferencesPatch,
  senderPreferencesSchema,
} from '#core/senders/sender-preferences';
import type { AudioStore } from '../../lambdas/ports/audio-store';
import type { AudioProbe, AudioTools } from '../../lambdas/ports/audio-tools';
import type { Counters } from '../../lambdas/ports/counters';
import type { LiveChannelStore } from '../../lambdas/ports/live-channel-store';
import type { FetchedMedia, MediaFetcher } from '../../lambdas/ports/media-fetcher';
import type { LiveNotices, MessageChange, MessageEvents } from '../../lambdas/ports/message-events';
import type {
  MessagePage,
  MessagePatch,
  MessageRepository,
  SmsPartStatus,
  UpdateConditions,
} from '../../lambdas/ports/message-repository';
import type { OptOutRepository } from '../../lambdas/ports/opt-out-repository';
import type { PipelineStarter } from '../../lambdas/ports/pipeline-starter';
import type { SenderPreferencesRepository } from '../../lambdas/ports/sender-preferences';
import type { SentTextRepository } from '../../lambdas/ports/sent-text-repository';
import type { SettingsRepository } from '../../lambdas/ports/settings-repository';
import type { OutgoingSms, SmsSender } from '../../lambdas/ports/sms-sender';
import type { Summarizer, SummaryResult } from '../../lambdas/ports/summarizer';
import type { Transcriber, Transcription } from '../../lambdas/ports/transcriber';
import type { UsageCounter } from '../../lambdas/ports/usage-counter';

export class InMemoryMessages implements MessageRepository {
  readonly items = new Map<string, Message>();
  /** Each message's link hash and when it was made, as the table keeps them beside the message. */
  readonly linkHashes = new Map<string, string>();
  readonly linksMadeAt = new Map<string, string>();
  /** When each message expires (epoch seconds), as the table's TTL attribute; none: never. */
  readonly expiresAt = new Map<string, number>();

  async create(message: Message): Promise<boolean> {
    if (this.items.has(message.id)) return false;
    this.items.set(message.id, structuredClone(message));
    return true;
  }

  async get(id: string): Promise<Message | null> {
    const found = this.items.get(id);
    return found ? structuredClone(found) : null;
  }

  async delete(id: string): Promise<void> {
    this.items.delete(id);
    this.linkHashes.delete(id);
  }

  async attachLink(id: string, linkHash: string, attempt: number, madeAt: string): Promise<boolean> {
    const current = this.items.get(id);
    if (!current || (current.attempt ?? 1) !== attempt) return false;
    this.linkHashes.set(id, linkHash);
    this.linksMadeAt.set(id, madeAt);
    return true;
  }

  async findByLinkHash(linkHash: string) {
    for (const [id, hash] of this.linkHashes) {
      const message = this.items.get(id);
      if (hash === linkHash && message)
        return {
          message: structuredClone(message),
          expiresAt: this.expiresAt.get(id) ?? null,
          linkMadeAt: this.linksMadeAt.get(id) ?? null,
        };
    }
    return null;
  }

  async update(
    id: string,
    expectedStatuses: readonly MessageStatus[],
    patch: MessagePatch,
    now: string,
    conditions: UpdateConditions = {},
  ): Promise<Message | null> {
    const current = this.items.get(id);
    if (!current || !expectedStatuses.includes(current.status)) return null;
    if (conditions.attempt !== undefined && (current.attempt ?? 1) !== conditions.attempt) return null;
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const updated = { ...current, ...defined, updated_at: now } as Message;
    this.items.set(id, updated);
    return structuredClone(updated);
  }

  async addSmsPart(id: string, part: SmsPart): Promise<Message | null> {
    const current = this.items.get(id);
    if (!current) return null;
    const others = (current.sms_parts ?? []).filter((p) => p.sid !== part.sid);
    const updated = {
      ...current,
      sms_parts: sortParts([...others, part]),
      updated_at: part.status_updated_at,
    };
    this.items.set(id, updated);
    return structuredClone(updated);
  }

  async updateSmsPartStatus(id: string, update: SmsPartStatus): Promise<Message | null> {
    const current = this.items.get(id);
    const part = current?.sms_parts?.find((p) => p.sid === update.sid);
    if (!current || !part || !movesForward(part.status, update.status)) return null;
    const parts = current.sms_parts!.map((p) => (p.sid === update.sid ? { ...p, ...update } : p));
    const updated = { ...current, sms_parts: parts, updated_at: update.status_updated_at };
    this.items.set(id, updated);
    return structuredClone(updated);
  }

  async listPage(filters: MessageFilters, limit: number, after?: PagePosition): Promise<MessagePage> {
    const newestFirst = (a: Message, b: Message) =>
      b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
    const matching = [...this.items.values()]
      .filter(
        (m) =>
          (!filters.sender || m.phone_number === filters.sender) &&
          (!filters.status || m.status === filters.status) &&
          matchesDerivedFilters(m, filters) &&
          (!filters.kind || messageKind(m) === filters.kind) &&
          (!filters.from || m.created_at >= filters.from) &&
          (!filters.to || m.created_at < filters.to) &&
          (!after || newestFirst(m, { ...m, ...after }) > 0),
      )
      .sort(newestFirst);
    const messages = matching.slice(0, limit).map((m) => structuredClone(m));
    const last = messages.at(-1);
    return {
      messages,
      next: matching.length > limit && last ? { id: last.id, created_at: last.created_at } : null,
    };
  }

  async listCreatedBetween(from: string, to: string): Promise<Message[]> {
    return [...this.items.values()]
      .filter((m) => m.created_at >= from && m.created_at < to)
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  async listBySender(phoneNumber: string): Promise<Message[]> {
    return [...this.items.values()]
      .filter((m) => m.phone_number === phoneNumber)
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
  }
}

export class InMemorySentTexts implements SentTextRepository {
  readonly links = new Map<string, string>();
  async link(sid: string, messageId: string) {
    this.links.set(sid, messageId);
  }
  async messageIdOf(sid: string) {
    return this.links.get(sid) ?? null;
  }
}

export class InMemoryCounters implements Counters {
  readonly counts = new Map<string, number>();
  async take(key: string, limit: number, _expiresAt: string, amount = 1) {
    const count = this.counts.get(key) ?? 0;
    if (count + amount > limit) return false;
    this.counts.set(key, count + amount);
    return true;
  }
  async giveBack(key: string, amount = 1) {
    const count = this.counts.get(key) ?? 0;
    if (count >= amount) this.counts.set(key, count - amount);
  }
  async read(key: string) {
    return this.counts.get(key) ?? 0;
  }
  readonly sets = new Map<string, { window: string; members: Set<string> }>();
  async takeOnce(key: string, member: string, window: string) {
    const kept = this.sets.get(key);
    if (!kept || kept.window < window) {
      this.sets.set(key, { window, members: new Set([member]) });
      return true;
    }
    if (kept.window > window || kept.members.has(member)) return false;
    kept.members.add(member);
    return true;
  }
  async forget(key: string) {
    this.counts.delete(key);
    this.sets.delete(key);
  }
  /** Every key and member kept, to check that nothing names someone. */
  held(): string[] {
    return [...this.counts.keys(), ...[...this.sets].flatMap(([key, { members }]) => [key, ...members])];
  }
}

export class InMemorySettings implements SettingsRepository {
  constructor(public record: SettingsRecord | null = null) {}
  async get() {
    return this.record;
  }
  async put(settings: SettingsRecord) {
    this.record = settings;
  }
}

export class InMemoryOptOuts implements OptOutRepository {
  readonly items = new Map<string, OptOut>();
  async optOut(phoneNumber: string, now: string) {
    this.items.set(phoneNumber, { phone_number: phoneNumber, opted_out_at: now });
  }
  async optIn(phoneNumber: string) {
    this.items.delete(phoneNumber);
  }
  async get(phoneNumber: string) {
    return this.items.get(phoneNumber) ?? null;
  }
}

export class InMemorySenderPreferences implements SenderPreferencesRepository {
  readonly items = new Map<string, SenderPreferences>();
  async get(phoneNumber: string) {
    return this.items.get(phoneNumber) ?? null;
  }
  async update(phoneNumber: string, patch: SenderPreferencesPatch, now: string) {
    const next: Record<string, unknown> = { ...this.items.get(phoneNumber), phone_number: phoneNumber };
    for (const [field, value] of Object.entries(patch)) {
      if (value === null) delete next[field];
      else if (value !== undefined) next[field] = value;
    }
    const stored = senderPreferencesSchema.parse({ ...next, updated_at: now });
    this.items.set(phoneNumber, stored);
    return stored;
  }
  async delete(phoneNumber: string) {
    this.items.delete(phoneNumber);
  }
}

export class InMemoryAudio implements AudioStore {
  readonly objects = new Map<string, { body: Buffer; contentType: string }>();
  async put(key: string, body: Buffer | Uint8Array, contentType: string, _contentLength?: number) {
    this.objects.set(key, { body: Buffer.from(body as Uint8Array), contentType });
  }
  async get(key: string) {
    const found = this.objects.get(key);
    if (!found) throw new NotFoundError(`No audio ${key}.`);
    return { body: found.body, contentType: found.contentType };
  }
  async exists(key: string) {
    return this.objects.has(key);
  }
  async delete(key: string) {
    this.objects.delete(key);
  }
  async presignGet(key: string) {
    return `memory://${key}`;
  }
  async presignPut(key: string, contentType: string) {
    return { url: `memory://${key}`, headers: { 'content-type': contentType } };
  }
}

/** Probes every input as `probe` says and "converts" by tagging the bytes. */
export class FakeAudioTools implements AudioTools {
  conversions = 0;
  constructor(public probeResult: AudioProbe | Error = PROBE) {}
  async probe(): Promise<AudioProbe> {
    if (this.probeResult instanceof Error) throw this.probeResult;
    return this.probeResult;
  }
  async convert(bytes: Buffer, to: string): Promise<Buffer> {
    this.conversions += 1;
    return Buffer.concat([Buffer.from(`${to}:`), bytes]);
  }
}

export const PROBE: AudioProbe = {
  durationSeconds: 42,
  sampleRateHz: 16_000,
  channels: 1,
  codec: 'pcm_s16le',
  container: 'wav',
};

export class RecordingSms implements SmsSender {
  readonly sent: OutgoingSms[] = [];
  /** Fails the next n sends with this error. */
  failures: Error[] = [];
  async send(sms: OutgoingSms) {
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.sent.push(sms);
    return { id: `SM${this.sent.length}` };
  }
}

/** The daily usage counters, one record a day, as the usage table keeps them. */
export class InMemoryUsage implements UsageCounter {
  readonly days = new Map<string, Omit<UsageDay, 'estimated_cost'>>();
  async add(date: string, delta: UsageDelta) {
    const day = this.days.get(date) ?? emptyUsageDay(date);
    for (const name of USAGE_COUNTS) day[name] += delta[name] ?? 0;
    this.days.set(date, day);
  }
  async range(from: string, to: string) {
    return [...this.days.values()].filter((d) => d.date >= from && d.date <= to);
  }
}

export class RecordingStarter implements PipelineStarter {
  readonly started: PipelineInput[] = [];
  async start(input: PipelineInput) {
    if (this.started.some((s) => s.messageId === input.messageId && s.attempt === input.attempt)) {
      return { started: false };
    }
    this.started.push(input);
    return { started: true };
  }
}

export class RecordingEvents implements MessageEvents {
  readonly changes: MessageChange[] = [];
  async publish(change: MessageChange) {
    this.changes.push(change);
  }
}

/** The live channel's key, numbered so a test can tell them apart ("k1", then "k2"...). */
export class InMemoryLiveChannels implements LiveChannelStore {
  private key: string | null = null;
  private made = 0;
  async current(): Promise<string> {
    this.key ??= this.next();
    return this.key;
  }
  async replace() {
    const previous = this.key;
    this.key = this.next();
    return { previous, current: this.key };
  }
  /** Keys a reset retired, for the next publisher to announce. */
  readonly unannounced = new Set<string>();
  async retire() {
    if (this.key === null) return;
    this.unannounced.add(this.key);
    this.key = this.next();
  }
  async takeUnannounced() {
    const keys = [...this.unannounced];
    this.unannounced.clear();
    return keys;
  }
  private next(): string {
    this.made += 1;
    return String(this.made).padStart(32, '0');
  }
}

/** Records each notice announced on a channel. */
export class RecordingNotices implements LiveNotices {
  readonly announced: { channel: string; notice: { readonly type: string } }[] = [];
  fail = false;
  async announce(channel: string, notice: { readonly type: string }): Promise<void> {
    if (this.fail) throw new Error('AppSync Events refused the publish (503)');
    this.announced.push({ channel, notice });
  }
}

export class FakeMediaFetcher implements MediaFetcher {
  readonly deleted: string[] = [];
  constructor(public media: FetchedMedia | Error) {}
  async fetch(): Promise<FetchedMedia> {
    if (this.media instanceof Error) throw this.media;
    return this.media;
  }
  async delete(url: string) {
    this.deleted.push(url);
  }
}

export const fixedTranscriber = (result: Partial<Transcription> = {}): Transcriber => ({
  transcribe: async () => ({
    text: 'Hi, this is Maria. Please call me back at five five five one two three four.',
    words: null,
    engine: 'test',
    language: 'en',
    durationSeconds: 42,
    warnings: [],
    ...result,
  }),
});

export const fixedSummarizer = (result: Partial<SummaryResult> = {}): Summarizer => ({
  summarize: async () => ({
    summary: 'Maria asks you to call her back.',
    key_points: [],
    callback_number: '5551234',
    callback_time: null,
    requested_action: 'call back',
    caller: null,
    engine: 'test',
    ...result,
  }),
});

/** A clock that moves only when told to. */
export function testClock(start = '2026-01-01T12:00:00.000Z') {
  let now = Date.parse(start);
  const clock = () => new Date(now).toISOString();
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

export const settingsWith = (changes: Partial<SettingsRecord>): SettingsRecord => ({
  ...DEFAULT_SETTINGS,
  ...changes,
});

/** Bytes every format detector takes for a WAV file. */
export const WAV_BYTES = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.alloc(4),
  Buffer.from('WAVEfmt '),
  Buffer.alloc(64, 1),
]);
/** Bytes of an AMR file (OpenAI refuses AMR: converted first). */
export const AMR_BYTES = Buffer.concat([Buffer.from('#!AMR\n'), Buffer.alloc(64, 2)]);
