/**
 * API Gateway's per-route throttling, on one machine: a token bucket per route with the rate and burst
 * lambdas/http/routes.ts gives it (the same numbers CDK gives the gateway), answering 429 as the gateway does.
 * A flood on one route (sign-ups) therefore leaves the others (Twilio's webhook) alone, here as in AWS.
 * LOCAL_THROTTLING=off turns it off (the benchmarks measure the handlers, not the limiter).
 */
import type { Throttle } from '../lambdas/http/routes';

type Bucket = { tokens: number; at: number };

export type RouteThrottle = {
  /** Takes a token for the route; false when it has none left (answer 429). */
  readonly take: (routeKey: string, throttle: Throttle) => boolean;
};

export function createRouteThrottle(now: () => number = () => performance.now()): RouteThrottle {
  const buckets = new Map<string, Bucket>();
  return {
    take(routeKey, throttle) {
      const time = now();
      const bucket = buckets.get(routeKey) ?? { tokens: throttle.burst, at: time };
      bucket.tokens = Math.min(throttle.burst, bucket.tokens + ((time - bucket.at) / 1000) * throttle.rate);
      bucket.at = time;
      buckets.set(routeKey, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
}
