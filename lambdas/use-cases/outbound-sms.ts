/**
 * The outbound gate: the one place a text leaves the service, and the only caller of `SmsSender.send`.
 * Every text (each part of the reply to a voice message, the failure notice, the daily-limit notice, HELP,
 * the START and own-words STOP confirmations, the how-to, the answers to DELETE, LANG, MODE, SPELL, FULL and
 * UPLOAD) passes these checks in this order; the first that refuses is the outcome, and nothing after it runs:
 *
 *   1. Opt-out: never to a number on the opt-out list. The one exception is the confirmation of an opt-out
 *      (kind `opt-out-confirmation`), which goes out right after the number was recorded.
 *   2. Reply countries: only to numbers in a country Settings allows (by region: +1 876 is Jamaica).
 *   3. Provider: an SMS provider is configured (Twilio, or the local outbox).
 *   4. Segments (what the provider bills, core/texts/sms-text.ts segmentCount), every kind counted, a text refused
 *      by 1-3 taking nothing: the number's segments this UTC hour, then today (Settings; a text that does not
 *      fit whole is not sent), then its budget for today: the service's (Settings) for the replies to voice
 *      messages and what is said about them, the answers' (a fifth of it) for every text that answers a text
 *      (kind rule `budget`, issue 31: a stranger texting the number, or many, never spends the replies'). A
 *      text goes out while its budget is not spent, so the last one may take it a few segments over, and
 *      "spent" is exactly "today's segments reached the budget". The answers to STOP, START and HELP are
 *      counted in the answers' budget but never refused by it (kind rule `pastBudget`); the number's own hour
 *      and day still bound them, or a number could buy unbounded HELP answers.
 *      A text with files attached (the reply's first text for a sender with CARDS ON) goes as an MMS, which
 *      Twilio bills as one message: it counts as the segments its price buys (core/operator/unit-prices.ts
 *      mmsSegments, 2 at the default prices). Attachments go only to US and Canadian numbers (where Twilio
 *      sends MMS); when the MMS does not fit the number's hour or day, the same text goes as a plain SMS,
 *      counted by its own segments, rather than not at all (the budget lets either through while it is not
 *      spent, as it does any text).
 *   5. Send. Twilio's 21610 (the recipient opted out at the carrier) is recorded as an opt-out, so nothing
 *      more is tried, and is the `opted-out` outcome. Any other failure is thrown: a pipeline step lets Step
 *      Functions retry it, the webhook logs it. The segments stay taken (a retried step takes them again):
 *      a provider that keeps failing cannot turn retries into unbounded sends.
 *
 * Why this order: a refusal names the rule a person can act on first (the sender's own STOP before an
 * operator's setting), the caps are spent only on a text that can actually go out, and the number's own caps
 * come before the budget, so a number past them never touches the service's shared counter.
 */
import { MMS_COUNTRIES } from '#core/cards/served-cards';
import { mayReplyTo } from '#core/delivery/destinations';
import { type Allowance, segmentAllowances } from '#core/delivery/send-limits';
import { RecipientOptedOutError } from '#core/messages/pipeline-errors';
import type { SettingsRecord } from '#core/operator/settings';
import { mmsSegments } from '#core/operator/unit-prices';
import { segmentCount } from '#core/texts/sms-text';
import type { Clock } from '../ports/clock';
import type { Counters } from '../ports/counters';
import type { OptOutRepository } from '../ports/opt-out-repository';
import type { PhoneRegions } from '../ports/phone-regions';
import type { Providers } from '../ports/providers';
import type { SettingsRepository } from '../ports/settings-repository';
import { currentSettings } from './settings';
import { countUsage, type UsageDeps } from './usage';

