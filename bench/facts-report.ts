/**
 * The facts benchmark's section of docs/benchmarks.md: per engine, the facts of the first text right /
 * wrong stated as fact / marked unclear / left out, by kind, by how the number and the name were said and by
 * recording; the share of words the engine doubted; the summary's length against the transcript's; and every
 * wrong fact with the text and the transcript it came from.
 */

import { DOUBTFUL_BELOW } from '#core/transcripts/heard-words';
import {
  FACT_VOICES,
  type FactVoicemail,
  type NameSaid,
  type NumberSaid,
  type Rendering,
} from '../test/support/fact-truth';
import type { FactKind, FactScore, Verdict } from './fact-score';
import { type CallerMeasure, callerMeasureLines } from './facts-callers';
import { provenanceLine } from './report';

export type Shading = { readonly doubtful: number; readonly words: number };

export type Measured = {
  readonly engine: string;
  readonly voicemail: FactVoicemail;
  readonly rendering: Rendering;
  /** The first text the sender got ('' when none). */
  readonly first: string;
  /** How many texts the sender got. */
  readonly texts: number;
  readonly transcript: string;
  readonly summary: string | null;
  readonly error: string | null;
  readonly scores: readonly FactScore[];
  /** Words under DOUBTFUL_BELOW, when the transcription carried per-word confidence. */
  readonly shading: Shading | null;
  /**
   * Who called, as the summarizer proposed it and as the checks stated it (issue 31: every word of a name, role
   * or business heard); absent in runs kept from before it was measured.
   */
  readonly caller?: { readonly proposed: CallerParts | null; readonly stated: CallerParts | null };
  /** The name as heard and the contact card (bench/facts-callers.ts, issue 32); absent in older runs. */
  readonly callers?: CallerMeasure;
};

/** A caller's parts, as proposed or as stated. */
export type CallerParts = {
  readonly name: string | null;
  readonly role: string | null;
  readonly organization: string | null;
};

const CALLER_PARTS = [
  { part: 'name', title: 'names' },
  { part: 'organization', title: 'businesses' },
  { part: 'role', title: 'roles' },
] as const;

/**
 * Per engine, how many of the caller's names, businesses and roles the summarizer proposed, how many the checks
 * stated, and how many of those as proposed (a name may lose its surname; the rest are stated whole or not).
 */
function callerLines(engines: readonly string[], measured: readonly Measured[]): string {
  return engines
    .map((engine) => {
      const runs = measured.filter((m) => m.engine === engine && m.caller !== undefined);
      const parts = CALLER_PARTS.map(({ part, title }) => {
        const proposed = runs.filter((m) => m.caller?.proposed?.[part]?.trim());
        const stated = proposed.filter((m) => m.caller?.stated?.[part]?.trim());
        const whole = stated.filter(
          (m) => m.caller?.stated?.[part]?.trim() === m.caller?.proposed?.[part]?.trim(),
        );
        return `${title} proposed ${proposed.length}, stated ${stated.length} (${whole.length} as proposed), withheld ${proposed.length - stated.length}`;
      });
      return `- ${engine} (${runs.length} voicemails): ${parts.join(' · ')}`;
    })
    .join('\n');
}

const KINDS: readonly { kind: FactKind; title: string }[] = [
  { kind: 'name', title: 'Names' },
  { kind: 'number', title: 'Callback numbers' },
  { kind: 'amount', title: 'Amounts and digits' },
  { kind: 'time', title: 'Days and times' },
];
const VERDICTS: readonly Verdict[] = ['right', 'wrong', 'unclear', 'left out'];

const count = (scores: readonly FactScore[], verdict: Verdict) =>
  scores.filter((s) => s.verdict === verdict).length;

/** "12 / 3 / 0 / 5": right / wrong / unclear / left out. */
function cells(scores: readonly FactScore[]): string {
  return VERDICTS.map((verdict) => String(count(scores, verdict))).join(' / ');
}

