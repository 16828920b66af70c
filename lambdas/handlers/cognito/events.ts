/**
 * The Cognito trigger events this service handles, checked with zod where they enter (the fields used; the
 * rest passes through, because Cognito expects the event back with only `response` filled in).
 */
import * as z from 'zod';

const userAttributes = z.record(z.string(), z.string());

export const postConfirmationEventSchema = z.looseObject({
  triggerSource: z.string(),
  userPoolId: z.string().min(1),
  userName: z.string().min(1),
  request: z.looseObject({ userAttributes }),
});
export type PostConfirmationEvent = z.infer<typeof postConfirmationEventSchema>;

export const customMessageEventSchema = z.looseObject({
  triggerSource: z.string(),
  userPoolId: z.string().min(1),
  request: z.looseObject({
    userAttributes,
    /** What Cognito replaces with the code: `{####}`. */
    codeParameter: z.string().min(1),
  }),
  response: z.looseObject({
    emailSubject: z.string().nullish(),
    emailMessage: z.string().nullish(),
    smsMessage: z.string().nullish(),
  }),
});
export type CustomMessageEvent = z.infer<typeof customMessageEventSchema>;
