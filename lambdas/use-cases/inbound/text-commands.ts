/**
 * What a text asks for: STOP (a keyword or the sender's own words), START, HELP, DELETE (delete-by-text.ts), LANG, MODE, CARDS, SPELL,
 * FULL (sender-commands.ts), and for anything else, or an attachment that is not audio, a how-to (at most one
 * a day) and a record on the dashboard (refused.ts). Every answer is written in the sender's LANG when the
 * catalogue has it (core/texts/catalogue.ts), else in English.
 */

import {
  type classifyInboundText,
  isWholeKeyword,
  parseDeleteCommand,
  parseLangCommand,
} from '#core/commands/keywords';
import { SMS_CONFIRMATION_KEYWORD } from '#core/senders/consent';
import { textLanguage } from '#core/texts/catalogue';
import { supportedLanguage } from '#core/texts/languages';
import {
  DELETED_TEXT,
  HELP_TEXT,
  LANG_TEXT,
  type LangAnswer,
  optInConfirmation,
  optOutConfirmation,
  SMS_CONSENT_CONFIRMED_TEXT,
  type TextLanguage,
} from '#core/texts/service-texts';
import type { AudioStore } from '../../ports/audio-store';
import type { Providers } from '../../ports/providers';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';
import type { SentTextRepository } from '../../ports/sent-text-repository';
import type { CardLinkStore, DeleteCodeStore, UploadCodeStore } from '../../ports/short-lived-codes';
import { eraseMessage } from '../erase-message';
import type { MessageChangeDeps } from '../message-changes';
import { type OutboundSmsDeps, sendTextOrLog, type TextKind } from '../outbound-sms';
import { confirmSmsConsent, type SmsConfirmationDeps } from '../sms-consent';
import { revokeUploadLinks } from '../upload-link';
import { deleteCodeConfirms, sendDeleteCode } from './delete-by-text';
import { type RefusedAction, refuseInbound } from './refused';
import { answerCards, answerFull, answerMode, answerSpell } from './sender-commands';
import { answerTz } from './time-zone-command';
import { answerUpload } from './upload-command';
import type { VoiceAttachment } from './voice';

/** What answering a text uses: the opt-outs, the sender's messages and audio (DELETE), and the gate. */
export type TextCommandDeps = MessageChangeDeps &
  OutboundSmsDeps &
  /** YES confirms the sign-ups waiting for this phone. */
  SmsConfirmationDeps & {
    readonly audio: AudioStore;
    /** What each sender chose by text (LANG, MODE, SPELL): read for the answer's language, written by LANG, erased by DELETE. */
    readonly preferences: SenderPreferencesRepository;
    readonly providers: Pick<Providers, 'smsSender' | 'mediaFetcher'>;
    readonly serviceName: string;
    readonly contactEmail: string;
    /** UPLOAD: the pending links, and the site they are on. */
    readonly uploadCodes: UploadCodeStore;
    readonly siteUrl: string;
    /** FULL's texts are recorded on the message they carry (their SID -> message link). */
    readonly sentTexts: SentTextRepository;
    /** DELETE: each number's pending code. */
    readonly deleteCodes: DeleteCodeStore;
    /** DELETE: the links of its messages' MMS attachments go with them. */
    readonly cardLinks: Pick<CardLinkStore, 'revokeAll'>;
    readonly warn: (message: string, details?: Record<string, unknown>) => void;
  };

/** What a text was taken for (`voice`: its audio is the message, the text asks for nothing). */
export type TextAnswer =
  | 'delete'
  | 'delete-code'
  | 'opt-in'
  | 'help'
  | 'lang'
  | 'mode'
  | 'cards'
  | 'spell'
  | 'tz'
  | 'full'
  | 'upload'
  | RefusedAction
  | 'voice';

/** Texts the sender (a keyword's answer, a how-to) through the gate; never throws. */
async function replyTo(deps: TextCommandDeps, to: string, body: string, kind: TextKind) {
  await sendTextOrLog(deps, { to, body, kind, messageId: null });
}

/** The language of this sender's fixed texts: their LANG choice when the catalogue has it, else English. */
async function languageOf(deps: TextCommandDeps, from: string): Promise<TextLanguage> {
  return textLanguage((await deps.preferences.get(from))?.language);
}

/**
 * An opt-out, honoured whatever comes with it: recorded, the number's pending UPLOAD links revoked, and only
 * the own-words kind ("please stop texting me") is confirmed, once (Twilio confirms its keywords itself).
 */
export async function honourOptOut(
  deps: TextCommandDeps,
  from: string,
  kind: 'opt-out' | 'revocation',
): Promise<void> {
  const alreadyOut = (await deps.optOuts.get(from)) !== null;
  await deps.optOuts.optOut(from, deps.clock());
  await revokeUploadLinks(deps, from);
  if (kind === 'revocation' && !alreadyOut) {
    await replyTo(deps, from, optOutConfirmation(await languageOf(deps, from)), 'opt-out-confirmation');
  }
}