function kindTable(engines: readonly string[], measured: readonly Measured[]): string {
  const rows: string[] = [];
  for (const engine of engines) {
    const of = measured.filter((m) => m.engine === engine).flatMap((m) => m.scores);
    for (const { kind, title } of [...KINDS, { kind: null, title: '**All**' }]) {
      const scores = kind === null ? of : of.filter((s) => s.kind === kind);
      const wrong = count(scores, 'wrong');
      const invented = scores.filter((s) => s.invented).length;
      const wrongCell = `${wrong === 0 ? '0' : `**${wrong}**`}${invented ? ` (${invented} invented)` : ''}`;
      rows.push(
        `| ${engine} | ${title} | ${scores.length - invented} | ${count(scores, 'right')} | ${wrongCell} | ${count(scores, 'unclear')} | ${count(scores, 'left out')} |`,
      );
    }
  }
  return [
    '| Engine | Facts | Said | Right | Wrong stated as fact | Marked unclear | Left out |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

/** Rows of `groups`, a cell per engine: right / wrong / unclear / left out of the facts in the group. */
function groupTable(
  head: string,
  engines: readonly string[],
  groups: readonly { label: string; of: (m: Measured) => boolean }[],
  scoresOf: (m: Measured) => readonly FactScore[],
  measured: readonly Measured[],
): string {
  const rows = groups.map(({ label, of }) => {
    const row = engines.map((engine) =>
      cells(measured.filter((m) => m.engine === engine && of(m)).flatMap(scoresOf)),
    );
    const voicemails = measured.filter((m) => m.engine === engines[0] && of(m)).length;
    return `| ${label} | ${voicemails} | ${row.join(' | ')} |`;
  });
  return [
    `| ${head} | Voicemails | ${engines.map((e) => `${e}: right / wrong / unclear / left out`).join(' | ')} |`,
    `|---|---:|${engines.map(() => '---').join('|')}|`,
    ...rows,
  ].join('\n');
}

const NUMBER_WAYS: readonly NumberSaid[] = [
  'digit by digit',
  'oh for zero',
  'eight hundred',
  'five hundred',
  'twice, the same',
  'twice, differently',
  'with an extension',
  'my direct line is',
  'none',
];
const NAME_WAYS: readonly NameSaid[] = ['this is', "it's", 'my name is', 'not introduced', 'none'];

function percent(shading: Shading | null): string {
  if (shading === null) return 'n.a.';
  if (shading.words === 0) return '0 words';
  return `${shading.doubtful} of ${shading.words} words (${((100 * shading.doubtful) / shading.words).toFixed(1)}%)`;
}

function sum(shadings: readonly (Shading | null)[]): Shading | null {
  const known = shadings.filter((s): s is Shading => s !== null);
  if (known.length === 0) return null;
  return known.reduce((a, b) => ({ doubtful: a.doubtful + b.doubtful, words: a.words + b.words }));
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!;
};

function lengthLines(engines: readonly string[], measured: readonly Measured[]): string {
  return engines
    .map((engine) => {
      const of = measured.filter((m) => m.engine === engine && m.summary !== null && m.transcript !== '');
      const long = of.filter((m) => m.summary!.length >= m.transcript.length);
      const ratio = median(of.map((m) => m.summary!.length / m.transcript.length));
      const texts = measured.filter((m) => m.engine === engine).map((m) => m.texts);
      const failed = measured.filter((m) => m.engine === engine && m.error !== null);
      const shortOnes = long.map(
        (m) => `${m.voicemail.id} (${m.summary!.length} against ${m.transcript.length})`,
      );
      return `- ${engine}: summary as long as the transcript or longer in **${long.length} of ${of.length}** voicemails${shortOnes.length ? ` (${shortOnes.join(', ')})` : ''}; median summary/transcript length ${ratio.toFixed(2)}; texts sent per voicemail: median ${median(texts)}, most ${Math.max(...texts)}; runs that failed: ${failed.length}${failed.length ? ` (${failed.map((m) => `${m.voicemail.id}: ${m.error!.split(':')[0]}`).join(', ')})` : ''}.`;
    })
    .join('\n');
}

const code = (text: string) => `\`${text.replace(/\n/g, ' ⏎ ').replace(/`/g, "'")}\``;

/** A run of the benchmark: what the section is made from (kept as JSON, so it can be scored again). */
export type FactsRun = {
  readonly section: 'before' | 'after';
  /** The machine and time it ran (report.ts's machine line). */
  readonly machine: string;
  readonly commit: string;
  readonly engines: readonly string[];
  readonly measured: readonly Measured[];
  readonly human: Readonly<Record<string, Shading | null>>;
  readonly humanSource: string;
};

