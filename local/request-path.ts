/**
 * The one path the whole router routes on. A request's target can name the same resource many ways
 * (`/api/../_local/inbox`, `/api/%2e%2e/_local/inbox`, `//_local/inbox`, `/%5Flocal/inbox`, `\_local\inbox`,
 * `http://any/_local/inbox`); a check that reads one spelling while a later part reads another is a way
 * around it. So the target is normalized once, at the door, and written back to `req.url`: every check and
 * every part behind it (sign-in door, live updates, local controls, site, API) sees the same path.
 */

/** RFC 3986's unreserved characters: their percent-encoded form means the same path, so it is decoded. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/**
 * `raw` (origin form `/path?query`, or the absolute form a proxy sends) as a normalized `/path?query`:
 * unreserved characters decoded, backslashes and runs of slashes made one slash, `.` and `..` segments
 * resolved (never above the root). The query is kept as sent. Null for a target that names no path (`*`).
 */
export function normalizedTarget(raw: string): string | null {
  let target = raw;
  if (!target.startsWith('/') && !target.startsWith('\\')) {
    if (!/^https?:\/\//i.test(target) || !URL.canParse(target)) return null;
    const url = new URL(target);
    target = url.pathname + url.search;
  }
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt);
  const collapsed = decodeUnreserved(path.split('#')[0] ?? '').replace(/[\\/]+/g, '/');
  // The URL standard resolves dot segments (`..`, `.`, `%2e%2e`) and escapes what a path cannot hold.
  return new URL(`http://localhost${collapsed}`).pathname + query;
}
