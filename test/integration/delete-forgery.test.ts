/**
 * Issue 31, part 4, against a running local runtime: a forger who texts DELETE under a victim's number (a
 * spoofed sender ID reaches the webhook through Twilio, validly signed) spends the number's code texts of the
 * day and guesses at the last code; the owner, who received every code on the phone, still erases with the
 * last one after the forger's guesses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_CODE_TEXTS_PER_DAY, DELETE_CODE_TRIES } from '#core/commands/delete';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, outboxTo, postWebhook } from '../support/pipeline';

const VICTIM = '+14155550161';

let runtime: RunningRuntime;

beforeAll(async () => {
  runtime = await startLocalRuntime();
});

afterAll(async () => {
  await runtime?.dispose();
});

/** A text reaching the webhook from `VICTIM`'s number, whoever typed it. */
async function textFromVictim(body: string) {
  expect((await postWebhook(runtime, incomingForm({ from: VICTIM, body }))).status).toBe(200);
}

const codeTexts = async () =>
  (await outboxTo(runtime, VICTIM))
    .map((entry) => entry.body)
    .filter((body) => /reply DELETE \d+/.test(body));

describe('DELETE codes under a forged sender ID', () => {
  it('never lock the owner out: the day’s last code reaches the phone and outlasts the forger’s guesses', async () => {
    // The attack: more DELETEs than the number may be texted codes today, then guesses at the last one.
    for (let i = 0; i < DELETE_CODE_TEXTS_PER_DAY + 3; i++) await textFromVictim('DELETE');
    const codes = await codeTexts();
    expect(codes).toHaveLength(DELETE_CODE_TEXTS_PER_DAY);
    const last = codes.at(-1)!;
    expect(last).toMatch(/reply DELETE \d{12} by midnight UTC\. It is today's last code/);
    for (let i = 0; i < 2 * DELETE_CODE_TRIES; i++) await textFromVictim('DELETE 000000000000');

    // The owner asks too: no new code can come today, and the one the phone holds is still the one.
    await textFromVictim('DELETE');
    expect(await codeTexts()).toHaveLength(DELETE_CODE_TEXTS_PER_DAY);

    const code = /reply DELETE (\d{12})/.exec(last)![1]!;
    await textFromVictim(`DELETE ${code}`);
    expect((await outboxTo(runtime, VICTIM)).at(-1)!.body).toMatch(/we hold no voice messages/);
  });
});
