// The allowlist's IP and CIDR check, so a typo is pointed out beside its line before sending
// (the server checks again).

/**
 * @param {string} text
 * @returns {number[] | null} the four bytes, or null when it is not an IPv4 address
 */
function validIpv4(text) {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = [];
  for (const p of parts) {
    // No leading zeros: 010 would be read as octal by some tools; the server refuses it too.
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255) return null;
    bytes.push(Number(p));
  }
  return bytes;
}

/**
 * @param {string} text
 * @returns {boolean}
 */
function validIpv6(text) {
  if (!text.includes(':') || !/^[0-9a-fA-F:.]+$/.test(text)) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  /** @param {string} part */
  const groupsOf = (part) => (part === '' ? [] : part.split(':'));
  const all = groupsOf(halves[0]).concat(halves.length === 2 ? groupsOf(halves[1]) : []);
  let count = 0;
  for (let i = 0; i < all.length; i++) {
    const group = all[i];
    if (i === all.length - 1 && group.includes('.')) {
      if (validIpv4(group) === null) return false;
      count += 2;
    } else if (/^[0-9a-fA-F]{1,4}$/.test(group)) count += 1;
    else return false;
  }
  return halves.length === 2 ? count <= 7 : count === 8;
}

/**
 * A pt-BR complaint about one allowlist entry, or null when it looks right.
 * @param {string} entry
 * @returns {string | null}
 */
export function ipProblem(entry) {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined) return 'não é um endereço IP nem uma rede CIDR';
  const v4 = validIpv4(address);
  const v6 = v4 === null && validIpv6(address);
  if (v4 === null && !v6) return 'não é um endereço IP nem uma rede CIDR';
  if (bits === undefined) return null;
  const max = v4 !== null ? 32 : 128;
  if (!/^(0|[1-9]\d{0,2})$/.test(bits) || Number(bits) > max) return 'o prefixo da rede deve ser um número de 0 a ' + max;
  if (v4 !== null) {
    const value = ((v4[0] << 24) | (v4[1] << 16) | (v4[2] << 8) | v4[3]) >>> 0;
    const prefix = Number(bits);
    const hostMask = prefix === 0 ? 0xffffffff : prefix === 32 ? 0 : (0xffffffff >>> prefix) >>> 0;
    if ((value & hostMask) >>> 0 !== 0) {
      const network = (value & ~hostMask) >>> 0;
      const text = [network >>> 24, (network >>> 16) & 255, (network >>> 8) & 255, network & 255].join('.');
      return 'a rede tem bits de host; você quis dizer ' + text + '/' + prefix + '?';
    }
  }
  return null;
}
