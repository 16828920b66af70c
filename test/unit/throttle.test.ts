/** The local stand-in of API Gateway's per-route throttling: a token bucket per route. */
import { describe, expect, it } from 'vitest';
import { createRouteThrottle } from '../../local/throttle';

describe('the per-route throttle', () => {
  it('lets a burst through, then the steady rate, each route on its own', () => {
    let now = 0;
    const throttle = createRouteThrottle(() => now);
    const limit = { rate: 2, burst: 3 };
    const taken = () => throttle.take('POST /api/signups', limit);
    expect([taken(), taken(), taken(), taken()]).toEqual([true, true, true, false]);
    // Another route still has its whole burst.
    expect(throttle.take('POST /api/receive-message', limit)).toBe(true);
    now = 499;
    expect(taken()).toBe(false);
    now = 500;
    expect(taken()).toBe(true);
    now = 10_000;
    expect([taken(), taken(), taken(), taken()]).toEqual([true, true, true, false]);
  });
});
