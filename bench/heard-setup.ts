/**
 * What the "heard" benchmark (bench/heard.ts) runs: which set of voicemails (BENCH_HEARD_SET: the held-out
 * set once it exists, else the development set), which of them (BENCH_HEARD_ONLY), how each is recorded
 * (BENCH_HEARD_RENDERINGS: 2 or 4 per voicemail, voices taken in turn), and who forwards it when: a sender
 * whose area code gives a known time zone, and an arrival on a Sunday at 8:15 in the morning, their time, so
 * that "today", "tonight", "tomorrow" and every weekday named are still ahead.
 */
import { TZDateMini } from '@date-fns/tz';
import * as z from 'zod';
import { FACT_VOICES, type Rendering } from '../test/support/fact-truth';
import { HEARD_DEV_VOICEMAILS } from '../test/support/heard-dev-voicemails';
import type { HeardVoicemail } from '../test/support/heard-truth';

/**
 * The held-out sets, newest first, each written by someone who had read neither the service's rules nor the
 * sets before it (docs/held-out-sets.md: how a set is written and measured): read only here, only to run
 * them. The first seven were read and tuned on after their first runs (issue 32); figures are quoted on the
 * newest one nobody has looked into.
 */
const HELD_OUT_SETS = [
  {
    name: 'heldout17',
    ordinal: 'seventeenth',
    module: '../test/support/heldout17-voicemails.ts',
    exported: 'HELDOUT17_VOICEMAILS',
  },
  {
    name: 'heldout16',
    ordinal: 'sixteenth',
    module: '../test/support/heldout16-voicemails.ts',
    exported: 'HELDOUT16_VOICEMAILS',
  },
  {
    name: 'heldout15',
    ordinal: 'fifteenth',
    module: '../test/support/heldout15-voicemails.ts',
    exported: 'HELDOUT15_VOICEMAILS',
  },
  {
    name: 'heldout14',
    ordinal: 'fourteenth',
    module: '../test/support/heldout14-voicemails.ts',
    exported: 'HELDOUT14_VOICEMAILS',
  },
  {
    name: 'heldout13',
    ordinal: 'thirteenth',
    module: '../test/support/heldout13-voicemails.ts',
    exported: 'HELDOUT13_VOICEMAILS',
  },
  {
    name: 'heldout12',
    ordinal: 'twelfth',
    module: '../test/support/heldout12-voicemails.ts',
    exported: 'HELDOUT12_VOICEMAILS',
  },
  {
    name: 'heldout11',
    ordinal: 'eleventh',
    module: '../test/support/heldout11-voicemails.ts',
    exported: 'HELDOUT11_VOICEMAILS',
  },
  {
    name: 'heldout10',
    ordinal: 'tenth',
    module: '../test/support/heldout10-voicemails.ts',
    exported: 'HELDOUT10_VOICEMAILS',
  },
  {
    name: 'heldout9',
    ordinal: 'ninth',
    module: '../test/support/heldout9-voicemails.ts',
    exported: 'HELDOUT9_VOICEMAILS',
  },
  {
    name: 'heldout8',
    ordinal: 'eighth',
    module: '../test/support/heldout8-voicemails.ts',
    exported: 'HELDOUT8_VOICEMAILS',
  },
  {
    name: 'heldout7',
    ordinal: 'seventh',
    module: '../test/support/heldout7-voicemails.ts',
    exported: 'HELDOUT7_VOICEMAILS',
  },
  {
    name: 'heldout6',
    ordinal: 'sixth',
    module: '../test/support/heldout6-voicemails.ts',
    exported: 'HELDOUT6_VOICEMAILS',
  },
  {
    name: 'heldout5',
    ordinal: 'fifth',
    module: '../test/support/heldout5-voicemails.ts',
    exported: 'HELDOUT5_VOICEMAILS',
  },
  {
    name: 'heldout4',
    ordinal: 'fourth',
    module: '../test/support/heldout4-voicemails.ts',
    exported: 'HELDOUT4_VOICEMAILS',
  },
  {
    name: 'heldout3',
    ordinal: 'third',
    module: '../test/support/heldout3-voicemails.ts',
    exported: 'HELDOUT3_VOICEMAILS',
  },
  {
    name: 'heldout2',
    ordinal: 'second',
    module: '../test/support/heldout2-voicemails.ts',
    exported: 'HELDOUT2_VOICEMAILS',
  },
  {
    name: 'heldout',
    ordinal: 'first',
    module: '../test/support/heldout-voicemails.ts',
    exported: 'HELDOUT_VOICEMAILS',
  },
] as const;

export type HeardSetName = (typeof HELD_OUT_SETS)[number]['name'] | 'dev';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** test/support/heard-truth.ts's HeardVoicemail, checked: a set written by hand is read at the edge. */
const heardVoicemailSchema = z.object({
  id: z.string().min(1),
  script: z.string().min(1),
  name: z.string().min(1).nullable(),
  nameSpelledAlso: z.array(z.string().min(1)).optional(),
  business: z.string().min(1).nullable(),
  number: z
    .string()
    .regex(/^\d{10}$/, 'ten digits')
    .nullable(),
  amounts: z.array(z.number()),
  times: z.array(
    z.object({
      day: z.enum(WEEKDAYS).optional(),
      hour: z.number().int().min(1).max(12).optional(),
      minute: z.number().int().min(0).max(59).optional(),
      date: z.number().int().min(1).max(31).optional(),
      relative: z.enum(['today', 'tonight', 'tomorrow']).optional(),
    }),
  ),
  event: z
    .object({
      kind: z.enum(['appointment', 'slot offered', 'pickup', 'deadline', 'meeting']),
      day: z.enum([...WEEKDAYS, 'today', 'tomorrow']),
      hour24: z.number().int().min(0).max(23),
      minute: z.number().int().min(0).max(59),
    })
    .nullable(),
  urgent: z.boolean(),
  spam: z.boolean(),
  mustSay: z.array(z.string().min(1)),
});

