import type { PublicInfo } from '../core/schemas';
import type { SettingsRepository } from '../ports/settings-repository';

export type PublicInfoDeps = {
  settings: SettingsRepository;
  serviceName: string;
  contactEmail: string;
  siteUrl: string;
  defaultPhoneNumber: string | null;
};

/** What the public site shows: the number to forward voice messages to and how to reach us. No secrets. */
export async function getPublicInfo(deps: PublicInfoDeps): Promise<PublicInfo> {
  const settings = await deps.settings.get();
  return {
    service_name: deps.serviceName,
    phone_number: settings?.twilio_phone_number ?? deps.defaultPhoneNumber,
    contact_email: deps.contactEmail,
    site_url: deps.siteUrl,
  };
}
