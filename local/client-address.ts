/**
 * Which client a request counts against, for the per-client limits (local/throttle.ts). The TCP peer, unless
 * `TRUST_PROXY` names the peer as a proxy that appends the address it saw to `X-Forwarded-For` (ngrok,
 * cloudflared, nginx with `$proxy_add_x_forwarded_for`): then the last entry of that header is the client.
 * Entries before it were sent by the client and are never read. Without the setting the header is never read
 * at all: a proxy that passes the client's own header on would let a client choose its address, and whether a
 * proxy appends is something only the operator knows (issue 31). An IPv6 client counts by its /64, the block
 * one subscriber gets, so rotating addresses inside it does not buy a fresh allowance.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** `::ffff:203.0.113.7` (IPv4 on a dual-stack socket) as `203.0.113.7`; a zone (`%eth0`) dropped. */
function plain(address: string): string {
  const bare = address.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  return mapped ? mapped[1]! : bare;
}

export function isLoopback(address: string): boolean {
  const ip = plain(address);
  return ip === '::1' || (isIP(ip) === 4 && ip.startsWith('127.'));
}

/** The first four groups of an IPv6 address (its /64), expanded, as `2001:db8:0:1::/64`. */
function ipv6Block(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::');
  const groupsOf = (part: string) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** The key an address is counted under: an IPv4 address as is, an IPv6 one by its /64. */
function clientKey(address: string): string {
  return isIP(address) === 6 ? ipv6Block(address) : address;
}

/**
 * `TRUST_PROXY`: which peers are proxies that append to `X-Forwarded-For`. `none` (unset, `0`): none;
 * `loopback` (`1`): a proxy or tunnel on this machine; or a list of the proxies' addresses.
 */
export type TrustedProxies = 'none' | 'loopback' | readonly string[];

/** Reads `TRUST_PROXY` (`0`, `1`, `loopback`, or addresses separated by commas); null when it is none of those. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies | null {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false' || text === 'none') return 'none';
  if (text === '1' || text === 'true' || text === 'loopback') return 'loopback';
  const addresses = text
    .split(',')
    .map((entry) => plain(entry))
    .filter(Boolean);
  return addresses.every((address) => isIP(address)) ? addresses : null;
}

function trusted(peer: string, proxies: TrustedProxies): boolean {
  if (proxies === 'none') return false;
  if (proxies === 'loopback') return isLoopback(peer);
  return proxies.includes(peer.toLowerCase());
}

/** The client of this request (see above); `unknown` when the socket has no address (it closed). */
export function clientAddress(req: IncomingMessage, proxies: TrustedProxies = 'none'): string {
  const peer = plain(req.socket.remoteAddress ?? '');
  if (!peer) return 'unknown';
  if (trusted(peer, proxies)) {
    const header = req.headers['x-forwarded-for'];
    const last = plain(
      String(Array.isArray(header) ? header.at(-1) : (header ?? ''))
        .split(',')
        .at(-1) ?? '',
    );
    if (isIP(last)) return clientKey(last);
  }
  return clientKey(peer);
}
