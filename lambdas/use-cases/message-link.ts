/**
 * The whole message behind a `/m/<code>` link: made when the reply carrying it is sent, then read, played
 * and deleted by whoever holds the link. Every way a code can fail (malformed, unknown, expired, deleted)
 * ends in the same NotFoundError, after the same hash and lookup.
 */

import { AUDIO_URL_SECONDS } from '#core/audio/uploads';
import {
  type CardFile,
  CONTACT_FILE_TYPE,
  contactMissing,
  EVENT_FILE_TYPE,
  messageCards,
} from '#core/cards/message-cards';
import { senderTimeZone } from '#core/cards/sender-time-zone';
import { NotFoundError } from '#core/errors';
import type { Message } from '#core/messages/message';
import { MESSAGE_NOT_AVAILABLE, messageLinkUrl, type SharedMessage } from '#core/messages/message-link';
import { linkExpiresAt } from '#core/messages/retention';
import type { SettingsRecord } from '#core/operator/settings';
import { messageCallbackLine, messageNumberUnclear } from '#core/texts/callback-lines';
import { shownUrgency } from '#core/urgency/urgency-words';
import type { AudioStore } from '../ports/audio-store';
import type { Clock } from '../ports/clock';
import type { MessageRepository } from '../ports/message-repository';
import type { SenderPreferencesRepository } from '../ports/sender-preferences';
import type { SettingsRepository } from '../ports/settings-repository';
import { newAccessCode, openByCode } from './access-codes';
import { type EraseMessageDeps, eraseMessage } from './erase-message';
import { currentSettings } from './settings';

/** What a link is read with: the message by its hash, and its lifetime (Settings) against the time now. */
export type LinkReadDeps = {
  readonly messages: Pick<MessageRepository, 'findByLinkHash'>;
  readonly settings: Pick<SettingsRepository, 'get'>;
  readonly clock: Clock;
};

/**
 * A new link to the message for run `attempt` (the message keeps only its hash; an earlier link of the
 * message stops working), or null when a newer run owns the message.
 */
export async function createMessageLink(
  deps: { readonly messages: Pick<MessageRepository, 'attachLink'>; readonly clock: Clock },
  messageId: string,
  attempt: number,
  siteUrl: string,
): Promise<string | null> {
  const { code, hash } = newAccessCode();
  const attached = await deps.messages.attachLink(messageId, hash, attempt, deps.clock());
  return attached ? messageLinkUrl(siteUrl, code) : null;
}

/**
 * The live message a code opens and when its link stops working (epoch seconds); NotFoundError otherwise,
 * past the link's lifetime too, and while message links are off in Settings. The lookup and the settings read happen whatever the code looks like.
 */
async function messageFor(
  deps: LinkReadDeps,
  code: string,
): Promise<{ message: Message; linkExpiresAt: number; settings: SettingsRecord }> {
  const [{ found }, settings] = await Promise.all([
    openByCode(code, (hash) => deps.messages.findByLinkHash(hash), MESSAGE_NOT_AVAILABLE),
    currentSettings(deps),
  ]);
  // Links turned off in Settings end the links already sent too (issue 31), checked on every read.
  if (!settings.message_link_enabled) throw new NotFoundError(MESSAGE_NOT_AVAILABLE);
  const { message, expiresAt, linkMadeAt } = found;
  // A link made before links kept their time is as old as its message.
  const until = linkExpiresAt(linkMadeAt ?? message.created_at, settings.message_link_days, expiresAt);
  if (Date.parse(deps.clock()) >= until * 1000) throw new NotFoundError(MESSAGE_NOT_AVAILABLE);
  return { message, linkExpiresAt: until, settings };
}

/**
 * What the page shows: the summary, the full transcript and its words, when it arrived, its language,
 * whether audio is kept. A message shown as likely spam has no callback line, no unclear number and no cards.
 */
export async function readMessageLink(deps: LinkCardDeps, code: string): Promise<SharedMessage> {
  const { message, linkExpiresAt: until, settings } = await messageFor(deps, code);
  const { cards, zone } = await cardsOf(deps, message, settings);
  return {
    summary: message.summary,
    // None of either for likely spam (issue 31), and no cards: nothing to act on from a scam.
    callback: messageCallbackLine(message),
    number_unclear: messageNumberUnclear(message),
    transcript: message.transcript,
    words: message.transcript_words ?? null,
    received_at: message.created_at,
    urgency: shownUrgency(message),
    language: message.language ?? null,
    has_audio: Boolean(message.audio_url),
    expires_at: new Date(until * 1000).toISOString(),
    cards: {
      contact: cards.contact !== null,
      event:
        cards.event === null
          ? null
          : {
              title: cards.event.title,
              starts_at: cards.event.startsAt,
              all_day: cards.event.allDay,
              due_at: cards.event.dueAt,
              time_zone: zone,
            },
      no_event: cards.noEvent,
    },
  };
}

/** The page's links read the message's cards too: in the sender's zone (their TZ, area code, or the default). */
export type LinkCardDeps = LinkReadDeps & {
  readonly preferences: Pick<SenderPreferencesRepository, 'get'>;
};

async function cardsOf(deps: LinkCardDeps, message: Message, settings: SettingsRecord) {
  const chosen = (await deps.preferences.get(message.sender))?.time_zone;
  const { zone } = senderTimeZone(message.sender, chosen, settings.default_time_zone);
  return { cards: messageCards(message, { timeZone: zone }), zone };
}

/**
 * "Add to contacts" / "Add to calendar": the message's card as a file to download, or a 404 saying there is
 * none (the same 404 as the page for a code that opens nothing).
 */
export async function messageLinkCard(
  deps: LinkCardDeps,
  code: string,
  which: 'contact' | 'event',
): Promise<CardFile & { readonly contentType: string }> {
  const { message, settings } = await messageFor(deps, code);
  const { cards, zone } = await cardsOf(deps, message, settings);
  const card = cards[which];
  if (card === null) {
    // The event's reason is the one the page gives (issue 32): "none was heard well enough" was said of
    // times that were heard well and not read as a time to keep.
    throw new NotFoundError(
      which === 'contact'
        ? (contactMissing(message, { timeZone: zone }) ?? 'This message has no caller to save.')
        : (cards.noEvent ?? 'This message has no time to put in a calendar.'),
    );
  }
  const contentType = which === 'contact' ? CONTACT_FILE_TYPE : EVENT_FILE_TYPE;
  return { filename: card.filename, body: card.body, contentType };
}

/** A link to the message's audio that works for a few minutes, made when the person presses play. */
export async function messageLinkAudio(
  deps: LinkReadDeps & { readonly audio: Pick<AudioStore, 'presignGet'> },
  code: string,
): Promise<{ url: string }> {
  const { message } = await messageFor(deps, code);
  if (!message.audio_url) {
    throw new NotFoundError('The audio of this message is no longer kept; its transcript is below.');
  }
  return { url: await deps.audio.presignGet(message.audio_url, AUDIO_URL_SECONDS) };
}

/** "Delete this message": erases it as the sender's DELETE text does (audio, media, message and link). */
export async function deleteByLink(deps: LinkReadDeps & EraseMessageDeps, code: string): Promise<void> {
  const { message } = await messageFor(deps, code);
  await eraseMessage(deps, message);
}
