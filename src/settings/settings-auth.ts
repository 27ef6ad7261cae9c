import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { SettingsError } from '../errors/coded-error.ts';
import type { CentralDatabase } from '../store/tables.ts';
import { clearedSessionCookie, readSessionCookie } from './cookies.ts';
import { csrfMatches, isHttps, originAllowed } from './csrf.ts';
import { hasApiExterna, resumeSession, type Session } from './session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    settingsSession: Session | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const isStateChanging = (request: FastifyRequest): boolean => STATE_CHANGING.has(request.method);

export function csrfRefused(): SettingsError {
  return new SettingsError('csrf_invalido');
}

/**
 * The access checks of the settings API, run as soon as the request's headers are read (before
 * its body is): they need nothing else, and no body is looked at for a caller who may not send
 * one. Order: foreign Origin (403 `csrf_invalido`, before anything is
 * looked up) -> session from the cookie (401, its idle clock refreshed) -> the session's CSRF
 * token on state-changing requests (403 `csrf_invalido`) -> for the credentials routes, the
 * `api_externa` permission (403 `sem_permissao`), read fresh on every request.
 */
export function createSettingsAuth(db: Kysely<CentralDatabase>) {
  async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const changing = isStateChanging(request);
    if (changing && !originAllowed(request)) throw csrfRefused();
    const sessionId = readSessionCookie(request.headers.cookie);
    const session = sessionId === null ? null : await resumeSession(db, sessionId);
    if (session === null) {
      // A cookie the server no longer honours is cleared, so the browser stops sending it.
      if (sessionId !== null) reply.header('set-cookie', clearedSessionCookie(isHttps(request)));
      throw new SettingsError('nao_autenticado');
    }
    if (changing && !csrfMatches(request.headers['x-csrf-token'], session.csrfToken)) throw csrfRefused();
    request.settingsSession = session;
  }

  async function apiExterna(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await signedIn(request, reply);
    if (!hasApiExterna(sessionOf(request).user)) throw new SettingsError('sem_permissao');
  }

  return { signedIn, apiExterna };
}

/** The session of a request that passed the settings access checks. */
export function sessionOf(request: FastifyRequest): Session {
  if (request.settingsSession === null) throw new Error('settings route reached without a session');
  return request.settingsSession;
}
