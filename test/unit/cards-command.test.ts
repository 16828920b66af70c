/**
 * CARDS ON / CARDS OFF / CARDS by text over in-memory ports: the choice kept with the sender's preferences
 * (off until chosen), each answer through the gate in the sender's LANG, saying what an MMS may cost.
 */
import { describe, expect, it } from 'vitest';
import { receiveSms } from '../../lambdas/use-cases/inbound/receive-sms';
import { inboundDeps } from '../support/inbound-deps';

const FROM = '+14155550123';
let sids = 0;
const text = (body: string) => ({
  MessageSid: `SM${String(++sids).padStart(32, '0')}`,
  From: FROM,
  Body: body,
  NumMedia: 0,
});

describe('CARDS by text', () => {
  it('is off until chosen, then on, then off again, each answered with what it does and costs', async () => {
    const { deps, sms } = inboundDeps();
    const answer = async (body: string) => {
      expect(await receiveSms(deps, text(body))).toMatchObject({ action: 'cards' });
      return sms.sent.at(-1)?.body;
    };

    expect(await answer('cards')).toMatch(/are off\. Text CARDS ON or CARDS OFF/);
    expect(await deps.preferences.get(FROM)).toBeNull();

    const on = await answer('Cards On');
    expect(on).toContain("the caller's contact card and any event they name as attachments (MMS)");
    expect(on).toContain('Msg & data rates may apply');
    expect((await deps.preferences.get(FROM))?.cards).toBe(true);
    expect(await answer('CARDS')).toMatch(/are on\./);

    expect(await answer('cards off.')).toContain('no longer bring contact cards or events');
    expect((await deps.preferences.get(FROM))?.cards).toBe(false);

    expect(await answer('CARDS maybe')).toContain('text CARDS ON for');
    expect((await deps.preferences.get(FROM))?.cards).toBe(false);
  });

  it('answers in Spanish for a sender who chose LANG es', async () => {
    const { deps, sms } = inboundDeps();
    await receiveSms(deps, text('LANG es'));
    await receiveSms(deps, text('CARDS ON'));
    expect(sms.sent.at(-1)?.body).toContain('pueden aplicarse tarifas de mensajes y datos');
    expect((await deps.preferences.get(FROM))?.cards).toBe(true);
  });

  it('sends nothing to a number that opted out, but keeps the choice', async () => {
    const { deps, sms } = inboundDeps();
    await deps.optOuts.optOut(FROM, deps.clock());
    await receiveSms(deps, text('CARDS ON'));
    expect(sms.sent).toEqual([]);
    expect((await deps.preferences.get(FROM))?.cards).toBe(true);
  });
});
