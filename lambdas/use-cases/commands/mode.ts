/**
 * MODE FULL / MODE SUMMARY: this sender's replies from now on (SendReply follows it over the operator's
 * setting); MODE: the current one, the sender's own or the operator's; anything else: how to use it. A
 * sender on the opt-out list gets no answer, but the choice is still recorded.
 */

import { MODE, type ModeCommand } from '#core/commands/mode';
import { MODE_TEXT, type ModeAnswer } from '#core/texts/service-texts';
import { readSenderChoices } from '../sender-language';
import { currentSettings } from '../settings';
import { type AskedText, type CommandEntry, replyTo, type SenderChoiceDeps } from './text-command';

/** MODE's entry: answered after the voice messages sent with it. */
export const modeCommand: CommandEntry<'MODE', SenderChoiceDeps, 'mode'> = {
  command: MODE,
  turn: 'after-voice',
  answer: answerMode,
};

/** MODE: the reply mode set or shown (the sender's own or the operator's), or how to use it. */
async function answerMode(deps: SenderChoiceDeps, { from }: AskedText, asked: ModeCommand): Promise<'mode'> {
  const { preferences, language } = await readSenderChoices(deps.preferences, from);
  let answer: ModeAnswer;
  if (asked.kind === 'unknown') answer = { kind: 'unknown' };
  else if (asked.kind === 'set') {
    await deps.preferences.update(from, { reply_mode: asked.mode }, deps.clock());
    answer = { kind: 'set', mode: asked.mode };
  } else {
    const own = preferences?.reply_mode ?? null;
    const mode = own ?? (await currentSettings(deps)).reply_mode;
    answer = { kind: 'current', mode, own: own !== null };
  }
  await replyTo(deps, from, MODE_TEXT(deps.serviceName, answer, language), 'mode');
  return 'mode';
}
