import type { Signup, SignupRecord } from '../core/schemas';

/** Stores sign-ups. One per email: saving the same email again keeps one sign-up with the later details. */
export interface SignupRepository {
  save(signup: Omit<Signup, 'consent_version'>, now: string): Promise<void>;
  get(email: string): Promise<SignupRecord | null>;
  /** Every sign-up, in no particular order (the dashboard sorts them). */
  listAll(): Promise<SignupRecord[]>;
}
