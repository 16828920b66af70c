/**
 * The local stand-ins of API Gateway's per-route throttling (a token bucket per route) and of WAF's
 * per-client limits (a token bucket per client address and limit, forgotten when full).
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxies } from '../../local/client-address';
import { createClientLimiter, createRouteThrottle } from '../../local/throttle';

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

describe('the per-client limit', () => {
  const limit = { limit: 3, windowSeconds: 60 } as const;

  it('lets a client make its limit of requests, then one a window/limit, others untouched', () => {
    let now = 0;
    const limiter = createClientLimiter(() => now);
    const take = (client: string) => limiter.take(client, limit);
    expect([take('a'), take('a'), take('a')]).toEqual([0, 0, 0]);
    // 3 a minute: the next one in 20 s.
    expect(take('a')).toBe(20);
    expect(take('b')).toBe(0);
    now = 19_000;
    expect(take('a')).toBe(1);
    now = 20_000;
    expect(take('a')).toBe(0);
  });

  it('counts the routes that share a limit together, and each limit apart', () => {
    const limiter = createClientLimiter(() => 0);
    const other = { limit: 1, windowSeconds: 60 } as const;
    expect([limiter.take('a', limit), limiter.take('a', limit), limiter.take('a', limit)]).toEqual([0, 0, 0]);
    expect(limiter.take('a', limit)).toBeGreaterThan(0);
    expect(limiter.take('a', other)).toBe(0);
  });

  it('forgets a client quiet for a whole window, and the least recent past its capacity', () => {
    let now = 0;
    const limiter = createClientLimiter(() => now, 1000);
    for (let i = 0; i < 1500; i++) limiter.take(`client-${i}`, limit);
    expect(limiter.size()).toBe(1000);
    now = 60_000;
    limiter.take('late', limit);
    expect(limiter.size()).toBe(1);
  });
});

describe('the client of a request', () => {
  const request = (remoteAddress: string | undefined, forwarded?: string) =>
    ({
      socket: { remoteAddress },
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    }) as unknown as IncomingMessage;

  it('is the peer, whatever X-Forwarded-For a caller off this machine sends', () => {
    expect(clientAddress(request('203.0.113.7', '198.51.100.1'))).toBe('203.0.113.7');
    expect(clientAddress(request('::ffff:203.0.113.7'))).toBe('203.0.113.7');
  });

  it("is the address a trusted proxy on this machine saw: X-Forwarded-For's last entry, not what the client wrote", () => {
    expect(clientAddress(request('127.0.0.1', '6.6.6.6, 203.0.113.7'), 'loopback')).toBe('203.0.113.7');
    expect(clientAddress(request('::1', '203.0.113.8'), 'loopback')).toBe('203.0.113.8');
    expect(clientAddress(request('::ffff:127.0.0.1', ' 203.0.113.9 '), 'loopback')).toBe('203.0.113.9');
    // Not an address: the proxy itself is the client.
    expect(clientAddress(request('127.0.0.1', 'evil'), 'loopback')).toBe('127.0.0.1');
    expect(clientAddress(request('127.0.0.1'), 'loopback')).toBe('127.0.0.1');
  });

  it('never reads X-Forwarded-For unless TRUST_PROXY names the peer (a proxy passing the header on lets a client pick)', () => {
    // A same-machine proxy that forwards the client's own header: without TRUST_PROXY the client cannot pick.
    expect(clientAddress(request('127.0.0.1', '6.6.6.6'))).toBe('127.0.0.1');
    expect(clientAddress(request('127.0.0.1', '6.6.6.6'), parseTrustedProxies(undefined)!)).toBe('127.0.0.1');
    expect(clientAddress(request('127.0.0.1', '6.6.6.6'), parseTrustedProxies('1')!)).toBe('6.6.6.6');
    // A proxy named by address on the LAN; any other peer's header is its own writing.
    const lan = parseTrustedProxies('192.168.1.5, 10.0.0.2')!;
    expect(clientAddress(request('192.168.1.5', '203.0.113.4'), lan)).toBe('203.0.113.4');
    expect(clientAddress(request('127.0.0.1', '203.0.113.4'), lan)).toBe('127.0.0.1');
    expect(clientAddress(request('198.51.100.9', '203.0.113.4'), lan)).toBe('198.51.100.9');
    expect(parseTrustedProxies('yes please')).toBeNull();
  });

  it('is an IPv6 client by its /64', () => {
    expect(clientAddress(request('2001:db8:0:1:aaaa::1'))).toBe('2001:db8:0:1::/64');
    expect(clientAddress(request('2001:db8:0:1:bbbb:cccc:dddd:eeee'))).toBe('2001:db8:0:1::/64');
    expect(clientAddress(request('2001:db8::7'))).toBe('2001:db8:0:0::/64');
    expect(clientAddress(request('::1', '2001:db8:0:2::9'), 'loopback')).toBe('2001:db8:0:2::/64');
  });
});
