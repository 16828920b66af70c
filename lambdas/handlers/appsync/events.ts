/**
 * The AppSync Events invocation this service handles (a DIRECT Lambda handler of a channel namespace),
 * checked with zod where it enters: the fields used, the rest passed over.
 */
import * as z from 'zod';

/**
 * onSubscribe of a namespace whose subscribers sign in with the user pool: `identity` is the Cognito identity
 * AppSync verified from the token (its `sub` is the account's id, also its username in this pool).
 */
export const subscribeEventSchema = z.looseObject({
  info: z.looseObject({
    operation: z.literal('SUBSCRIBE'),
    channel: z.looseObject({ path: z.string() }),
  }),
  identity: z.looseObject({ sub: z.string().min(1) }),
});
export type SubscribeEvent = z.infer<typeof subscribeEventSchema>;

/** A DIRECT onSubscribe answer: null lets the subscription in, `{error}` refuses it with that message. */
export type SubscribeResponse = { readonly error: string } | null;
