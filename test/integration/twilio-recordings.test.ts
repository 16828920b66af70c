/**
 * A forwarded call's recording (issue 33) through the real media fetcher against the fake Twilio: fetched as
 * `<RecordingUrl>.wav` with Basic auth, deleted as `<RecordingUrl>.json`, and never fetched from another host.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentError } from '#core/messages/pipeline-errors';
import { TwilioMediaFetcher, twilioDeleteUrl } from '../../lambdas/adapters/twilio/twilio-media-fetcher';
import { type FakeTwilio, startFakeTwilio } from '../support/fake-twilio';

const ACCOUNT_SID = `AC${'5a'.repeat(16)}`;
const AUTH_TOKEN = 'fake-twilio-auth-token-recordings-0123';
const RECORDING = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.alloc(4),
  Buffer.from('WAVEfmt '),
  Buffer.alloc(500, 7),
]);

let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const fetcher = (authToken = AUTH_TOKEN) =>
  new TwilioMediaFetcher({ accountSid: ACCOUNT_SID, authToken, allowLoopback: true, apiBaseUrl: fake.url });

describe("a call's recording at Twilio", () => {
  it('is fetched as .wav with the account credentials, then deleted as .json, once', async () => {
    const recording = fake.addRecording(RECORDING);
    const fetched = await fetcher().fetch(`${recording.url}.wav`, { maxBytes: 1_000_000 });
    expect(fetched.bytes.equals(RECORDING)).toBe(true);

    await fetcher().delete(`${recording.url}.wav`);
    // Already gone (a retried step): done, not an error.
    await fetcher().delete(recording.url);
    expect(fake.recordingDeletions).toEqual([recording.recordingSid]);
    expect(fake.requests.map((r) => `${r.method} ${r.path.slice(r.path.lastIndexOf('/') + 1)}`)).toEqual([
      `GET ${recording.recordingSid}.wav`,
      `DELETE ${recording.recordingSid}.json`,
      `DELETE ${recording.recordingSid}.json`,
    ]);
    await expect(fetcher().fetch(`${recording.url}.wav`, { maxBytes: 1_000_000 })).rejects.toBeInstanceOf(
      PermanentError,
    );
  });

  it('is refused with wrong credentials, and never fetched from a host that is not Twilio', async () => {
    const recording = fake.addRecording(RECORDING);
    await expect(fetcher('wrong-token').fetch(`${recording.url}.wav`, { maxBytes: 1_000 })).rejects.toThrow(
      /refused access \(401\)/,
    );
    const elsewhere = `https://evil.example/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE${'1'.repeat(32)}`;
    const before = fake.requests.length;
    await expect(fetcher().delete(elsewhere)).rejects.toBeInstanceOf(PermanentError);
    await expect(fetcher().fetch(`${elsewhere}.wav`, { maxBytes: 1_000 })).rejects.toBeInstanceOf(
      PermanentError,
    );
    expect(fake.requests.length).toBe(before);
  });

  it('is deleted at the recording resource, whatever extension its URL carried', () => {
    const base = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE${'c'.repeat(32)}`;
    for (const url of [base, `${base}.wav`, `${base}.mp3`, `${base}.json`]) {
      expect(twilioDeleteUrl(url)).toBe(`${base}.json`);
    }
    expect(twilioDeleteUrl(`https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Calls/CA1`)).toBeNull();
  });
});

describe('the daily sweep of recordings', () => {
  it('deletes the recordings made before the day given, and leaves the newer ones', async () => {
    const old = [0, 1, 2].map(() => fake.addRecording(RECORDING, new Date('2026-01-01T10:00:00Z')));
    const recent = fake.addRecording(RECORDING, new Date('2026-03-01T10:00:00Z'));
    expect(await fetcher().deleteRecordingsBefore('2026-02-01T00:00:00.000Z')).toBe(3);
    expect([...fake.recordingDeletions].sort()).toEqual(old.map((r) => r.recordingSid).sort());
    expect(await fetcher().deleteRecordingsBefore('2026-02-01T00:00:00.000Z')).toBe(0);
    expect(fake.recordingDeletions).not.toContain(recent.recordingSid);
  });

  it('is refused with wrong credentials, in words the operator can act on', async () => {
    await expect(fetcher('wrong-token').deleteRecordingsBefore('2026-02-01')).rejects.toThrow(
      /check the Account SID/,
    );
  });
});
