import type { PublicInfo } from '#core/site/public-info';
import type { SettingsRepository } from '../ports/settings-repository';

export type PublicInfoDeps = {
  settings: SettingsRepository;
  serviceName: string;
  contactEmail: string;
  siteUrl: string;
  defaultPhoneNumber: string | null;
  /** Told when the site has no number to show: visitors who sign up cannot use the service yet. */
  warn: (message: string) => void;
};

/** What the public site shows: the number to forward voice messages to and how to reach us. No secrets. */
export async function getPublicInfo(deps: PublicInfoDeps): Promise<PublicInfo> {
  const settings = await deps.settings.get();
  const phoneNumber = settings?.twilio_phone_number ?? deps.defaultPhoneNumber;
  if (phoneNumber === null) {
    deps.warn(
      'The site has no phone number to show: save the SMS number in Settings (or set DEFAULT_PHONE_NUMBER). Until then new sign-ups are told the number will follow.',
    );
  }
  return {
    service_name: deps.serviceName,
    phone_number: phoneNumber,
    contact_email: deps.contactEmail,
    site_url: deps.siteUrl,
  };
}
