/** The DynamoDB repositories against real tables in dynalite (own instance for this file). */
import { CreateTableCommand, DescribeTableCommand, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '#core/messages/message';
import { DEFAULT_SETTINGS } from '#core/operator/settings';
import type { WebSignupConsent } from '#core/senders/consent';
import { senderPreferencesPatchSchema } from '#core/senders/sender-preferences';
import { createTables, tableNames } from '../../lambdas/adapters/aws/create-tables';
import { DynamoConsentRecordRepository } from '../../lambdas/adapters/aws/dynamo-consent-record-repository';
import { DynamoCounters } from '../../lambdas/adapters/aws/dynamo-counters';
import { DynamoJoinCodes } from '../../lambdas/adapters/aws/dynamo-join-codes';
import { DynamoMessageRepository } from '../../lambdas/adapters/aws/dynamo-message-repository';
import { DynamoOptOutRepository } from '../../lambdas/adapters/aws/dynamo-opt-out-repository';
import { DynamoSenderPreferencesRepository } from '../../lambdas/adapters/aws/dynamo-sender-preferences-repository';
import { DynamoSentTextRepository } from '../../lambdas/adapters/aws/dynamo-sent-text-repository';
import { DynamoSettingsRepository } from '../../lambdas/adapters/aws/dynamo-settings-repository';
import { DynamoDeleteCodes, DynamoUploadCodes } from '../../lambdas/adapters/aws/dynamo-short-lived-codes';
import { DynamoSignupRepository } from '../../lambdas/adapters/aws/dynamo-signup-repository';
import { startTestTables, type TestTables } from '../support/stand-ins';

let tables: TestTables;

beforeAll(async () => {
  tables = await startTestTables();
});

afterAll(async () => {
  await tables?.close();
});

function message(id: string, createdAt: string, overrides: Partial<Message> = {}): Message {
  return {
    id,
    created_at: createdAt,
    sender: '+15551230000',
    phone_number: '+15551230000',
    audio_url: `audio/${id}.m4a`,
    status: 'pending',
    summary: null,
    transcript: null,
    error_message: null,
    reply_sent: false,
    ...overrides,
  };
}

describe('signups', () => {
  it('keeps one sign-up per email, with the later details and the first sign-up time', async () => {
    const repo = new DynamoSignupRepository(tables.doc, tables.names.signups);
    await repo.save(
      { name: 'Ada', email: 'ada@example.com', phone: null, sms_opt_in: false, sms_confirmed_at: null },
      '2026-01-01T00:00:00.000Z',
    );
    await repo.save(
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: '+15551234567',
        sms_opt_in: true,
        sms_confirmed_at: null,
      },
      '2026-01-02T00:00:00.000Z',
    );
    expect(await repo.get('ADA@example.com')).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      phone: '+15551234567',
      sms_opt_in: true,
      sms_confirmed_at: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
    });
    expect(await repo.get('nobody@example.com')).toBeNull();
  });

  it('confirms the SMS consent only while the sign-up names that phone and asks for texts', async () => {
    const repo = new DynamoSignupRepository(tables.doc, tables.names.signups);
    const signup = { name: 'Bo', email: 'bo@example.com', phone: '+15551234568', sms_opt_in: true };
    await repo.save({ ...signup, sms_confirmed_at: null }, '2026-01-01T00:00:00.000Z');
    expect(await repo.confirmSms('bo@example.com', '+15551239999', '2026-01-01T00:01:00.000Z')).toBe(false);
    expect(await repo.confirmSms('nobody@example.com', '+15551234568', '2026-01-01T00:01:00.000Z')).toBe(
      false,
    );
    expect(await repo.confirmSms('bo@example.com', '+15551234568', '2026-01-01T00:02:00.000Z')).toBe(true);
    expect((await repo.listAll()).find((s) => s.email === 'bo@example.com')?.sms_confirmed_at).toBe(
      '2026-01-01T00:02:00.000Z',
    );
    expect(await repo.get('nobody@example.com')).toBeNull();
  });
});

