/**
 * What turning a recording into a message needs (use-cases/inbound/receive-upload.ts), for the dashboard's
 * test upload and an UPLOAD link's page: the message writes, the audio store and tools, the settings, the
 * pipeline and the usage counters. No Twilio, opt-outs or SMS counters: an upload texts nobody from here (a
 * phone-number sender gets the pipeline's reply).
 */
import type { UploadDeps } from '../use-cases/inbound/receive-upload';
import { audioStore, audioTools } from './audio';
import { messageChanges, warn } from './message-changes';
import { once } from './once';
import { pipelineStarter } from './pipeline-starter';
import { settingsRepository } from './repositories';
import { usage } from './usage';

export const uploadDeps = once(
  (): UploadDeps => ({
    ...messageChanges(),
    audio: audioStore(),
    audioTools: audioTools(),
    settings: settingsRepository(),
    pipeline: pipelineStarter(),
    usage: usage(),
    warn,
  }),
);
