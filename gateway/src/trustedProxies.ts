/**
 * Which peers may tell the gateway who the client is. With `TRUST_PROXY=1` the gateway reads the
 * client's address and protocol from `X-Forwarded-For` / `X-Forwarded-Proto` — but only on a
 * connection coming from one of `TRUSTED_PROXIES` (addresses or CIDR ranges, loopback by default).
 * Anyone else reaching the gateway directly could otherwise write a new address in each request and
 * never meet the sign-in limit; their forwarding headers are dropped and the socket's address counts.
 */
import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** A front proxy on the same machine (Caddy, nginx): the default. */
export const LOOPBACK_PROXIES: readonly string[] = ['127.0.0.0/8', '::1'];

/** The headers a trusted proxy writes and an untrusted peer never gets to choose. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;

/**
 * Checks `TRUSTED_PROXIES` entries (`10.0.0.5`, `10.0.0.0/8`, `fd00::/8`); throws an Error naming
 * the faulty one, in French, so the gateway refuses to start rather than trust the wrong peers.
 */
export function parseTrustedProxies(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 6 ? 128 : 32;
    const length = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    if (family === 0 || extra !== undefined || !(length >= 0 && length <= bits)) {
      throw new Error(`TRUSTED_PROXIES doit lister des adresses IP ou des plages CIDR séparées par des virgules (reçu « ${entry} »)`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (length === bits) list.addAddress(address, type);
    else list.addSubnet(address, length, type);
  }
  return list;
}

/** Whether a peer address is one of the trusted proxies (an IPv4-mapped IPv6 address counts as IPv4). */
export function isTrustedPeer(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return list.check(mapped, 'ipv4');
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Drops the forwarding headers of a request whose peer is not a trusted proxy. */
export function dropUntrustedForwarding(req: IncomingMessage, list: BlockList): void {
  if (isTrustedPeer(list, req.socket.remoteAddress)) return;
  for (const name of FORWARDING_HEADERS) delete req.headers[name];
}