describe('sign-ups waiting for their phone’s JOIN (items of the counters table)', () => {
  const now = '2026-03-01T12:00:00.000Z';
  const later = '2026-03-01T13:00:00.000Z';
  const code = (codeHash: string, email: string, expiresAt = later) => ({ codeHash, email, expiresAt });

  it('gives a right code’s sign-up once, even to two tries at once, and nothing for another phone', async () => {
    const codes = new DynamoJoinCodes(tables.doc, tables.names.counters);
    expect(await codes.add('+15551230011', code('h-a', 'a@example.com'), now, 3)).toBe(true);
    expect(await codes.add('+15551230011', code('h-a', 'b@example.com'), now, 3)).toBe(false);
    expect(await codes.redeem('+15551230012', 'h-a', now, 5)).toEqual({ outcome: 'none' });
    const tries = await Promise.all([
      codes.redeem('+15551230011', 'h-a', now, 5),
      codes.redeem('+15551230011', 'h-a', now, 5),
    ]);
    expect(tries).toContainEqual({ outcome: 'right', email: 'a@example.com' });
    expect(tries).toContainEqual({ outcome: 'wrong' });
  });

  it('keeps at most a few codes a phone, the newest, one a sign-up, none past its end', async () => {
    const codes = new DynamoJoinCodes(tables.doc, tables.names.counters);
    const phone = '+15551230013';
    for (const [i, email] of ['a', 'b', 'c', 'd'].entries()) {
      const end = new Date(Date.parse(later) + i * 1000).toISOString();
      await codes.add(phone, code(`h-${email}`, `${email}@example.com`, end), now, 3);
    }
    await codes.add(phone, code('h-d2', 'd@example.com', '2026-03-01T13:00:05.000Z'), now, 3);
    expect(await codes.redeem(phone, 'h-a', now, 99)).toEqual({ outcome: 'wrong' });
    expect(await codes.redeem(phone, 'h-d', now, 99)).toEqual({ outcome: 'wrong' });
    expect(await codes.redeem(phone, 'h-d2', later, 99)).toEqual({
      outcome: 'right',
      email: 'd@example.com',
    });
    expect(await codes.redeem(phone, 'h-b', '2026-03-01T13:00:01.000Z', 99)).toEqual({ outcome: 'wrong' });
    expect(await codes.redeem(phone, 'h-c', now, 99)).toEqual({ outcome: 'right', email: 'c@example.com' });
  });

  it('keeps at most a few codes a phone even when sign-ups for it arrive at once', async () => {
    const codes = new DynamoJoinCodes(tables.doc, tables.names.counters);
    const phone = '+15551230015';
    const emails = ['a', 'b', 'c', 'd', 'e'];
    const added = await Promise.all(
      emails.map((email) => codes.add(phone, code(`h-${email}`, `${email}@example.com`), now, 3)),
    );
    expect(added).toEqual([true, true, true, true, true]);
    const kept = [];
    for (const email of emails) {
      const tried = await codes.redeem(phone, `h-${email}`, now, 99);
      if (tried.outcome === 'right') kept.push(tried.email);
    }
    expect(kept).toHaveLength(3);
  });

  it('is spent by its phone’s last wrong try, and a new sign-up’s code starts the tries again', async () => {
    const codes = new DynamoJoinCodes(tables.doc, tables.names.counters);
    const phone = '+15551230014';
    await codes.add(phone, code('h-right', 'a@example.com'), now, 3);
    expect(await codes.redeem(phone, 'h-1', now, 2)).toEqual({ outcome: 'wrong' });
    expect(await codes.redeem(phone, 'h-2', now, 2)).toEqual({ outcome: 'spent' });
    expect(await codes.redeem(phone, 'h-right', now, 2)).toEqual({ outcome: 'none' });
    await codes.add(phone, code('h-new', 'b@example.com'), now, 3);
    expect(await codes.redeem(phone, 'h-new', now, 2)).toEqual({ outcome: 'right', email: 'b@example.com' });
  });
});

