/**
 * UPLOAD by text: a one-hour link to a page where the sender uploads a recording too big for MMS
 * (use-cases/upload-link.ts), at most `upload_links_per_number_per_day` a UTC day (Settings); past it, a text
 * saying when to ask again. A link counts when it is made, texted or not.
 */
import { textLanguage } from '#core/texts/catalogue';
import { UPLOAD_LINK_TEXT } from '#core/texts/service-texts';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';
import type { UploadCodeStore } from '../../ports/short-lived-codes';
import { type OutboundSmsDeps, sendTextOrLog } from '../outbound-sms';
import { currentSettings } from '../settings';
import { createUploadLink } from '../upload-link';
import { takeDailyCommand } from './daily-commands';

export type UploadCommandDeps = OutboundSmsDeps & {
  readonly preferences: SenderPreferencesRepository;
  readonly uploadCodes: UploadCodeStore;
  readonly serviceName: string;
  /** The site the link is on. */
  readonly siteUrl: string;
  readonly warn: (message: string, details?: Record<string, unknown>) => void;
};

export async function answerUpload(deps: UploadCommandDeps, from: string): Promise<void> {
  const language = textLanguage((await deps.preferences.get(from))?.language);
  const perDay = (await currentSettings(deps)).upload_links_per_number_per_day;
  const allowance = await takeDailyCommand(deps, 'upload-link', from, perDay);
  // Kept before it is sent, so the link works the moment it arrives; one the gate refuses expires unused.
  const body = allowance.taken
    ? UPLOAD_LINK_TEXT(deps.serviceName, (await createUploadLink(deps, from, deps.siteUrl)).url, language)
    : allowance.refusal(language);
  await sendTextOrLog(deps, { to: from, body, kind: 'upload-link', messageId: null });
}
