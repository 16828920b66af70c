/**
 * The first message of a reply (issue 18), before and after, in one run: the long voicemails of
 * test/support/voicemails.ts spoken by flite (voices rms and slt) into WAV, transcribed by the offline engine
 * (Moonshine), summarized offline and composed into the first message, by the current code and by the
 * baseline's (BENCH_REPLY_BASELINE, default 7b6bfdc, the commit issue 18 started from; its lambdas/core and
 * extractive summarizer are taken from git and loaded in this process). Per message: characters, segments,
 * and whether it holds the caller's name, the callback number and the time. Goal: every first message within
 * two segments with a link line, holding what the caller said.
 *
 * Run: npm run bench -- reply
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { VoiceSummary } from '#core/facts/summary';
import { composeReply, type ReplyInput } from '#core/texts/service-texts';
import { segmentCount } from '#core/texts/sms-text';
import { summarizeExtractively } from '../lambdas/adapters/extractive/extractive-summarizer';
import { MoonshineTranscriber } from '../lambdas/adapters/offline/moonshine-transcriber';
import { PROJECT_ROOT } from '../lib/constructs/project-function';
import { type FliteVoice, SpeechClips, spokenNumber } from '../test/support/speech-clips';
import { LONG_VOICEMAILS, type Voicemail } from '../test/support/voicemails';
import { machineLine, writeSection } from './report';

const BASELINE = process.env.BENCH_REPLY_BASELINE ?? '7b6bfdc';
const VOICES: readonly FliteVoice[] = ['rms', 'slt'];
/** A link as the link page makes one: CloudFront's domain and a 22-character code. */
const LINK = 'https://d111111abcdef8.cloudfront.net/m/Xk3p9QaZ2mT7vB4nL8wR1c';

type Compose = (input: Omit<ReplyInput, 'mode'>) => string;
type Measured = { chars: number; segments: number; name: boolean; number: boolean; time: boolean };

/** Whether the message holds what the caller said: the first name, the number's digits, the time's word. */
function measure(message: string, voicemail: Voicemail): Measured {
  const digits = message.replace(/\D/g, '');
  const time = voicemail.time;
  return {
    chars: message.length,
    segments: segmentCount(message),
    // The name, and not a word heard after it taken for a surname ("Rebecca Colling", "Tom Blissin").
    name:
      message.includes(voicemail.name) &&
      [...message.matchAll(new RegExp(`${voicemail.name} (\\p{Lu}[\\p{L}']+)`, 'gu'))].every((match) =>
        voicemail.script.includes(`${voicemail.name} ${match[1]}`),
      ),
    number: voicemail.number === null || digits.includes(voicemail.number),
    // "10" is also "ten" as the engine may write it (in words as the transcription bench reads numbers).
    time:
      time === null ||
      (/^\d+$/.test(time)
        ? new RegExp(`(?<![\\d(-])${time}(?![\\d)-])|\\b${spokenNumber(time)}\\b`, 'i')
        : new RegExp(time, 'i')
      ).test(message),
  };
}