describe('consent records', () => {
  const record = (eventId: string, overrides: Partial<WebSignupConsent> = {}): WebSignupConsent => ({
    email: 'lin@example.com',
    event_id: eventId,
    recorded_at: eventId.split('#')[0]!,
    name: 'Lin',
    phone: '+14155550142',
    sms_opt_in: true,
    consent_version: '2025-10-15',
    consent_text: 'Text me at this number.',
    ip: '203.0.113.7',
    user_agent: 'test',
    source: 'web-signup',
    ...overrides,
  });

  it('adds records and lists them oldest first, never overwriting one that exists', async () => {
    const repo = new DynamoConsentRecordRepository(tables.doc, tables.names.signupConsents);
    await repo.append(record('2026-01-02T00:00:00.000Z#b'));
    await repo.append(record('2026-01-01T00:00:00.000Z#a', { sms_opt_in: false }));
    await expect(repo.append(record('2026-01-01T00:00:00.000Z#a', { name: 'Mallory' }))).rejects.toThrow(
      /conditional/i,
    );
    await repo.append({
      email: 'lin@example.com',
      event_id: '2026-01-03T00:00:00.000Z#c',
      recorded_at: '2026-01-03T00:00:00.000Z',
      phone: '+14155550142',
      message_sid: 'SM0123456789abcdef0123456789abcdef',
      keyword: 'YES',
      source: 'sms-confirmation',
    });
    const records = await repo.listForEmail('LIN@example.com');
    expect(records.map((r) => [r.event_id, r.source])).toEqual([
      ['2026-01-01T00:00:00.000Z#a', 'web-signup'],
      ['2026-01-02T00:00:00.000Z#b', 'web-signup'],
      ['2026-01-03T00:00:00.000Z#c', 'sms-confirmation'],
    ]);
    expect(records[0]).toMatchObject({ name: 'Lin', sms_opt_in: false });
    expect(records[2]).toMatchObject({ message_sid: 'SM0123456789abcdef0123456789abcdef', keyword: 'YES' });
  });
});

