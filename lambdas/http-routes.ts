/**
 * The HTTP API, listed once. CDK makes one Lambda function per `fn` (entry lambdas/handlers/<fn>.ts, export
 * `handler`) and one API Gateway route per row; the local runtime maps the same rows to the same handlers.
 */
export type HttpRoute = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: `/api/${string}`;
  /** The handler file in lambdas/handlers, without extension. */
  readonly fn: string;
  /** `admin` routes check the Cognito token and the admins group inside the handler. */
  readonly access: 'public' | 'admin';
};

export const HTTP_ROUTES: readonly HttpRoute[] = [
  { method: 'GET', path: '/api/health', fn: 'health', access: 'public' },
  { method: 'GET', path: '/api/health/details', fn: 'health-details', access: 'admin' },
  { method: 'GET', path: '/api/public-info', fn: 'public-info', access: 'public' },
  { method: 'POST', path: '/api/signups', fn: 'create-signup', access: 'public' },
  { method: 'GET', path: '/api/messages', fn: 'list-messages', access: 'admin' },
  { method: 'GET', path: '/api/settings', fn: 'get-settings', access: 'admin' },
  { method: 'PUT', path: '/api/settings', fn: 'put-settings', access: 'admin' },
  // Public at the gateway: Twilio signs its posts (checked in the handler); uploads need an admin token.
  { method: 'POST', path: '/api/receive-message', fn: 'receive-message', access: 'public' },
  { method: 'POST', path: '/api/process-audio', fn: 'process-audio', access: 'admin' },
  // The dashboard: direct uploads (then receive-message with the key) and the audio player.
  { method: 'POST', path: '/api/uploads', fn: 'create-upload', access: 'admin' },
  { method: 'GET', path: '/api/messages/{id}/audio', fn: 'message-audio', access: 'admin' },
  { method: 'GET', path: '/api/signups', fn: 'list-signups', access: 'admin' },
  { method: 'GET', path: '/api/signups/export', fn: 'export-signups', access: 'admin' },
  { method: 'POST', path: '/api/settings/check/{provider}', fn: 'check-settings', access: 'admin' },
  // The Team section: who is an administrator (issue 8).
  { method: 'GET', path: '/api/team', fn: 'list-team', access: 'admin' },
  { method: 'POST', path: '/api/team/{id}/approve', fn: 'approve-team-member', access: 'admin' },
  { method: 'DELETE', path: '/api/team/{id}', fn: 'remove-team-member', access: 'admin' },
];