/** The baseline's summarizer and reply, from git, in a folder inside the project (so `zod` resolves). */
async function baseline(): Promise<{
  summarize: (t: string) => VoiceSummary;
  compose: Compose;
  dir: string;
}> {
  const dir = fs.mkdtempSync(path.join(PROJECT_ROOT, '.bench-reply-'));
  const archive = execFileSync('git', ['archive', BASELINE, 'lambdas/core', 'lambdas/adapters/extractive'], {
    cwd: PROJECT_ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  const summarizer = await import(path.join(dir, 'lambdas/adapters/extractive/extractive-summarizer.ts'));
  const reply = await import(path.join(dir, 'lambdas/core/reply.ts'));
  return {
    summarize: summarizer.summarizeExtractively,
    compose: (input) => reply.composeReply({ ...input, mode: 'summary_only' })[0],
    dir,
  };
}

const count = (rows: readonly Measured[], key: 'name' | 'number' | 'time') =>
  rows.filter((r) => r[key]).length;
const over = (rows: readonly Measured[]) => rows.filter((r) => r.segments > 2).length;

export async function benchReply(): Promise<void> {
  const clips = new SpeechClips();
  const transcriber = new MoonshineTranscriber();
  const before = await baseline();
  const rows: {
    id: string;
    before: Measured;
    beforeLinked: Measured;
    after: Measured;
    linked: Measured;
    message: string;
    transcript: string;
  }[] = [];
  try {
    for (const voicemail of LONG_VOICEMAILS) {
      for (const voice of VOICES) {
        const sentence = { id: voicemail.id, text: voicemail.script, keyWords: [] };
        const { text } = await transcriber.transcribeWithSignals(
          await clips.clip({ sentence, voice, format: 'wav' }),
        );
        const common = { transcript: text, serviceName: 'Voice Summary' };
        const old = before.compose({ ...common, summary: before.summarize(text) });
        const summary = summarizeExtractively(text);
        const now = composeReply({ ...common, mode: 'summary_only', summary })[0] ?? '';
        const linked = composeReply({ ...common, mode: 'summary_only', summary, link: LINK })[0] ?? '';
        rows.push({
          id: `${voicemail.id} (${voice})`,
          before: measure(old, voicemail),
          // The baseline had no link: its first message with the link added as a line of its own.
          beforeLinked: measure(`${old}\n${LINK}`, voicemail),
          after: measure(now, voicemail),
          linked: measure(linked, voicemail),
          message: linked,
          transcript: text,
        });
        console.log(`${voicemail.id} ${voice}: ${text}\n  -> ${linked.replace(/\n/g, ' | ')}`);
      }
    }
  } finally {
    await clips.dispose();
    fs.rmSync(before.dir, { recursive: true, force: true });
  }

  const mark = (ok: boolean) => (ok ? 'yes' : '**no**');
  const cell = (m: Measured) => `${m.chars} / ${m.segments}`;
  const holds = (m: Measured) => `${mark(m.name)} · ${mark(m.number)} · ${mark(m.time)}`;
  type Key = 'before' | 'beforeLinked' | 'after' | 'linked';
  const all = (key: Key) => rows.map((row) => row[key]);
  const summaryLine = (key: Key) =>
    `${over(all(key))} of ${rows.length} over two segments; name ${count(all(key), 'name')}, number ${count(all(key), 'number')}, time ${count(all(key), 'time')} of ${rows.length}`;
  const markdown = `## The first message of a long voicemail (issue 18)

${machineLine()} · ${LONG_VOICEMAILS.length} voicemails of 20-30 s (test/support/voicemails.ts) spoken by
flite (${VOICES.join(', ')}), transcribed by Moonshine ${transcriber.model.size}, summarized offline (no OpenAI key) · before:
\`${BASELINE}\`'s summarizer and reply; after: this branch, without and with a link line (${LINK.length}
characters). "Holds" is the caller's first name (with no word heard after it taken for a surname) · the
callback number's digits · the time's word, when said.

- **Before**: ${summaryLine('before')}.
- **Before, with the link added as a line**: ${summaryLine('beforeLinked')}.
- **After**: ${summaryLine('after')}.
- **After, with the link line**: ${summaryLine('linked')}.

| Voicemail | Before: chars / segments | Before + link | Before holds | After: chars / segments | After + link | After holds |
|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.id} | ${cell(r.before)} | ${cell(r.beforeLinked)} | ${holds(r.before)} | ${cell(r.after)} | ${cell(r.linked)} | ${holds(r.linked)} |`).join('\n')}

The first messages with the link, as sent, and for a row with a **no** after, what the engine wrote (what
it lost cannot come back):

${rows
  .map((r) => {
    const lost = !(r.linked.name && r.linked.number && r.linked.time);
    return `- ${r.id}: \`${r.message.replace(/\n/g, ' ⏎ ')}\`${lost ? `\n  - transcript: "${r.transcript}"` : ''}`;
  })
  .join('\n')}`;
  await writeSection('reply', markdown);
  console.log(markdown);
}
