/**
 * Which client a request counts against, for the per-client limits (local/throttle.ts). The TCP peer, unless
 * the peer is this machine: a tunnel or proxy in front of the runtime (what PUBLIC_URL names: ngrok,
 * cloudflared, a local nginx) connects from loopback and appends the address it saw to `X-Forwarded-For`, so
 * then the last entry of that header is the client. Entries before it were sent by the client and are never
 * read; a caller that is not on this machine cannot choose its address at all. (Software on this machine
 * could, but it could equally read the data directory.) An IPv6 client counts by its /64, the block one
 * subscriber gets, so rotating addresses inside it does not buy a fresh allowance.
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

/** The client of this request (see above); `unknown` when the socket has no address (it closed). */
export function clientAddress(req: IncomingMessage): string {
  const peer = plain(req.socket.remoteAddress ?? '');
  if (!peer) return 'unknown';
  if (isLoopback(peer)) {
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
