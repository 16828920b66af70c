/** PrepareAudio: the audio stored, checked and, when needed, converted. */
import { audioStore, audioTools } from '../../composition/audio';
import { mediaFetching } from '../../composition/media';
import { messageChanges } from '../../composition/message-changes';
import { openAiKeySaved } from '../../composition/provider-choice';
import { settingsRepository } from '../../composition/repositories';
import { secretStore } from '../../composition/secrets';
import { prepareAudio } from '../../use-cases/pipeline/prepare-audio';
import { pipelineStep } from './step';

// Only whether an OpenAI key is saved matters here (OpenAI refuses some formats, which are converted first).
const openAiSecret = secretStore(['openai_api_key']);

export const handler = pipelineStep('prepare-audio', prepareAudio, {
  ...messageChanges(),
  audio: audioStore(),
  audioTools: audioTools(),
  settings: settingsRepository(),
  providers: { ...mediaFetching(), transcribesWithOpenAi: () => openAiKeySaved(openAiSecret) },
});
