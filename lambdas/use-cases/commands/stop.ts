/**
 * STOP, its synonyms, and an opt-out in the sender's own words ("please stop texting me"): honoured before
 * anything else and whatever comes with it (the carrier rules). Recorded, the number's pending UPLOAD links
 * revoked, its forwarding number marked for release after the grace period (issue 33), and only the own-words kind is confirmed, once: Twilio confirms its keywords itself.
 */

import { STOP } from '#core/commands/stop';
import { optOutConfirmation } from '#core/texts/service-texts';
import type { AudioStore } from '../../ports/audio-store';
import type { ForwardingNumberRepository } from '../../ports/forwarding-numbers';
import type { UploadCodeStore } from '../../ports/short-lived-codes';
import { releaseLater } from '../forwarding-numbers';
import type { PreferencesReader } from '../sender-language';
import { revokeUploadLinks } from '../upload-link';
import { type AskedText, type CommandEntry, type ReplyDeps, replyInTheirLanguage } from './text-command';

/** What STOP uses: the opt-outs and the gate, the pending UPLOAD links (and their files), the LANG. */
export type StopDeps = ReplyDeps & {
  readonly uploadCodes: UploadCodeStore;
  readonly audio: AudioStore;
  readonly preferences: PreferencesReader;
  /** Their forwarding number is released after the grace period (use-cases/forwarding-numbers.ts). */
  readonly forwardingNumbers: Pick<ForwardingNumberRepository, 'findBySubscriber' | 'update'>;
};

/** STOP's entry: honoured at once, on every delivery of the webhook. */
export const stopCommand: CommandEntry<'STOP', StopDeps, 'opt-out'> = {
  command: STOP,
  turn: 'before-anything',
  answer: honourOptOut,
};

/** An opt-out, honoured whatever comes with it; confirmed only when in the sender's own words and new. */
async function honourOptOut(
  deps: StopDeps,
  { from }: AskedText,
  kind: 'opt-out' | 'revocation',
): Promise<'opt-out'> {
  const alreadyOut = (await deps.optOuts.get(from)) !== null;
  await deps.optOuts.optOut(from, deps.clock());
  await revokeUploadLinks(deps, from);
  await releaseLater(deps, from);
  if (kind === 'revocation' && !alreadyOut) {
    await replyInTheirLanguage(deps, from, 'opt-out-confirmation', optOutConfirmation);
  }
  return 'opt-out';
}
