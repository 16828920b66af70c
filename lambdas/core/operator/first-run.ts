/**
 * The dashboard's first-run checklist, as the settings row remembers it: whether the operator chose to stay
 * offline (no OpenAI key, transcribed on the server itself) and when the checklist was closed (done or
 * dismissed). Kept with the service's settings, not in a browser: it is about the service, so a second
 * administrator or another device is not asked again. Everything else the checklist shows is read from the
 * real state (a message, the saved and checked Twilio account, the saved key).
 */
import * as z from 'zod';

export const firstRunSchema = z.object({
  /** The operator chose the offline engine on purpose ("Use offline"): the checklist's transcription step is done. */
  offline_chosen: z.boolean().default(false),
  /** When the checklist went away, done or dismissed; null while it shows. */
  closed_at: z.string().nullable().default(null),
});
export type FirstRun = z.infer<typeof firstRunSchema>;

export const DEFAULT_FIRST_RUN: FirstRun = { offline_chosen: false, closed_at: null };

/** PUT /api/settings `first_run`: either field alone; `closed: false` shows the checklist again. */
export const firstRunUpdateSchema = z.strictObject(
  {
    offline_chosen: z.boolean({ error: 'first_run.offline_chosen must be true or false.' }).optional(),
    closed: z.boolean({ error: 'first_run.closed must be true or false.' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'invalid_type'
        ? 'first_run takes offline_chosen and closed, each true or false.'
        : undefined,
  },
);
export type FirstRunUpdate = z.infer<typeof firstRunUpdateSchema>;

/** The record after an update at `now`: closing keeps the first time it closed, reopening forgets it. */
export function applyFirstRunUpdate(current: FirstRun, update: FirstRunUpdate, now: string): FirstRun {
  return {
    offline_chosen: update.offline_chosen ?? current.offline_chosen,
    closed_at:
      update.closed === undefined ? current.closed_at : update.closed ? (current.closed_at ?? now) : null,
  };
}

/**
 * The commands the checklist prints on one machine (`npm start`) for its test step, each as its parts (the
 * page keeps a part whole on a line): a recording made with flite (one of the project's Debian packages), then
 * sent to the running service as Twilio would, from the project's folder. test/e2e/printed-commands.test.ts
 * runs them as printed.
 */
export const LOCAL_TEST_COMMANDS: readonly (readonly string[])[] = [
  [
    'flite -voice rms -t',
    '"Hi, this is Maria. Please call me back at five five five, one two three four."',
    '-o hello.wav',
  ],
  ['npm run sms --', 'hello.wav', '--from +14155550123'],
];
