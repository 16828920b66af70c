/**
 * One voicemail of the "heard" benchmark, recorded one way, through the service as it runs offline
 * (bench/facts-pipeline.ts: the steps' use cases with Moonshine and the offline summarizer), then read as the
 * person who got it would: the first text, and the message page its link opens (use-cases/message-link.ts),
 * with the contact card and calendar event it offers as files, or the reason it gives for offering none.
 * What it keeps is plain data (HeardRun), written to the bench data dir so the run can be scored again.
 */

import { messageLinkCard, readMessageLink } from '../lambdas/use-cases/message-link';
import type { Rendering } from '../test/support/fact-truth';
import type { HeardVoicemail } from '../test/support/heard-truth';
import type { SpeechClips } from '../test/support/speech-clips';
import { factClip } from './facts';
import { type Engine, type Outcome, runVoicemail } from './facts-pipeline';
import type { HeardRun, PageEvent, PageFile } from './heard-score';
import { arrivalIn } from './heard-setup';

/** The code of the message link a text carries (`<site>/m/<code>`), or null. */
export function linkCodeIn(text: string): string | null {
  return /https?:\/\/\S+?\/m\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
}

/**
 * Why the page offers no card of this kind: a reason it states beside its cards (any text field naming the
 * kind, as a later page may give), else what the card's download answers.
 */
function statedReason(cards: Record<string, unknown>, which: 'contact' | 'event'): string | null {
  for (const [key, value] of Object.entries(cards)) {
    if (key !== which && key.toLowerCase().includes(which) && typeof value === 'string' && value.trim()) {
      return value.trim();
    }
    if (key.toLowerCase().includes('reason') && value !== null && typeof value === 'object') {
      const own = (value as Record<string, unknown>)[which];
      if (typeof own === 'string' && own.trim()) return own.trim();
    }
  }
  return null;
}

type Files = { readonly contact: PageFile; readonly event: PageEvent };

const noFiles = (reason: string): Files => {
  const none = { offered: false, body: null, reason };
  return { contact: none, event: { ...none, startsAt: null, timeZone: null, title: null } };
};

async function pageFiles(outcome: Outcome): Promise<Files> {
  const code = linkCodeIn(outcome.texts[0] ?? '');
  if (code === null) return noFiles('The first text carries no link to a page.');
  const shared = await readMessageLink(outcome.page, code);
  const cards = (shared.cards ?? {}) as unknown as Record<string, unknown>;
  const file = async (which: 'contact' | 'event') => {
    try {
      const card = await messageLinkCard(outcome.page, code, which);
      return { offered: true, body: card.body, reason: null };
    } catch (caught) {
      return { offered: false, body: null, reason: statedReason(cards, which) ?? (caught as Error).message };
    }
  };
  const event = shared.cards?.event;
  return {
    contact: await file('contact'),
    event: {
      ...(await file('event')),
      startsAt: event?.starts_at ?? null,
      timeZone: event?.time_zone ?? null,
      title: event?.title ?? null,
    },
  };
}

/** Runs the voicemail as forwarded by `sender` (whose zone is `zone`) and reads what they would read. */
export async function runHeard(
  engine: Engine,
  clips: SpeechClips,
  voicemail: HeardVoicemail,
  rendering: Rendering,
  sender: { readonly number: string; readonly zone: string },
): Promise<HeardRun> {
  const clip = await factClip(voicemail, rendering, clips, 'heard');
  const receivedAt = arrivalIn(sender.zone);
  const outcome = await runVoicemail(engine, clip, { sender: sender.number, receivedAt });
  let files: Files;
  let pageError: string | null = null;
  try {
    files = await pageFiles(outcome);
  } catch (caught) {
    pageError = `${(caught as Error).name}: ${(caught as Error).message}`;
    files = noFiles(`The page did not open: ${pageError}`);
  }
  return {
    voicemailId: voicemail.id,
    rendering,
    sender: sender.number,
    zone: sender.zone,
    receivedAt,
    first: outcome.texts[0] ?? '',
    texts: outcome.texts.length,
    transcript: outcome.message.transcript ?? '',
    urgency: outcome.message.urgency?.level ?? null,
    urgencyReason: outcome.message.urgency?.reason ?? null,
    audioSeconds: outcome.message.audio_duration_seconds ?? null,
    firstTextSeconds: outcome.firstTextSeconds,
    contact: files.contact,
    event: files.event,
    error: outcome.error ?? pageError,
  };
}
