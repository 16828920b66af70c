/** The urgency benchmark's section of docs/benchmarks.md (bench/urgency.ts measures). */
import type { UrgencyLevel } from '#core/urgency/urgency-schema';
import { type Rendering, renderingLabel } from '../test/support/fact-truth';
import { EXPECTED_LEVEL, type UrgencyLabel, type UrgencyVoicemail } from '../test/support/urgency-voicemails';
import { provenanceLine } from './report';

/** One voicemail through one engine: the level the pipeline gave it, and what the model proposed. */
export type Judged = {
  readonly voicemail: UrgencyVoicemail;
  readonly rendering: Rendering;
  readonly engine: string;
  /** null: the run failed before Summarize. */
  readonly level: UrgencyLevel | null;
  readonly reason: string;
  readonly source: 'rules' | 'model' | 'meaning' | null;
  /** The summary model's own level, before the rules checked it (null offline). */
  readonly proposed: UrgencyLevel | null;
  readonly transcript: string;
  /** The words the engine doubted (under DOUBTFUL_BELOW), which the rules do not count. */
  readonly doubted: readonly string[];
  readonly first: string;
  readonly error: string | null;
};

export type UrgencyRun = {
  readonly machine: string;
  readonly commit: string;
  readonly engines: readonly string[];
  readonly judged: readonly Judged[];
  /** The held-out set's (test/support/urgency-heldout.ts), reported in its own tables; empty: not run. */
  readonly heldOut: readonly Judged[];
  /** The fresh held-out set's (test/support/urgency-fresh.ts), in its own tables too; empty: not run. */
  readonly fresh: readonly Judged[];
  /** Issue 32's new phrasings (test/support/urgency-fresh-voicemails.ts), in their own tables; empty: not run. */
  readonly phrasings?: readonly Judged[];
  readonly minutes: number;
  /** What the second opinion by meaning cost offline (bench/urgency-opinion-cost.ts), when it was measured. */
  readonly opinionCost?: string;
};

const LABELS: readonly UrgencyLabel[] = ['urgent', 'routine', 'robocall', 'scam'];
const LEVELS: readonly UrgencyLevel[] = ['urgent', 'normal', 'likely_spam'];
const LEVEL_NAMES: Readonly<Record<UrgencyLevel, string>> = {
  urgent: 'urgent',
  normal: 'normal',
  likely_spam: 'likely spam',
};

/** Rows by label, columns by level (and "failed"): how many of each label got each level. */
function confusion(rows: readonly { label: UrgencyLabel; level: UrgencyLevel | null }[]): string {
  const failed = rows.some((row) => row.level === null);
  const head = `| labelled \\ given | ${LEVELS.map((level) => LEVEL_NAMES[level]).join(' | ')}${failed ? ' | failed' : ''} | right |`;
  const rule = `|---|${LEVELS.map(() => '---:').join('|')}${failed ? '|---:' : ''}|---:|`;
  const lines = LABELS.map((label) => {
    const ofLabel = rows.filter((row) => row.label === label);
    const cells = LEVELS.map((level) => {
      const count = ofLabel.filter((row) => row.level === level).length;
      return level === EXPECTED_LEVEL[label] ? `**${count}**` : String(count);
    });
    const right = ofLabel.filter((row) => row.level === EXPECTED_LEVEL[label]).length;
    const none = ofLabel.filter((row) => row.level === null).length;
    return `| ${label} (${ofLabel.length}) | ${cells.join(' | ')}${failed ? ` | ${none}` : ''} | ${right} of ${ofLabel.length} |`;
  });
  return [head, rule, ...lines].join('\n');
}

