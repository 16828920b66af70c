/**
 * The names the local runtime answers to, and which requests come from this machine itself. A browser sends
 * the name it was pointed at in `Host`; a DNS-rebinding page (a name of the attacker's made to resolve to this
 * machine) sends the attacker's name, and is same-origin with itself, so an origin check cannot stop it: only
 * a list of the names the operator uses can. Those are the loopback names (`localhost`, `*.localhost`, which
 * browsers resolve themselves, `127.0.0.1`, `[::1]`), the host of `PUBLIC_URL`, the names in `ALLOWED_HOSTS`,
 * `HOST` itself when it is a name, and, when `HOST` listens beyond loopback, this machine's own interface
 * addresses: an address typed into a browser is no name an attacker can point elsewhere
 * (docs/decisions/local-runtime.md).
 * Ports are not compared: a rebinding page is served on the runtime's own port anyway.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { requestHost } from './doors';

/** One label of a DNS name: letters, digits and inner hyphens (lower case once normalized). */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DNS_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`);

/** The bare IP address of a host name (`[::1]` -> `::1`), or null when it is a name. */
function ipOf(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/**
 * A host name as a browser's `Host` carries it, normalized as the URL standard does (lower case, IPv4 in
 * dotted form, IPv6 in brackets); null when `value` is not a host name alone (a scheme, port or path).
 */
export function normalizedHostName(value: string): string | null {
  const trimmed = value.trim();
  const candidate = isIP(trimmed) === 6 ? `[${trimmed}]` : trimmed;
  const bracketed = /^\[[0-9A-Fa-f:.]+\]$/.test(candidate);
  if (!candidate || (!bracketed && /[^A-Za-z0-9.-]/.test(candidate))) return null;
  if (!URL.canParse(`http://${candidate}`)) return null;
  const hostname = new URL(`http://${candidate}`).hostname;
  return ipOf(hostname) !== null || DNS_NAME.test(hostname) ? hostname : null;
}

/** The host name of the request's `Host` (its port dropped), normalized; null without a usable one. */
export function requestHostName(req: IncomingMessage): string | null {
  const host = requestHost(req);
  return host && URL.canParse(`http://${host}`) ? new URL(`http://${host}`).hostname : null;
}

/** A loopback address: 127.0.0.0/8, ::1, or an IPv4 loopback address written as IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.replace(/^::ffff:/i, '');
  return ip === '::1' || (isIP(ip) === 4 && ip.startsWith('127.'));
}

/** A loopback name: `localhost`, any `*.localhost`, or a loopback address. */
export function isLoopbackName(hostname: string): boolean {
  const ip = ipOf(hostname);
  if (ip !== null) return isLoopbackAddress(ip);
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

/** This machine's interface addresses now (a laptop's change as it moves between networks). */
function interfaceAddresses(): Set<string> {
  const addresses = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) addresses.add(entry.address.replace(/%.*$/, '').toLowerCase());
  }
  return addresses;
}

export type HostNames = {
  /** Whether a request whose `Host` names `hostname` (normalized) is let in. */
  readonly accepts: (hostname: string) => boolean;
  /** `PUBLIC_URL`'s host name, or null. */
  readonly publicHostName: string | null;
};

export function hostNames(options: {
  readonly publicUrl: string | null;
  /** `ALLOWED_HOSTS`, normalized. */
  readonly allowed: readonly string[];
  /** `HOST`: the address the runtime listens on. */
  readonly listenHost: string;
}): HostNames {
  const publicHostName = options.publicUrl ? new URL(options.publicUrl).hostname : null;
  const listenName = normalizedHostName(options.listenHost);
  const names = new Set([
    ...options.allowed,
    ...(publicHostName ? [publicHostName] : []),
    ...(listenName && ipOf(listenName) === null ? [listenName] : []),
  ]);
  const beyondLoopback = !(listenName && isLoopbackName(listenName));
  return {
    publicHostName,
    accepts(hostname) {
      if (isLoopbackName(hostname) || names.has(hostname)) return true;
      const ip = ipOf(hostname);
      return ip !== null && beyondLoopback && interfaceAddresses().has(ip.toLowerCase());
    },
  };
}
