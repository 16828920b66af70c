/**
 * The check every post from Twilio passes (the webhook and the delivery status callbacks): X-Twilio-Signature
 * must be Twilio's signature of the exact public URL and the form, keyed with the saved Twilio auth token
 * (locally, while none is saved, the runtime's own webhook token, which `npm run sms` signs with).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ForbiddenError } from '#core/errors';
import { isValidTwilioSignature } from '../adapters/twilio/twilio-signature';
import { formParams, header } from '../http/edge';
import { hostAdapters } from './host';
import { logger } from './observability';
import { secretStore } from './secrets';

export type TwilioSignatureCheck = {
  /** Throws ForbiddenError (403, nothing done) unless the post is signed by Twilio. */
  readonly check: (signature: string | undefined, params: Record<string, string>) => Promise<void>;
  /**
   * Whether a whole event is a form post Twilio signed, answered without a log line or an error: the
   * function exports it as `signedPost` for routes marked `signedBy: 'twilio'` (lambdas/http/routes.ts), and
   * the local gateway asks it before it counts a post against the route's throttle.
   */
  readonly signedPost: (event: APIGatewayProxyEventV2) => Promise<boolean>;
};

/** The checks of posts Twilio signs for `url`; `what` names the endpoint in the logs. */
export function twilioSignatureCheck(url: string, what: string): TwilioSignatureCheck {
  const secrets = secretStore(['twilio_auth_token']);
  const localToken = hostAdapters().webhookToken;
  const signingToken = async () =>
    (await secrets.get('twilio_auth_token')) ?? (localToken ? await localToken() : null);
  return {
    check: async (signature, params) => {
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
    },
    signedPost: async (event) => {
      try {
        const token = await signingToken();
        return (
          token !== null &&
          isValidTwilioSignature(token, header(event, 'x-twilio-signature'), url, formParams(event))
        );
      } catch {
        // Too large, or the token cannot be read just now: the handler gives the answer.
        return false;
      }
    },
  };
}
