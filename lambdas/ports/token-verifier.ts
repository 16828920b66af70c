/** Who a verified admin-API token belongs to. */
export type Caller = {
  readonly userId: string;
  readonly email: string | null;
  readonly groups: readonly string[];
};

/** Checks a Cognito JWT (signature, issuer, expiry, client) and says whose it is; throws UnauthorizedError. */
export interface TokenVerifier {
  verify(token: string): Promise<Caller>;
}
