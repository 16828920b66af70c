/**
 * Calls to the admin routes: the API client with the signed-in admin's Cognito ID token as the bearer.
 * The token comes from the page that composes the admin features (so this file does not import auth), and
 * so does what a 401 does: a token the API no longer takes (ended by a password reset, or expired) means the
 * session is over, and the page shows sign-in instead of an error in every panel.
 */
import { ApiError, apiFetch, apiRequest } from '@/lib/api-client';

export type TokenSource = () => Promise<string | null>;
/** What the page does when the API refuses the token (401), with the API's words. */
export type SessionEndedHandler = (message: string | null) => void;

let tokenSource: TokenSource = async () => null;
let sessionEnded: SessionEndedHandler = () => {};

/** Set once by the admin view, when the signed-in admin is known. */
export function setAdminTokenSource(source: TokenSource): void {
  tokenSource = source;
}

/** Set once by the admin view: how the page leaves a session the API no longer takes. */
export function setAdminSessionEnded(handler: SessionEndedHandler): void {
  sessionEnded = handler;
}

async function authorization(): Promise<Record<string, string>> {
  const token = await tokenSource();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Runs an admin call; a 401 ends the session on this page (then the error goes on to the caller). */
async function asAdmin<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) sessionEnded(error.serverMessage);
    throw error;
  }
}

export async function adminRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  return asAdmin(async () => apiRequest<T>(path, { ...init, headers: await authorization() }));
}

/** A file from an admin route (a CSV export): the answer, to read as a Blob; ApiError on failure. */
export async function adminDownload(path: string, accept: string): Promise<Response> {
  return asAdmin(async () => apiFetch(path, { headers: { accept, ...(await authorization()) } }));
}
