/**
 * Nothing stays stuck in processing: a run that times out and a run stopped by hand each leave their message
 * failed with a readable reason and retryable, on the local runtime (its Step Functions stand-in reports run
 * ends as EventBridge does in AWS). The transcription provider is a local fake of OpenAI made slower than the
 * run's time limit.
 */
import { SFNClient, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionName } from '#core/messages/pipeline-run';
import { RUN_END_REASONS } from '../../lambdas/use-cases/run-ended';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { processAudio, saveSettings, upload, waitForMessage } from '../support/pipeline';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const OPENAI_KEY = 'sk-test-fake-openai-key-stuck-0123456789';
let openai: FakeOpenAi;
let runtime: RunningRuntime;
const clips = new SpeechClips();

beforeAll(async () => {
  openai = await startFakeOpenAi({ apiKey: OPENAI_KEY });
  runtime = await startLocalRuntime({
    env: {
      OPENAI_BASE_URL: openai.baseURL,
      PIPELINE_RETRY_INTERVAL_MS: '50',
      PIPELINE_RUN_TIMEOUT_SECONDS: '8',
    },
  });
  await saveSettings(runtime, { openai_api_key: OPENAI_KEY });
});

afterAll(async () => {
  await runtime?.dispose();
  await openai?.close();
  await clips.dispose();
});

async function uploadClip() {
  const clip = await clips.clip({ sentence: SPEECH_CORPUS[0]!, format: 'wav' });
  const response = await upload(runtime, { bytes: clip.bytes, fileName: 'stuck.wav' });
  expect(response.status).toBe(201);
  return String(response.json.messageId);
}

describe('runs that end without finishing their message', () => {
  it('a run past its time limit: the message is failed, says why, and can be retried', async () => {
    openai.setLatency(60_000);
    const id = await uploadClip();
    const failed = await waitForMessage(runtime, id, ['failed'], 60_000);
    expect(failed.error_message).toBe(RUN_END_REASONS.TIMED_OUT);

    const retry = await processAudio(runtime, failed);
    expect(retry.status).toBe(202);
    expect((await waitForMessage(runtime, id, ['processing'])).attempt).toBe(2);
  });

  it('a run stopped by hand: the message is failed, says why, and can be retried', async () => {
    openai.setLatency(60_000);
    const id = await uploadClip();
    await waitForMessage(runtime, id, ['processing']);
    const sfn = new SFNClient({
      region: 'us-east-1',
      endpoint: runtime.info.stepFunctions.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const arn = `arn:aws:states:us-east-1:000000000000:execution:voice-summary-local:${executionName({ messageId: id, attempt: 1 })}`;
    await sfn.send(new StopExecutionCommand({ executionArn: arn }));
    sfn.destroy();

    const failed = await waitForMessage(runtime, id, ['failed'], 30_000);
    expect(failed.error_message).toBe(RUN_END_REASONS.ABORTED);
    expect((await processAudio(runtime, failed)).status).toBe(202);
  });
});
