/**
 * The "heard" benchmark's section of docs/benchmarks.md (issue 32): every score as "x of n", for the whole set
 * and for each rendering group (clean 16 kHz, noisy 8 kHz phone...), against the issue's goals; then the facts
 * by kind, and every wrong fact, missed urgent, false alarm and missing or wrong file with the first text and
 * the transcript it came from. Pure: made from scored runs.
 */
import type { HeardVoicemail } from '../test/support/heard-truth';
import { type HeardRun, type HeardScore, LONG_SECONDS } from './heard-score';
import { conditionLabel } from './heard-setup';
import { percentile } from './report';

export type Scored = {
  readonly run: HeardRun;
  readonly voicemail: HeardVoicemail;
  readonly score: HeardScore;
};

export type HeardReport = {
  readonly heading: string;
  readonly machine: string;
  /** One line on the set, the recordings and the engines. */
  readonly about: string;
  readonly scored: readonly Scored[];
};

const count = (xs: readonly Scored[], test: (s: Scored) => boolean) => xs.filter(test).length;
const share = (x: number, n: number) => (n === 0 ? '0 of 0' : `${x} of ${n} (${Math.round((100 * x) / n)}%)`);
const of = (x: number, n: number) => `${x} of ${n}`;

/** One row's cell for a group of runs. */
type Row = {
  readonly title: string;
  readonly goal: string;
  readonly cell: (xs: readonly Scored[]) => string;
};

const facts = (xs: readonly Scored[]) => xs.flatMap((s) => s.score.facts);
const said = (xs: readonly Scored[]) => facts(xs).filter((f) => !f.invented);
const factRow = (title: string, verdict: string, goal: string): Row => ({
  title,
  goal,
  cell: (xs) => share(facts(xs).filter((f) => f.verdict === verdict).length, said(xs).length),
});

/** Whether the voicemail asks for the file: a caller and a number for a card, a time to keep for an event. */
const asks = (s: Scored, which: 'contact' | 'event') =>
  !s.voicemail.spam &&
  (which === 'event'
    ? s.voicemail.event !== null
    : (s.voicemail.name !== null || s.voicemail.business !== null) && s.voicemail.number !== null);

const fileRow = (title: string, which: 'contact' | 'event', goal: string): Row => ({
  title,
  goal,
  cell: (xs) => {
    const due = xs.filter((s) => asks(s, which));
    const verdicts = (v: string) => count(due, (s) => s.score[which]?.verdict === v);
    // Offered for a voicemail that asked for none; for spam, wrong (and on its own row too).
    const unasked = count(xs, (s) => !asks(s, which) && !s.voicemail.spam && s.run[which].offered);
    const forSpam = count(xs, (s) => s.voicemail.spam && s.run[which].offered);
    const wrong = `wrong ${verdicts('wrong') + forSpam}${forSpam ? ` (${forSpam} for spam)` : ''}`;
    return `${share(verdicts('right'), due.length)}; ${wrong}, none ${verdicts('none')}${unasked ? `, ${unasked} unasked` : ''}`;
  },
});

const seconds = (values: readonly number[]) =>
  values.length === 0
    ? 'n/a'
    : `${percentile(values, 50).toFixed(1)} s / ${Math.max(...values).toFixed(1)} s`;

const ROWS: readonly Row[] = [
  factRow('Facts right in the first text (of facts said)', 'right', '≥ 80%'),
  {
    title: 'Facts wrong (stated not as said, or invented)',
    goal: '0',
    cell: (xs) => {
      const wrong = facts(xs).filter((f) => f.verdict === 'wrong');
      return `${wrong.length} (${wrong.filter((f) => f.invented).length} invented)`;
    },
  },
  factRow('Facts marked unclear', 'unclear', ''),
  factRow('Facts left out', 'left out', ''),
  {
    title: 'Callers named right as fact (voicemails with a name)',
    goal: '≥ 70%',
    cell: (xs) => {
      const named = xs.filter((s) => s.score.name !== null);
      return share(
        count(named, (s) => s.score.name === 'right'),
        named.length,
      );
    },
  },
  {
    title: "The engine's ceiling: the caller's name in the transcript at all",
    goal: '',
    cell: (xs) => {
      const named = xs.filter((s) => s.score.inTranscript.name !== null);
      return share(
        count(named, (s) => s.score.inTranscript.name === true),
        named.length,
      );
    },
  },
  {
    title: "The engine's ceiling: the callback number's digits in the transcript at all",
    goal: '',
    cell: (xs) => {
      const numbered = xs.filter((s) => s.score.inTranscript.number !== null);
      return share(
        count(numbered, (s) => s.score.inTranscript.number === true),
        numbered.length,
      );
    },
  },
  {
    title: 'Businesses named right as fact (voicemails with one)',
    goal: '',
    cell: (xs) => {
      const with_ = xs.filter((s) => s.score.business !== null);
      return share(
        count(with_, (s) => s.score.business === 'right'),
        with_.length,
      );
    },
  },
  {
    title: `Long voicemails (≥ ${LONG_SECONDS} s): caller and callback both right`,
    goal: 'as before the checks',
    cell: (xs) => {
      const long = xs.filter((s) => s.score.longCallerAndNumber !== null);
      return share(
        count(long, (s) => s.score.longCallerAndNumber === true),
        long.length,
      );
    },
  },
  fileRow('Contact card right (caller and number said)', 'contact', '≥ 80%'),
  fileRow('Calendar event right (a time to keep)', 'event', '≥ 80%'),
  {
    title: 'Files offered for spam',
    goal: '0',
    cell: (xs) => {
      const spam = xs.filter((s) => s.voicemail.spam);
      const files = spam.reduce((n, s) => n + Number(s.run.contact.offered) + Number(s.run.event.offered), 0);
      return `${files} (${spam.length} spam recording${spam.length === 1 ? '' : 's'})`;
    },
  },
  {
    title: 'Urgent missed',
    goal: '0',
    cell: (xs) =>
      of(
        count(xs, (s) => s.score.urgent === 'missed'),
        count(xs, (s) => s.voicemail.urgent),
      ),
  },
  {
    title: 'Urgent false alarms',
    goal: '',
    cell: (xs) =>
      of(
        count(xs, (s) => s.score.urgent === 'false alarm'),
        count(xs, (s) => !s.voicemail.urgent),
      ),
  },
  {
    title: 'Spam recognised / missed / false',
    goal: '',
    cell: (xs) =>
      `${count(xs, (s) => s.score.spam === 'recognised')} / ${count(xs, (s) => s.score.spam === 'missed')} / ${count(xs, (s) => s.score.spam === 'false')}`,
  },
  {
    title: 'The point: every `mustSay` word in the first text',
    goal: '',
    cell: (xs) =>
      share(
        count(xs, (s) => s.score.pointMissing.length === 0),
        xs.length,
      ),
  },
  {
    title: 'Seconds to the first text: median / worst',
    goal: '',
    cell: (xs) =>
      seconds(xs.flatMap((s) => (s.run.firstTextSeconds === null ? [] : [s.run.firstTextSeconds]))),
  },
  {
    title: 'Audio seconds: median / longest',
    goal: '',
    cell: (xs) => seconds(xs.flatMap((s) => (s.run.audioSeconds === null ? [] : [s.run.audioSeconds]))),
  },
];

