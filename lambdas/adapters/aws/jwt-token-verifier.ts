/**
 * Verifies Cognito ID tokens (and, where asked, access tokens) with aws-jwt-verify, built from issuer + JWKS URL so the same code checks tokens
 * from a real user pool and from cognito-local (whose pool ids CognitoJwtVerifier rejects).
 */
import { JwtVerifier } from 'aws-jwt-verify';
import type { Fetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { UnauthorizedError } from '#core/errors';
import type { Caller, TokenVerifier } from '../../ports/token-verifier';

/** The library's own fetcher refuses http: (cognito-local serves its keys over http on loopback). */
const fetchFetcher: Fetcher = {
  async fetch(uri) {
    const response = await fetch(uri, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`JWKS request to ${uri} answered ${response.status}`);
    return response.arrayBuffer();
  },
};

export type JwtTokenVerifierOptions = {
  readonly issuer: string;
  readonly jwksUri: string;
  /** The app client id: ID tokens carry it as `aud`, access tokens as `client_id`. */
  readonly clientId: string;
  /**
   * Which kinds of token are accepted: the API takes ID tokens; AppSync (and its local stand-in) also takes
   * the access token, which is what Amplify's events client sends.
   * @default ['id']
   */
  readonly tokenUses?: readonly ('id' | 'access')[];
};

/** Checks a Cognito token's signature, issuer, client, expiry and use, and says whose it is. */
export class JwtTokenVerifier implements TokenVerifier {
  private readonly verifier;

  constructor({ issuer, jwksUri, clientId, tokenUses = ['id'] }: JwtTokenVerifierOptions) {
    this.verifier = JwtVerifier.create(
      {
        issuer,
        jwksUri,
        // Checked below: ID tokens name the client in `aud`, access tokens in `client_id`.
        audience: null,
        customJwtCheck: ({ payload }) => {
          const use = payload.token_use;
          if (use === 'id' && tokenUses.includes('id') && payload.aud === clientId) return;
          if (use === 'access' && tokenUses.includes('access') && payload.client_id === clientId) return;
          throw new Error('Not a token of this app client, or not a kind of token accepted here');
        },
      },
      { jwksCache: new SimpleJwksCache({ fetcher: fetchFetcher }) },
    );
  }

  async verify(token: string): Promise<Caller> {
    let payload: Record<string, unknown>;
    try {
      payload = (await this.verifier.verify(token)) as Record<string, unknown>;
    } catch {
      // The reason (expired, wrong issuer, bad signature) is not shown: it helps an attacker more than a user.
      throw new UnauthorizedError('Your session is not valid or has expired. Sign in again.');
    }
    const groups = payload['cognito:groups'];
    return {
      userId: String(payload.sub),
      email: typeof payload.email === 'string' ? payload.email : null,
      groups: Array.isArray(groups) ? groups.map(String) : [],
      // aws-jwt-verify has checked `exp`, not `iat`; a Cognito token always carries it.
      issuedAt: typeof payload.iat === 'number' ? payload.iat : 0,
    };
  }
}