/** The mistakes that matter, counted: urgent marked normal (or hidden as spam), normal marked urgent... */
function mistakes(rows: readonly { label: UrgencyLabel; level: UrgencyLevel | null }[]): string {
  const count = (labels: readonly UrgencyLabel[], level: UrgencyLevel) =>
    rows.filter((row) => labels.includes(row.label) && row.level === level).length;
  const of = (labels: readonly UrgencyLabel[]) => rows.filter((row) => labels.includes(row.label)).length;
  const spam: UrgencyLabel[] = ['robocall', 'scam'];
  return [
    `urgent marked normal (the costly mistake): **${count(['urgent'], 'normal')} of ${of(['urgent'])}**`,
    `urgent marked likely spam (its text hidden behind one line): ${count(['urgent'], 'likely_spam')} of ${of(['urgent'])}`,
    `normal marked urgent: **${count(['routine'], 'urgent')} of ${of(['routine'])}**`,
    `normal marked likely spam: ${count(['routine'], 'likely_spam')} of ${of(['routine'])}`,
    `robocall or scam marked urgent (a scam's fake urgency believed): ${count(spam, 'urgent')} of ${of(spam)}`,
    `robocall or scam marked normal: ${count(spam, 'normal')} of ${of(spam)}`,
  ].join('; ');
}

/** The voicemails an engine got wrong, with what it heard (cut at `cut` characters). */
function wrongOnes(judged: readonly Judged[], cut: number): string[] {
  return judged
    .filter((j) => j.level !== EXPECTED_LEVEL[j.voicemail.label])
    .map((j) => {
      const given =
        j.level === null
          ? `failed (${j.error})`
          : `${LEVEL_NAMES[j.level]}${j.reason ? ` (${j.reason})` : ''}`;
      const heard = j.transcript.length > cut ? `${j.transcript.slice(0, cut - 3)}...` : j.transcript;
      const doubted = j.doubted.length === 0 ? '' : ` Doubted: ${j.doubted.join(' ')}.`;
      return `- ${j.voicemail.id} (${j.voicemail.label}; ${renderingLabel(j.rendering)}), ${j.engine}: ${given}. Heard: "${heard}"${doubted}`;
    });
}

/** A set's count by label: "10 urgent, 11 routine, 7 robocall, 9 scam". */
function byLabel(judged: readonly Judged[], engines: number): string {
  return LABELS.map(
    (label) => `${judged.filter((j) => j.voicemail.label === label).length / engines} ${label}`,
  ).join(', ');
}

/** One engine's tables on one set, under the heading given; what was heard cut at `cut` characters. */
function engineBlock(engine: string, all: readonly Judged[], heading: string, cut: number): string[] {
  const out: string[] = [];
  const judged = all.filter((j) => j.engine === engine);
  const rows = judged.map((j) => ({ label: j.voicemail.label, level: j.level }));
  out.push(`${heading} ${engine}`, '', confusion(rows), '', `${mistakes(rows)}.`, '');
  const proposed = judged.filter((j) => j.proposed !== null);
  if (proposed.length > 0) {
    const before = proposed.map((j) => ({ label: j.voicemail.label, level: j.proposed }));
    const kept = proposed.filter((j) => j.source === 'model').length;
    out.push(
      `The simulated model's own answers, before the rules checked them (${kept} of ${proposed.length} kept as the model gave them):`,
      '',
      confusion(before),
      '',
      `${mistakes(before)}.`,
      '',
    );
  }
  const texts = judged.filter((j) => j.level !== null);
  const urgentRight = texts.filter((j) => (j.level === 'urgent') === j.first.startsWith('URGENT: ')).length;
  const spamRight = texts.filter(
    (j) => (j.level === 'likely_spam') === /^Likely (a scam|a recorded sales call|spam)\b/.test(j.first),
  ).length;
  out.push(
    `First texts: "URGENT: " on exactly the urgent ones in ${urgentRight} of ${texts.length}; the one-line likely-spam text on exactly the likely-spam ones in ${spamRight} of ${texts.length}.`,
    '',
  );
  const wrong = wrongOnes(judged, cut);
  out.push(wrong.length === 0 ? 'None wrong.' : 'Wrong:', '', ...wrong, '');
  return out;
}

/** A set besides the main one: its heading, what it is, and each engine's tables; nothing when not run. */
function setTables(
  run: UrgencyRun,
  judged: readonly Judged[],
  heading: string,
  engineHeading: string,
  intro: (voicemails: number) => string,
): string[] {
  if (judged.length === 0) return [];
  const out = [heading, '', intro(new Set(judged.map((j) => j.voicemail.id)).size), ''];
  for (const engine of run.engines)
    out.push(...engineBlock(engine, judged, engineHeading, Number.POSITIVE_INFINITY));
  return out;
}

