/**
 * Whether an error means "the store cannot be reached" (D38: 503, never 500) rather than a bug.
 * Network errors, pool timeouts, a server shutting down or refusing connections (SQLSTATE
 * classes 08 and 57P) all count.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Connection terminated unexpectedly/i,
  /Client has encountered a connection error/i,
  /Cannot use a pool after calling end/i,
  /canceling statement due to statement timeout/i,
];

export function isStoreUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    if (code.startsWith('08') || code.startsWith('57P') || code === '57014' || code === '53300') return true;
  }
  if (typeof message === 'string' && MESSAGES.some((re) => re.test(message))) return true;
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined && cause !== err && isStoreUnavailable(cause)) return true;
  // A host name with several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError of each attempt.
  const { errors } = err as { errors?: unknown };
  return Array.isArray(errors) && errors.some((e) => e !== err && isStoreUnavailable(e));
}
