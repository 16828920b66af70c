/**
 * Calls to the admin routes: the API client with the signed-in admin's Cognito ID token as the bearer.
 * The token comes from the page that composes the admin features (so this file does not import auth).
 */
import { apiRequest } from '@/lib/api-client';

export type TokenSource = () => Promise<string | null>;

let tokenSource: TokenSource = async () => null;

/** Set once by the admin view, when the signed-in admin is known. */
export function setAdminTokenSource(source: TokenSource): void {
  tokenSource = source;
}

export async function adminRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const token = await tokenSource();
  return apiRequest<T>(path, { ...init, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** The same token, for requests the API client does not make (uploads with progress, the live channel). */
export function adminToken(): Promise<string | null> {
  return tokenSource();
}
