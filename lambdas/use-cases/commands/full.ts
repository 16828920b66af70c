/**
 * FULL: the transcript of this sender's latest voice message that has one (one still being processed is
 * skipped), as numbered texts through the gate; the first refused text stops the rest (a STOP, a segment cap,
 * the service's budget). At most `full_per_number_per_day` a UTC day (Settings): past it, a text saying when
 * to ask again; a FULL whose first text the gate refused sent nothing and is not counted. None: a text saying
 * so. Each text sent is recorded on that message (its SID and segments), so the card and usage follow its
 * delivery and the message's cost counts it.
 */
import { FULL } from '#core/commands/full';
import type { Message } from '#core/messages/message';
import { textLanguage } from '#core/texts/catalogue';
import { composeTranscriptTexts, FULL_NONE_TEXT } from '#core/texts/service-texts';
import { withAccentedLetters } from '#core/texts/sms-text';
import type { MessageRepository } from '../../ports/message-repository';
import { recordSentText, type SentTextDeps } from '../delivery-status';
import { sendTextOrLog } from '../outbound-sms';
import { type PreferencesReader, readSenderChoices } from '../sender-language';
import { currentSettings } from '../settings';
import { takeDailyCommand } from './daily-commands';
import { type AskedText, type CommandEntry, type ReplyDeps, replyTo } from './text-command';

/**
 * What FULL uses: the sender's messages (whose texts are recorded on the message they carry, so their
 * delivery is followed like the reply's), the LANG, the gate and its daily count, the service's name.
 */
export type FullDeps = ReplyDeps &
  SentTextDeps & {
    readonly preferences: PreferencesReader;
    readonly messages: Pick<MessageRepository, 'listBySender'>;
    readonly serviceName: string;
  };

/** FULL's entry: answered after the voice messages sent with it. */
export const fullCommand: CommandEntry<'FULL', FullDeps, 'full'> = {
  command: FULL,
  turn: 'after-voice',
  answer: answerFull,
};

async function answerFull(deps: FullDeps, { from }: AskedText): Promise<'full'> {
  await textTranscript(deps, from);
  return 'full';
}

/** Texts the transcript of `from`'s latest transcribed message, within the day's FULLs. */
async function textTranscript(deps: FullDeps, from: string): Promise<void> {
  const { preferences, language } = await readSenderChoices(deps.preferences, from);
  const latest = latestTranscribed(await deps.messages.listBySender(from));
  if (latest === null) {
    await replyTo(deps, from, FULL_NONE_TEXT(deps.serviceName, language), 'full-transcript');
    return;
  }
  const settings = await currentSettings(deps);
  const allowance = await takeDailyCommand(deps, 'full', from, settings.full_per_number_per_day);
  if (!allowance.taken) {
    await replyTo(deps, from, allowance.refusal(language), 'full-transcript');
    return;
  }
  const transcript = latest.transcript ?? '';
  const texted = withAccentedLetters(transcript, settings.accented_letters);
  // The transcript's own words are in the message's language unless the sender chose one.
  const texts = composeTranscriptTexts(
    texted,
    textLanguage(preferences?.language, latest.language),
    latest.stated_facts ?? null,
  );
  for (const [index, body] of texts.entries()) {
    const outcome = await sendTextOrLog(deps, {
      to: from,
      body,
      kind: 'full-transcript',
      messageId: latest.id,
    });
    if (outcome?.status !== 'sent') {
      if (index === 0) await allowance.giveBack();
      return;
    }
    await recordSentText(deps, {
      messageId: latest.id,
      sid: outcome.smsId,
      kind: 'full-transcript',
      index,
      body,
      attempt: latest.attempt ?? 1,
    });
  }
}

/** The newest message with a transcript, or null. */
function latestTranscribed(messages: readonly Message[]): Message | null {
  let latest: Message | null = null;
  for (const message of messages) {
    if (message.transcript === null || message.transcript === undefined) continue;
    if (latest === null || message.created_at > latest.created_at) latest = message;
  }
  return latest;
}
