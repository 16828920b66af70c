/**
 * A stand-in for the browser's `fetch` in component tests: /config.json and the API answer as the local
 * runtime would, and each test scripts the routes it is about. Calls are recorded.
 */
import { vi } from 'vitest';
import { type RuntimeConfig, setRuntimeConfigForTests } from '@/config/runtime-config';
import { resetPublicInfoForTests } from '@/lib/public-info';

export const TEST_CONFIG: RuntimeConfig = {
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  apiBaseUrl: '/api',
  authFlow: 'USER_PASSWORD_AUTH',
  retention: { audioDays: 30, transcriptDays: 90 },
  local: true,
};

const TEST_PUBLIC_INFO = {
  service_name: 'Voice Summary',
  phone_number: '+14155550100',
  contact_email: 'help@example.com',
  site_url: 'https://voice.example.com',
};

export type Reply =
  | { status: number; body?: unknown }
  | 'network-error'
  | Promise<{ status: number; body?: unknown }>;
type Route = (request: { method: string; body: unknown }) => Reply;

export type FakeApi = {
  /** Each request; `search` (the query string) only when it has one. */
  readonly calls: { method: string; path: string; body: unknown; search?: string }[];
  on(method: string, path: string, route: Route): void;
};

export function installFakeApi(publicInfo: Record<string, unknown> = TEST_PUBLIC_INFO): FakeApi {
  setRuntimeConfigForTests(TEST_CONFIG);
  resetPublicInfoForTests();
  const routes = new Map<string, Route>([
    ['GET /api/public-info', () => ({ status: 200, body: publicInfo })],
  ]);
  const calls: FakeApi['calls'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const { pathname: path, search } = new URL(input, 'http://localhost');
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body, ...(search ? { search } : {}) });
      const route = routes.get(`${method} ${path}`);
      if (!route) return new Response(JSON.stringify({ error: 'no route' }), { status: 404 });
      const reply = await route({ method, body });
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls, on: (method, path, route) => routes.set(`${method} ${path}`, route) };
}
