/**
 * Realistic content for the dashboard's layout tests: messages as an operator meets them (long transcripts, a
 * failure, one waiting, one processing, a reply the carrier filtered, a sender that is not a phone), sign-ups
 * and accounts waiting for approval with long names and emails. Written through the same repository and
 * routes the service uses.
 */

import type { SmsPart } from '#core/delivery/delivery-status';
import type { Message } from '#core/messages/message';
import { REFUSAL_WORDS } from '#core/messages/refused-inbound';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoMessageRepository } from '../../lambdas/adapters/aws/dynamo-message-repository';
import type { RunningRuntime } from './local-runtime';

/** A transcript of about 1,400 characters: a caller who goes on. */
export const LONG_TRANSCRIPT = [
  'Hi, this is Margaret Okonkwo-Whitfield from the property management office on Harrison Street, calling about',
  'the leak in unit 4B that we talked about last Tuesday. The plumber came by this morning and said the pipe',
  'behind the kitchen wall needs to be replaced entirely, which means opening the drywall and probably moving',
  'the refrigerator out for a day or two. He quoted eighteen hundred and fifty dollars for parts and labor, and',
  'he can start on Thursday at eight if we confirm by tomorrow noon. I also need to know whether the tenant has',
  'renters insurance, because the downstairs neighbor in 3B says there is a stain spreading on her ceiling and',
  'she is worried about mold. Could you please call me back at four one five, five five five, zero one nine two,',
  'before five today, or send me an email at the office address? If I do not hear back I will go ahead and tell',
  'the plumber to hold the Thursday slot, but I would really rather have your okay in writing first. Also, the',
  'elevator inspection certificate expires at the end of the month and the inspector wants access to the',
  'machine room, so someone needs to be there with the key. Thanks so much, talk soon.',
].join(' ');

const LONG_ERROR =
  'The recording could not be transcribed: the audio is 14 minutes long, and the longest message this service transcribes is 10 minutes. Ask the sender to forward a shorter part.';

/** Long enough to break a layout that wraps emails mid-word or lets a column push the page wider. */
export const LONG_EMAILS = [
  'margaret.okonkwo-whitfield@harrison-street-property-management.example.com',
  'bartholomew.featherstonehaugh-cholmondeley@example.org',
  'info@an-unusually-long-subdomain.customer-support.example.net',
];

const part = (status: SmsPart['status'], error_code: number | null, index = 0): SmsPart => ({
  sid: `SM${String(index).padStart(32, '0')}`,
  index,
  kind: 'reply',
  segments: 3,
  status,
  error_code,
  status_updated_at: new Date().toISOString(),
});

/** Fourteen records, newest first a minute apart, in every state a card or row can be in. */
function messages(prefix: string): Message[] {
  const base = {
    phone_number: null,
    audio_url: null,
    summary: null,
    transcript: null,
    error_message: null,
    reply_sent: false,
  } as const;
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const completed = (i: number, sender: string, parts: SmsPart[]): Message => ({
    ...base,
    id: `${prefix}-${i}`,
    created_at: at(i + 1),
    sender,
    phone_number: sender.startsWith('+') ? sender : null,
    status: 'completed',
    summary:
      'Margaret from the property office: the plumber can replace the leaking kitchen pipe in 4B on Thursday for $1,850 if confirmed by noon tomorrow; call her back at (415) 555-0192 before 5 today.',
    transcript: LONG_TRANSCRIPT,
    reply_sent: true,
    sms_parts: parts,
    source: 'sms',
  });
  // Issue 25's urgency as the pipeline leaves it: an urgent row first, one opened with the longest reason a
  // reason may be (80 characters), a likely-spam one, one an operator corrected; the rest normal.
  const urgent = (reason: string) => ({ urgency: { level: 'urgent', reason, source: 'rules' } }) as const;
  return [
    {
      ...completed(0, '+14155550192', [part('delivered', null), part('delivered', null, 1)]),
      ...urgent('asks for a call back before five today'),
    },
    {
      ...completed(1, '+14155550193', [part('delivered', null), part('undelivered', 30007, 1)]),
      ...urgent('a leak is spreading to the flat below and the plumber needs an answer by noon'),
    },
    {
      ...base,
      id: `${prefix}-2`,
      created_at: at(3),
      sender: '+447700900123',
      phone_number: '+447700900123',
      status: 'failed',
      error_message: LONG_ERROR,
      error_retryable: false,
    },
    { ...base, id: `${prefix}-3`, created_at: at(4), sender: '+14155550194', status: 'pending' },
    { ...base, id: `${prefix}-4`, created_at: at(5), sender: '+14155550195', status: 'processing' },
    completed(5, 'test-user-with-a-long-name-for-uploads-from-the-dashboard', []),
    ...[6, 7, 8, 9, 10, 11].map(
      (i) =>
        ({
          ...completed(i, `+1415555021${i % 10}`, [part('sent', null)]),
          urgency: {
            level: i === 6 ? 'likely_spam' : 'normal',
            reason: i === 6 ? 'recorded sales pitch' : '',
            source: 'model',
          },
          ...(i === 7
            ? {
                urgency_review: {
                  level: 'urgent',
                  was: 'normal',
                  reviewed_by: LONG_EMAILS[0]!,
                  reviewed_at: at(2),
                },
              }
            : {}),
        }) satisfies Message,
    ),
    // What came instead of a voice message: a picture, and a long text that is no command.
    {
      ...base,
      id: `${prefix}-12`,
      created_at: at(13),
      sender: '+14155550196',
      phone_number: '+14155550196',
      status: 'failed',
      error_message: REFUSAL_WORDS['not-audio'],
      error_retryable: false,
      refusal: {
        reason: 'not-audio',
        kind: 'attachment',
        content_types: [
          'image/jpeg',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ],
        text: null,
        count: 2,
        last_at: at(12),
        answered: 'This number turns voice messages into text: forward a voice message or a recording.',
      },
    },
    {
      ...base,
      id: `${prefix}-13`,
      created_at: at(14),
      sender: '+14155550197',
      phone_number: '+14155550197',
      status: 'failed',
      error_message: REFUSAL_WORDS['not-a-command'],
      error_retryable: false,
      refusal: {
        reason: 'not-a-command',
        kind: 'text',
        content_types: [],
        text: 'Hello, is this the number for the property office? I tried to forward my voicemail from yesterday but nothing happened, could someone call me back please…',
        count: 1,
        last_at: at(14),
        answered: null,
      },
    },
  ];
}

/** Puts the messages, the sign-ups and the accounts waiting for approval in place. */
export async function seedDashboard(runtime: RunningRuntime, prefix: string): Promise<void> {
  const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  try {
    const repo = new DynamoMessageRepository(db, runtime.info.tables.messages);
    for (const message of messages(prefix).reverse()) await repo.create(message);
  } finally {
    db.destroy();
  }
  const names = [
    'Margaret Okonkwo-Whitfield',
    'Bartholomew Featherstonehaugh-Cholmondeley',
    'Customer Support',
  ];
  for (const [i, email] of LONG_EMAILS.entries()) {
    const response = await fetch(`${runtime.url}/api/signups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: names[i],
        email,
        ...(i === 0 ? { phone: '(415) 555-0192', sms_opt_in: true } : {}),
      }),
    });
    if (response.status !== 201)
      throw new Error(`Sign-up refused: ${response.status} ${await response.text()}`);
  }
  // Accounts that signed in but are not administrators: the Team section's "Waiting for approval".
  for (const email of LONG_EMAILS.slice(0, 2)) await runtime.signIn(email, 'waiting-password-1');
}
