import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Parses an allowlist entry: a single IPv4/IPv6 address or a CIDR network (D33). Returns null
 * when the text is neither. Host bits set in a CIDR (10.0.0.1/24) are refused: the operator
 * most likely meant something else.
 */
export function parseAllowEntry(text: string): [Address, number] | null {
  const entry = text.trim();
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
