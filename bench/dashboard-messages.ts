/**
 * The messages the dashboard benchmark shows: what an operator's list holds on an ordinary week. Callers who
 * give their name and those who do not, transcripts of 300 to 900 characters, a failed message in ten, a
 * reply the carrier did not deliver in seven, one still waiting for the carrier in five; 37 minutes apart,
 * newest first by index.
 */
import type { SmsPart } from '#core/delivery/delivery-status';
import type { Message } from '#core/messages/message';

const SENDERS = [
  '+14155550132',
  '+12125550187',
  '+13105550164',
  '+16175550119',
  '+447700900123',
  '+17735550148',
  '+12065550171',
] as const;

const CALLS = [
  {
    caller: 'Rebecca from Dr. Patel’s office',
    summary: 'Your cleaning moved to Thursday at 3:15 PM; call back to confirm or pick another time.',
    said: 'Hi, this is Rebecca from Dr. Patel’s office calling about your cleaning appointment. We had to move it from Tuesday to Thursday at three fifteen in the afternoon. If that does not work for you, please give us a call back and we can find another time that suits you better.',
  },
  {
    caller: null,
    summary: 'The package could not be delivered; it is held at the depot on Mission Street until Friday.',
    said: 'Hello, we tried to deliver a package to your address this morning but nobody was home to sign for it. It is being held at our depot on Mission Street until Friday. Bring a photo ID and the notice number when you pick it up. The depot is open from eight to six on weekdays.',
  },
  {
    caller: 'Marcus, the plumber',
    summary: 'He can come Monday morning between 8 and 10 to fix the water heater; text him yes or no.',
    said: 'Hey, it’s Marcus, the plumber. I looked at the photos you sent of the water heater and I think it is the thermostat. I can come by Monday morning between eight and ten to replace it. The part is about ninety dollars plus the labor. Let me know yes or no by text so I can order it today. Thanks.',
  },
  {
    caller: 'Lincoln Elementary',
    summary: 'Your son has a fever and needs to be picked up from the nurse’s office today.',
    said: 'Hi, this is the nurse’s office at Lincoln Elementary. Your son came in after lunch with a fever of a hundred and one. He is resting here and he is okay, but he needs to be picked up today. Please come to the front office and sign him out. If you cannot come, please call us to tell us who will pick him up.',
  },
  {
    caller: 'Dana from Acme Dental billing',
    summary: 'Your insurance paid part of the March bill; $48 is left, payable online or by phone.',
    said: 'Good afternoon, this is Dana from Acme Dental billing. Your insurance processed the claim for your visit in March and paid most of it. There is a remaining balance of forty eight dollars. You can pay online through the patient portal or call us with a card. There is no late fee if it is paid within thirty days. Thank you, and have a great day.',
  },
  {
    caller: null,
    summary: 'Asks whether the apartment on Elm Street is still available and when they could see it.',
    said: 'Hi, I saw your listing for the one bedroom apartment on Elm Street and I wanted to know if it is still available. I could come and see it any evening this week after six, or Saturday morning. I have a dog, a small one, so please let me know if that is a problem. You can call me back at this number. Thank you so much.',
  },
] as const;

/** The reply's texts, their delivery as the carrier reported it. */
function parts(i: number, at: string): SmsPart[] {
  const status: SmsPart['status'] = i % 7 === 2 ? 'undelivered' : i % 5 === 4 ? 'sent' : 'delivered';
  return [0, 1].map((index) => ({
    sid: `SM${String(i).padStart(4, '0')}${index}${'0'.repeat(27)}`,
    index,
    kind: 'reply',
    segments: 2,
    status,
    error_code: status === 'undelivered' ? 30007 : null,
    status_updated_at: at,
  }));
}

/** Message `i`: the newest is 0. */
export function benchMessage(i: number): Message {
  const sender = SENDERS[i % SENDERS.length]!;
  const call = CALLS[i % CALLS.length]!;
  const at = new Date(Date.now() - (i + 1) * 37 * 60_000).toISOString();
  const failed = i % 10 === 7;
  // Longer transcripts now and then: the caller goes on.
  const transcript = i % 3 === 0 ? `${call.said} ${call.said.slice(0, 300)}` : call.said;
  return {
    id: `bench-dash-${String(i).padStart(3, '0')}`,
    created_at: at,
    updated_at: at,
    sender,
    phone_number: sender,
    audio_url: `audio/bench-dash-${i}.amr`,
    audio_content_type: 'audio/amr',
    audio_duration_seconds: 18 + (i % 40),
    source: 'sms',
    status: failed ? 'failed' : 'completed',
    summary: failed ? null : call.caller ? `${call.caller}: ${call.summary}` : call.summary,
    summary_details: failed
      ? null
      : {
          summary: call.caller ? `${call.caller}: ${call.summary}` : call.summary,
          key_points: [],
          callback_number: null,
          callback_time: null,
          requested_action: null,
          ...(call.caller ? { caller: call.caller } : {}),
        },
    transcript: failed ? null : transcript,
    language: failed ? null : 'en',
    error_message: failed ? 'The recording could not be transcribed: OpenAI did not answer (timeout).' : null,
    reply_sent: !failed,
    ...(failed ? {} : { sms_parts: parts(i, at) }),
  };
}