/** The runs by rendering group, in the order the groups first come. */
function groups(scored: readonly Scored[]): [string, Scored[]][] {
  const by = new Map<string, Scored[]>();
  for (const s of scored) {
    const label = conditionLabel(s.run.rendering);
    by.set(label, [...(by.get(label) ?? []), s]);
  }
  return [...by];
}

/** The facts by kind: right / wrong / unclear / left out of those said. */
function kindLines(scored: readonly Scored[]): string {
  const kinds = ['name', 'business', 'number', 'amount', 'time'] as const;
  return kinds
    .map((kind) => {
      const of_ = facts(scored).filter((f) => f.kind === kind);
      const n = (v: string) => of_.filter((f) => f.verdict === v).length;
      return `${kind} ${n('right')}/${n('wrong')}/${n('unclear')}/${n('left out')}`;
    })
    .join(' · ');
}

const quoted = (text: string) => (text.trim() === '' ? '(none)' : text.replace(/\s*\n\s*/g, ' | ').trim());

/** Every problem of one run, one line each. */
export function problemsOf(s: Scored): string[] {
  const lines: string[] = [];
  for (const fact of s.score.facts) if (fact.verdict === 'wrong') lines.push(`wrong ${fact.label}`);
  if (s.score.urgent === 'missed') lines.push('urgent missed');
  if (s.score.urgent === 'false alarm') lines.push(`false alarm (${s.run.urgencyReason ?? ''})`);
  if (s.score.spam === 'missed') lines.push(`spam missed (shown ${s.run.urgency ?? 'no level'})`);
  if (s.score.spam === 'false') lines.push(`called spam (${s.run.urgencyReason ?? ''})`);
  for (const which of ['contact', 'event'] as const) {
    const file = s.score[which];
    if (file?.verdict === 'none') lines.push(`no ${which}: "${file.detail}"`);
    if (file?.verdict === 'wrong') lines.push(`${which} wrong: ${file.detail}`);
    if (file?.verdict === 'unasked') lines.push(`${which} offered, none asked: ${file.detail}`);
  }
  if (s.run.error) lines.push(`error: ${s.run.error}`);
  return lines;
}

export function heardSection(report: HeardReport): string {
  const all = report.scored;
  const split = groups(all);
  const head = `| | all (${all.length}) | ${split.map(([label, xs]) => `${label} (${xs.length})`).join(' | ')} | goal |`;
  const rule = `|---|---|${split.map(() => '---|').join('')}---|`;
  const rows = ROWS.map(
    (row) =>
      `| ${row.title} | ${row.cell(all)} | ${split.map(([, xs]) => row.cell(xs)).join(' | ')} | ${row.goal} |`,
  );
  const details = all.flatMap((s) => {
    const problems = problemsOf(s);
    if (problems.length === 0) return [];
    return [
      `- **${s.voicemail.id}** (${s.run.rendering.voice}, ${conditionLabel(s.run.rendering)}, ${s.run.audioSeconds?.toFixed(1) ?? '?'} s): ${problems.join('; ')}`,
      `  - first text: ${quoted(s.run.first)}`,
      `  - transcript: ${quoted(s.run.transcript)}`,
    ];
  });
  return [
    report.heading,
    '',
    report.machine,
    '',
    report.about,
    '',
    head,
    rule,
    ...rows,
    '',
    `Facts by kind, right/wrong/unclear/left out: ${kindLines(all)}.`,
    '',
    '### Every wrong fact, missed urgent, false alarm, and missing or wrong file',
    '',
    ...(details.length === 0 ? ['None.'] : details),
  ].join('\n');
}

/** A few lines for the terminal. */
export function heardSummary(report: HeardReport): string {
  return ROWS.map((row) => `${row.title}: ${row.cell(report.scored)}`).join('\n');
}
