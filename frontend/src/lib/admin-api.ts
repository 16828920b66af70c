/**
 * Calls to the admin routes: the API client with the signed-in admin's Cognito ID token as the bearer.
 * The token comes from the page that composes the admin features (so this file does not import auth).
 */
import { apiFetch, apiRequest } from '@/lib/api-client';

export type TokenSource = () => Promise<string | null>;

let tokenSource: TokenSource = async () => null;

/** Set once by the admin view, when the signed-in admin is known. */
export function setAdminTokenSource(source: TokenSource): void {
  tokenSource = source;
}

async function authorization(): Promise<Record<string, string>> {
  const token = await tokenSource();
  return token ? { authorization: `Bearer ${token}` } : {};
}

export async function adminRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  return apiRequest<T>(path, { ...init, headers: await authorization() });
}

/** A file from an admin route (a CSV export): the answer, to read as a Blob; ApiError on failure. */
export async function adminDownload(path: string, accept: string): Promise<Response> {
  return apiFetch(path, { headers: { accept, ...(await authorization()) } });
}