describe('messages', () => {
  const repo = () => new DynamoMessageRepository(tables.doc, tables.names.messages);

  it('creates a message once: a second create with the same id writes nothing', async () => {
    expect(await repo().create(message('m-dup', '2026-02-01T00:00:00.000Z'))).toBe(true);
    expect(
      await repo().create(message('m-dup', '2026-02-01T00:00:01.000Z', { sender: 'someone else' })),
    ).toBe(false);
    expect((await repo().get('m-dup'))?.sender).toBe('+15551230000');
  });

  it('moves a message only from the status the caller expects', async () => {
    await repo().create(message('m-status', '2026-02-02T00:00:00.000Z'));
    const processing = await repo().update(
      'm-status',
      ['pending', 'failed'],
      { status: 'processing' },
      '2026-02-02T00:01:00.000Z',
    );
    expect(processing).toMatchObject({ status: 'processing', updated_at: '2026-02-02T00:01:00.000Z' });
    // A second worker that also expected "pending" loses and writes nothing.
    expect(
      await repo().update('m-status', ['pending'], { status: 'processing', summary: 'x' }, 'later'),
    ).toBeNull();
    const done = await repo().update(
      'm-status',
      ['processing'],
      { status: 'completed', summary: 'Call back at 3', transcript: 'Hi, call back at 3.', reply_sent: true },
      '2026-02-02T00:02:00.000Z',
    );
    expect(done).toMatchObject({ status: 'completed', summary: 'Call back at 3', reply_sent: true });
    expect(await repo().get('m-status')).toEqual(done);
  });

  it('does not create a message by updating one that does not exist', async () => {
    expect(await repo().update('m-missing', ['pending'], { status: 'processing' }, 'now')).toBeNull();
    expect(await repo().get('m-missing')).toBeNull();
  });

  it("lists the newest messages first, at most the limit asked, without the table's own keys", async () => {
    const fresh = new DynamoMessageRepository(tables.doc, tables.names.messages);
    for (let i = 0; i < 14; i++) {
      const minute = String(10 + i).padStart(2, '0');
      await fresh.create(message(`m-list-${i}`, `2026-03-01T10:${minute}:00.000Z`));
    }
    const three = await fresh.listPage({}, 3);
    expect(three.messages.map((m) => m.id)).toEqual(['m-list-13', 'm-list-12', 'm-list-11']);
    const times = (await fresh.listPage({}, 10)).messages.map((m) => m.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(three.messages[0]).not.toHaveProperty('feed');
  });

  it('lists every message created in a time window, oldest first, across pages', async () => {
    const fresh = new DynamoMessageRepository(tables.doc, tables.names.messages);
    for (let i = 0; i < 30; i++) {
      const second = String(i).padStart(2, '0');
      await fresh.create(
        message(`m-window-${i}`, `2026-04-01T08:00:${second}.000Z`, { sender: 'x'.repeat(60_000) }),
      );
    }
    const window = await fresh.listCreatedBetween('2026-04-01T08:00:05.000Z', '2026-04-01T08:00:25.000Z');
    expect(window.map((m) => m.id)).toEqual(Array.from({ length: 20 }, (_, i) => `m-window-${i + 5}`));
  });
});

describe('messages by sender (what DELETE erases)', () => {
  it('lists one number’s messages, oldest first, and keeps a message without a number out of the index', async () => {
    const repo = new DynamoMessageRepository(tables.doc, tables.names.messages);
    const number = '+14155550177';
    await repo.create(message('s-2', '2026-05-01T10:00:02.000Z', { phone_number: number, sender: number }));
    await repo.create(message('s-1', '2026-05-01T10:00:01.000Z', { phone_number: number, sender: number }));
    await repo.create(message('s-other', '2026-05-01T10:00:03.000Z', { phone_number: '+14155550178' }));
    await repo.create(
      message('s-test-user', '2026-05-01T10:00:04.000Z', { phone_number: null, sender: 'test-user' }),
    );

    expect((await repo.listBySender(number)).map((m) => m.id)).toEqual(['s-1', 's-2']);
    // Stored without the attribute (an index key may not be null) and read back as null.
    expect((await repo.get('s-test-user'))!.phone_number).toBeNull();
    const { Item } = await tables.doc.send(
      new GetCommand({ TableName: tables.names.messages, Key: { id: 's-test-user' } }),
    );
    expect(Item).not.toHaveProperty('phone_number');
  });

  it('rebuilds a table made before the sender index, keeping every message', async () => {
    const names = tableNames(`old-${process.pid}-`);
    // An older version's messages table: only the `recent` index.
    await tables.client.send(
      new CreateTableCommand({
        TableName: names.messages,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'id', AttributeType: 'S' },
          { AttributeName: 'feed', AttributeType: 'S' },
          { AttributeName: 'created_at', AttributeType: 'S' },
        ],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'recent',
            KeySchema: [
              { AttributeName: 'feed', KeyType: 'HASH' },
              { AttributeName: 'created_at', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    // Created tables answer "not found" until they are active (dynalite, as DynamoDB): the writes wait for it.
    await waitUntilTableExists(
      { client: tables.client, maxWaitTime: 30, minDelay: 1 },
      { TableName: names.messages },
    );
    const number = '+14155550179';
    for (const [id, phone] of [
      ['o-1', number],
      ['o-2', null],
    ] as const) {
      await tables.doc.send(
        new PutCommand({
          TableName: names.messages,
          Item: { ...message(id, '2026-05-02T10:00:00.000Z', { phone_number: phone }), feed: 'all' },
        }),
      );
    }

    await createTables(tables.client, names);

    const { Table } = await tables.client.send(new DescribeTableCommand({ TableName: names.messages }));
    expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual([
      'link',
      'recent',
      'sender',
      'status',
    ]);
    const repo = new DynamoMessageRepository(tables.doc, names.messages);
    expect((await repo.listBySender(number)).map((m) => m.id)).toEqual(['o-1']);
    expect((await repo.get('o-2'))!.phone_number).toBeNull();
  });
});

describe('delivery status of the texts sent about a message', () => {
  const part = (sid: string, index: number) => ({
    sid,
    index,
    kind: 'reply' as const,
    segments: 2,
    status: 'sent' as const,
    error_code: null,
    status_updated_at: '2026-02-01T00:00:01.000Z',
  });
  const at = (second: number) => `2026-02-01T00:00:${String(second).padStart(2, '0')}.000Z`;

  it('keeps each text beside the message, moves its status only forward, and no other write replaces it', async () => {
    const repo = new DynamoMessageRepository(tables.doc, tables.names.messages);
    await repo.create(message('m-delivery', '2026-02-01T00:00:00.000Z', { status: 'processing' }));
    await repo.addSmsPart('m-delivery', part('SMb', 1));
    await repo.addSmsPart('m-delivery', part('SMa', 0));
    // The pipeline's own write after the texts went out leaves them alone.
    await repo.update('m-delivery', ['processing'], { status: 'completed', reply_sent: true }, at(2));

    const delivered = {
      sid: 'SMa',
      status: 'delivered' as const,
      error_code: null,
      status_updated_at: at(3),
    };
    expect((await repo.updateSmsPartStatus('m-delivery', delivered))?.sms_parts?.[0]?.status).toBe(
      'delivered',
    );
    // A duplicate and a late "sent" are not news: nothing is written.
    expect(
      await repo.updateSmsPartStatus('m-delivery', { ...delivered, status_updated_at: at(4) }),
    ).toBeNull();
    expect(
      await repo.updateSmsPartStatus('m-delivery', {
        ...delivered,
        status: 'sent',
        status_updated_at: at(5),
      }),
    ).toBeNull();
    const undelivered = {
      sid: 'SMb',
      status: 'undelivered' as const,
      error_code: 30007,
      status_updated_at: at(6),
    };
    expect(await repo.updateSmsPartStatus('m-delivery', undelivered)).not.toBeNull();
    // A text the message never had, and a message that does not exist: nothing written, nothing created.
    expect(await repo.updateSmsPartStatus('m-delivery', { ...undelivered, sid: 'SMz' })).toBeNull();
    expect(await repo.updateSmsPartStatus('m-nobody', undelivered)).toBeNull();
    expect(await repo.get('m-nobody')).toBeNull();

    const stored = (await repo.get('m-delivery'))!;
    expect(stored).toMatchObject({ status: 'completed', reply_sent: true, updated_at: at(6) });
    expect(stored.sms_parts).toEqual([
      { ...part('SMa', 0), status: 'delivered', status_updated_at: at(3) },
      { ...part('SMb', 1), status: 'undelivered', error_code: 30007, status_updated_at: at(6) },
    ]);
    // Lists read them too (the index projects every attribute).
    const listed = await repo.listCreatedBetween('2026-02-01T00:00:00.000Z', '2026-02-01T00:00:01.000Z');
    expect(listed.find((m) => m.id === 'm-delivery')?.sms_parts).toEqual(stored.sms_parts);
  });

  it("finds a text's message by its SID, and nothing for a SID never recorded or past its time", async () => {
    const repo = new DynamoSentTextRepository(tables.doc, tables.names.sentTexts);
    await repo.link('SMlive', 'm-1', new Date(Date.now() + 60_000).toISOString());
    await repo.link('SMgone', 'm-2', new Date(Date.now() - 1_000).toISOString());
    expect(await repo.messageIdOf('SMlive')).toBe('m-1');
    expect(await repo.messageIdOf('SMgone')).toBeNull();
    expect(await repo.messageIdOf('SMnever')).toBeNull();
  });
});

describe('counters', () => {
  const expires = '2099-01-01T00:00:00.000Z';

  it('counts up to the limit and no further, even when many take at once', async () => {
    const counters = new DynamoCounters(tables.doc, tables.names.counters);
    const taken = await Promise.all(Array.from({ length: 10 }, () => counters.take('c#race', 3, expires)));
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(await counters.take('c#race', 3, expires)).toBe(false);
    expect(await counters.take('c#other', 3, expires)).toBe(true);
  });

  it('gives back a use taken by a request that failed, never going below zero', async () => {
    const counters = new DynamoCounters(tables.doc, tables.names.counters);
    expect(await counters.take('sid#SMretry', 1, expires)).toBe(true);
    expect(await counters.take('sid#SMretry', 1, expires)).toBe(false);
    await counters.giveBack('sid#SMretry');
    expect(await counters.take('sid#SMretry', 1, expires)).toBe(true);
    await counters.giveBack('c#never-taken');
    await counters.giveBack('sid#SMretry');
    await counters.giveBack('sid#SMretry');
    expect(await counters.take('sid#SMretry', 1, expires)).toBe(true);
    expect(await counters.take('sid#SMretry', 1, expires)).toBe(false);
    const { Item } = await tables.doc.send(
      new GetCommand({ TableName: tables.names.counters, Key: { key: 'sid#SMretry' } }),
    );
    expect(Item).toMatchObject({ count: 1, expires_at: Math.ceil(Date.parse(expires) / 1000) });
  });
});

describe('DELETE codes (items of the counters table)', () => {
  const now = '2026-03-01T12:00:00.000Z';
  const inTenMinutes = '2026-03-01T12:10:00.000Z';

  it('lets the right code through once, even when tried twice at once', async () => {
    const codes = new DynamoDeleteCodes(tables.doc, tables.names.counters);
    await codes.put('+15551230001', 'hash-right', inTenMinutes);
    const tries = await Promise.all([1, 2, 3].map(() => codes.attempt('+15551230001', 'hash-right', now, 3)));
    expect(tries.sort()).toEqual(['none', 'none', 'right']);
    expect(await codes.attempt('+15551230002', 'hash-right', now, 3)).toBe('none');
  });

  it('counts wrong tries, spends the code on the last, and treats a code past its time as none (no TTL here)', async () => {
    const codes = new DynamoDeleteCodes(tables.doc, tables.names.counters);
    await codes.put('+15551230003', 'hash-right', inTenMinutes);
    expect(await codes.attempt('+15551230003', 'hash-wrong', now, 3)).toBe('wrong');
    expect(await codes.attempt('+15551230003', 'hash-wrong', now, 3)).toBe('wrong');
    expect(await codes.attempt('+15551230003', 'hash-wrong', now, 3)).toBe('spent');
    expect(await codes.attempt('+15551230003', 'hash-right', now, 3)).toBe('none');

    await codes.put('+15551230003', 'hash-new', inTenMinutes);
    expect(await codes.attempt('+15551230003', 'hash-new', inTenMinutes, 3)).toBe('none');
    expect(await codes.attempt('+15551230003', 'hash-new', now, 3)).toBe('right');
    const { Item } = await tables.doc.send(
      new GetCommand({ TableName: tables.names.counters, Key: { key: 'delete-code#+15551230003' } }),
    );
    expect(Item).toMatchObject({ expires_at: Date.parse(inTenMinutes) / 1000 });
    expect(Item).not.toHaveProperty('code_hash');
  });
});

describe('counters in segments (issue 23)', () => {
  const expires = '2099-01-01T00:00:00.000Z';

  it('takes an amount only when it fits whole, even when many take at once, and reads the count', async () => {
    const counters = new DynamoCounters(tables.doc, tables.names.counters);
    const taken = await Promise.all(
      Array.from({ length: 6 }, () => counters.take('seg#race', 10, expires, 3)),
    );
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(await counters.read('seg#race')).toBe(9);
    expect(await counters.take('seg#race', 10, expires, 2)).toBe(false);
    expect(await counters.take('seg#race', 10, expires, 1)).toBe(true);
    expect(await counters.take('seg#big', 10, expires, 11)).toBe(false);
    expect(await counters.read('seg#big')).toBe(0);
  });

  it('gives back an amount, never going below zero', async () => {
    const counters = new DynamoCounters(tables.doc, tables.names.counters);
    await counters.take('seg#back', 20, expires, 7);
    await counters.giveBack('seg#back', 5);
    expect(await counters.read('seg#back')).toBe(2);
    await counters.giveBack('seg#back', 5);
    expect(await counters.read('seg#back')).toBe(2);
  });
});

describe('upload codes', () => {
  const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

  it("revokes every pending link of a number, and only that number's", async () => {
    const codes = new DynamoUploadCodes(tables.doc, tables.names.uploadCodes);
    await codes.put('a1', { phoneNumber: '+14155550701', expiresAt: inAnHour() });
    await codes.put('a2', { phoneNumber: '+14155550701', expiresAt: inAnHour() });
    await codes.put('b1', { phoneNumber: '+14155550702', expiresAt: inAnHour() });
    expect(await codes.consume('a2')).not.toBeNull();

    expect([...(await codes.revokeAll('+14155550701'))].sort()).toEqual(['a1', 'a2']);
    expect(await codes.get('a1')).toBeNull();
    expect(await codes.get('b1')).toMatchObject({ phoneNumber: '+14155550702' });
    expect(await codes.revokeAll('+14155550701')).toEqual([]);
    // A link made after the revocation works.
    await codes.put('a3', { phoneNumber: '+14155550701', expiresAt: inAnHour() });
    expect(await codes.get('a3')).toMatchObject({ phoneNumber: '+14155550701' });
  });
});

describe('message retention', () => {
  it('stamps each new message with its expiry (epoch seconds) for DynamoDB TTL, and treats it as gone after', async () => {
    const keepsTenYears = new DynamoMessageRepository(tables.doc, tables.names.messages, 3650);
    const keepsThirtyDays = new DynamoMessageRepository(tables.doc, tables.names.messages, 30);
    await keepsTenYears.create(message('m-kept', '2026-01-10T00:00:00.000Z'));
    await keepsThirtyDays.create(message('m-expired', '2026-01-09T00:00:00.000Z'));

    const { Item } = await tables.doc.send(
      new GetCommand({ TableName: tables.names.messages, Key: { id: 'm-expired' } }),
    );
    expect(Item?.expires_at).toBe(Date.parse('2026-02-08T00:00:00.000Z') / 1000);

    // dynalite, like DynamoDB between expiry and its TTL deletion, still holds the item: reads skip it.
    const reader = new DynamoMessageRepository(tables.doc, tables.names.messages);
    expect(await reader.get('m-expired')).toBeNull();
    expect(await reader.get('m-kept')).toMatchObject({ id: 'm-kept' });
    expect(await reader.get('m-kept')).not.toHaveProperty('expires_at');
    const january = await reader.listCreatedBetween('2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z');
    expect(january.map((m) => m.id)).toEqual(['m-kept']);

    await reader.delete('m-kept');
    expect(await reader.get('m-kept')).toBeNull();
  });
});

describe('settings', () => {
  it('has no row until saved, then returns exactly what was saved', async () => {
    const repo = new DynamoSettingsRepository(tables.doc, tables.names.settings);
    expect(await repo.get()).toBeNull();
    const saved = {
      ...DEFAULT_SETTINGS,
      reply_mode: 'summary_only' as const,
      twilio_phone_number: '+15557654321',
      updated_at: '2026-04-01T00:00:00.000Z',
    };
    await repo.put(saved);
    expect(await repo.get()).toEqual(saved);
    await repo.put({ ...saved, auto_reply_enabled: false });
    expect((await repo.get())?.auto_reply_enabled).toBe(false);
  });

  it('refuses to store fields that are not settings (a secret cannot slip into the table)', async () => {
    const repo = new DynamoSettingsRepository(tables.doc, tables.names.settings);
    await repo.put({ ...DEFAULT_SETTINGS, openai_api_key: 'sk-should-not-be-here' } as never);
    expect(JSON.stringify(await repo.get())).not.toContain('sk-should-not-be-here');
  });
});

describe('opt-outs', () => {
  it('records an opt-out with its time and removes it on opt-in', async () => {
    const repo = new DynamoOptOutRepository(tables.doc, tables.names.optOuts);
    expect(await repo.get('+15550001111')).toBeNull();
    await repo.optOut('+15550001111', '2026-05-01T00:00:00.000Z');
    expect(await repo.get('+15550001111')).toEqual({
      phone_number: '+15550001111',
      opted_out_at: '2026-05-01T00:00:00.000Z',
    });
    await repo.optIn('+15550001111');
    expect(await repo.get('+15550001111')).toBeNull();
  });
});

describe('sender preferences', () => {
  const at = '2026-05-01T00:00:00.000Z';

  it('has no record for a sender who chose nothing, then keeps what LANG set', async () => {
    const repo = new DynamoSenderPreferencesRepository(tables.doc, tables.names.senderPreferences, () => at);
    expect(await repo.get('+15550002001')).toBeNull();
    const stored = await repo.update('+15550002001', { language: 'es' }, at);
    expect(stored).toEqual({ phone_number: '+15550002001', language: 'es', updated_at: at });
    expect(await repo.get('+15550002001')).toEqual(stored);
  });

  it('changes only the fields a patch names, and clears one set to null', async () => {
    const repo = new DynamoSenderPreferencesRepository(tables.doc, tables.names.senderPreferences, () => at);
    await repo.update('+15550002002', { language: 'es', reply_mode: 'summary_only', spell: ['Nguyen'] }, at);
    await repo.update('+15550002002', { language: 'fr' }, at);
    expect(await repo.get('+15550002002')).toMatchObject({
      language: 'fr',
      reply_mode: 'summary_only',
      spell: ['Nguyen'],
    });
    await repo.update('+15550002002', { language: null }, at);
    const after = await repo.get('+15550002002');
    expect(after?.language).toBeUndefined();
    expect(after?.reply_mode).toBe('summary_only');
  });

  it('erases the record (DELETE)', async () => {
    const repo = new DynamoSenderPreferencesRepository(tables.doc, tables.names.senderPreferences, () => at);
    await repo.update('+15550002003', { language: 'es' }, at);
    await repo.delete('+15550002003');
    expect(await repo.get('+15550002003')).toBeNull();
    await repo.delete('+15550002003');
  });

  it('expires a year after the last change: the TTL attribute is set, and a read past it finds nothing', async () => {
    const later = '2027-05-02T00:00:00.000Z';
    const repo = new DynamoSenderPreferencesRepository(
      tables.doc,
      tables.names.senderPreferences,
      () => later,
    );
    await repo.update('+15550002004', { language: 'es' }, at);
    const { Item } = await tables.doc.send(
      new GetCommand({ TableName: tables.names.senderPreferences, Key: { phone_number: '+15550002004' } }),
    );
    expect(Item?.expires_at).toBe(Date.parse('2027-05-01T00:00:00.000Z') / 1000);
    expect(await repo.get('+15550002004')).toBeNull();
  });

  it('refuses a language the service does not know and more than 50 SPELL words', () => {
    expect(senderPreferencesPatchSchema.safeParse({ language: 'xx' }).success).toBe(false);
    expect(senderPreferencesPatchSchema.safeParse({ language: 'ES' }).data).toEqual({ language: 'es' });
    const words = Array.from({ length: 51 }, (_, i) => `word${i}`);
    expect(senderPreferencesPatchSchema.safeParse({ spell: words }).success).toBe(false);
    expect(senderPreferencesPatchSchema.safeParse({ mode: 'full' }).success).toBe(false);
  });
});
