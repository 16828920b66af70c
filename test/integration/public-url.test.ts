/**
 * The local runtime behind a tunnel or proxy: with `PUBLIC_URL` set, Twilio's signature is checked against the
 * public webhook URL, the printed addresses are the public ones, a browser that came through the public
 * address gets https/wss endpoints and CORS for that origin, and a value that is not an origin stops the start
 * with a one-line message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, postWebhook } from '../support/pipeline';

describe('behind a tunnel or proxy (PUBLIC_URL)', () => {
  const PUBLIC = 'https://voice.example.test';
  let tunneled: RunningRuntime;

  beforeAll(async () => {
    tunneled = await startLocalRuntime({ env: { PUBLIC_URL: `${PUBLIC}/` } });
  });

  afterAll(async () => {
    await tunneled?.dispose();
  });

  it('checks webhook signatures against the public URL and prints the public addresses', async () => {
    expect(tunneled.info.webhookUrl).toBe(`${PUBLIC}/api/receive-message`);
    expect(tunneled.output()).toContain(`${PUBLIC}/admin`);
    const form = incomingForm({ from: '+14155550123', body: 'HELP' });
    expect((await postWebhook(tunneled, form)).status).toBe(200);
    const localUrl = `${tunneled.url}/api/receive-message`;
    expect((await postWebhook(tunneled, form, { signedUrl: localUrl })).status).toBe(403);
  });

  it('gives a browser that came through the public address https and wss endpoints, and lets its origin in', async () => {
    const config = (await (
      await fetch(`${tunneled.url}/config.json`, { headers: { 'x-forwarded-host': 'voice.example.test' } })
    ).json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      userPoolEndpoint: `${PUBLIC}/cognito/`,
      events: {
        httpEndpoint: `${PUBLIC}/event`,
        realtimeEndpoint: 'wss://voice.example.test/event/realtime',
      },
    });
    const preflight = await fetch(`${tunneled.url}/cognito/`, {
      method: 'OPTIONS',
      headers: { origin: PUBLIC, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PUBLIC);
  });

  it('refuses to start with a PUBLIC_URL that is not an origin, saying so in one line', async () => {
    await expect(startLocalRuntime({ env: { PUBLIC_URL: 'voice.example.test/app' } })).rejects.toThrow(
      /Cannot start: PUBLIC_URL must be/,
    );
  });
});
