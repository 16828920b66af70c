/**
 * The shape of one entry of the webhook's table of texted commands (command-table.ts): the command's pure
 * half (core/commands: its words, its parser, where HELP names it), its turn beside the voice messages sent
 * with it, and its answer, which declares the narrow deps it uses.
 */
import type { AskedOf, CommandName, CommandNamed } from '#core/commands/texted-commands';
import type { TextLanguage } from '#core/texts/catalogue';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';
import type { VoiceAttachment } from '../inbound/voice';
import { type OutboundSmsDeps, sendTextOrLog, type TextKind } from '../outbound-sms';
import { type PreferencesReader, senderLanguage } from '../sender-language';

/** An inbound text as a command's answer reads it. */
export type AskedText = {
  readonly from: string;
  /** Twilio's MessageSid: a YES's proof in the consent record, and the id of what is refused. */
  readonly sid: string;
  readonly body: string | undefined;
  /** Every attachment that came with it (voice messages or not). */
  readonly media: readonly VoiceAttachment[];
};

/**
 * When a text is answered, beside the voice messages that came with it:
 * - `before-anything`: at once, on every delivery of the webhook, and nothing that came with it is kept (STOP);
 * - `instead-of-voice`: once per MessageSid, and the voice messages are not kept (DELETE erases; it adds nothing);
 * - `after-voice`: once per MessageSid, after the voice messages are received;
 * - `unless-voice`: once per MessageSid, and only when no voice message came (a text that asks for nothing is
 *   no question beside one).
 */
export type AnswerTurn = 'before-anything' | 'instead-of-voice' | 'after-voice' | 'unless-voice';

/** A command's entry: its pure half, its turn, and its answer (what the webhook reports it did). */
export type CommandEntry<Name extends CommandName, Deps, Action extends string> = {
  readonly command: CommandNamed<Name>;
  readonly turn: AnswerTurn;
  readonly answer: (deps: Deps, text: AskedText, asked: AskedOf<Name>) => Promise<Action>;
};

/** What a command's answer texts with: the outbound gate, and where a text not sent is logged. */
export type ReplyDeps = OutboundSmsDeps & {
  readonly warn: (message: string, details?: Record<string, unknown>) => void;
};

/** Texts the sender an answer through the gate; never throws (a refusal or a failure is logged). */
export async function replyTo(deps: ReplyDeps, to: string, body: string, kind: TextKind) {
  return sendTextOrLog(deps, { to, body, kind, messageId: null });
}

/** Texts the sender an answer that `write` words in their language (their LANG when the catalogue has it). */
export async function replyInTheirLanguage(
  deps: ReplyDeps & { readonly preferences: PreferencesReader },
  to: string,
  kind: TextKind,
  write: (language: TextLanguage) => string,
) {
  return replyTo(deps, to, write(await senderLanguage(deps.preferences, to)), kind);
}

/**
 * What a command that shows and changes one of the sender's choices uses (LANG, MODE, CARDS, SPELL, TZ): the
 * gate, their preferences (read and written), and the service's name its answers open with.
 */
export type SenderChoiceDeps = ReplyDeps & {
  readonly preferences: Pick<SenderPreferencesRepository, 'get' | 'update'>;
  readonly serviceName: string;
};
