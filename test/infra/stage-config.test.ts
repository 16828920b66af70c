import { describe, expect, it } from 'vitest';
import { readStageConfig } from '../../lib/stage-config';

const noContext = () => undefined;

describe('the stage parameters', () => {
  it('default to a dev stage that synthesizes without any setting', () => {
    expect(readStageConfig(noContext, {})).toMatchObject({
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
    expect(readStageConfig((k) => (k === 'transcriptionModel' ? 'tiny' : undefined), {})).toMatchObject({
      transcriptionModel: 'tiny',
    });
    expect(() => readStageConfig(noContext, { TRANSCRIPTION_MODEL: 'huge' })).toThrow(/transcriptionModel:/);
  });

  it('take context first, then the environment', () => {
    const context: Record<string, unknown> = {
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
});
