/**
 * Calls to the service's API. Errors come back as `{error, issues?}` (lambdas/http/error-mapper.ts);
 * `ApiError` carries them so a form can put each message next to the field it names.
 */
import { loadRuntimeConfig } from '@/config/runtime-config';

export type FieldIssue = { readonly field: string; readonly message: string };

export class ApiError extends Error {
  constructor(
    /** 0 when the server could not be reached. */
    readonly status: number,
    /** The server's own words, when it sent any. */
    readonly serverMessage: string | null,
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(serverMessage ?? `Request failed (${status})`);
    this.name = 'ApiError';
  }
}

/** Whether the server answered that what was asked for does not exist (a link that opens nothing). */
export function isNotFound(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404;
}

function readError(body: unknown): { message: string | null; issues: FieldIssue[] } {
  if (typeof body !== 'object' || body === null) return { message: null, issues: [] };
  const { error, issues } = body as { error?: unknown; issues?: unknown };
  const list = Array.isArray(issues)
    ? issues.filter(
        (issue): issue is FieldIssue =>
          typeof issue?.field === 'string' && typeof issue?.message === 'string',
      )
    : [];
  return { message: typeof error === 'string' && error.trim() !== '' ? error : null, issues: list };
}

type RequestInit = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * Sends a request to `<apiBaseUrl><path>` and returns the answer once it is known to be a success (a file
 * to download reads it as a Blob); throws ApiError, with the server's words, on failure.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const { apiBaseUrl } = await loadRuntimeConfig();
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const { message, issues } = readError(await readJson(response));
    throw new ApiError(response.status, message, issues);
  }
  return response;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Sends a request to `<apiBaseUrl><path>` and returns the parsed JSON body; throws ApiError on failure. */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  return (await readJson(await apiFetch(path, init))) as T;
}
