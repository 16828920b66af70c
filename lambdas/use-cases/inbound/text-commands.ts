/**
 * What a text asks for: STOP (a keyword or the sender's own words), START, HELP, DELETE, and a how-to (at
 * most one a day) for anything else, or for an attachment that is not audio.
 */
import { dayWindow } from '../../core/day-window';
import type { classifyInboundText } from '../../core/keywords';
import {
  DELETED_TEXT,
  HELP_TEXT,
  OPT_IN_CONFIRMATION,
  OPT_OUT_CONFIRMATION,
  UNSUPPORTED_MEDIA_TEXT,
  USAGE_TEXT,
} from '../../core/reply';
import type { AudioStore } from '../../ports/audio-store';
import type { Providers } from '../../ports/providers';
import { eraseMessage } from '../erase-message';
import type { MessageChangeDeps } from '../message-changes';
import { type OutboundSmsDeps, sendTextOrLog, type TextKind } from '../outbound-sms';

/** What answering a text uses: the opt-outs, the sender's messages and audio (DELETE), and the gate. */
export type TextCommandDeps = MessageChangeDeps &
  OutboundSmsDeps & {
    readonly audio: AudioStore;
    readonly providers: Pick<Providers, 'smsSender' | 'mediaFetcher'>;
    readonly serviceName: string;
    readonly contactEmail: string;
    readonly warn: (message: string, details?: Record<string, unknown>) => void;
  };

/** What a text was taken for (`voice`: its audio is the message, the text asks for nothing). */
export type TextAnswer = 'delete' | 'opt-in' | 'help' | 'usage' | 'unsupported-media' | 'voice';

/** Texts the sender (a keyword's answer, a how-to) through the gate; never throws. */
async function replyTo(deps: TextCommandDeps, to: string, body: string, kind: TextKind) {
  await sendTextOrLog(deps, { to, body, kind, messageId: null });
}

/**
 * An opt-out, honoured whatever comes with it: recorded, and only the own-words kind ("please stop texting
 * me") is confirmed, once (Twilio confirms its keywords itself).
 */
export async function honourOptOut(
  deps: TextCommandDeps,
  from: string,
  kind: 'opt-out' | 'revocation',
): Promise<void> {
  const alreadyOut = (await deps.optOuts.get(from)) !== null;
  await deps.optOuts.optOut(from, deps.clock());
  if (kind === 'revocation' && !alreadyOut) {
    await replyTo(deps, from, OPT_OUT_CONFIRMATION, 'opt-out-confirmation');
  }
}

/** The text part of an inbound message: a keyword's answer, or a how-to (at most one a day). */
export async function answerText(
  deps: TextCommandDeps,
  from: string,
  kind: ReturnType<typeof classifyInboundText>,
  media: readonly unknown[],
  audio: readonly unknown[],
): Promise<TextAnswer> {
  switch (kind) {
    case 'delete':
      await eraseSender(deps, from);
      return 'delete';
    case 'opt-in':
      await deps.optOuts.optIn(from);
      await replyTo(deps, from, OPT_IN_CONFIRMATION, 'opt-in-confirmation');
      return 'opt-in';
    case 'help':
      await replyTo(deps, from, HELP_TEXT(deps.serviceName, deps.contactEmail), 'help');
      return 'help';
    default: {
      if (audio.length > 0) return 'voice';
      const action = media.length > 0 ? 'unsupported-media' : 'usage';
      const { day, expires } = dayWindow(deps.clock());
      if (await deps.counters.take(`howto#${from}#${day}`, 1, expires)) {
        const howTo = action === 'usage' ? USAGE_TEXT(deps.serviceName) : UNSUPPORTED_MEDIA_TEXT;
        await replyTo(deps, from, howTo, 'how-to');
      }
      return action;
    }
  }
}

/**
 * DELETE: erases every message of this number (use-cases/erase-message.ts: media at Twilio, audio, then the
 * message and its link) and says how many. The opt-out record stays: it is what keeps a STOP honoured.
 */
async function eraseSender(deps: TextCommandDeps, from: string): Promise<number> {
  const messages = await deps.messages.listBySender(from);
  for (const message of messages) await eraseMessage(deps, message);
  await replyTo(deps, from, DELETED_TEXT(deps.serviceName, messages.length), 'deleted');
  return messages.length;
}
