import type { SignupDetails, SignupRecord } from '#core/senders/signup';

/** Stores sign-ups. One per email: saving the same email again keeps one sign-up with the later details. */
export interface SignupRepository {
  save(signup: SignupDetails, now: string): Promise<void>;
  get(email: string): Promise<SignupRecord | null>;
  /** Every sign-up, in no particular order (the dashboard sorts them). */
  listAll(): Promise<SignupRecord[]>;
  /**
   * Records that `phone` confirmed the SMS consent of `email`'s sign-up at `at`: only while that sign-up
   * still names that phone and asks for texts (false otherwise, and nothing changes).
   */
  confirmSms(email: string, phone: string, at: string): Promise<boolean>;
}
