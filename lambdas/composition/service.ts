/** What the service calls itself and how people reach it, each read only by the functions that show it. */
import * as z from 'zod';
import { callUrlsOn } from '#core/calls/twilio-urls';
import { ENV } from './env-names';
import { once } from './once';
import { readEnv } from './read-env';

/** Shown in texts and on the site. */
export const serviceName = once(
  () =>
    readEnv('the service name', { [ENV.SERVICE_NAME]: z.string().min(1).default('Voice Summary') })
      .SERVICE_NAME,
);

/** The contact email in help texts and on the site. */
export const contactEmail = once(
  () =>
    readEnv('the contact email', { [ENV.CONTACT_EMAIL]: z.email().default('support@example.com') })
      .CONTACT_EMAIL,
);

/** The public site and the number it shows until one is saved in settings. */
export const siteInfo = once(() =>
  readEnv('the public site', {
    [ENV.SITE_URL]: z.url(),
    [ENV.DEFAULT_PHONE_NUMBER]: z.string().optional(),
  }),
);

/** The site's URL alone: where the `/m/<code>` links in replies point. */
export const siteUrl = once(() => readEnv('the public site', { [ENV.SITE_URL]: z.url() }).SITE_URL);

/** The exact URL Twilio posts to (what it signs). */
export const publicWebhookUrl = once(
  () => readEnv('the webhook', { [ENV.PUBLIC_WEBHOOK_URL]: z.url() }).PUBLIC_WEBHOOK_URL,
);

/**
 * The URLs Twilio is given for forwarded calls (issue 33), on the same origin as the texts' webhook: the voice
 * webhook a forwarding number is bought with, its call status callback, and the <Record> action and recording
 * status callback the voice webhook's TwiML names. Each is exactly what Twilio signs.
 */
export const callWebhookUrls = once(() => callUrlsOn(publicWebhookUrl()));

/** The exact URL Twilio posts each text's delivery status to (what it signs, and what each send asks for). */
export const smsStatusUrl = once(
  () => readEnv('the delivery status callbacks', { [ENV.SMS_STATUS_URL]: z.url() }).SMS_STATUS_URL,
);
