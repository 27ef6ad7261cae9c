/**
 * Keeps a local JSON copy of a company's data in sync through the change feeds of api-externa
 * (docs/api.md, "Manter uma cópia sincronizada"). Plain `fetch`, no dependency; run it as often as you
 * like — each run reads only what changed since the last one.
 *
 *   API_URL=http://127.0.0.1:3000 CLIENT_ID=... CLIENT_SECRET=... node --import tsx examples/sync-json.ts [dir] [resource...]
 *
 * For each resource (default: all seven) it keeps `<dir>/<resource>.json` = `{ cursor, registros }`,
 * `registros` by id. The file is written after every page, records and cursor together, so an
 * interrupted run resumes where it stopped and applies nothing twice.
 */
import fs from 'node:fs';
import path from 'node:path';

const RESOURCES = ['clientes', 'ordens-servico', 'contas-receber', 'contas-pagar', 'boletos', 'produtos', 'servicos'];

interface Entry {
  operacao: 'alterado' | 'excluido';
  id: number;
  atualizado_em: string;
  registro: Record<string, unknown> | null;
}

interface FeedPage {
  data: Entry[];
  meta: { proximo_cursor: string; tem_mais: boolean };
}

interface Copy {
  cursor: string | null;
  registros: Record<string, Record<string, unknown>>;
}

function env(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`set ${name}`);
  return value;
}

const apiUrl = env('API_URL').replace(/\/$/, '');

/**
 * A token lasts an hour and token requests are limited per client: one is kept in `<dir>/.token.json`
 * and reused by the next runs until a minute before it expires.
 */
async function cachedToken(dir: string): Promise<string> {
  const file = path.join(dir, '.token.json');
  if (fs.existsSync(file)) {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { access_token: string; expires_at: number };
    if (kept.expires_at - 60_000 > Date.now()) return kept.access_token;
  }
  const { access_token, expires_in } = await token();
  fs.writeFileSync(file, JSON.stringify({ access_token, expires_at: Date.now() + expires_in * 1000 }), { mode: 0o600 });
  return access_token;
}

async function token(): Promise<{ access_token: string; expires_in: number }> {
  const basic = Buffer.from(`${encodeURIComponent(env('CLIENT_ID'))}:${encodeURIComponent(env('CLIENT_SECRET'))}`).toString('base64');
  const res = await fetch(`${apiUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  if (!res.ok) throw new Error(`token: ${res.status} ${await res.text()}`);
  return (await res.json()) as { access_token: string; expires_in: number };
}

function load(file: string): Copy {
  if (!fs.existsSync(file)) return { cursor: null, registros: {} };
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Copy;
}

/** Written to a temporary file and renamed: a crash leaves the previous copy whole. */
function save(file: string, copy: Copy): void {
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(copy));
  fs.renameSync(`${file}.tmp`, file);
}

/** One page; waits out a 429 (Retry-After), returns null for an expired or foreign cursor (400 on `cursor`). */
async function page(bearer: string, resource: string, cursor: string | null): Promise<FeedPage | null> {
  const query = new URLSearchParams({ por_pagina: '500', ...(cursor === null ? {} : { cursor }) });
  for (;;) {
    const res = await fetch(`${apiUrl}/v1/${resource}/alteracoes?${query}`, { headers: { authorization: `Bearer ${bearer}` } });
    if (res.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? '1') * 1000));
      continue;
    }
    if (res.status === 400 && cursor !== null) {
      const body = (await res.json()) as { erro: { detalhes: { campo: string }[] } };
      if (body.erro.detalhes.some((d) => d.campo === 'cursor')) return null;
      throw new Error(`${resource}: 400 ${JSON.stringify(body)}`);
    }
    if (!res.ok) throw new Error(`${resource}: ${res.status} ${await res.text()}`);
    return (await res.json()) as FeedPage;
  }
}

async function sync(bearer: string, dir: string, resource: string): Promise<{ alterados: number; excluidos: number }> {
  const file = path.join(dir, `${resource}.json`);
  let copy = load(file);
  const counts = { alterados: 0, excluidos: 0 };
  for (;;) {
    const answer = await page(bearer, resource, copy.cursor);
    if (answer === null) {
      // The cursor is older than the deletions the server keeps: start over from an empty copy.
      copy = { cursor: null, registros: {} };
      continue;
    }
    for (const entry of answer.data) {
      if (entry.operacao === 'excluido' || entry.registro === null) {
        if (delete copy.registros[entry.id]) counts.excluidos++;
      } else {
        copy.registros[entry.id] = entry.registro;
        counts.alterados++;
      }
    }
    copy.cursor = answer.meta.proximo_cursor;
    save(file, copy);
    if (!answer.meta.tem_mais) return counts;
  }
}

const [dir = 'sync-data', ...asked] = process.argv.slice(2);
fs.mkdirSync(dir, { recursive: true });
const bearer = await cachedToken(dir);
for (const resource of asked.length > 0 ? asked : RESOURCES) {
  const { alterados, excluidos } = await sync(bearer, dir, resource);
  console.log(`${resource}: ${alterados} stored or updated, ${excluidos} removed`);
}
