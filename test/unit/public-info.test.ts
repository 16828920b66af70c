/** What the public site is told about the service, from the use case over an in-memory settings store. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type SettingsRecord } from '#core/operator/settings';
import type { SettingsRepository } from '../../lambdas/ports/settings-repository';
import { getPublicInfo } from '../../lambdas/use-cases/public-info';

function deps(saved: SettingsRecord | null, defaultPhoneNumber: string | null) {
  const warnings: string[] = [];
  const settings: SettingsRepository = { get: async () => saved, put: async () => {} };
  return {
    warnings,
    deps: {
      settings,
      serviceName: 'Voice Summary',
      contactEmail: 'help@example.com',
      siteUrl: 'https://voice.example.com',
      defaultPhoneNumber,
      warn: (message: string) => warnings.push(message),
    },
  };
}

describe('public info', () => {
  it('shows the saved SMS number first', async () => {
    const { deps: d, warnings } = deps(
      { ...DEFAULT_SETTINGS, twilio_phone_number: '+14155550177' },
      '+14155550100',
    );
    expect(await getPublicInfo(d)).toEqual({
      service_name: 'Voice Summary',
      phone_number: '+14155550177',
      contact_email: 'help@example.com',
      site_url: 'https://voice.example.com',
    });
    expect(warnings).toEqual([]);
  });

  it('falls back to the deployment default until a number is saved', async () => {
    const { deps: d } = deps(null, '+14155550100');
    expect((await getPublicInfo(d)).phone_number).toBe('+14155550100');
  });

  it('never makes a number up: null, and a warning the operator can act on', async () => {
    const { deps: d, warnings } = deps(DEFAULT_SETTINGS, null);
    expect((await getPublicInfo(d)).phone_number).toBeNull();
    expect(warnings).toEqual([expect.stringMatching(/save the SMS number in Settings/)]);
  });
});