/** The text part of an inbound message: a keyword's answer, or a how-to (at most one a day). */
export async function answerText(
  deps: TextCommandDeps,
  from: string,
  kind: ReturnType<typeof classifyInboundText>,
  media: readonly VoiceAttachment[],
  audio: readonly VoiceAttachment[],
  body: string | undefined,
  /** The text's MessageSid: a YES's proof in the consent record, and the id of what is refused. */
  sid: string,
): Promise<TextAnswer> {
  switch (kind) {
    case 'delete': {
      // DELETE alone asks for a code; only DELETE with that code erases (use-cases/inbound/delete-by-text.ts).
      const command = parseDeleteCommand(body);
      const language = await languageOf(deps, from);
      if (command?.kind !== 'confirm') {
        await sendDeleteCode(deps, from, language);
        return 'delete-code';
      }
      if (!(await deleteCodeConfirms(deps, from, command.code, language))) return 'delete-code';
      await eraseSender(deps, from);
      return 'delete';
    }
    case 'opt-in': {
      // Any opt-in keyword re-subscribes; YES also confirms the sign-ups waiting for it (sms-consent.ts).
      await deps.optOuts.optIn(from);
      const yes = isWholeKeyword(body, SMS_CONFIRMATION_KEYWORD);
      const confirmed = yes ? await confirmSmsConsent(deps, from, sid) : 0;
      const language = await languageOf(deps, from);
      const answer =
        confirmed > 0 ? SMS_CONSENT_CONFIRMED_TEXT(deps.serviceName, language) : optInConfirmation(language);
      await replyTo(deps, from, answer, 'opt-in-confirmation');
      return 'opt-in';
    }
    case 'help': {
      const help = HELP_TEXT(deps.serviceName, deps.contactEmail, await languageOf(deps, from));
      await replyTo(deps, from, help, 'help');
      return 'help';
    }
    case 'lang':
      await answerLang(deps, from, body);
      return 'lang';
    case 'mode':
      await answerMode(deps, from, body);
      return 'mode';
    case 'cards':
      await answerCards(deps, from, body);
      return 'cards';
    case 'spell':
      await answerSpell(deps, from, body);
      return 'spell';
    case 'tz':
      await answerTz(deps, from, body);
      return 'tz';
    case 'full':
      await answerFull(deps, from);
      return 'full';
    case 'upload':
      await answerUpload(deps, from);
      return 'upload';
    default:
      // Audio is the message and the text asks for nothing; anything else is refused, and kept on the record.
      if (audio.length > 0) return 'voice';
      return refuseInbound(deps, { from, sid, body, media });
  }
}

/**
 * LANG xx: replies in that language from now on (answered in it when the catalogue has it); LANG: the current
 * choice; LANG AUTO: each message's own language again (answered in the language just left); a code we do
 * not know: how to use it, and nothing changes.
 */
async function answerLang(deps: TextCommandDeps, from: string, body: string | undefined): Promise<void> {
  const command = parseLangCommand(body);
  const chosen = (await deps.preferences.get(from))?.language ?? null;
  let answer: LangAnswer;
  let language = textLanguage(chosen);
  if (command === null || command.kind === 'current') answer = { kind: 'current', language: chosen };
  else if (command.kind === 'auto') {
    await deps.preferences.update(from, { language: null }, deps.clock());
    answer = { kind: 'auto' };
  } else {
    const code = supportedLanguage(command.code);
    if (code === null) answer = { kind: 'unknown' };
    else {
      await deps.preferences.update(from, { language: code }, deps.clock());
      answer = { kind: 'set', language: code };
      language = textLanguage(code);
    }
  }
  await replyTo(deps, from, LANG_TEXT(deps.serviceName, answer, language), 'lang');
}

/**
 * DELETE with the right code: erases every message of this number (use-cases/erase-message.ts: media at Twilio, audio, then the
 * message and its link; the records of what was refused too), revokes its pending UPLOAD links, and says how many. The sender's preferences (LANG) are erased too; the answer is still in the language they had chosen. The opt-out record stays: it is what
 * keeps a STOP honoured.
 */
async function eraseSender(deps: TextCommandDeps, from: string): Promise<number> {
  const language = await languageOf(deps, from);
  const messages = await deps.messages.listBySender(from);
  for (const message of messages) await eraseMessage(deps, message);
  await revokeUploadLinks(deps, from);
  await deps.preferences.delete(from);
  // The records of what was refused (pictures, other texts) go too, but the answer counts voice messages.
  const voiceMessages = messages.filter((message) => !message.refusal).length;
  await replyTo(deps, from, DELETED_TEXT(deps.serviceName, voiceMessages, language), 'deleted');
  return voiceMessages;
}
