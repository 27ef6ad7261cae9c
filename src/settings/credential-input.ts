import { normaliseAllowEntry } from '../auth/ip-allowlist.ts';
import { credentialNameProblem, MAX_NAME_LENGTH } from '../credentials/credential-name.ts';
import { isScope, sortScopes, type Scope } from '../auth/scopes.ts';
import type { Detalhe } from '../errors/api-error.ts';
import { isRealDate } from '../http/params.ts';
import { unknownFields, type JsonObject } from './json-body.ts';
import { todayInSaoPaulo } from '../time/sao-paulo-date.ts';

/**
 * Reading the credential bodies of docs/settings-api.md. Every offending field gets its own item
 * in `detalhes`, each IP line its own (`allowed_ips[1]`), so the page can show each error beside
 * its field. Values come out normalised as the credential rules store them.
 */
export const MAX_ALLOWED_IPS = 100;
const MAX_PASSWORD_LENGTH = 1024;

class Findings {
  readonly detalhes: Detalhe[] = [];
  add(campo: string, mensagem: string): undefined {
    this.detalhes.push({ campo, mensagem });
    return undefined;
  }
}

function readName(value: unknown, f: Findings): string | undefined {
  if (typeof value !== 'string') return f.add('name', 'Informe um nome para a credencial.');
  const name = value.trim();
  const problem = credentialNameProblem(name);
  if (problem === 'length') return f.add('name', `O nome deve ter de 1 a ${MAX_NAME_LENGTH} caracteres.`);
  if (problem === 'hidden') return f.add('name', 'O nome não pode ter quebras de linha, caracteres de controle nem de direção de texto.');
  return name;
}

function readScopes(value: unknown, f: Findings): Scope[] | undefined {
  if (!Array.isArray(value)) return f.add('scopes', 'Informe a lista de escopos.');
  const bad = value.flatMap((s: unknown, i) => (typeof s === 'string' && isScope(s) ? [] : [i]));
  for (const i of bad) f.add(`scopes[${i}]`, `Escopo desconhecido: ${JSON.stringify(value[i])}.`);
  if (bad.length > 0) return undefined;
  if (value.length === 0) return f.add('scopes', 'Escolha ao menos um escopo.');
  return sortScopes(value as string[]);
}

function readAllowedIps(value: unknown, f: Findings): string[] | undefined {
  if (!Array.isArray(value)) return f.add('allowed_ips', 'Informe a lista de IPs permitidos (pode ser vazia).');
  if (value.length > MAX_ALLOWED_IPS) return f.add('allowed_ips', `No máximo ${MAX_ALLOWED_IPS} endereços ou redes.`);
  const normal = value.map((entry: unknown, i) => {
    if (typeof entry !== 'string') return f.add(`allowed_ips[${i}]`, 'Cada linha deve ser um texto.');
    if (entry.trim() === '') return f.add(`allowed_ips[${i}]`, 'Linha vazia: remova-a.');
    const parsed = normaliseAllowEntry(entry);
    if (parsed === null) {
      return f.add(`allowed_ips[${i}]`, `"${entry.trim()}" não é um endereço IP nem uma rede CIDR válida (ex.: 203.0.113.7 ou 203.0.113.0/24).`);
    }
    return parsed;
  });
  return normal.every((e): e is string => e !== undefined) ? [...new Set(normal)] : undefined;
}

/** null: no expiry. A date is valid until the end of that day in São Paulo (D32), so today is the earliest. */
function readExpires(value: unknown, f: Findings): string | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'string' || !isRealDate(value)) return f.add('expires', 'Use uma data existente no formato AAAA-MM-DD, ou null para não expirar.');
  if (value < todayInSaoPaulo()) return f.add('expires', 'A data de validade não pode estar no passado.');
  return value;
}

/** Absent, null and "" all mean "not given"; whether it is needed is decided by the caller. */
function readPassword(value: unknown, f: Findings): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > MAX_PASSWORD_LENGTH) return f.add('senha_atual', 'Senha atual inválida.');
  return value;
}

export const PASSWORD_NEEDED = 'Confirme sua senha atual: esta credencial tem ou passa a ter escopos sensíveis.';

export interface CreateInput {
  name: string;
  scopes: Scope[];
  allowedIps: string[];
  expires: string | null;
}

/** POST /settings/api/credentials. `allowed_ips` and `expires` may be left out (none, never). */
export function readCreate(body: JsonObject): { findings: Detalhe[]; input: CreateInput | undefined; scopes: Scope[]; senhaAtual: string | undefined } {
  const f = new Findings();
  f.detalhes.push(...unknownFields(body, ['name', 'scopes', 'allowed_ips', 'expires', 'senha_atual']));
  const name = readName(body.name, f);
  const scopes = readScopes(body.scopes, f);
  const allowedIps = body.allowed_ips === undefined ? [] : readAllowedIps(body.allowed_ips, f);
  const expires = body.expires === undefined ? null : readExpires(body.expires, f);
  const senhaAtual = readPassword(body.senha_atual, f);
  const complete = name !== undefined && scopes !== undefined && allowedIps !== undefined && expires !== undefined;
  return { findings: f.detalhes, input: complete ? { name, scopes, allowedIps, expires } : undefined, scopes: scopes ?? [], senhaAtual };
}

export interface ChangeInput {
  name?: string;
  scopes?: Scope[];
  allowedIps?: string[];
  expires?: string | null;
}

/** PATCH /settings/api/credentials/{client_id}: any of the fields, at least one. */
export function readChange(body: JsonObject): { findings: Detalhe[]; input: ChangeInput; senhaAtual: string | undefined } {
  const f = new Findings();
  f.detalhes.push(...unknownFields(body, ['name', 'scopes', 'allowed_ips', 'expires', 'senha_atual']));
  const input: ChangeInput = {};
  if (body.name !== undefined) input.name = readName(body.name, f);
  if (body.scopes !== undefined) input.scopes = readScopes(body.scopes, f);
  if (body.allowed_ips !== undefined) input.allowedIps = readAllowedIps(body.allowed_ips, f);
  if (body.expires !== undefined) input.expires = readExpires(body.expires, f);
  if (['name', 'scopes', 'allowed_ips', 'expires'].every((k) => body[k] === undefined)) {
    f.add('corpo', 'Informe ao menos um dos campos: name, scopes, allowed_ips, expires.');
  }
  const senhaAtual = readPassword(body.senha_atual, f);
  return { findings: f.detalhes, input, senhaAtual };
}

/** POST .../rotate: only `senha_atual`, when the credential is sensitive. */
export function readRotate(body: JsonObject): { findings: Detalhe[]; senhaAtual: string | undefined } {
  const f = new Findings();
  f.detalhes.push(...unknownFields(body, ['senha_atual']));
  const senhaAtual = readPassword(body.senha_atual, f);
  return { findings: f.detalhes, senhaAtual };
}

/** POST .../revoke: `{}`. */
export function readRevoke(body: JsonObject): { findings: Detalhe[] } {
  return { findings: unknownFields(body, []) };
}
