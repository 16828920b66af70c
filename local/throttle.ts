/**
 * API Gateway's per-route throttling, on one machine: a token bucket per route with the rate and burst
 * lambdas/http/routes.ts gives it (the same numbers CDK gives the gateway), answering 429 as the gateway does.
 * A flood on one route (sign-ups) therefore leaves the others (Twilio's webhook) alone, here as in AWS.
 * Before it, on the public routes a stranger can flood, a limit per client address (what AWS WAF's
 * rate-based rules do in AWS), so one client's flood cannot use up a route everyone shares.
 * LOCAL_THROTTLING=off turns both off (the benchmarks measure the handlers, not the limiter).
 */
import type { ClientLimit, Throttle } from '../lambdas/http/routes';

type Bucket = { tokens: number; at: number };

export type RouteThrottle = {
  /** Takes a token for the route; false when it has none left (answer 429). */
  readonly take: (routeKey: string, throttle: Throttle) => boolean;
};

/** Refills the bucket for the time since it was last used (milliseconds), then takes a token if it has one. */
function takeToken(bucket: Bucket, throttle: Throttle, time: number): boolean {
  bucket.tokens = Math.min(throttle.burst, bucket.tokens + ((time - bucket.at) / 1000) * throttle.rate);
  bucket.at = time;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

export function createRouteThrottle(now: () => number = () => performance.now()): RouteThrottle {
  const buckets = new Map<string, Bucket>();
  return {
    take(routeKey, throttle) {
      const time = now();
      const bucket = buckets.get(routeKey) ?? { tokens: throttle.burst, at: time };
      buckets.set(routeKey, bucket);
      return takeToken(bucket, throttle, time);
    },
  };
}

export type ClientLimiter = {
  /**
   * Counts one request of `client` against `limit` (rows sharing one CLIENT_LIMITS entry share the count):
   * 0 when it may go on, else the whole seconds until it may send again (answer 429 with Retry-After).
   */
  readonly take: (client: string, limit: ClientLimit) => number;
  /** Clients remembered now, all limits together (memory stays bounded: see createClientLimiter). */
  readonly size: () => number;
};

/**
 * A token bucket per client and limit: `limit` requests at once, refilled at `limit` per `windowSeconds`, so
 * a client that keeps flooding gets `limit` requests a window and no more (WAF cuts a flood off after
 * `limit` requests in its window too). A bucket that has refilled completely is the same as none, so it
 * is forgotten once its client has been quiet for a whole window; past `maxClientsPerLimit` the least recently seen
 * client is forgotten first (it starts again with a full allowance, which only ever favours a client).
 */
export function createClientLimiter(
  now: () => number = () => performance.now(),
  maxClientsPerLimit = 100_000,
): ClientLimiter {
  // One map per limit, each in order of last use: the stale clients are always at its front.
  const perLimit = new Map<ClientLimit, Map<string, Bucket>>();
  return {
    take(client, limit) {
      const time = now();
      const throttle = { rate: limit.limit / limit.windowSeconds, burst: limit.limit };
      const clients = perLimit.get(limit) ?? new Map<string, Bucket>();
      perLimit.set(limit, clients);
      const bucket = clients.get(client) ?? { tokens: limit.limit, at: time };
      clients.delete(client);
      clients.set(client, bucket);
      const allowed = takeToken(bucket, throttle, time);
      for (const [stale, { at }] of clients) {
        if (time - at < limit.windowSeconds * 1000 && clients.size <= maxClientsPerLimit) break;
        clients.delete(stale);
      }
      return allowed ? 0 : Math.ceil((1 - bucket.tokens) / throttle.rate);
    },
    size: () => [...perLimit.values()].reduce((sum, clients) => sum + clients.size, 0),
  };
}
