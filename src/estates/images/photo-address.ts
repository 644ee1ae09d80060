import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The address a photo host resolved to may not be fetched: private, loopback, link-local (cloud metadata)… */
export class PrivateAddressError extends Error {
  override readonly name = 'PrivateAddressError';
}

/**
 * Whether `address` is a public unicast address. ipaddr.js names every special range (RFC 6890): private,
 * loopback, link-local (169.254.169.254, the cloud metadata service), unique-local, carrier-grade NAT, multicast,
 * reserved, 6to4/Teredo/NAT64 tunnels (which can carry an internal IPv4 address); only `unicast` is none of them.
 * An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

export type Resolver = (hostname: string) => Promise<readonly LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * The `lookup` of the photo downloads' sockets: resolves the name once, refuses it when any address is not public,
 * and hands the socket the very address it checked. The connection goes where the check looked: a name that
 * answers a public address to the check and 127.0.0.1 to the connection (DNS rebinding) has no second answer to give.
 */
export function checkedLookup(resolver: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname).then(
      (addresses) => {
        const refused = addresses.find((entry) => !isPublicAddress(entry.address));
        if (addresses.length === 0) return callback(new PrivateAddressError(`${hostname} has no address`), '', 4);
        if (refused) return callback(new PrivateAddressError(`${hostname} resolves to ${refused.address}, not a public address`), '', 4);
        const wanted = options.family === 6 || options.family === 4 ? addresses.filter((entry) => entry.family === options.family) : addresses;
        const chosen = wanted[0] ?? addresses[0]!;
        if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, [chosen]);
        callback(null, chosen.address, chosen.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}
