import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/constructs/project-function';
import { NO_ADMINISTRATORS, readStageConfig } from '../../lib/stage-config';

/** Only the administrators: every other parameter has a default. */
const noContext = (key: string) => (key === 'adminEmails' ? 'owner@example.com' : undefined);
const nothing = () => undefined;

describe('the stage parameters', () => {
  it('default to a dev stage that synthesizes with only its administrators named', () => {
    expect(readStageConfig(noContext, {})).toMatchObject({
      adminEmails: ['owner@example.com'],
      stage: 'dev',
      serviceName: 'Voice Summary',
      contactEmail: 'support@example.com',
      allowedOrigins: [],
      transcriptionModel: 'base',
      audioRetentionDays: 30,
      transcriptRetentionDays: 90,
      logRetentionDays: 30,
    });
  });

  it('choose the offline transcription model per deployment, tiny or base only', () => {
    expect(readStageConfig((k) => (k === 'transcriptionModel' ? 'tiny' : noContext(k)), {})).toMatchObject({
      transcriptionModel: 'tiny',
    });
    expect(() => readStageConfig(noContext, { TRANSCRIPTION_MODEL: 'huge' })).toThrow(/transcriptionModel:/);
  });

  it('take context first, then the environment', () => {
    const context: Record<string, unknown> = {
      adminEmails: 'owner@example.com',
      stage: 'prod',
      allowedOrigins: 'http://localhost:5173, https://a.example',
    };
    const config = readStageConfig((k) => context[k], { STAGE: 'ignored', CONTACT_EMAIL: 'ops@example.com' });
    expect(config).toMatchObject({
      stage: 'prod',
      contactEmail: 'ops@example.com',
      allowedOrigins: ['http://localhost:5173', 'https://a.example'],
    });
  });

  it('take the retention periods the privacy policy will state, as whole days up to ten years', () => {
    expect(
      readStageConfig(noContext, { AUDIO_RETENTION_DAYS: '7', TRANSCRIPT_RETENTION_DAYS: '365' }),
    ).toMatchObject({ audioRetentionDays: 7, transcriptRetentionDays: 365 });
    expect(() =>
      readStageConfig(noContext, { AUDIO_RETENTION_DAYS: '0', TRANSCRIPT_RETENTION_DAYS: '99999' }),
    ).toThrow(/audioRetentionDays:[\s\S]*transcriptRetentionDays:/);
  });

  it('set the SMS segments an hour the alarm fires at, a whole number (Monitoring’s 250 when not set)', () => {
    expect(readStageConfig(noContext, {}).segmentsAlarmPerHour).toBeUndefined();
    expect(readStageConfig(noContext, { SEGMENTS_ALARM_PER_HOUR: '1000' })).toMatchObject({
      segmentsAlarmPerHour: 1000,
    });
    expect(() => readStageConfig(noContext, { SEGMENTS_ALARM_PER_HOUR: '0' })).toThrow(
      /segmentsAlarmPerHour:/,
    );
  });

  it('refuse bad values with one message naming each', () => {
    expect(() =>
      readStageConfig(noContext, { STAGE: 'no spaces', CONTACT_EMAIL: 'nope', DEFAULT_PHONE_NUMBER: '555' }),
    ).toThrow(/stage:[\s\S]*contactEmail:[\s\S]*defaultPhoneNumber:/);
  });

  it('name the administrators from context or ADMIN_EMAILS, and refuse a deployment without any in one line', () => {
    expect(readStageConfig(nothing, { ADMIN_EMAILS: 'a@example.com, b@example.com' }).adminEmails).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        readStageConfig(nothing, env);
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal({})).toBe(NO_ADMINISTRATORS);
    expect(refusal({ ADMIN_EMAILS: ' ' })).toBe(NO_ADMINISTRATORS);
    // With another mistake, each is named on its own line.
    expect(refusal({ STAGE: 'no spaces' })).toMatch(/stage:[\s\S]*adminEmails: Not synthesizing/);
    expect(NO_ADMINISTRATORS).toMatch(/^Not synthesizing: .*-c adminEmails=you@example\.com.*ADMIN_EMAILS=/);
    expect(NO_ADMINISTRATORS).not.toContain('\n');
  });
});

describe('the CDK app (bin/app.ts, what `cdk synth` runs)', () => {
  it('stops before building anything when no administrator is named, with that one line and no stack trace', async () => {
    const { ADMIN_EMAILS: _unset, CDK_CONTEXT_JSON: _none, ...env } = process.env;
    const run = promisify(execFile)('npx', ['tsx', 'bin/app.ts'], { cwd: PROJECT_ROOT, env });
    const failure = await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    const lines = failure!.stderr.split('\n').filter((l) => l.trim() && !l.startsWith('npm warn'));
    expect(lines).toEqual([NO_ADMINISTRATORS]);
  });
});
