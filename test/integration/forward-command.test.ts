/**
 * FORWARD end to end (issue 33): texts through the real webhook path of the local runtime (signed posts,
 * dynalite tables), a forwarding number bought at the fake Twilio with the service's voice webhook and status
 * callback, the carrier's code texted back; then the daily check (the same use case the scheduled function
 * runs) against the same table and fake: STOP's grace and the release, the idle text at most once a month,
 * and the service's daily cap of new numbers.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '#core/delivery/day-window';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoForwardingNumberRepository } from '../../lambdas/adapters/aws/dynamo-forwarding-numbers';
import { DynamoSettingsRepository } from '../../lambdas/adapters/aws/dynamo-settings-repository';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';
import { TwilioPhoneNumbers } from '../../lambdas/adapters/twilio/twilio-phone-numbers';
import { TwilioSmsSender } from '../../lambdas/adapters/twilio/twilio-sms-sender';
import { checkForwardingNumbers } from '../../lambdas/use-cases/forwarding-number-checks';
import { FORWARDING_NUMBERS_PER_DAY, RELEASE_GRACE_DAYS } from '../../lambdas/use-cases/forwarding-numbers';
import { LOCAL_TABLES } from '../../local/bootstrap';
import type { FakeTwilio } from '../support/fake-twilio';
import {
  InMemoryCounters,
  InMemoryOptOuts,
  InMemorySenderPreferences,
  InMemorySettings,
  InMemoryUsage,
  settingsWith,
  testClock,
} from '../support/in-memory-ports';
import type { RunningRuntime } from '../support/local-runtime';
import { incomingForm, postWebhook } from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';

const TWILIO = {
  accountSid: `AC${'f0'.repeat(16)}`,
  authToken: 'fake-twilio-auth-token-forward-0123456',
  number: '+15005550006',
};

let providers: ProviderRuntime;
let twilio: FakeTwilio;
let runtime: RunningRuntime;
let db: ReturnType<typeof createDocumentClient>;
let numbers: DynamoForwardingNumberRepository;

beforeAll(async () => {
  providers = await startWithFakeProviders({
    openaiKey: 'sk-test-fake-openai-key-forward-012345',
    twilio: TWILIO,
    settings: { auto_reply_enabled: true },
  });
  ({ twilio, runtime } = providers);
  db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  numbers = new DynamoForwardingNumberRepository(db, LOCAL_TABLES.forwardingNumbers);
}, 120_000);

afterAll(async () => {
  db?.destroy();
  await providers?.close();
});

beforeEach(() => {
  // Numbers for sale, each once in the whole file (a number sold is never sold again).
  const sold = new Set(twilio.numbers.bought.map((n) => n.phoneNumber));
  twilio.numbers.forSale = Array.from({ length: 40 }, (_, i) => `+1312555${String(1000 + i)}`)
    .concat(['+16465550102'])
    .filter((n) => !sold.has(n));
});

/** Sets Settings' area code as the operator's Calls section saves it (straight in the settings table). */
async function setAreaCode(areaCode: string | null) {
  const settings = new DynamoSettingsRepository(db, LOCAL_TABLES.settings);
  await settings.put({ ...(await settings.get())!, forwarding_area_code: areaCode });
}

const textsTo = (to: string) => twilio.messages.filter((m) => m.to === to).map((m) => m.body);

async function sendText(from: string, body: string): Promise<string[]> {
  const before = textsTo(from).length;
  const response = await postWebhook(runtime, incomingForm({ from, body }), { token: TWILIO.authToken });
  expect(response.status).toBe(200);
  return textsTo(from).slice(before);
}

const boughtFor = (number: string) => twilio.numbers.bought.find((n) => n.phoneNumber === number);
const origin = () => new URL(runtime.info.webhookUrl).origin;

