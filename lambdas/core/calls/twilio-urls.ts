/**
 * The public URLs Twilio is given (issue 33), all on the texts' webhook's origin: where a text comes in, where
 * each text's delivery status is posted, and for forwarded calls the voice webhook, its call status callback,
 * the <Record> action and the recording status callback. One list, so the service (composition/service.ts),
 * Settings' Setup section and the terminal's `npm start` lines name the same addresses. Each is exactly what
 * Twilio signs.
 */

/** The paths of the call routes (lambdas/http/routes.ts). */
export const CALL_PATHS = {
  voice: '/api/voice',
  status: '/api/voice/status',
  recorded: '/api/voice/recorded',
  recording: '/api/voice/recording',
} as const;

/** Where Twilio posts each text's delivery status (the sms-status route; every send names it). */
export const SMS_STATUS_PATH = '/api/sms-status';

/** The call URLs on the origin of `webhookUrl` (the texts' webhook, PUBLIC_WEBHOOK_URL). */
export function callUrlsOn(webhookUrl: string): { readonly [K in keyof typeof CALL_PATHS]: string } {
  const origin = new URL(webhookUrl).origin;
  return {
    voice: `${origin}${CALL_PATHS.voice}`,
    status: `${origin}${CALL_PATHS.status}`,
    recorded: `${origin}${CALL_PATHS.recorded}`,
    recording: `${origin}${CALL_PATHS.recording}`,
  };
}

/** What an operator gives Twilio or checks there: the texts' webhook, the delivery status URL and the voice URL. */
export function twilioUrlsOn(webhookUrl: string): {
  readonly sms: string;
  readonly smsStatus: string;
  readonly voice: string;
} {
  return {
    sms: webhookUrl,
    smsStatus: `${new URL(webhookUrl).origin}${SMS_STATUS_PATH}`,
    voice: callUrlsOn(webhookUrl).voice,
  };
}

/** Whether only this machine answers at `url` (`npm start` without PUBLIC_URL): Twilio cannot reach it. */
export function isThisMachineOnly(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '0.0.0.0'
  );
}