/** Every kind of text the service sends. */
export const TEXT_KINDS = [
  'reply',
  'failure-notice',
  'voice-limit-notice',
  'help',
  'opt-in-confirmation',
  'opt-out-confirmation',
  'how-to',
  'deleted',
  'lang',
  'mode',
  'cards',
  'spell',
  'tz',
  'full-transcript',
  'upload-link',
  'delete-code',
  'join-refused',
  'forward',
  'forwarding-idle',
  'forwarding-works',
  'missed-call',
] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** What a kind of text may do that the others may not: the gate's only exceptions, stated here. */
type KindRules = {
  /** Goes to a number on the opt-out list (only the text confirming that opt-out). */
  readonly toOptedOut: boolean;
  /**
   * Whose daily budget it takes its segments from: the service's (the replies to voice messages and what is
   * said about them), or the answers' (a text anyone can make us send by texting us; core/delivery/send-limits.ts
   * answerBudget), so no stranger's texts can spend more than that fifth of what the replies need. An answer
   * counts in the service's budget too, so the day's texts stay within the budget Settings names.
   */
  readonly budget: 'service' | 'answers';
  /**
   * Goes out past its daily budget: the answers to STOP, START and HELP the carriers require, and DELETE's
   * code (erasing is the sender's right; strangers spending the answers' budget must not take it away). Each
   * is still bounded by its number's hour and day, and DELETE by its ten codes a number a day.
   */
  readonly pastBudget: boolean;
};

const KIND_RULES = {
  reply: { toOptedOut: false, budget: 'service', pastBudget: false },
  'failure-notice': { toOptedOut: false, budget: 'service', pastBudget: false },
  'voice-limit-notice': { toOptedOut: false, budget: 'service', pastBudget: false },
  help: { toOptedOut: false, budget: 'answers', pastBudget: true },
  'opt-in-confirmation': { toOptedOut: false, budget: 'answers', pastBudget: true },
  'opt-out-confirmation': { toOptedOut: true, budget: 'answers', pastBudget: true },
  'how-to': { toOptedOut: false, budget: 'answers', pastBudget: false },
  deleted: { toOptedOut: false, budget: 'answers', pastBudget: false },
  lang: { toOptedOut: false, budget: 'answers', pastBudget: false },
  mode: { toOptedOut: false, budget: 'answers', pastBudget: false },
  cards: { toOptedOut: false, budget: 'answers', pastBudget: false },
  spell: { toOptedOut: false, budget: 'answers', pastBudget: false },
  tz: { toOptedOut: false, budget: 'answers', pastBudget: false },
  'full-transcript': { toOptedOut: false, budget: 'answers', pastBudget: false },
  'upload-link': { toOptedOut: false, budget: 'answers', pastBudget: false },
  'delete-code': { toOptedOut: false, budget: 'answers', pastBudget: true },
  'join-refused': { toOptedOut: false, budget: 'answers', pastBudget: false },
  // FORWARD's answers (issue 33): answers to a text like any other.
  forward: { toOptedOut: false, budget: 'answers', pastBudget: false },
  // "Your forwarding may be off": the service's own word about a subscriber's voicemail, at most once a month a
  // number, never asked for by a text, so no stranger's texts may spend the answers' budget it would need.
  'forwarding-idle': { toOptedOut: false, budget: 'service', pastBudget: false },
  // Forwarded calls (issue 33): the one text after the test call, and a missed call's (at most one a caller
  // a day). A call anyone can make causes them, so they take the answers' budget, like a text anyone sends.
  'forwarding-works': { toOptedOut: false, budget: 'answers', pastBudget: false },
  'missed-call': { toOptedOut: false, budget: 'answers', pastBudget: false },
} as const satisfies Record<TextKind, KindRules>;

/** What the gate reads: the opt-outs, the settings (countries, cap), the regions and the provider. */
export type OutboundCheckDeps = {
  readonly settings: SettingsRepository;
  readonly optOuts: OptOutRepository;
  readonly phoneRegions: PhoneRegions;
  readonly providers: Pick<Providers, 'smsSender'>;
};

/** What sending also uses: the counters behind the segment caps, and the clock (their windows, opt-out time). */
export type OutboundSmsDeps = OutboundCheckDeps &
  UsageDeps & { readonly counters: Counters; readonly clock: Clock };

/** One text to send. */
export type OutboundText = {
  /** E.164. */
  readonly to: string;
  readonly body: string;
  readonly kind: TextKind;
  /** The voice message this text is about, when there is one (the outbox and logs record it). */
  readonly messageId: string | null;
  /** Public URLs of files to attach (the contact card, the event): sent as an MMS when the gate allows. */
  readonly media?: readonly string[];
};