export function factsSection(input: FactsRun): string {
  const { engines, measured } = input;
  const voicemails = new Set(measured.map((m) => m.voicemail.id)).size;
  const clean16 = (m: Measured) => m.rendering.band === 'wav-16k' && m.rendering.noiseSnrDb === null;
  const shadingLines = engines.map((engine) => {
    const of = measured.filter((m) => m.engine === engine);
    return `- ${engine}: human speech (${input.humanSource}): ${percent(input.human[engine] ?? null)} · clean 16 kHz synthetic voicemails: ${percent(sum(of.filter(clean16).map((m) => m.shading)))} · all ${voicemails} voicemails: ${percent(sum(of.map((m) => m.shading)))}`;
  });
  const wrongs = measured.flatMap((m) =>
    m.scores
      .filter((s) => s.verdict === 'wrong')
      .map(
        (s) =>
          `- ${m.engine} · ${m.voicemail.id} (${renderingText(m.rendering)}) · **${s.label}**: ${code(m.first)}\n  - transcript: ${code(m.transcript)}`,
      ),
  );
  const title =
    input.section === 'before'
      ? "## Facts in the first text: before issue 24's changes"
      : '## Facts in the first text (issue 24)';
  const command = `${input.section === 'before' ? 'BENCH_FACTS_SECTION=before ' : ''}npm run bench -- facts`;
  return `${title}

${provenanceLine(input.commit, command)}

${input.machine} · ${voicemails} voicemails of test/support/fact-voicemails.ts (${FACT_VOICES.length} voices: flite ${FACT_VOICES.filter((v) => !v.startsWith('espeak')).join(', ')}, espeak-ng ${FACT_VOICES.filter(
    (v) => v.startsWith('espeak'),
  )
    .map((v) => v.slice(7))
    .join(
      ', ',
    )}; in turn 16 kHz WAV, 8 kHz AMR-NB 12.2 kbit/s, each clean and with pink noise at 10 dB SNR), each run through the pipeline's steps as the service runs them and scored on the first text the sender gets (bench/fact-score.ts). "OpenAI (simulated)" is the service's OpenAI adapters against the local fake, which transcribes as Moonshine base heard the clip (with its per-word confidences as log-probabilities, when there are any) and summarizes as the offline summarizer would, the name and organization in their own fields (bench/facts-openai.ts): it measures the OpenAI code path, not OpenAI's models.

A fact is **right** when the text states it as said, **wrong** when the text states something else as fact (a misheard name, a digit off, a number or time the caller never gave: "invented"), **marked unclear** when the text says it is unclear ("unclear" or \`[unclear]\` by it, or "(?)" right after the value as heard) and states no wrong value, **left out** otherwise. Goal: no wrong fact, as few left out as that allows.

${kindTable(engines, measured)}

Callback numbers by how they were said:

${groupTable(
  'Said',
  engines,
  NUMBER_WAYS.map((way) => ({ label: way, of: (m: Measured) => m.voicemail.numberSaid.includes(way) })),
  (m) => m.scores.filter((s) => s.kind === 'number'),
  measured,
)}

Names by how the caller gave them ("none": invented names only):

${groupTable(
  'Given',
  engines,
  NAME_WAYS.map((way) => ({ label: way, of: (m: Measured) => m.voicemail.nameSaid === way })),
  (m) => m.scores.filter((s) => s.kind === 'name'),
  measured,
)}

All facts by recording:

${groupTable(
  'Recording',
  engines,
  [
    { label: '16 kHz, clean', of: clean16 },
    {
      label: 'AMR-NB 8 kHz, clean',
      of: (m) => m.rendering.band === 'amr-nb-8k' && m.rendering.noiseSnrDb === null,
    },
    { label: '16 kHz, noise', of: (m) => m.rendering.band === 'wav-16k' && m.rendering.noiseSnrDb !== null },
    {
      label: 'AMR-NB 8 kHz, noise',
      of: (m) => m.rendering.band === 'amr-nb-8k' && m.rendering.noiseSnrDb !== null,
    },
  ],
  (m) => m.scores,
  measured,
)}

Words shaded (confidence under DOUBTFUL_BELOW = ${DOUBTFUL_BELOW}; n.a.: the transcription carries no per-word confidence):

${shadingLines.join('\n')}

Summary against transcript (the summary as Summarize stored it):

${lengthLines(engines, measured)}

Who called, as the summarizer proposed it and as the checks stated it (each word heard well, issue 31):

${callerLines(engines, measured)}

Names as heard, and contact cards (issue 32; names listed: in @cspell/dict-people-names):

${callerMeasureLines(engines, measured)}

Every wrong fact, with the first text and the transcript:

${wrongs.length ? wrongs.join('\n') : '- none'}
`;
}

function renderingText(rendering: Rendering): string {
  const band = rendering.band === 'wav-16k' ? '16 kHz' : 'AMR-NB';
  return `${rendering.voice.replace('espeak:', 'espeak ')}, ${band}${rendering.noiseSnrDb === null ? '' : `, noise ${rendering.noiseSnrDb} dB`}`;
}
