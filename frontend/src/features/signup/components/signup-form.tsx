import { formatPhoneNumber, normalizePhone } from '@core/delivery/phone';
import { SMS_CONSENT_VERSION, smsConsentParts } from '@core/senders/consent';
import type { Signup } from '@core/senders/signup';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { createSignup } from '../api/create-signup';
import { loadSignupSchema } from '../utils/signup-schema';
import type { JoinToText } from './join-instruction';

type Fields = { name: string; email: string; phone: string; smsOptIn: boolean };
type FieldName = keyof Fields;
type FieldErrors = Partial<Record<FieldName, string>>;
type Status = 'idle' | 'submitting' | 'success';

/** The API's field names, and the form's. */
const FIELD_BY_API_NAME: Record<string, FieldName> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  sms_opt_in: 'smsOptIn',
};

// The success state (copy, contact card) is its own chunk, asked for when the visitor starts on the form.
const loadSuccess = () => import('./signup-success');
const SignupSuccess = lazy(loadSuccess);

/** Starts loading what the form will need (its rules and the success state) ahead of time. */
function prefetch(): void {
  void loadSignupSchema().catch(() => {});
  void loadSuccess().catch(() => {});
}

/** The order of the fields on the form: the first with an error gets the focus. */
const FIELD_ORDER: readonly FieldName[] = ['name', 'email', 'phone', 'smsOptIn'];

const SIGNUP_FAILED = 'Failed to sign up';

// What the visitor typed survives a trip to the legal pages and back (the view is re-created on return).
let draft: Fields = { name: '', email: '', phone: '', smsOptIn: false };
/** Who signed up, and the JOIN code their phone must text to confirm their texts (null: none asked for). */
let signedUpAs: { readonly email: string; readonly join: JoinToText | null } | null = null;

/** Tests: start from an empty form. */
export function resetSignupDraftForTests(): void {
  draft = { name: '', email: '', phone: '', smsOptIn: false };
  signedUpAs = null;
}

function toInput(fields: Fields) {
  return {
    name: fields.name,
    email: fields.email,
    phone: fields.phone,
    sms_opt_in: fields.smsOptIn,
    consent_version: SMS_CONSENT_VERSION,
  };
}

type Checked = { readonly errors: FieldErrors; readonly signup: Signup | null };

