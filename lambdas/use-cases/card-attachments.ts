/**
 * The contact card and the event as MMS attachments (issue 25, deliverable 4; core/cards/served-cards.ts): a link
 * per file when the reply is sent to a sender with CARDS ON, and the file written from the message when
 * Twilio (or anyone holding the link) fetches it. Every way a code can fail ends in the same NotFoundError,
 * after the same hash and lookup.
 */

import { messageCards } from '#core/cards/message-cards';
import { senderTimeZone } from '#core/cards/sender-time-zone';
import {
  CARD_FILE_NOT_AVAILABLE,
  CARD_KINDS,
  cardFileUrl,
  MMS_COUNTRIES,
  type ServedCard,
} from '#core/cards/served-cards';
import { NotFoundError } from '#core/errors';
import type { Message } from '#core/messages/message';
import { expiresAtEpochSeconds } from '#core/messages/retention';
import type { Clock } from '../ports/clock';
import type { MessageRepository } from '../ports/message-repository';
import type { PhoneRegions } from '../ports/phone-regions';
import type { SenderPreferencesRepository } from '../ports/sender-preferences';
import type { SettingsRepository } from '../ports/settings-repository';
import type { CardLinkStore } from '../ports/short-lived-codes';
import { newAccessCode, openByCode } from './access-codes';
import { currentSettings } from './settings';

/** What a file's link is made and read with. */
export type CardFileDeps = {
  readonly cardLinks: CardLinkStore;
  readonly settings: Pick<SettingsRepository, 'get'>;
  readonly clock: Clock;
};

/**
 * What the reply step adds: the sender's record, with their choice (CARDS ON) and the time zone their event
 * is written in (their TZ, else their area code's, else Settings' default: core/cards/sender-time-zone.ts).
 */
export type ReplyCardDeps = CardFileDeps & {
  readonly preferences: Pick<SenderPreferencesRepository, 'get'>;
  readonly phoneRegions: Pick<PhoneRegions, 'countryOf'>;
};

/**
 * The URLs of the files the reply's first text should carry: none unless the sender chose CARDS ON, their
 * number is where MMS goes, message links are on (Settings) and the message has a contact card or an event; else one new link per file, working for the message link's
 * lifetime (Settings) from now.
 */
export async function replyCardUrls(
  deps: ReplyCardDeps,
  message: Message,
  siteUrl: string,
): Promise<string[]> {
  // No MMS goes there, or the operator keeps no message on a public link: no file link is made either.
  if (!message.phone_number || !MMS_COUNTRIES.includes(deps.phoneRegions.countryOf(message.phone_number))) {
    return [];
  }
  const settings = await currentSettings(deps);
  if (!settings.message_link_enabled) return [];
  const preferences = await deps.preferences.get(message.phone_number);
  if (preferences?.cards !== true) return [];
  const timeZone = senderTimeZone(
    message.phone_number,
    preferences.time_zone,
    settings.default_time_zone,
  ).zone;
  const cards = messageCards(message, { timeZone });
  const madeAt = deps.clock();
  const days = settings.message_link_days;
  const expiresAt = new Date(expiresAtEpochSeconds(madeAt, days) * 1000).toISOString();
  const urls: string[] = [];
  for (const kind of CARD_KINDS) {
    if (cards[kind] === null) continue;
    const { code, hash } = newAccessCode();
    await deps.cardLinks.put(hash, { messageId: message.id, kind, timeZone, madeAt, expiresAt });
    urls.push(cardFileUrl(siteUrl, code));
  }
  return urls;
}

/**
 * The file a code opens, written from its message now: NotFoundError when the code is malformed or unknown,
 * past the message link's lifetime (Settings, checked on every fetch, so lowering it ends links already
 * sent), while message links are off in Settings (turning them off ends the files already sent), when the message is gone (deleted, past retention) or no longer has that card.
 */
export async function readCardFile(
  deps: CardFileDeps & { readonly messages: Pick<MessageRepository, 'get'> },
  code: string,
): Promise<ServedCard> {
  const [{ found: link }, settings] = await Promise.all([
    openByCode(code, (hash) => deps.cardLinks.get(hash), CARD_FILE_NOT_AVAILABLE),
    currentSettings(deps),
  ]);
  if (!settings.message_link_enabled) throw new NotFoundError(CARD_FILE_NOT_AVAILABLE);
  const until = expiresAtEpochSeconds(link.madeAt, settings.message_link_days);
  if (Date.parse(deps.clock()) >= until * 1000) throw new NotFoundError(CARD_FILE_NOT_AVAILABLE);
  const message = await deps.messages.get(link.messageId);
  const card = message === null ? null : messageCards(message, { timeZone: link.timeZone })[link.kind];
  if (card === null) throw new NotFoundError(CARD_FILE_NOT_AVAILABLE);
  return { filename: card.filename, kind: link.kind, body: card.body };
}
