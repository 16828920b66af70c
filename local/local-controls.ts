/**
 * What only the local runtime serves under `/_local/`: the inbox page (every email and text the service
 * would have sent) and the live-update stand-in's controls (`POST /_local/realtime/stop` and `/start`, for
 * tests and the benchmark). Cross-origin callers never reach here (local/front-door.ts refuses them).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeJsonError, writeResult } from './api-gateway';
import { renderInbox } from './inbox';
import { localCsp } from './site';
import type { AppSyncEvents } from './stand-ins/appsync-events';

/** The page of everything the service would have emailed or texted (local only). */
export const INBOX_PATH = '/_local/inbox';
const REALTIME_CONTROL_PREFIX = '/_local/realtime/';

/** Answers `path` if it is one of the local controls; false when it is not. */
export async function serveLocalControl(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  parts: { readonly paths: Parameters<typeof renderInbox>[0]; readonly events: AppSyncEvents },
): Promise<boolean> {
  if (path === INBOX_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
    const page = await renderInbox(parts.paths);
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': localCsp(),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    });
    res.end(req.method === 'HEAD' ? undefined : page);
    return true;
  }
  if (path.startsWith(REALTIME_CONTROL_PREFIX) && req.method === 'POST') {
    const action = path.slice(REALTIME_CONTROL_PREFIX.length);
    if (action === 'stop') parts.events.stop();
    else if (action === 'start') parts.events.start();
    else {
      writeJsonError(res, 404, 'Use /_local/realtime/stop or /_local/realtime/start.');
      return true;
    }
    writeResult(res, {
      statusCode: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ realtime: action === 'stop' ? 'stopped' : 'started' }),
    });
    return true;
  }
  return false;
}
