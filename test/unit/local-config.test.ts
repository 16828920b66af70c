/**
 * The local runtime's variables, read once at start: the defaults a person gets with nothing set, and the one
 * line `npm start` prints for a value that does not fit (the first bad variable, with the fix).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BEAM_CONFIDENCE,
  DEFAULT_MOONSHINE_BEAMS,
  localEngineConfigFromEnv,
} from '../../lambdas/adapters/offline/engine-config';
import { readLocalConfig } from '../../local/local-config';
import { StartupError } from '../../local/startup-error';

function problemWith(env: Record<string, string>): string {
  try {
    readLocalConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(StartupError);
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(env)} was accepted`);
}

describe('the local configuration', () => {
  it('starts on port 3000 with .data, the usual retention and throttling on when nothing is set', () => {
    const config = readLocalConfig({ PORT: '', DATA_DIR: '' });

    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve('.data'),
      publicUrl: null,
      retention: { audioDays: 30, transcriptDays: 90 },
      adminEmails: '',
      pipeline: {},
      throttling: true,
      trustedProxies: 'none',
    });
  });

  it('takes what a person and the tests set', () => {
    const config = readLocalConfig({
      PORT: '0',
      PUBLIC_URL: ' https://voice.example.com/ ',
      ADMIN_EMAILS: ' boss@example.com, ada@example.com ',
      PIPELINE_RETRY_INTERVAL_MS: '50',
      PIPELINE_RUN_TIMEOUT_SECONDS: '8',
      LOCAL_THROTTLING: 'off',
      ALLOWED_HOSTS: ' My-Laptop.lan, voice.example.com,,192.168.1.20, ::1 ',
      TRUST_PROXY: '192.168.1.5, 10.0.0.2',
    });

    expect(config).toMatchObject({
      port: 0,
      allowedHosts: ['my-laptop.lan', 'voice.example.com', '192.168.1.20', '[::1]'],
      publicUrl: 'https://voice.example.com',
      adminEmails: 'boss@example.com, ada@example.com',
      pipeline: { retryIntervalMs: 50, runTimeoutSeconds: 8 },
      throttling: false,
      trustedProxies: ['192.168.1.5', '10.0.0.2'],
    });
    expect(readLocalConfig({ TRUST_PROXY: '1' }).trustedProxies).toBe('loopback');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT=eighty is not a port number: use a whole number such as PORT=3000.'],
    [
      { TRANSCRIPT_RETENTION_DAYS: '0' },
      'AUDIO_RETENTION_DAYS and TRANSCRIPT_RETENTION_DAYS must be whole numbers of days from 1 to 3650.',
    ],
    [
      { PUBLIC_URL: 'https://voice.example.com/app' },
      'PUBLIC_URL must be an origin only (scheme, host and optional port), with no path: the site is served at its root (found "https://voice.example.com/app"): for example PUBLIC_URL=https://voice.example.com, or unset it.',
    ],
    [
      { ADMIN_EMAILS: 'boss@example.com, boss' },
      'ADMIN_EMAILS must be email addresses separated by commas; "boss" is not: fix it or unset ADMIN_EMAILS.',
    ],
    [
      { PIPELINE_RETRY_INTERVAL_MS: 'soon' },
      'PIPELINE_RETRY_INTERVAL_MS must be a whole number of milliseconds (found "soon"): unset it for the usual retries.',
    ],
    [{ LOCAL_THROTTLING: 'false' }, 'LOCAL_THROTTLING must be on or off (found "false").'],
    [
      { TRUST_PROXY: 'nginx' },
      'TRUST_PROXY must be 0, 1 (a proxy or tunnel on this machine) or the proxies\' IP addresses separated by commas (found "nginx"): set it only when that proxy appends the client\'s address to X-Forwarded-For.',
    ],
    [
      { ALLOWED_HOSTS: 'my-laptop.lan, https://voice.example.com, voice.lan:8080' },
      'ALLOWED_HOSTS must be host names separated by commas, without scheme or port; "https://voice.example.com", "voice.lan:8080" is not: for example ALLOWED_HOSTS=my-laptop.lan,voice.example.com.',
    ],
  ])('refuses %j in one line', (env, line) => {
    expect(problemWith(env)).toBe(line);
  });

  it('reports the first bad variable when several are wrong', () => {
    expect(problemWith({ ADMIN_EMAILS: 'boss', PORT: 'eighty' })).toMatch(/^PORT=eighty /);
  });
});

describe("the offline engine's variables", () => {
  it('transcribe with Moonshine base from .models/moonshine-base when nothing is set', () => {
    const config = localEngineConfigFromEnv({ MOONSHINE_MODEL: '', MOONSHINE_MODEL_DIR: '' });

    expect(config).toMatchObject({ moonshineModel: 'base', moonshineThreads: 1 });
    expect(config.moonshineModelDir).toBe(resolve('.models', 'moonshine-base'));
  });

  it('take tiny, the cheaper model, when MOONSHINE_MODEL says so, and refuse a model that does not exist', () => {
    expect(localEngineConfigFromEnv({ MOONSHINE_MODEL: 'tiny' })).toMatchObject({
      moonshineModel: 'tiny',
      moonshineModelDir: resolve('.models', 'moonshine-tiny'),
    });
    expect(() => localEngineConfigFromEnv({ MOONSHINE_MODEL: 'small' })).toThrow(/MOONSHINE_MODEL/);
  });

  it('decode with the measured default of beams unless MOONSHINE_BEAMS says otherwise, and refuse none', () => {
    expect(localEngineConfigFromEnv({ MOONSHINE_BEAMS: '' })).toMatchObject({
      moonshineBeams: DEFAULT_MOONSHINE_BEAMS,
      beamConfidence: DEFAULT_BEAM_CONFIDENCE,
    });
    expect(
      localEngineConfigFromEnv({ MOONSHINE_BEAMS: '4', MOONSHINE_BEAM_CONFIDENCE: 'posterior' }),
    ).toMatchObject({ moonshineBeams: 4, beamConfidence: 'posterior' });
    expect(() => localEngineConfigFromEnv({ MOONSHINE_BEAMS: '0' })).toThrow(/MOONSHINE_BEAMS/);
    expect(() => localEngineConfigFromEnv({ MOONSHINE_BEAM_CONFIDENCE: 'mean' })).toThrow(
      /MOONSHINE_BEAM_CONFIDENCE/,
    );
  });
});
