/** A sign-up on the public site (SPEC section 3): who, how to reach them, and the SMS consent they gave. */
import * as z from 'zod';
import { emailSchema, optionalPhoneSchema } from '#core/fields';
import { type JoinInstruction, SMS_CONSENT_VERSION, SMS_CONSENT_VERSIONS } from './consent';

/**
 * Unicode's bidirectional controls (embeddings, overrides, isolates, the LRM/RLM/ALM marks): invisible, they
 * make a stored name read differently from its characters (a "Trojan Source" name in the CSV or the
 * dashboard), and no real name needs them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const signupInputSchema = z
  .strictObject({
    name: z
      .string({ error: 'Name is required.' })
      .overwrite((name) => name.replace(BIDI_CONTROLS, ''))
      .trim()
      .min(1, { error: 'Name is required.' })
      .max(100, { error: 'Name is too long (100 characters at most).' }),
    email: emailSchema,
    phone: optionalPhoneSchema.optional().transform((phone) => phone ?? null),
    sms_opt_in: z.boolean({ error: 'sms_opt_in must be true or false.' }).default(false),
    /** Which SMS consent text the form showed; API callers that send none get today's. */
    consent_version: z
      .enum(SMS_CONSENT_VERSIONS, { error: 'consent_version is not a consent text this site has shown.' })
      .default(SMS_CONSENT_VERSION),
  })
  .refine((signup) => !signup.sms_opt_in || signup.phone !== null, {
    path: ['phone'],
    message: 'Add a phone number to receive text messages, or leave the text-message box unticked.',
  });
export type SignupInput = z.input<typeof signupInputSchema>;
export type Signup = z.output<typeof signupInputSchema>;

/** What a sign-up holds; `sms_confirmed_at` is when its phone confirmed it by text (null: not confirmed). */
export type SignupDetails = Omit<Signup, 'consent_version'> & { readonly sms_confirmed_at: string | null };

export type SignupRecord = SignupDetails & {
  readonly created_at: string;
  readonly updated_at: string;
};

/**
 * POST /api/signups's answer: `join` is what the phone must text to confirm a sign-up that asked for texts
 * (null when it asked for none). The same for a new or a known email, so it tells no one who signed up.
 */
export type SignupAnswer = { readonly ok: true; readonly join: JoinInstruction | null };
