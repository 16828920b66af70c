/**
 * GET /api/public-info: what the public site may show about the service. No secrets. Written with zod/mini
 * because the site checks it on every page load, where the full zod would cost more than the page itself.
 */
import { nullable, object, type output, string } from 'zod/mini';

export const publicInfoSchema = object({
  service_name: string(),
  /** E.164; null until an SMS number is configured. */
  phone_number: nullable(string()),
  contact_email: string(),
  site_url: string(),
});
export type PublicInfo = output<typeof publicInfoSchema>;
