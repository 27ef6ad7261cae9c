import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

// One dotted-decimal octet, 0-255, without leading zeros.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const DOTTED_QUAD = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const IPV6_TEXT = /^[0-9A-Fa-f:]+$/;
const PREFIX = /^(?:0|[1-9]\d{0,2})$/;

/**
 * Whether an entry is written in the one form a person means unambiguously (D33): IPv4 as four
 * decimal octets without leading zeros, IPv6 in hex groups (an IPv4 tail as above) without a
 * zone id, a prefix as a plain decimal. ipaddr.js also takes the legacy inet_aton forms —
 * `127.1`, `0x7f.1`, octal `010` — which would be stored as another address than the one typed
 * (`192.168.010.001` → 192.168.8.1): those are refused, not reinterpreted.
 */
function writtenPlainly(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined || (prefix !== undefined && !PREFIX.test(prefix))) return false;
  if (!address.includes(':')) return DOTTED_QUAD.test(address);
  const tail = address.lastIndexOf(':');
  const v4Tail = address.slice(tail + 1);
  if (v4Tail.includes('.')) return IPV6_TEXT.test(address.slice(0, tail + 1)) && DOTTED_QUAD.test(v4Tail);
  return IPV6_TEXT.test(address);
}

/**
 * Parses an allowlist entry: a single IPv4/IPv6 address or a CIDR network (D33). Returns null
 * when the text is neither, or is not written plainly (see writtenPlainly). Host bits set in a
 * CIDR (10.0.0.1/24) are refused: the operator most likely meant something else.
 */
export function parseAllowEntry(text: string): [Address, number] | null {
  const entry = text.trim();
  if (!writtenPlainly(entry)) return null;
  try {
    if (entry.includes('/')) {
      const [addr, bits] = ipaddr.parseCIDR(entry);
      const network = ipaddr.parse(networkAddress(addr, bits));
      return network.toString() === addr.toString() ? [addr, bits] : null;
    }
    if (!ipaddr.isValid(entry)) return null;
    const addr = ipaddr.parse(entry);
    return [addr, addr.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

function networkAddress(addr: Address, bits: number): string {
  return addr.kind() === 'ipv4'
    ? ipaddr.IPv4.networkAddressFromCIDR(`${addr.toString()}/${bits}`).toString()
    : ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/${bits}`).toString();
}

/** Normalises an entry to its canonical text (`10.0.0.0/8`, `2001:db8::1`), or null. */
export function normaliseAllowEntry(text: string): string | null {
  const parsed = parseAllowEntry(text);
  if (parsed === null) return null;
  const [addr, bits] = parsed;
  const full = addr.kind() === 'ipv4' ? 32 : 128;
  return bits === full && !text.includes('/') ? addr.toString() : `${addr.toString()}/${bits}`;
}

/**
 * Whether a caller address is allowed by the entries. An IPv4-mapped IPv6 source
 * (`::ffff:10.0.0.1`) is compared as IPv4 (D33). An empty list allows everyone.
 */
export function ipAllowed(source: string, entries: readonly string[]): boolean {
  if (entries.length === 0) return true;
  let addr: Address;
  try {
    addr = ipaddr.process(source);
  } catch {
    return false;
  }
  return entries.some((entry) => {
    const parsed = parseAllowEntry(entry);
    if (parsed === null) return false;
    let [net, bits] = parsed;
    if (net.kind() === 'ipv6' && (net as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      net = (net as ipaddr.IPv6).toIPv4Address();
      bits -= 96;
    }
    return net.kind() === addr.kind() && addr.match([net, bits] as [Address, number]);
  });
}
