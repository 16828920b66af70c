/** Transcribe: the transcript goes on the message. */
import { audioStore } from '../../composition/audio';
import { messageChanges } from '../../composition/message-changes';
import { senderPreferencesRepository } from '../../composition/repositories';
import { transcription } from '../../composition/transcription';
import { usage } from '../../composition/usage';
import { transcribe } from '../../use-cases/pipeline/transcribe';
import { pipelineStep } from './step';

export const handler = pipelineStep(
  'transcribe',
  transcribe,
  {
    ...messageChanges(),
    audio: audioStore(),
    preferences: senderPreferencesRepository(),
    providers: transcription(),
    usage: usage(),
  },
  (result, metrics) => {
    if (result.durationSeconds !== null) {
      metrics.addMetric('TranscriptionSeconds', 'Seconds', result.durationSeconds);
    }
  },
);