/** The set checked: a voicemail the truth's type would refuse stops the run, named by its place and field. */
export function checkedSet(voicemails: unknown, source: string): readonly HeardVoicemail[] {
  const parsed = z.array(heardVoicemailSchema).safeParse(voicemails);
  if (!parsed.success) {
    const where = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`${source} holds voicemails the benchmark cannot read: ${where.join('; ')}`);
  }
  const ids = parsed.data.map((voicemail) => voicemail.id);
  const twice = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (twice.length > 0) throw new Error(`${source} has the id ${twice[0]} twice.`);
  return voicemails as readonly HeardVoicemail[];
}

/**
 * The voicemails a module exports under `name` (a path from bench/), or null when there is no such module:
 * imported by a path in a variable, so that the benchmark builds and runs before the held-out set exists.
 */
export async function importedSet(path: string, name: string): Promise<readonly HeardVoicemail[] | null> {
  try {
    const module = (await import(new URL(path, import.meta.url).href)) as Record<string, unknown>;
    const voicemails = module[name];
    if (!Array.isArray(voicemails)) throw new Error(`${path} exports no ${name}.`);
    return checkedSet(voicemails, path);
  } catch (caught) {
    const code = (caught as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || /Cannot find module|Failed to load url/i.test(String(caught)))
      return null;
    throw caught;
  }
}

/**
 * The set asked for (BENCH_HEARD_SET), else the newest held-out set that exists, else the development set.
 */
export async function heardSet(
  asked: string | undefined,
): Promise<{ name: HeardSetName; voicemails: readonly HeardVoicemail[] }> {
  const dev = { name: 'dev', voicemails: HEARD_DEV_VOICEMAILS } as const;
  if (asked === 'dev') return dev;
  const wanted = asked ? HELD_OUT_SETS.filter((set) => set.name === asked) : HELD_OUT_SETS;
  if (asked && wanted.length === 0) {
    const names = [...HELD_OUT_SETS.map((set) => `"${set.name}"`), '"dev"'];
    throw new Error(`BENCH_HEARD_SET is ${names.join(', ')}, not "${asked}".`);
  }
  for (const set of wanted) {
    const voicemails = await importedSet(set.module, set.exported);
    if (voicemails !== null) return { name: set.name, voicemails };
  }
  if (asked) throw new Error(`There is no ${wanted[0]!.ordinal} held-out set yet (${wanted[0]!.module}).`);
  return dev;
}

/** BENCH_HEARD_ONLY=id,id: those voicemails only (an id that is in no set is an error, not silence). */
export function onlyThese(voicemails: readonly HeardVoicemail[], only: string | undefined): HeardVoicemail[] {
  const ids = only
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (!ids || ids.length === 0) return [...voicemails];
  const unknown = ids.filter((id) => !voicemails.some((voicemail) => voicemail.id === id));
  if (unknown.length > 0) throw new Error(`BENCH_HEARD_ONLY names no voicemail ${unknown.join(', ')}.`);
  return voicemails.filter((voicemail) => ids.includes(voicemail.id));
}

/** The recordings: a clean 16 kHz one and a noisy 8 kHz phone one by default; all four with 4. */
const CONDITIONS: readonly Omit<Rendering, 'voice'>[] = [
  { band: 'wav-16k', noiseSnrDb: null },
  { band: 'amr-nb-8k', noiseSnrDb: 10 },
  { band: 'amr-nb-8k', noiseSnrDb: null },
  { band: 'wav-16k', noiseSnrDb: 10 },
];

/** BENCH_HEARD_RENDERINGS: 2 (default) or 4. */
export function renderingCount(asked: string | undefined): 2 | 4 {
  if (asked === undefined || asked === '' || asked === '2') return 2;
  if (asked === '4') return 4;
  throw new Error(`BENCH_HEARD_RENDERINGS is 2 or 4, not "${asked}".`);
}

/** The n-th voicemail's recordings: the conditions in order, the voices taken in turn across the whole run. */
export function heardRenderings(index: number, count: 2 | 4): Rendering[] {
  return CONDITIONS.slice(0, count).map((condition, which) => ({
    voice: FACT_VOICES[(index * count + which) % FACT_VOICES.length]!,
    ...condition,
  }));
}

/** "16 kHz clean", "AMR-NB 8 kHz noise 10 dB": a rendering group, whatever the voice. */
export function conditionLabel(rendering: Pick<Rendering, 'band' | 'noiseSnrDb'>): string {
  const band = rendering.band === 'wav-16k' ? '16 kHz' : 'AMR-NB 8 kHz';
  return `${band}, ${rendering.noiseSnrDb === null ? 'clean' : `noise ${rendering.noiseSnrDb} dB`}`;
}

/**
 * Who forwards the voicemail, and the zone their calendar is in: numbers whose area code the service maps to
 * a zone (core/cards/area-code-zones.ts), written here from the map of North America, not read from the
 * service. Taken in turn.
 */
export const HEARD_SENDERS: readonly { readonly number: string; readonly zone: string }[] = [
  { number: '+13125550100', zone: 'America/Chicago' },
  { number: '+12125550100', zone: 'America/New_York' },
  { number: '+12065550100', zone: 'America/Los_Angeles' },
  { number: '+13035550100', zone: 'America/Denver' },
];

/** The arrival: Sunday 29 November 2026, 8:15 in the morning in the sender's zone (ISO instant). */
export function arrivalIn(zone: string): string {
  return new Date(new TZDateMini(2026, 10, 29, 8, 15, zone).getTime()).toISOString();
}
