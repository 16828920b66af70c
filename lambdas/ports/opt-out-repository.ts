import type { OptOut } from '#core/delivery/destinations';

/** Phone numbers that texted STOP (or a synonym) and must not be sent anything. */
export interface OptOutRepository {
  optOut(phoneNumber: string, now: string): Promise<void>;
  optIn(phoneNumber: string): Promise<void>;
  get(phoneNumber: string): Promise<OptOut | null>;
}