describe('FORWARD by text', () => {
  it('buys the subscriber a number pointed at the voice webhook, texts it, then the carrier’s code', async () => {
    const from = '+14155550501';
    const [numberText, ...more] = await sendText(from, 'FORWARD');
    expect(more).toEqual([]);
    const record = await numbers.findBySubscriber(from);
    expect(record).toMatchObject({ subscriber: from, carrier: null, release_after: null });
    expect(numberText).toContain(
      `Voice Summary: your forwarding number is (${record!.number.slice(2, 5)}) ${record!.number.slice(5, 8)}-`,
    );
    expect(numberText).toMatch(/Reply ATT, VERIZON or TMOBILE/);
    // Twilio posts the number's calls to the service's voice webhook, and their end to its status callback.
    expect(boughtFor(record!.number)).toMatchObject({
      sid: record!.provider_sid,
      voiceUrl: `${origin()}/api/voice`,
      voiceMethod: 'POST',
      statusCallback: `${origin()}/api/voice/status`,
      statusCallbackMethod: 'POST',
    });
    expect(boughtFor(record!.number)?.friendlyName).not.toContain('4155550501');

    const ten = record!.number.slice(2);
    expect(await sendText(from, 'Verizon')).toEqual([
      expect.stringContaining(`on Verizon dial *71${ten} and press Call`),
    ]);
    expect((await numbers.get(record!.number))?.carrier).toBe('verizon');
    const [gsm] = await sendText(from, 'forward t-mobile');
    expect(gsm).toContain(`**004*+1${ten}#`);
    expect(gsm).toContain('##004#');
    expect(gsm).toContain('we will text Forwarding works');

    // One number a subscriber: FORWARD again shows the same one and buys nothing.
    const bought = twilio.numbers.bought.length;
    expect(await sendText(from, 'FORWARD')).toEqual([expect.stringContaining(ten.slice(6))]);
    expect(twilio.numbers.bought).toHaveLength(bought);
  });

  it('buys in the operator’s area code', async () => {
    await setAreaCode('646');
    try {
      await sendText('+14155550502', 'FORWARD');
      expect((await numbers.findBySubscriber('+14155550502'))?.number).toBe('+16465550102');
      expect(twilio.requests.some((r) => r.path.includes('AreaCode=646'))).toBe(true);
    } finally {
      await setAreaCode(null);
    }
  });

  it('takes a carrier’s word alone for any other text from someone without a number', async () => {
    const from = '+14155550503';
    const [answer] = await sendText(from, 'ATT');
    expect(answer).not.toContain('*92');
    expect(await numbers.findBySubscriber(from)).toBeNull();
  });

  it('says so when Twilio refuses, and keeps nothing', async () => {
    const from = '+14155550504';
    const bought = twilio.numbers.bought.length;
    twilio.failNext(
      1,
      400,
      { code: 21404, message: 'Trial accounts cannot buy numbers', status: 400 },
      'POST',
    );
    expect(await sendText(from, 'FORWARD')).toEqual([
      'Voice Summary: we could not get you a forwarding number just now. Please text FORWARD again later.',
    ]);
    expect(await numbers.findBySubscriber(from)).toBeNull();
    expect(twilio.numbers.bought).toHaveLength(bought);
  });

  it('buys no more than the day’s cap of new numbers, all subscribers together', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const key = `forwarding-numbers#${day}`;
    const { Item } = await db.send(new GetCommand({ TableName: LOCAL_TABLES.counters, Key: { key } }));
    const room = FORWARDING_NUMBERS_PER_DAY - Number(Item?.count ?? 0);
    // The day's numbers all given (as if that many strangers had texted FORWARD today).
    await db.send(
      new UpdateCommand({
        TableName: LOCAL_TABLES.counters,
        Key: { key },
        UpdateExpression: 'ADD #count :room',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':room': room },
      }),
    );
    const bought = twilio.numbers.bought.length;
    expect(await sendText('+14155550505', 'FORWARD')).toEqual([
      'Voice Summary: no more forwarding numbers can be given out today. Please text FORWARD again tomorrow.',
    ]);
    expect(twilio.numbers.bought).toHaveLength(bought);
    expect(await numbers.findBySubscriber('+14155550505')).toBeNull();
    // Today's room back, for the tests that follow.
    await db.send(
      new UpdateCommand({
        TableName: LOCAL_TABLES.counters,
        Key: { key },
        UpdateExpression: 'ADD #count :back',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':back': -room },
      }),
    );
  });
});