/** Why a text was not sent. */
export type Refusal =
  /** On the opt-out list, or (`atCarrier`) Twilio just refused with 21610 and it was recorded. */
  | { readonly status: 'opted-out'; readonly atCarrier: boolean }
  /** Not in a country Settings allows; `country` is null when the number is not a valid one. */
  | { readonly status: 'country-refused'; readonly country: string | null }
  | { readonly status: 'no-provider' }
  /** The text does not fit in the segments the number may still get this hour or today (`segments`: the cap). */
  | { readonly status: 'limit-reached'; readonly per: 'hour' | 'day'; readonly segments: number }
  /** The service's budget, or the answers' (`budget`), for today (`segments`) is spent. */
  | { readonly status: 'budget-spent'; readonly budget: 'service' | 'answers'; readonly segments: number };

/** What became of a text: sent (with the provider's id for it), or the refusal. */
export type OutboundOutcome =
  /** `media`: the files it carried (an MMS), 0 for a plain SMS. */
  { readonly status: 'sent'; readonly smsId: string; readonly media: number } | Refusal;

/** The refusal of checks 1-3 (what the gate would say before taking from the cap), or null when they pass. */
export async function outboundRefusal(
  deps: OutboundCheckDeps,
  text: Pick<OutboundText, 'to' | 'kind'>,
): Promise<Refusal | null> {
  const checked = await checkRecipient(deps, text, await currentSettings(deps));
  return 'status' in checked ? checked : null;
}

/** Sends one text through the gate (see the module comment for the order). */
export async function sendText(deps: OutboundSmsDeps, text: OutboundText): Promise<OutboundOutcome> {
  const settings = await currentSettings(deps);
  const checked = await checkRecipient(deps, text, settings);
  if ('status' in checked) return checked;
  const taken = await takeMessage(deps, text, settings);
  if ('status' in taken) return taken;
  const { media } = taken;
  try {
    const { id } = await checked.provider.sender.send({
      to: text.to,
      from: checked.provider.from,
      body: text.body,
      messageId: text.messageId,
      ...(media.length > 0 ? { media } : {}),
    });
    const counted = media.length > 0 ? { mms_sent: 1 } : { segments: segmentCount(text.body) };
    await countUsage(deps, { texts_sent: 1, ...counted });
    return { status: 'sent', smsId: id, media: media.length };
  } catch (error) {
    if (!(error instanceof RecipientOptedOutError)) throw error;
    await deps.optOuts.optOut(text.to, deps.clock());
    return { status: 'opted-out', atCarrier: true };
  }
}

/**
 * Sends through the gate for a caller whose work is done whatever becomes of the text (the webhook's
 * answers): a refusal or a failure is logged, never thrown. A number on the opt-out list is the expected
 * silence and is not logged.
 */
export async function sendTextOrLog(
  deps: OutboundSmsDeps & { readonly warn: (message: string, details?: Record<string, unknown>) => void },
  text: OutboundText,
): Promise<OutboundOutcome | null> {
  try {
    const outcome = await sendText(deps, text);
    const line = outcome.status === 'sent' ? null : notTexted(outcome);
    if (line) deps.warn(line, { to: maskPhone(text.to), kind: text.kind });
    return outcome;
  } catch (error) {
    deps.warn('The reply could not be sent', {
      to: maskPhone(text.to),
      kind: text.kind,
      error: (error as Error).message,
    });
    return null;
  }
}

/** The log line of a refusal (null: none). */
function notTexted(refusal: Refusal): string | null {
  switch (refusal.status) {
    case 'opted-out':
      return refusal.atCarrier ? 'Not texted: the number opted out at the carrier (21610); recorded' : null;
    case 'country-refused':
      return 'Not texted: the number is outside the countries replies may go to (Settings)';
    case 'no-provider':
      return 'No SMS provider is configured: the reply was not sent';
    case 'limit-reached':
      return `Not texted: the number reached its segments ${refusal.per === 'hour' ? 'an hour' : 'a day'} (Settings)`;
    case 'budget-spent':
      return refusal.budget === 'answers'
        ? "Not texted: today's budget for answers to texts is spent (a fifth of the SMS budget, Settings)"
        : "Not texted: the service's SMS budget for today is spent (Settings)";
  }
}

/** A phone number for logs: enough to recognise, not enough to identify. */
function maskPhone(phone: string): string {
  return phone.length > 4 ? `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}` : '****';
}

type Provider = NonNullable<Awaited<ReturnType<Providers['smsSender']>>>;