/** " (all three sets)" after the minutes when more than the main set ran. */
function setsRun(run: UrgencyRun): string {
  const sets = [run.judged, run.heldOut, run.fresh, run.phrasings ?? []].filter(
    (set) => set.length > 0,
  ).length;
  return sets > 1 ? ` (${sets === 4 ? 'all four' : sets === 3 ? 'three' : 'two'} sets)` : '';
}

export function urgencySection(run: UrgencyRun): string {
  const voicemails = new Set(run.judged.map((j) => j.voicemail.id)).size;
  const out: string[] = [
    '## Urgency on a labelled set (issue 25)',
    '',
    provenanceLine(run.commit, 'npm run bench -- urgency'),
    '',
    `${run.machine} · ${voicemails} voicemails of test/support/urgency-voicemails.ts (${byLabel(run.judged, run.engines.length)}; spoken in turn by flite slt, rms, awb, kal16, kal and espeak-ng en-us, en-gb, as 16 kHz WAV and 8 kHz AMR-NB 12.2 kbit/s, each clean and with pink noise at 10 dB SNR), each run through the pipeline's steps as the service runs them, the level read from the message Summarize stored (and the first text checked against it). "OpenAI (simulated)" is the service's OpenAI adapters against the local fake, transcribing as Moonshine base heard the clip, whose model answers urgency as a hurried reader would (bench/urgency-model.ts: a press-1 menu, a prize or a warranty is spam; any word of haste, a scam's included, is urgent): what is measured is what the rules' check makes of such answers, not OpenAI's judgement. The scripts were written with the rules (core/urgency/urgency-cues.ts), so a mistake here is mostly the engine mishearing, not a phrasing the rules never met. ${run.minutes.toFixed(1)} minutes${setsRun(run)}.`,
    '',
  ];
  if (run.opinionCost) out.push(run.opinionCost, '');
  for (const engine of run.engines) out.push(...engineBlock(engine, run.judged, '###', 160));
  out.push(
    ...setTables(
      run,
      run.heldOut,
      '### Held out: written without reading the rules',
      '#### Held out,',
      (count) =>
        `${count} voicemails of test/support/urgency-heldout.ts (${byLabel(run.heldOut, run.engines.length)}), written from issue 25's description of urgent, routine, robocall and scam calls by someone who had not read the rules (core/urgency/urgency*.ts), their tests or the set above, in the words real callers and real robocalls use; spoken, heard and judged as above (the voices and conditions in the same turn). The rules were then tuned to the mistakes this set showed, so it is held out no longer: the fresh set below measures the tuned rules. What was heard is quoted whole.`,
    ),
    ...setTables(
      run,
      run.fresh,
      '### Fresh held-out set: written after the rules were tuned, without reading them',
      '#### Fresh held-out set,',
      (count) =>
        `${count} voicemails of test/support/urgency-fresh.ts (${byLabel(run.fresh, run.engines.length)}), written after the rules were tuned on the held-out set's mistakes, by someone who had read neither the rules, their tests, the simulated model nor the scripts of the two sets above: only issue 25's description of the four kinds of call. Urgent ones vary in who calls and how (several never say "urgent" or "emergency"); routine ones include times today that are not pressing and feelings that are not emergencies; one real fraud alert asks to call the number on the card. Spoken, heard and judged as above. Nobody tuned the rules to them: these figures say how the tuned rules meet phrasings they were not written for. What was heard is quoted whole.`,
    ),
    ...setTables(
      run,
      run.phrasings ?? [],
      '### New phrasings (issue 32): written before the rules were widened, never tuned on',
      '#### New phrasings,',
      (count) =>
        `${count} voicemails of test/support/urgency-fresh-voicemails.ts (${byLabel(run.phrasings ?? [], run.engines.length)}), written for issue 32 before the rules were widened by kind and before the second opinion's prototypes and threshold were chosen (those were tuned on the main set and the dev list, test/support/urgency-dev-voicemails.ts): urgent calls of every kind a person calls about, most without "urgent" or "as soon as", and routine calls on the same topics. Spoken, heard and judged as above. What was heard is quoted whole.`,
    ),
  );
  return out.join('\n');
}
