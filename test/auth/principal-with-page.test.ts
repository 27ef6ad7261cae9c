import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type pg from 'pg';
import { errorBody } from '../helpers/bodies.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { TestApp } from '../helpers/test-app.ts';

/**
 * ADR 0014: a list request whose token was read before has its token read again by the list's own
 * statement, in the same round trip as the page, and is answered only once that read says the
 * principal is still the one the handler ran with. These tests change the principal in SQL
 * between two requests — as the product's settings, the CLI or a sibling instance would — and
 * check that the very next request sees it (D31), in D4's order, and that a warm list request
 * asks the database one statement.
 */
let t: TestApp;
let statements: string[] = [];

/** Records the text of every statement the app sends through the central pool. */
function spy(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0];
    statements.push(typeof first === 'string' ? first : ((first as { text?: string }).text ?? ''));
    return query(...args);
  };
}

const isPrincipalAlone = (text: string) => text.includes('json_build_array(c.id') && !text.includes('AS companion');
const isPageWithPrincipal = (text: string) => text.includes('AS companion');

before(async () => {
  t = await TestApp.start();
  spy(t.store.pool);
});
after(async () => t.close());

/** A company with a cliente, a credential and a token issued by `app`. */
async function issued(options: { statusPersonalizados?: string[]; app?: TestApp } = {}) {
  const empresa = await t.company(options.statusPersonalizados ?? []);
  await t.load({
    clientes: [{ id: 1, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Ana', data_cadastro: '2024-01-01T00:00:00Z' }],
  });
  const cred = await t.credential(empresa);
  return { empresa, cred, token: await (options.app ?? t).token(cred) };
}

/** As issued, and the token has listed once (so its principal was read). */
async function warm(options: { statusPersonalizados?: string[]; app?: TestApp } = {}) {
  const made = await issued(options);
  assert.equal((await (options.app ?? t).get('/v1/clientes', made.token)).statusCode, 200);
  return made;
}

const sql = (text: string, values: unknown[]) => t.store.pool.query(text, values);

/**
 * A sibling instance whose rate-limit clock stands still mid-minute (the minute it was made in):
 * window counts are exact however long the requests take, even across a minute of the wall clock.
 */
function stillClock(): Promise<TestApp> {
  const midMinute = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
  return t.sibling({ limiter: new MemoryLimiter(() => midMinute) });
}

describe('a list reads its caller with its page (ADR 0014)', () => {
  test('a warm list request is one statement: the page and the principal together', async () => {
    const { token } = await warm();
    statements = [];
    const res = await t.get('/v1/clientes', token);
    assert.equal(res.statusCode, 200);
    assert.equal(statements.filter(isPageWithPrincipal).length, 1, statements.join('\n---\n'));
    assert.equal(statements.filter(isPrincipalAlone).length, 0);
    assert.equal((JSON.parse(res.body) as { meta: { total: number } }).meta.total, 1);
  });

  test('a token is warm from its issue on the instance that issued it; another instance reads it on its own first', async () => {
    const { token } = await issued();
    statements = [];
    assert.equal((await t.get('/v1/clientes', token)).statusCode, 200);
    assert.equal(statements.filter(isPageWithPrincipal).length, 1, statements.join('\n---\n'));
    assert.equal(statements.filter(isPrincipalAlone).length, 0, 'the token endpoint read the principal before answering');
    const sibling = await t.sibling();
    try {
      statements = [];
      assert.equal((await sibling.get('/v1/clientes', token)).statusCode, 200);
      assert.equal(statements.filter(isPrincipalAlone).length, 1, statements.join('\n---\n'));
      assert.equal(statements.filter(isPageWithPrincipal).length, 0);
    } finally {
      await sibling.close();
    }
  });

  test('a token revoked in SQL is refused on the very next request (D31)', async () => {
    const { token } = await warm();
    await sql('UPDATE access_tokens SET revoked_at = now() WHERE revoked_at IS NULL AND token_hash = sha256(convert_to($1, $2))', [
      token,
      'UTF8',
    ]);
    const res = await t.get('/v1/clientes', token);
    assert.equal(res.statusCode, 401);
    assert.equal(errorBody(res).codigo, 'token_invalido');
    assert.doesNotMatch(res.body, /Ana/);
  });

  test('a credential revoked by the operator is refused on the very next request (D31)', async () => {
    const { cred, token } = await warm();
    await t.revoke(cred);
    assert.equal((await t.get('/v1/clientes', token)).statusCode, 401);
  });

  test('a credential past its expiry day is refused on the very next request (D32)', async () => {
    const { cred, token } = await warm();
    await sql(`UPDATE api_credentials SET expires_on = date '2020-01-01' WHERE client_id = $1`, [cred.clientId]);
    assert.equal((await t.get('/v1/clientes', token)).statusCode, 401);
  });

  test('a scope removed from the credential is 403 escopo_insuficiente on the very next request, and back when restored (D30)', async () => {
    const { cred, token } = await warm();
    await sql(`UPDATE api_credentials SET scopes = array_remove(scopes, 'clientes:ler') WHERE client_id = $1`, [cred.clientId]);
    const refused = await t.get('/v1/clientes', token);
    assert.equal(refused.statusCode, 403);
    assert.equal(errorBody(refused).codigo, 'escopo_insuficiente');
    assert.equal(refused.headers['x-ratelimit-limit'], '120', 'past the token check: counted, with its window (D4)');
    await sql(`UPDATE api_credentials SET scopes = array_append(scopes, 'clientes:ler') WHERE client_id = $1`, [cred.clientId]);
    assert.equal((await t.get('/v1/clientes', token)).statusCode, 200);
  });

  test('an allowlist that stops covering the caller is 403 ip_nao_autorizado on the very next request', async () => {
    const { cred, token } = await warm();
    await sql(`UPDATE api_credentials SET allowed_ips = '{203.0.113.0/24}' WHERE client_id = $1`, [cred.clientId]);
    const res = await t.get('/v1/clientes', token);
    assert.equal(res.statusCode, 403);
    assert.equal(errorBody(res).codigo, 'ip_nao_autorizado');
  });

  test('401 still comes before 400: a revoked token with a bad parameter is 401 (D4)', async () => {
    const { token } = await warm();
    await sql('UPDATE access_tokens SET revoked_at = now() WHERE token_hash = sha256(convert_to($1, $2))', [token, 'UTF8']);
    const res = await t.get('/v1/clientes?cor=azul', token);
    assert.equal(res.statusCode, 401);
  });

  test('a bad parameter with a valid warm token is 400, counted in the window (D4)', async () => {
    const app = await stillClock();
    const { token } = await warm({ app });
    const res = await app.get('/v1/clientes?cor=azul', token);
    assert.equal(res.statusCode, 400);
    assert.equal(errorBody(res).detalhes[0]?.campo, 'cor');
    assert.equal(res.headers['x-ratelimit-remaining'], '118');
  });

  test("the company's status catalogue changed in SQL is the one the next request is judged by (D14)", async () => {
    const { empresa, token } = await warm({ statusPersonalizados: ['aguardando_peca'] });
    assert.equal((await t.get('/v1/ordens-servico?status=em_garantia', token)).statusCode, 400);
    assert.equal((await t.get('/v1/ordens-servico?status=aguardando_peca', token)).statusCode, 200);
    await sql(`UPDATE empresas SET status_personalizados = '{em_garantia}' WHERE id = $1`, [empresa]);
    assert.equal((await t.get('/v1/ordens-servico?status=em_garantia', token)).statusCode, 200);
    const gone = await t.get('/v1/ordens-servico?status=aguardando_peca', token);
    assert.equal(gone.statusCode, 400);
    assert.equal(errorBody(gone).detalhes[0]?.campo, 'status');
  });

  test('each request counts once in the window, whichever way its token was read (D35)', async () => {
    const app = await stillClock();
    const { token } = await warm({ app });
    for (let i = 2; i <= 5; i++) {
      const res = await app.get('/v1/clientes', token);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['x-ratelimit-remaining'], String(120 - i));
    }
  });

  test('past the limit every request is 429 with the token read alone, the first one included: a 429 never reads a page', async () => {
    const app = await stillClock();
    const { token } = await warm({ app });
    for (let i = 2; i <= 120; i++) {
      statements = [];
      assert.equal((await app.get('/v1/clientes', token)).statusCode, 200, `request ${i}`);
      assert.equal(statements.filter(isPageWithPrincipal).length, 1, `request ${i}: one statement, the page with the caller`);
    }
    for (let i = 121; i <= 125; i++) {
      statements = [];
      const over = await app.get('/v1/clientes', token);
      assert.equal(over.statusCode, 429, `request ${i}`);
      assert.equal(errorBody(over).codigo, 'limite_excedido');
      assert.equal(over.headers['x-ratelimit-remaining'], '0');
      assert.deepEqual(statements.length, 1, `request ${i}: ${statements.join(' | ')}`);
      assert.ok(isPrincipalAlone(statements[0] ?? ''), 'the token read alone');
      assert.doesNotMatch(statements[0] ?? '', /clientes/, 'no query of the company data');
    }
  });

  test("a token revoked since its last read is 401 and not counted: the credential's other token sees its window unchanged (D4)", async () => {
    const app = await stillClock();
    const { cred, token } = await warm({ app });
    const other = await app.token(cred);
    const before = await app.get('/v1/clientes', other);
    assert.equal(before.headers['x-ratelimit-remaining'], '118');
    await sql('UPDATE access_tokens SET revoked_at = now() WHERE token_hash = sha256(convert_to($1, $2))', [token, 'UTF8']);
    const refused = await app.get('/v1/clientes', token);
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.headers['x-ratelimit-remaining'], undefined, 'a 401 carries no window');
    assert.equal((await app.get('/v1/clientes', other)).headers['x-ratelimit-remaining'], '117', 'the 401 was not counted');
  });

  test('a revoked token past the limit is 401, not 429 (D4: the token before the window)', async () => {
    const app = await stillClock();
    const { token } = await warm({ app });
    for (let i = 2; i <= 120; i++) assert.equal((await app.get('/v1/clientes', token)).statusCode, 200);
    await sql('UPDATE access_tokens SET revoked_at = now() WHERE token_hash = sha256(convert_to($1, $2))', [token, 'UTF8']);
    assert.equal((await app.get('/v1/clientes', token)).statusCode, 401);
  });
});
