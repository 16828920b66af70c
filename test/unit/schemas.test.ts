import { describe, expect, it } from 'vitest';
import { listMessagesQuerySchema, messageSchema } from '#core/messages/message';
import {
  DEFAULT_SETTINGS,
  maskSecret,
  settingsRecordSchema,
  settingsUpdateSchema,
} from '#core/operator/settings';
import { SMS_CONSENT_VERSION } from '#core/senders/consent';
import { signupInputSchema } from '#core/senders/signup';

describe('sign-up input', () => {
  it('accepts name and email, with no phone and consent off by default', () => {
    expect(signupInputSchema.parse({ name: ' Ada ', email: 'Ada@Example.COM' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      phone: null,
      sms_opt_in: false,
      consent_version: SMS_CONSENT_VERSION,
    });
  });

  it('stores an empty phone as null and a typed US phone as E.164', () => {
    expect(
      signupInputSchema.parse({ name: 'A', email: 'a@b.co', phone: '', sms_opt_in: false }).phone,
    ).toBeNull();
    expect(
      signupInputSchema.parse({ name: 'A', email: 'a@b.co', phone: '(415) 555-0132', sms_opt_in: true })
        .phone,
    ).toBe('+14155550132');
  });

  it.each([
    [{ email: 'a@b.co' }, 'name', 'Name is required.'],
    [{ name: '  ', email: 'a@b.co' }, 'name', 'Name is required.'],
    [{ name: 'A', email: 'not-an-email' }, 'email', 'Enter an email address like name@example.com.'],
    [{ name: 'A' }, 'email', 'Email is required.'],
    [{ name: 'A', email: 'a@b.co', phone: '12' }, 'phone', 'not a US phone number'],
    [{ name: 'A', email: 'a@b.co', sms_opt_in: 'yes' }, 'sms_opt_in', 'sms_opt_in must be true or false.'],
    [
      { name: 'A', email: 'a@b.co', sms_opt_in: true },
      'phone',
      'Add a phone number to receive text messages',
    ],
    [{ name: 'A'.repeat(101), email: 'a@b.co' }, 'name', 'too long'],
  ])('rejects %j and names the field %s', (input, field, message) => {
    const result = signupInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path.join('.') === field);
    expect(issue?.message).toContain(message);
  });

  it('drops the bidirectional controls that would make a name read differently from what it is', () => {
    // RLO ... PDF would show "Ada" + "gnp.exe" reversed; isolates, embeddings and marks are invisible too.
    const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068'];
    const name = `Ada ${controls.join('')}\u2069Love\u200Elace\u200F\u061C`;
    expect(signupInputSchema.parse({ name, email: 'a@b.co' }).name).toBe('Ada Lovelace');
    expect(signupInputSchema.parse({ name: '\u202Egnp.exe', email: 'a@b.co' }).name).toBe('gnp.exe');
    // Letters of right-to-left scripts are kept: only the invisible controls go.
    expect(signupInputSchema.parse({ name: 'دانا', email: 'a@b.co' }).name).toBe('دانا');
  });

  it('counts a name of bidirectional controls alone as no name', () => {
    const result = signupInputSchema.safeParse({ name: ' \u202E\u2066 ', email: 'a@b.co' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Name is required.');
  });

  it('rejects fields it does not know', () => {
    const result = signupInputSchema.safeParse({ name: 'A', email: 'a@b.co', admin: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});

describe('settings update', () => {
  it('saves empty values as null', () => {
    expect(
      settingsUpdateSchema.parse({ twilio_account_sid: '', twilio_phone_number: '  ', openai_api_key: '' }),
    ).toEqual({ twilio_account_sid: null, twilio_phone_number: null, openai_api_key: null });
  });

  it('replaces accented letters unless the operator chose to keep them, and names the two choices', () => {
    expect(DEFAULT_SETTINGS.accented_letters).toBe('replace');
    expect(
      settingsRecordSchema.parse({ ...DEFAULT_SETTINGS, accented_letters: undefined }).accented_letters,
    ).toBe('replace');
    expect(settingsUpdateSchema.parse({ accented_letters: 'keep' })).toEqual({ accented_letters: 'keep' });
    const refused = settingsUpdateSchema.safeParse({ accented_letters: 'strip' });
    expect(refused.error?.issues[0]?.message).toBe('accented_letters must be "replace" or "keep".');
  });

  it('keeps a field that was left out (undefined means keep)', () => {
    expect(settingsUpdateSchema.parse({ reply_mode: 'summary_only' })).toEqual({
      reply_mode: 'summary_only',
    });
  });

  it('normalizes the SMS number to E.164 and rejects one that is not a number', () => {
    expect(settingsUpdateSchema.parse({ twilio_phone_number: '(415) 555-0132' }).twilio_phone_number).toBe(
      '+14155550132',
    );
    const bad = settingsUpdateSchema.safeParse({ twilio_phone_number: '555' });
    expect(bad.error?.issues[0]?.message).toContain('E.164');
  });

  it('accepts only the two reply modes and a real-looking Account SID', () => {
    expect(settingsUpdateSchema.safeParse({ reply_mode: 'everything' }).error?.issues[0]?.message).toBe(
      'reply_mode must be "full" or "summary_only".',
    );
    expect(
      settingsUpdateSchema.safeParse({ twilio_account_sid: 'AB123' }).error?.issues[0]?.message,
    ).toContain('starts with AC');
    expect(
      settingsUpdateSchema.parse({ twilio_account_sid: `AC${'a1'.repeat(16)}` }).twilio_account_sid,
    ).toBe(`AC${'a1'.repeat(16)}`);
  });

  it('reads a row saved before segment limits: the retired texts an hour is dropped, the segment defaults apply', () => {
    const { segments_per_number_per_hour: _h, segments_per_number_per_day: _d, ...before } = DEFAULT_SETTINGS;
    const saved = { ...before, replies_per_sender_per_hour: 60 };
    const record = settingsRecordSchema.parse(saved);
    expect(record).not.toHaveProperty('replies_per_sender_per_hour');
    expect(record).toMatchObject({
      segments_per_number_per_hour: 40,
      segments_per_number_per_day: 80,
      service_segments_per_day: 1000,
      full_per_number_per_day: 3,
      upload_links_per_number_per_day: 3,
    });
  });

  it('refuses the retired texts an hour, naming what replaced it, and limits out of range', () => {
    expect(
      settingsUpdateSchema.safeParse({ replies_per_sender_per_hour: 60 }).error?.issues[0],
    ).toMatchObject({
      path: ['replies_per_sender_per_hour'],
      message: expect.stringContaining('segments_per_number_per_hour'),
    });
    expect(settingsUpdateSchema.parse({ service_segments_per_day: 250 })).toEqual({
      service_segments_per_day: 250,
    });
    expect(settingsUpdateSchema.safeParse({ full_per_number_per_day: 0 }).error?.issues[0]?.message).toBe(
      'Enter a whole number from 1 to 100.',
    );
  });

  it('turns auto-reply on until someone turns it off', () => {
    expect(DEFAULT_SETTINGS.auto_reply_enabled).toBe(true);
    expect(DEFAULT_SETTINGS.reply_mode).toBe('full');
  });
});

describe('secret masking', () => {
  it('says whether a secret is set and shows at most its last 4 characters', () => {
    expect(maskSecret(null)).toEqual({ set: false, last4: null });
    expect(maskSecret('sk-test-0123456789abcdefWXYZ')).toEqual({ set: true, last4: 'WXYZ' });
  });

  it('shows nothing of a short secret, where 4 characters would give too much away', () => {
    expect(maskSecret('short-key')).toEqual({ set: true, last4: null });
  });
});

describe('recent messages query', () => {
  it('defaults to 10 (the Recent Messages list) and allows 1 to 100 (a history page)', () => {
    expect(listMessagesQuerySchema.parse({}).limit).toBe(10);
    expect(listMessagesQuerySchema.parse({ limit: '3' }).limit).toBe(3);
    expect(listMessagesQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    for (const bad of ['0', '101', '-1', 'abc', '2.5', '0100']) {
      expect(listMessagesQuerySchema.safeParse({ limit: bad }).success).toBe(false);
    }
  });
});

describe('message record', () => {
  it('allows only the four statuses', () => {
    const message = {
      id: 'm1',
      created_at: '2026-11-22T10:00:00.000Z',
      sender: '+14155550132',
      phone_number: '+14155550132',
      audio_url: 'audio/m1.m4a',
      status: 'pending',
      summary: null,
      transcript: null,
      error_message: null,
      reply_sent: false,
    };
    expect(messageSchema.parse(message).status).toBe('pending');
    expect(messageSchema.safeParse({ ...message, status: 'queued' }).success).toBe(false);
  });
});
