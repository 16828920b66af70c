/**
 * FULL a few times a day per number (issue 23), over in-memory ports: its answers stop at the count Settings
 * allows, the refusal says when to ask again in the sender's LANG, and a FULL that sent nothing (the gate
 * refused its first text) is not counted. The segment caps themselves: test/unit/outbound-sms.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { minutesUntilNextDay } from '#core/delivery/send-limits';
import { DAILY_LIMIT_TEXT } from '#core/texts/service-texts';
import { receiveSms } from '../../lambdas/use-cases/inbound/receive-sms';
import { settingsWith } from '../support/in-memory-ports';
import { inboundDeps } from '../support/inbound-deps';

const FROM = '+14155550123';

let sids = 0;
const text = (body: string) => ({
  MessageSid: `SM${String(++sids).padStart(16, '0')}`,
  From: FROM,
  Body: body,
  NumMedia: 0,
});

/** Inbound deps with one transcribed voice message from FROM. */
async function withTranscript(settings: Parameters<typeof settingsWith>[0] = {}) {
  const context = inboundDeps();
  context.deps.settings.record = settingsWith(settings);
  await context.deps.messages.create({
    id: 'MM1-0',
    created_at: context.deps.clock(),
    sender: FROM,
    phone_number: FROM,
    audio_url: 'audio/MM1-0.wav',
    status: 'completed',
    summary: 'Call Dana.',
    transcript: 'Hi, this is Dana. Please call me back.',
    error_message: null,
    reply_sent: true,
    source: 'sms',
  });
  return context;
}

describe('FULL a few times a day', () => {
  it('answers as many times a day as Settings allows, then says when to ask again, until the next UTC day', async () => {
    const { deps, sms } = await withTranscript({ full_per_number_per_day: 2 });
    for (let i = 0; i < 4; i++) await receiveSms(deps, text('FULL'));
    expect(sms.sent.map((s) => s.body)).toEqual([
      'Transcript: Hi, this is Dana. Please call me back.',
      'Transcript: Hi, this is Dana. Please call me back.',
      'Voice Summary: we have sent you the transcript twice today, the most we send in a day. Text FULL again in 12 hours.',
      'Voice Summary: we have sent you the transcript twice today, the most we send in a day. Text FULL again in 12 hours.',
    ]);
    deps.clock.advance(11 * 60 * 60 * 1000 + 20 * 60 * 1000); // 23:20 UTC
    await receiveSms(deps, text('FULL'));
    expect(sms.sent.at(-1)!.body).toMatch(/Text FULL again in 40 minutes\.$/);
    deps.clock.advance(40 * 60 * 1000);
    await receiveSms(deps, text('FULL'));
    expect(sms.sent.at(-1)!.body).toBe('Transcript: Hi, this is Dana. Please call me back.');
  });

  it("says it in the sender's LANG", async () => {
    const { deps, sms } = await withTranscript({ full_per_number_per_day: 1 });
    await receiveSms(deps, text('LANG es'));
    await receiveSms(deps, text('FULL'));
    await receiveSms(deps, text('FULL'));
    expect(sms.sent.at(-1)!.body).toBe(
      'Voice Summary: hoy ya le mandamos el texto una vez, el tope diario. Mande FULL de nuevo en 12 horas.',
    );
  });

  it('does not count a FULL whose first text the gate refused', async () => {
    const { deps, sms } = await withTranscript({
      full_per_number_per_day: 1,
      segments_per_number_per_hour: 2,
    });
    await receiveSms(deps, text('HELP')); // two segments: the hour's whole allowance
    await receiveSms(deps, text('FULL'));
    expect(sms.sent).toHaveLength(1);
    deps.clock.advance(60 * 60 * 1000);
    await receiveSms(deps, text('FULL'));
    expect(sms.sent.at(-1)!.body).toBe('Transcript: Hi, this is Dana. Please call me back.');
  });
});

describe('when a daily count starts again', () => {
  it('is the next UTC midnight, in whole minutes, never less than one', () => {
    expect(minutesUntilNextDay('2026-11-24T12:00:00.000Z')).toBe(720);
    expect(minutesUntilNextDay('2026-11-24T23:59:30.000Z')).toBe(1);
    expect(minutesUntilNextDay('2026-11-24T00:00:00.000Z')).toBe(1440);
    expect(DAILY_LIMIT_TEXT('Voice Summary', 'full', 3, 61)).toMatch(/again in 2 hours\.$/);
    expect(DAILY_LIMIT_TEXT('Voice Summary', 'full', 3, 1)).toMatch(/again in 1 minute\.$/);
  });
});
