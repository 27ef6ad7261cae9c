import ipaddr from 'ipaddr.js';

/**
 * D55: a notification reaches only a public address. ipaddr.js names the range of an address;
 * every range but plain `unicast` is refused: loopback, private (RFC 1918), link-local (the cloud
 * metadata address 169.254.169.254 among them), carrier-grade NAT, multicast, broadcast,
 * unspecified, reserved and documentation ranges, IPv6 unique-local and link-local, and the IPv6
 * forms that carry an IPv4 address inside (NAT64, 6to4, Teredo), whose IPv4 part a gateway would
 * reach. An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is judged by its IPv4 address.
 *
 * Returns null for a public address, else the range that refused it (for the delivery log and
 * the logs); an unparsable address is refused as `invalido`.
 */
export function nonPublicRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalido';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** Whether an address is the machine's own (127.0.0.0/8, ::1, or an IPv4-mapped 127.x). */
export const isLoopback = (address: string | undefined): boolean => address !== undefined && nonPublicRange(address) === 'loopback';