describe('the daily check', () => {
  it('runs in the local runtime at start-up without failing', () => {
    expect(runtime.output()).not.toContain('Forwarding number check failed');
  });

  /** The check as the scheduled function runs it, on the runtime's table and the fake Twilio, at `clock`. */
  function checkDeps(clock: ReturnType<typeof testClock>) {
    const phoneNumbers = new TwilioPhoneNumbers({ ...TWILIO, apiBaseUrl: twilio.url });
    const sender = new TwilioSmsSender({ ...TWILIO, from: TWILIO.number, apiBaseUrl: twilio.url });
    const usage = new InMemoryUsage();
    const warnings: string[] = [];
    const deps = {
      settings: new InMemorySettings(settingsWith({ auto_reply_enabled: true })),
      optOuts: new InMemoryOptOuts(),
      phoneRegions: new LibPhoneNumberRegions(),
      counters: new InMemoryCounters(),
      usage,
      clock,
      providers: {
        smsSender: async () => ({ sender, from: TWILIO.number }),
        phoneNumbers: async () => phoneNumbers,
      },
      forwardingNumbers: numbers,
      preferences: new InMemorySenderPreferences(),
      serviceName: 'Voice Summary',
      warn: (message: string) => warnings.push(message),
    };
    return { deps, usage, warnings };
  }

  it('releases a number STOP marked once the grace period is over, and not before', async () => {
    const from = '+14155550511';
    await sendText(from, 'FORWARD');
    const record = (await numbers.findBySubscriber(from))!;
    await sendText(from, 'STOP');
    const marked = (await numbers.get(record.number))!;
    expect(marked.release_after).not.toBeNull();
    const graceEnds = Date.parse(marked.release_after!);
    expect(graceEnds - Date.now()).toBeGreaterThan((RELEASE_GRACE_DAYS - 1) * DAY_MS);

    const clock = testClock(new Date(graceEnds - DAY_MS).toISOString());
    expect((await checkForwardingNumbers(checkDeps(clock).deps)).released).toBe(0);
    expect(boughtFor(record.number)).toBeDefined();

    clock.advance(2 * DAY_MS);
    const { deps, usage } = checkDeps(clock);
    const result = await checkForwardingNumbers(deps);
    expect(result.released).toBeGreaterThanOrEqual(1);
    expect(boughtFor(record.number)).toBeUndefined();
    expect(twilio.numbers.released).toContain(record.provider_sid);
    expect(await numbers.get(record.number)).toBeNull();
    // The numbers still held are counted in today's usage.
    const [day] = [...usage.days.values()];
    expect(day?.number_days).toBe(result.held);
  });

  it('keeps a number whose subscriber texted START within the grace period', async () => {
    const from = '+14155550512';
    await sendText(from, 'FORWARD');
    await sendText(from, 'STOP');
    await sendText(from, 'START');
    const record = (await numbers.findBySubscriber(from))!;
    expect(record.release_after).toBeNull();
    const clock = testClock(new Date(Date.now() + (RELEASE_GRACE_DAYS + 1) * DAY_MS).toISOString());
    await checkForwardingNumbers(checkDeps(clock).deps);
    expect(await numbers.get(record.number)).not.toBeNull();
  });

  it('texts "your forwarding may be off" after 14 days without a call, once a month at most', async () => {
    const from = '+14155550513';
    await sendText(from, 'FORWARD');
    await sendText(from, 'ATT');
    const record = (await numbers.findBySubscriber(from))!;
    const idleTexts = () => textsTo(from).filter((t) => t.includes('may be off'));
    const clock = testClock(new Date(Date.parse(record.created_at) + 13 * DAY_MS).toISOString());
    await checkForwardingNumbers(checkDeps(clock).deps);
    expect(idleTexts()).toEqual([]);

    clock.advance(2 * DAY_MS);
    await checkForwardingNumbers(checkDeps(clock).deps);
    expect(idleTexts()).toEqual([expect.stringContaining(`*92${record.number.slice(2)}#`)]);
    expect((await numbers.get(record.number))?.idle_notice_at).toBe(clock());

    // Every day after: nothing more until a month has passed.
    for (let day = 0; day < 29; day++) {
      clock.advance(DAY_MS);
      await checkForwardingNumbers(checkDeps(clock).deps);
    }
    expect(idleTexts()).toHaveLength(1);
    clock.advance(DAY_MS);
    await checkForwardingNumbers(checkDeps(clock).deps);
    expect(idleTexts()).toHaveLength(2);

    // A call resets the clock: no idle text for 14 days after it.
    await numbers.update(record.number, { last_call_at: clock(), idle_notice_at: null });
    clock.advance(10 * DAY_MS);
    await checkForwardingNumbers(checkDeps(clock).deps);
    expect(idleTexts()).toHaveLength(2);
  });

  it('keeps a number due for release while Twilio fails, and says so', async () => {
    const from = '+14155550514';
    await sendText(from, 'FORWARD');
    await sendText(from, 'STOP');
    const record = (await numbers.findBySubscriber(from))!;
    const clock = testClock(new Date(Date.now() + (RELEASE_GRACE_DAYS + 1) * DAY_MS).toISOString());
    twilio.failAlways(503);
    try {
      const { deps, warnings } = checkDeps(clock);
      const result = await checkForwardingNumbers(deps);
      expect(result.releaseFailed).toBeGreaterThanOrEqual(1);
      expect(warnings).toContain('A forwarding number could not be released at Twilio: tried again tomorrow');
    } finally {
      twilio.failAlways(null);
    }
    expect(await numbers.get(record.number)).not.toBeNull();
  });
});
