/** The accounts of the sign-in service (Cognito's user pool) as the Team section and the triggers use them. */
export type Account = {
  /** Cognito's `sub`, which is also the username in this pool (email sign-in). */
  readonly id: string;
  readonly email: string;
  /** ISO time the account was created. */
  readonly createdAt: string;
  readonly emailVerified: boolean;
  /** The email was confirmed with its code (Cognito's CONFIRMED status). */
  readonly confirmed: boolean;
};

export interface UserDirectory {
  /** Every account. */
  listAccounts(): Promise<Account[]>;
  /** The ids of the administrators (members of the admins group). */
  listAdminIds(): Promise<string[]>;
  /** Whether anyone is an administrator (cheaper than listing them). */
  hasAnyAdmin(): Promise<boolean>;
  /** One account, or null when there is none with this id. */
  findAccount(id: string): Promise<Account | null>;
  /** Whether the account is in the admins group now; false when it does not exist. */
  isAdmin(id: string): Promise<boolean>;
  addToAdmins(id: string): Promise<void>;
  removeFromAdmins(id: string): Promise<void>;
  /** Ends every session of the account: its refresh tokens stop working. */
  signOutEverywhere(id: string): Promise<void>;
  deleteAccount(id: string): Promise<void>;
}

/** The one question every admin route asks: is this account an administrator right now? */
export type AdminMembership = Pick<UserDirectory, 'isAdmin'>;
