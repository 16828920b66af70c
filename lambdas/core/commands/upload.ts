/** UPLOAD answers with a one-hour link to upload a recording too big for MMS (core/audio/upload-link.ts). */
import { keywordParser } from './message-words';
import type { TextedCommand } from './texted-command';

/** The keyword that asks for an upload link (the whole message). */
export const UPLOAD_KEYWORDS = ['UPLOAD'] as const;

/** UPLOAD, the whole message. */
export const UPLOAD = {
  name: 'UPLOAD',
  words: UPLOAD_KEYWORDS,
  parse: keywordParser(UPLOAD_KEYWORDS),
  kind: 'upload',
  help: 'list',
} as const satisfies TextedCommand<'UPLOAD', true, 'upload'>;
