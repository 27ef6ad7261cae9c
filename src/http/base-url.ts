import type { FastifyRequest } from 'fastify';

// A host as a client may name it: a DNS name or IPv4 address, or a bracketed IPv6 address, with an
// optional port. Anything else in Host (or a trusted X-Forwarded-Host) is not echoed into URLs.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The address integrators reach the server at, which the OpenAPI `servers` and the `Link` URLs are
 * built on (ADR 0012): the configured PUBLIC_BASE_URL, else the request's own origin — its
 * protocol and Host, both read from X-Forwarded-* only when the proxy is trusted (TRUST_PROXY,
 * D33). `''` when the Host cannot be used: URLs are then written relative to the server's root.
 */
export function baseUrlOf(request: FastifyRequest, publicBaseUrl: string | undefined): string {
  if (publicBaseUrl !== undefined) return publicBaseUrl;
  const host = request.host;
  if (!HOST.test(host)) return '';
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host.toLowerCase()}`;
}
