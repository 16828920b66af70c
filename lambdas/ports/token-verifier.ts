/** Who a verified admin-API token belongs to. */
export type Caller = {
  readonly userId: string;
  readonly email: string | null;
  readonly groups: readonly string[];
  /** When the token was issued (its `iat`, whole seconds since the epoch). */
  readonly issuedAt: number;
};

/** Checks a Cognito JWT (signature, issuer, expiry, client) and says whose it is; throws UnauthorizedError. */
export interface TokenVerifier {
  verify(token: string): Promise<Caller>;
}
