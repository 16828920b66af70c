/**
 * UPLOAD by text: a one-hour link to a page where the sender uploads a recording too big for MMS
 * (use-cases/upload-link.ts), at most `upload_links_per_number_per_day` a UTC day (Settings); past it, a text
 * saying when to ask again. A link counts when it is made, texted or not.
 */
import { UPLOAD } from '#core/commands/upload';
import { UPLOAD_LINK_TEXT } from '#core/texts/service-texts';
import type { UploadCodeStore } from '../../ports/short-lived-codes';
import { type PreferencesReader, senderLanguage } from '../sender-language';
import { currentSettings } from '../settings';
import { createUploadLink } from '../upload-link';
import { takeDailyCommand } from './daily-commands';
import { type AskedText, type CommandEntry, type ReplyDeps, replyTo } from './text-command';

/** What UPLOAD uses: the pending links and the site they are on, the LANG, the gate and its daily count. */
export type UploadCommandDeps = ReplyDeps & {
  readonly preferences: PreferencesReader;
  readonly uploadCodes: UploadCodeStore;
  readonly serviceName: string;
  /** The site the link is on. */
  readonly siteUrl: string;
};

/** UPLOAD's entry: answered after the voice messages sent with it. */
export const uploadCommand: CommandEntry<'UPLOAD', UploadCommandDeps, 'upload'> = {
  command: UPLOAD,
  turn: 'after-voice',
  answer: answerUpload,
};

/** UPLOAD: a new link texted, within the number's links a day. */
async function answerUpload(deps: UploadCommandDeps, { from }: AskedText): Promise<'upload'> {
  const language = await senderLanguage(deps.preferences, from);
  const perDay = (await currentSettings(deps)).upload_links_per_number_per_day;
  const allowance = await takeDailyCommand(deps, 'upload-link', from, perDay);
  // Kept before it is sent, so the link works the moment it arrives; one the gate refuses expires unused.
  const body = allowance.taken
    ? UPLOAD_LINK_TEXT(deps.serviceName, (await createUploadLink(deps, from, deps.siteUrl)).url, language)
    : allowance.refusal(language);
  await replyTo(deps, from, body, 'upload-link');
  return 'upload';
}
