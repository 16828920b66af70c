/**
 * Cognito CustomMessage trigger: the service's own subject and text for the verification code and the reset
 * link (core/texts/auth-emails.ts). Other messages (an administrator-created account's invitation) keep Cognito's.
 */

import { type AuthEmailKind, authEmail } from '#core/texts/auth-emails';
import { lambdaHandler } from '../../composition/observability';
import { serviceName } from '../../composition/service';
import { emailSiteUrl } from '../../composition/trigger-deps';
import { customMessageEventSchema } from './events';

const name = serviceName();
const siteUrl = emailSiteUrl();

const KIND_BY_SOURCE: Readonly<Record<string, AuthEmailKind>> = {
  CustomMessage_SignUp: 'confirm-account',
  CustomMessage_ResendCode: 'confirm-account',
  CustomMessage_ForgotPassword: 'reset-password',
  CustomMessage_UpdateUserAttribute: 'confirm-new-email',
  CustomMessage_VerifyUserAttribute: 'confirm-new-email',
};

export const handler = lambdaHandler(async (raw: unknown) => {
  const event = customMessageEventSchema.parse(raw);
  const kind = KIND_BY_SOURCE[event.triggerSource];
  if (!kind) return raw;
  const email = authEmail(kind, {
    serviceName: name,
    email: event.request.userAttributes.email ?? '',
    codePlaceholder: event.request.codeParameter,
    ...(kind === 'reset-password' ? { siteUrl: await siteUrl() } : {}),
  });
  return { ...event, response: { ...event.response, emailSubject: email.subject, emailMessage: email.html } };
});
