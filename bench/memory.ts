/**
 * `npm run bench -- memory` (issue 31): the local runtime's resident memory, every process of `npm start`
 * counted (its process group), as the README states it: idle after start, then while 50 voice messages go
 * through the whole offline pipeline (Moonshine, the local summarizer, the reply to the outbox) five at a
 * time, after each ten, and idle again afterwards. Growth from the first ten to the fiftieth tells a leak from
 * the engine's one-time load. Each message comes from its own number, so no daily limit stops one.
 */
import { LOCAL_ACCOUNT_SID } from '../lambdas/adapters/twilio/local-account';
import { startFakeTwilio } from '../test/support/fake-twilio';
import { startLocalRuntime } from '../test/support/local-runtime';
import { incomingForm, localWebhookToken, postWebhook, waitForMessage } from '../test/support/pipeline';
import { type Clip, SPEECH_CORPUS, SpeechClips } from '../test/support/speech-clips';
import { machineLine, writeSection } from './report';
import { runtimeRss } from './runtime-rss';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50);
const AT_ONCE = 5;
const SETTLE_MS = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchMemory(): Promise<void> {
  const clips = new SpeechClips();
  const runtime = await startLocalRuntime({ via: 'npm' });
  const twilio = await startFakeTwilio({
    accountSid: LOCAL_ACCOUNT_SID,
    authToken: await localWebhookToken(runtime),
  });
  try {
    const voicemails: Clip[] = await Promise.all(
      SPEECH_CORPUS.map((sentence) => clips.clip({ sentence, format: 'm4a' })),
    );
    await pause(SETTLE_MS);
    const idle = await runtimeRss(runtime);
    let peak = idle;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await runtimeRss(runtime));
        await pause(250);
      }
    })();
    const checkpoints: { done: number; rss: number }[] = [];
    const outcomes = new Map<string, number>();
    const started = performance.now();
    for (let done = 0; done < MESSAGES; done += AT_ONCE) {
      await Promise.all(
        Array.from({ length: Math.min(AT_ONCE, MESSAGES - done) }, async (_, k) => {
          const n = done + k;
          const clip = voicemails[n % voicemails.length]!;
          const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
          const from = `+1415555${String(2000 + n).padStart(4, '0')}`;
          const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
          const posted = await postWebhook(runtime, form);
          if (posted.status !== 200) throw new Error(`The webhook answered ${posted.status}`);
          const message = await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
          outcomes.set(message.status, (outcomes.get(message.status) ?? 0) + 1);
        }),
      );
      const finished = Math.min(done + AT_ONCE, MESSAGES);
      if (finished % 10 === 0 || finished === MESSAGES) {
        checkpoints.push({ done: finished, rss: await runtimeRss(runtime) });
      }
    }
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    await pause(SETTLE_MS);
    const after = await runtimeRss(runtime);
    const mb = (value: number) => `${Math.round(value)} MB`;
    const first = checkpoints[0]!;
    const last = checkpoints.at(-1)!;
    await writeSection(
      'memory',
      `## The local runtime's memory, idle and after ${MESSAGES} voice messages (issue 31)

${machineLine()}.

\`npm run bench -- memory\`: \`npm start\` (every process of its group counted: npm, tsx, the runtime, the
DynamoDB stand-in's thread), no OpenAI key and no Twilio account (Moonshine base transcribes, the local
summarizer summarizes, replies go to the outbox). Idle is ${SETTLE_MS / 1000} s after start; then
${MESSAGES} voice messages (four flite voicemails, m4a, each from its own number) through the webhook, ${AT_ONCE}
at a time, each run waited for; memory read after every ten, sampled every 250 ms for the peak, and again
${SETTLE_MS / 1000} s after the last. ${[...outcomes].map(([status, n]) => `${n} ${status}`).join(', ')} in ${seconds.toFixed(0)} s.

| Idle | ${checkpoints.map((c) => `After ${c.done}`).join(' | ')} | Peak | ${SETTLE_MS / 1000} s later |
|---:|${checkpoints.map(() => '---:').join('|')}|---:|---:|
| ${mb(idle)} | ${checkpoints.map((c) => mb(c.rss)).join(' | ')} | ${mb(peak)} | ${mb(after)} |

From the first ten to the ${last.done}th: ${last.rss >= first.rss ? '+' : ''}${mb(last.rss - first.rss)} (${((last.rss / first.rss - 1) * 100).toFixed(0)}%); the speech engine loads with the first message.
`,
    );
  } finally {
    await twilio.close();
    await runtime.dispose();
    await clips.dispose();
  }
}