/** Every problem with the fields, by field, in the API's own words (the same schema checks both). */
async function validate(fields: Fields): Promise<Checked> {
  const schema = await loadSignupSchema();
  const result = schema.safeParse(toInput(fields));
  if (result.success) return { errors: {}, signup: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELD_BY_API_NAME[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors, signup: null };
}

/**
 * The sign-up form (SPEC sections 2, 4, 5): name and email required, phone and SMS consent optional, the
 * consent box unticked until the visitor ticks it. idle -> submitting ("Signing up...") -> success.
 */
export function SignupForm({
  serviceName,
  titleId,
}: {
  readonly serviceName: string;
  /** The id of the form's heading, for the section around it. */
  readonly titleId: string;
}) {
  const [fields, setFields] = useState<Fields>(draft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>(signedUpAs ? 'success' : 'idle');
  const [formError, setFormError] = useState<string | null>(null);
  const [lockedHeight, setLockedHeight] = useState<number | null>(null);
  const submitting = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  /** Shows (or clears) one field's error, unless the visitor has typed on since. */
  const recheck = async (field: FieldName, values: Fields) => {
    const { errors: found } = await validate(values);
    if (draft !== values) return;
    setErrors((current) => ({ ...current, [field]: found[field] }));
  };

  const update = <K extends FieldName>(field: K, value: Fields[K]) => {
    const next = { ...fields, [field]: value };
    draft = next;
    setFields(next);
    // A shown error goes away as soon as the field is right.
    if (errors[field]) void recheck(field, next).catch(() => {});
  };

  const checkOnBlur = (field: FieldName) => {
    let next = fields;
    if (field === 'phone' && fields.phone.trim() !== '') {
      const phone = normalizePhone(fields.phone);
      if (phone.ok) {
        next = { ...fields, phone: formatPhoneNumber(phone.e164) };
        draft = next;
        setFields(next);
      }
    }
    const value = next[field];
    // Leaving an empty field is not yet an error: that waits for Sign up.
    if (typeof value === 'string' && value.trim() === '' && !errors[field]) return;
    void recheck(field, next).catch(() => {});
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    setFormError(null);
    setStatus('submitting');
    try {
      const { errors: found, signup: parsed } = await validate(fields);
      setErrors(found);
      if (!parsed) {
        setStatus('idle');
        const firstInvalid = FIELD_ORDER.find((field) => found[field]);
        if (firstInvalid) formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
        return;
      }
      const answer = await createSignup(parsed);
      setLockedHeight(formRef.current?.offsetHeight ?? null);
      const join = parsed.sms_opt_in && parsed.phone && answer.join ? answer.join : null;
      signedUpAs = {
        email: parsed.email,
        join: join && parsed.phone ? { code: join.code, phone: parsed.phone } : null,
      };
      setStatus('success');
    } catch (error) {
      setStatus('idle');
      if (error instanceof ApiError && error.status === 400 && error.issues.length > 0) {
        const fromServer: FieldErrors = {};
        const unplaced: string[] = [];
        for (const issue of error.issues) {
          const field = FIELD_BY_API_NAME[issue.field];
          if (field) fromServer[field] ??= issue.message;
          else unplaced.push(issue.message);
        }
        setErrors(fromServer);
        if (unplaced.length > 0) setFormError(unplaced.join(' '));
        const first = FIELD_ORDER.find((f) => fromServer[f]);
        if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      } else {
        setFormError(errorMessage(error, { fallback: SIGNUP_FAILED }));
      }
    } finally {
      submitting.current = false;
    }
  };

  useEffect(() => {
    if (formError) errorRef.current?.focus();
  }, [formError]);

  if (status === 'success' && signedUpAs) {
    return (
      <Suspense fallback={<div style={lockedHeight ? { minHeight: lockedHeight } : undefined} />}>
        <SignupSuccess
          email={signedUpAs.email}
          join={signedUpAs.join}
          minHeight={lockedHeight}
          titleId={titleId}
        />
      </Suspense>
    );
  }

  /** What a text field needs to show and change its value and error. */
  const bind = (field: 'name' | 'email' | 'phone') => ({
    name: field,
    value: fields[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(field, event.target.value),
    onBlur: () => checkOnBlur(field),
  });

  const busy = status === 'submitting';
  const consentId = 'signup-sms-consent';
  return (
    <>
      <h2 id={titleId} className="text-2xl font-bold text-ink">
        Sign up
      </h2>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        // The rules arrive with the first touch of the form, long before they are needed.
        onFocus={prefetch}
        aria-describedby="signup-intro"
        className="mt-2 space-y-5"
      >
        <p id="signup-intro" className="text-muted">
          It's free. We only use your details to run the service.
        </p>
        <TextField label="Name" autoComplete="name" required {...bind('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...bind('email')}
        />
        <TextField
          label="Mobile phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          optional
          hint="A US number, for example (415) 555-0132."
          {...bind('phone')}
        />
        <fieldset>
          <legend className="font-semibold text-ink">
            Text messages <span className="font-normal text-muted">(optional)</span>
          </legend>
          <div className="mt-2 flex gap-3">
            <input
              id={consentId}
              name="smsOptIn"
              type="checkbox"
              checked={fields.smsOptIn}
              onChange={(e) => update('smsOptIn', e.target.checked)}
              aria-invalid={errors.smsOptIn ? true : undefined}
              className="mt-0.5 size-6 shrink-0 accent-accent"
            />
            <label htmlFor={consentId} className="text-sm leading-relaxed text-ink">
              {smsConsentParts(serviceName).map((part, index) =>
                part.kind === 'link' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed text never move
                  <AppLink key={index} to={part.page} className="font-medium text-accent underline">
                    {part.text}
                  </AppLink>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed text never move
                  <span key={index}>{part.text}</span>
                ),
              )}
            </label>
          </div>
          {errors.smsOptIn && <p className="mt-1.5 text-sm font-medium text-danger">{errors.smsOptIn}</p>}
        </fieldset>
        {formError && (
          <p
            ref={errorRef}
            tabIndex={-1}
            role="alert"
            className="rounded-lg border border-danger bg-danger-soft px-3 py-2 font-medium text-danger"
          >
            {formError}
          </p>
        )}
        <Button type="submit" disabled={busy} aria-disabled={busy} className="w-full">
          {busy ? 'Signing up...' : 'Sign up'}
        </Button>
      </form>
    </>
  );
}
