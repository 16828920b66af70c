/**
 * The check every post from Twilio passes (the webhook and the delivery status callbacks): X-Twilio-Signature
 * must be Twilio's signature of the exact public URL and the form, keyed with the saved Twilio auth token
 * (locally, while none is saved, the runtime's own webhook token, which `npm run sms` signs with).
 */
import { isValidTwilioSignature } from '../adapters/twilio/twilio-signature';
import { ForbiddenError } from '../core/errors';
import { hostAdapters } from './host';
import { logger } from './observability';
import { secretStore } from './secrets';

/** A checker for posts Twilio signs for `url`; `what` names the endpoint in the logs. */
export function twilioSignatureCheck(url: string, what: string) {
  const secrets = secretStore(['twilio_auth_token']);
  const localToken = hostAdapters().webhookToken;
  const signingToken = async () =>
    (await secrets.get('twilio_auth_token')) ?? (localToken ? await localToken() : null);
  /** Throws ForbiddenError (403, nothing done) unless the post is signed by Twilio. */
  return async (signature: string | undefined, params: Record<string, string>): Promise<void> => {
    const token = await signingToken();
    if (!token) {
      logger.warn(`${what} refused: no Twilio auth token is saved to check its signature`);
      throw new ForbiddenError(
        'Twilio signatures cannot be checked: save the Twilio auth token in Settings.',
      );
    }
    if (!isValidTwilioSignature(token, signature, url, params)) {
      logger.warn(`${what} refused: bad or missing X-Twilio-Signature`);
      throw new ForbiddenError('The X-Twilio-Signature of this request is missing or wrong.');
    }
  };
}
