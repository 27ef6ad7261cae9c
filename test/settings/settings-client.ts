import type { LightMyRequestResponse } from 'fastify';
import { uniqueSourceIp, type TestApp } from '../helpers/test-app.ts';

export interface TestUser {
  id: number;
  empresaId: number;
  nome: string;
  email: string;
  senha: string;
}

let nextUserId = 1;

/** A company user with a password (hashed by the import), by default holding `api_externa`. */
export async function addUser(
  t: TestApp,
  empresaId: number,
  options: { permissoes?: string[]; excluido?: boolean } = {},
): Promise<TestUser> {
  const id = nextUserId++;
  const user = { id, empresaId, nome: `Usuária ${id}`, email: `usuario${id}.${empresaId}@teste.com.br`, senha: `senha-secreta-${id}` };
  await t.load({
    usuarios: [
      {
        id,
        empresa_id: empresaId,
        nome: user.nome,
        email: user.email,
        senha: user.senha,
        permissoes: options.permissoes ?? ['api_externa'],
        excluido: options.excluido ?? false,
      },
    ],
  });
  return user;
}

export function errorOf(res: LightMyRequestResponse): {
  codigo: string;
  mensagem: string;
  detalhes: { campo: string; mensagem: string }[];
} {
  return (res.json() as { erro: { codigo: string; mensagem: string; detalhes: { campo: string; mensagem: string }[] } }).erro;
}

/** The session id of a Set-Cookie answer, or null. */
export function sessionIdOf(res: LightMyRequestResponse): string | null {
  const header = res.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^ae_session=([^;]*)/.exec(value ?? '');
  return match?.[1] || null;
}

export interface SignInBody {
  email: string;
  senha: string;
}

/** POST /settings/api/session as a browser would send it (JSON, from one source address). */
export function postSignIn(t: TestApp, body: SignInBody | string, ip: string = uniqueSourceIp(), headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/settings/api/session',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A signed-in browser: its cookie, its CSRF token and its address. */
export class Browser {
  private constructor(
    readonly t: TestApp,
    readonly user: TestUser,
    readonly sessionId: string,
    readonly csrf: string,
    readonly ip: string,
    readonly signInResponse: LightMyRequestResponse,
  ) {}

  static async signIn(t: TestApp, user: TestUser, ip: string = uniqueSourceIp()): Promise<Browser> {
    const res = await postSignIn(t, { email: user.email, senha: user.senha }, ip);
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    const sessionId = sessionIdOf(res);
    if (sessionId === null) throw new Error('sign-in set no cookie');
    return new Browser(t, user, sessionId, (res.json() as { csrf_token: string }).csrf_token, ip, res);
  }

  /** A request with the session cookie, and for state-changing methods the CSRF token and a JSON body. */
  send(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const changing = method !== 'GET';
    return this.t.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        cookie: `ae_session=${this.sessionId}`,
        ...(changing ? { 'x-csrf-token': this.csrf } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  get(url: string) {
    return this.send('GET', url);
  }

  post(url: string, body: unknown = {}, headers: Record<string, string> = {}) {
    return this.send('POST', url, body, headers);
  }

  patch(url: string, body: unknown, headers: Record<string, string> = {}) {
    return this.send('PATCH', url, body, headers);
  }

  /** POST /settings/api/credentials, answered 201 or thrown. */
  async create(body: Record<string, unknown>): Promise<{ clientId: string; secret: string; credential: CredentialJson }> {
    const res = await this.post('/settings/api/credentials', body);
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    const json = res.json() as { credential: CredentialJson; client_secret: string };
    return { clientId: json.credential.client_id, secret: json.client_secret, credential: json.credential };
  }
}

export interface CredentialJson {
  client_id: string;
  name: string;
  scopes: string[];
  allowed_ips: string[];
  expires: string | null;
  status: 'active' | 'expired' | 'revoked';
  expires_soon: boolean;
  created_at: string;
  created_by: { id: number; nome: string | null } | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  auth_method: 'client_secret_basic' | 'private_key_jwt';
  key_thumbprint: string | null;
}

export interface AuditEventJson {
  id: number;
  action: string;
  actor: { type: 'operator' | 'usuario' | 'anonimo'; id: number | null; nome: string | null };
  ip: string | null;
  details: Record<string, unknown>;
  created_at: string;
}