/** Checks 1-3, in order: the first refusal, or the provider to send with. */
async function checkRecipient(
  deps: OutboundCheckDeps,
  text: Pick<OutboundText, 'to' | 'kind'>,
  settings: SettingsRecord,
): Promise<Refusal | { readonly provider: Provider }> {
  if (!KIND_RULES[text.kind].toOptedOut && (await deps.optOuts.get(text.to))) {
    return { status: 'opted-out', atCarrier: false };
  }
  const country = deps.phoneRegions.countryOf(text.to);
  if (!mayReplyTo(country, settings.reply_countries)) return { status: 'country-refused', country };
  const provider = await deps.providers.smsSender();
  return provider ? { provider } : { status: 'no-provider' };
}

/** A refusal in the words the operator reads (DecideReply's reason, the logs). */
export function refusalReason(refusal: Refusal): string {
  switch (refusal.status) {
    case 'opted-out':
      return refusal.atCarrier
        ? 'The sender opted out at the carrier (Twilio error 21610); recorded as an opt-out.'
        : 'The sender has opted out of text messages (STOP).';
    case 'country-refused':
      return `Replies to ${refusal.country ?? 'this number'} are not allowed (Settings, reply countries).`;
    case 'no-provider':
      return 'No SMS provider is configured (Twilio credentials in Settings).';
    case 'limit-reached':
      return `This number reached its limit of ${refusal.segments} segments ${refusal.per === 'hour' ? 'an hour' : 'a day'} (Settings).`;
    case 'budget-spent':
      return refusal.budget === 'answers'
        ? `Today's budget of ${refusal.segments} segments for answers to texts is spent (a fifth of the SMS budget, Settings).`
        : `The service's SMS budget of ${refusal.segments} segments a day is spent (Settings).`;
  }
}

/**
 * Check 4 for a whole text: as an MMS when it has files, may carry them and fits (the files to attach), else
 * as a plain SMS by its segments (no files), else the refusal of the plain SMS.
 */
async function takeMessage(
  deps: OutboundSmsDeps,
  text: OutboundText,
  settings: SettingsRecord,
): Promise<Refusal | { readonly media: readonly string[] }> {
  const media = text.media ?? [];
  if (media.length > 0 && MMS_COUNTRIES.includes(deps.phoneRegions.countryOf(text.to))) {
    const asMms = await takeSegments(deps, text, mmsSegments(settings.unit_prices), settings);
    if (asMms === null) return { media };
  }
  return (await takeSegments(deps, text, segmentCount(text.body), settings)) ?? { media: [] };
}

/** Check 4: takes the text's segments from the number's hour and day, then the budget; the refusal, or null. */
async function takeSegments(
  deps: OutboundSmsDeps,
  text: Pick<OutboundText, 'to' | 'kind'>,
  segments: number,
  settings: SettingsRecord,
): Promise<Refusal | null> {
  const allowances = segmentAllowances(text.to, deps.clock(), settings);
  const { hour, day } = allowances;
  const rules = KIND_RULES[text.kind];
  const budget = allowances[rules.budget];
  const take = (a: Allowance, limit = a.limit) => deps.counters.take(a.key, limit, a.expires, segments);
  if (!(await take(hour))) return { status: 'limit-reached', per: 'hour', segments: hour.limit };
  if (!(await take(day))) {
    await deps.counters.giveBack(hour.key, segments);
    return { status: 'limit-reached', per: 'day', segments: day.limit };
  }
  // While the budget is not spent (below it before this text), whatever this text's size.
  const room = (a: Allowance) => (rules.pastBudget ? Number.MAX_SAFE_INTEGER : a.limit - 1 + segments);
  const giveBack = async (...keys: string[]) => {
    for (const key of keys) await deps.counters.giveBack(key, segments);
  };
  if (!(await take(budget, room(budget)))) {
    await giveBack(day.key, hour.key);
    return { status: 'budget-spent', budget: rules.budget, segments: budget.limit };
  }
  // An answer is also counted in the service's budget, which it may not pass: the day's total stays within the
  // budget the operator set, and answers, capped at their fifth, leave the replies at least the rest.
  if (rules.budget === 'service') return null;
  const { service } = allowances;
  if (await take(service, room(service))) return null;
  await giveBack(budget.key, day.key, hour.key);
  return { status: 'budget-spent', budget: 'service', segments: service.limit };
}
