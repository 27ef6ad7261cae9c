/**
 * The session cookie, parsed and written by hand: one cookie, one strict format, no dependency.
 * Attributes per docs/settings-api.md: HttpOnly (no script reads it), SameSite=Strict (never sent
 * on a cross-site request), Path=/settings (only the settings area sees it), Secure when the
 * request reached us over HTTPS. No Max-Age: the browser drops it when it closes, and the server
 * ends the session anyway (30 min idle, 12 h in all).
 */
export const SESSION_COOKIE = 'ae_session';
export const SESSION_COOKIE_PATH = '/settings';

// A session id is 32 random bytes in base64url: exactly 43 characters of that alphabet.
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * The session id of a Cookie header, or null. More than one `ae_session` (a cookie planted with
 * another path or domain, "cookie tossing") counts as none rather than guessing which to trust.
 */
export function readSessionCookie(header: string | undefined): string | null {
  if (header === undefined) return null;
  const values = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${SESSION_COOKIE}=`))
    .map((pair) => pair.slice(SESSION_COOKIE.length + 1));
  if (values.length !== 1) return null;
  const [value] = values;
  return value !== undefined && SESSION_ID.test(value) ? value : null;
}

function attributes(secure: boolean): string {
  return `Path=${SESSION_COOKIE_PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function sessionCookie(sessionId: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${sessionId}; ${attributes(secure)}`;
}

/** Tells the browser to forget the cookie (sign-out, or a session the server no longer knows). */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; ${attributes(secure)}; Max-Age=0`;
}
