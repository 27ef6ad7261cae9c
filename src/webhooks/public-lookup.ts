import dns from 'node:dns';
import net from 'node:net';
import { nonPublicRange } from '../domain/public-address.ts';

/** An attempt that would have reached a non-public address (D55): refused before any connection. */
export class RefusedAddress extends Error {
  readonly code = 'ENDERECO_RECUSADO';

  constructor(
    readonly host: string,
    readonly address: string,
    /** the range that refused it (domain/public-address.ts), e.g. `loopback`, `private` */
    readonly range: string,
  ) {
    super(`${host} resolve para ${address} (${range}): só endereços públicos recebem notificações`);
    this.name = 'RefusedAddress';
  }
}

type Resolved = { address: string; family: number };
/** How names are resolved: `dns.lookup` in production; tests give their own. */
export type Resolver = (hostname: string, callback: (err: Error | null, addresses: Resolved[]) => void) => void;

const systemResolver: Resolver = (hostname, callback) => dns.lookup(hostname, { all: true, verbatim: true }, callback);

/**
 * The `lookup` of every connection a notification opens (D55): the name is resolved at connect
 * time, for each connection, and the connection is refused when ANY address it resolves to is not
 * public — so a name that resolved public when the URL was saved and private now (DNS rebinding)
 * reaches nothing, and a name that mixes both is not trusted with either. An IP written in the URL
 * never comes here (Node connects to it without a lookup): `refusedLiteral` checks those.
 */
export function publicOnlyLookup(resolve: Resolver = systemResolver): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (err, addresses) => {
      if (err !== null) return callback(err as NodeJS.ErrnoException, '', 4);
      const wanted = addresses.filter((a) => !options.family || a.family === options.family);
      if (wanted.length === 0) return callback(Object.assign(new Error(`${hostname}: no address`), { code: 'ENOTFOUND' }), '', 4);
      for (const { address } of wanted) {
        const range = nonPublicRange(address);
        if (range !== null) return callback(new RefusedAddress(hostname, address, range), '', 4);
      }
      if (options.all === true) return (callback as unknown as (e: null, all: Resolved[]) => void)(null, wanted);
      const [first] = wanted as [Resolved];
      callback(null, first.address, first.family);
    });
  };
}

/** A URL whose host is an IP address: the refusal when that address is not public, else null. */
export function refusedLiteral(url: URL): RefusedAddress | null {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (net.isIP(host) === 0) return null;
  const range = nonPublicRange(host);
  return range === null ? null : new RefusedAddress(url.hostname, host, range);
}
