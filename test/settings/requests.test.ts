import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestApp, uniqueSourceIp } from '../helpers/test-app.ts';
import { addUser, Browser, errorOf } from './settings-client.ts';

/**
 * The request log in the settings API (D59; docs/settings-api.md "Request log"): the signed-in
 * company's requests only, newest first, filtered and paged; the 30-day counts; the CSV of the same
 * filter; the access rules of every settings route (no session, no permission); bad filters named.
 */
let t: TestApp;
let empresa: number;
let outra: number;
let admin: Browser;
let clientId: string;
const requestIds: string[] = [];

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  outra = await t.company();
  admin = await Browser.signIn(t, await addUser(t, empresa));
  const cred = await t.credential(empresa, { scopes: ['clientes:ler'] });
  clientId = cred.clientId;
  const token = await t.token(cred);
  for (let i = 1; i <= 4; i++) requestIds.push(String((await t.get(`/v1/clientes?pagina=${i}`, token)).headers['x-request-id']));
  await t.get('/v1/clientes/abc', token);
  await t.get('/v1/boletos', token);
  const theirs = await t.credential(outra, { scopes: ['clientes:ler'] });
  await t.get('/v1/clientes', await t.token(theirs));
  await t.requestLog?.flush();
});
after(async () => t.close());

interface Page {
  requests: { at: string; client_id: string; path: string; status: number; codigo: string | null; request_id: string }[];
  proximo: string | null;
  descartadas: number;
}

const page = async (query = '') => {
  const res = await admin.get(`/settings/api/requests${query}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Page;
};

describe('GET /settings/api/requests', () => {
  test("the company's requests only, newest first, with the fields of the log", async () => {
    const all = await page();
    assert.equal(all.requests.length, 7);
    assert.ok(
      all.requests.every((r) => r.client_id === clientId),
      "no other company's request",
    );
    assert.deepEqual(
      all.requests.map((r) => r.status),
      [403, 400, 200, 200, 200, 200, 200],
    );
    assert.equal(all.requests[0]?.codigo, 'escopo_insuficiente');
    assert.equal(all.proximo, null);
    assert.equal(all.descartadas, 0);
  });

  test('filters: status class, path prefix, request_id, credential; paging by proximo', async () => {
    assert.deepEqual(
      (await page('?status=4xx')).requests.map((r) => r.status),
      [403, 400],
    );
    assert.equal((await page('?status=5xx')).requests.length, 0);
    assert.equal((await page('?path=%2Fv1%2Foauth')).requests.length, 1);
    assert.deepEqual(
      (await page(`?request_id=${requestIds[1]}`)).requests.map((r) => r.path),
      ['/v1/clientes?pagina=2'],
    );
    assert.equal((await page(`?client_id=ae_live_de_outra_empresa`)).requests.length, 0);
    const first = await page('?limite=4');
    assert.equal(first.requests.length, 4);
    assert.ok(first.proximo);
    const second = await page(`?limite=4&apos=${first.proximo}`);
    assert.equal(second.requests.length, 3);
    assert.equal(second.proximo, null);
    assert.deepEqual(
      [...first.requests, ...second.requests].map((r) => r.request_id),
      (await page()).requests.map((r) => r.request_id),
    );
  });

  test('bad filters are 400 dados_invalidos naming the parameter', async () => {
    for (const [query, campo] of [
      ['?status=3xx', 'status'],
      ['?limite=0', 'limite'],
      ['?limite=201', 'limite'],
      ['?apos=xyz', 'apos'],
      ['?nome=x', 'nome'],
      ['?status=2xx&status=4xx', 'status'],
    ] as const) {
      const res = await admin.get(`/settings/api/requests${query}`);
      assert.equal(res.statusCode, 400, query);
      assert.equal(errorOf(res).codigo, 'dados_invalidos');
      assert.equal(errorOf(res).detalhes[0]?.campo, campo, query);
    }
  });
});

describe('the chart and the CSV', () => {
  test('GET /settings/api/requests/daily: 30 days, today last, with totals, errors and 429s', async () => {
    const res = await admin.get('/settings/api/requests/daily');
    const body = res.json() as { dias: { dia: string; total: number; erros: number; limitadas: number }[]; descartadas: number };
    assert.equal(body.dias.length, 30);
    const today = body.dias.at(-1);
    assert.deepEqual({ total: today?.total, erros: today?.erros, limitadas: today?.limitadas }, { total: 7, erros: 2, limitadas: 0 });
    assert.ok(body.dias.slice(0, -1).every((d) => d.total === 0));
  });

  test('GET /settings/api/requests.csv: the same filter, a header line, one line per request', async () => {
    const res = await admin.get('/settings/api/requests.csv?status=2xx');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/csv; charset=utf-8/);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="chamadas.csv"/);
    const lines = res.body.trimEnd().split('\r\n');
    assert.equal(lines[0], 'at,client_id,method,path,status,codigo,duration_ms,ip,request_id,bytes');
    assert.equal(lines.length, 1 + 5);
    assert.ok(lines.slice(1).every((l) => l.includes(`,${clientId},`)));
  });
});

describe('access', () => {
  test('no session: 401; a user without the permission: 403; the other company sees only its own', async () => {
    for (const url of ['/settings/api/requests', '/settings/api/requests/daily', '/settings/api/requests.csv']) {
      const anonymous = await t.app.inject({ method: 'GET', url, remoteAddress: uniqueSourceIp() });
      assert.equal(anonymous.statusCode, 401, url);
      const noPermission = await Browser.signIn(t, await addUser(t, empresa, { permissoes: ['financeiro'] }));
      const refused = await noPermission.get(url);
      assert.equal(refused.statusCode, 403, url);
      assert.equal(errorOf(refused).codigo, 'sem_permissao');
    }
    const other = await Browser.signIn(t, await addUser(t, outra));
    const theirs = (await other.get('/settings/api/requests')).json() as Page;
    assert.equal(theirs.requests.length, 2);
    assert.ok(theirs.requests.every((r) => r.client_id !== clientId));
  });
});
