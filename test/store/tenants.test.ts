import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { validated } from '../helpers/openapi-validator.ts';
import { SCOPES } from '../../src/domain/scopes.ts';
import { loadConfig } from '../../src/config/config.ts';
import { OPERATOR } from '../../src/credentials/audit.ts';
import { createCredential } from '../../src/credentials/credentials.service.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import type { Dataset } from '../../src/store/import/dataset.ts';
import { splitByDatabase } from '../../src/store/import/tenants.ts';
import { pgTypes } from '../../src/store/pg-types.ts';
import { makePool } from '../../src/store/pool.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { checkTenantName, checkTenantUrl, maskUrl, TenantDirectoryError } from '../../src/store/tenant-directory.ts';
import { TenantPools } from '../../src/store/tenant-pools.ts';
import { isStoreUnavailable } from '../../src/store/unavailable.ts';
import { runCli } from '../helpers/processes.ts';
import { basicHeader, uniqueSourceIp } from '../helpers/test-app.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';
import { TcpProxy, through } from '../helpers/tcp-proxy.ts';

/**
 * Tenant databases (ADR 0006): the directory in the central database places companies on
 * other PostgreSQL databases; `import` writes there; requests read there; a tenant database
 * that goes down costs only its own companies a 503 (D38) and recovers by itself.
 */

describe('tenant directory rules (no database)', () => {
  test('URLs must be postgres:// or postgresql:// with a host and a database', () => {
    assert.equal(checkTenantUrl('postgres://u:p@db.example:5432/t1'), 'postgres://u:p@db.example:5432/t1');
    assert.equal(checkTenantUrl('postgresql://db.example/t1'), 'postgresql://db.example/t1');
    for (const bad of [
      'http://db.example/t1',
      'mysql://db.example/t1',
      'postgres://db.example',
      'postgres://db.example/',
      'not a url',
      '',
    ]) {
      assert.throws(() => checkTenantUrl(bad), TenantDirectoryError, bad);
    }
  });

  test('names are simple identifiers and "central" is reserved', () => {
    assert.equal(checkTenantName('sp-1_a'), 'sp-1_a');
    for (const bad of ['central', '', '1abc', 'Upper', 'a b', 'x'.repeat(64)])
      assert.throws(() => checkTenantName(bad), TenantDirectoryError, bad);
  });

  test('maskUrl hides the password wherever it is written', () => {
    assert.equal(maskUrl('postgres://app:s3cr%40t@db.example:5432/t1'), 'postgres://app:***@db.example:5432/t1');
    assert.equal(
      maskUrl('postgres://app@db.example/t1?password=s3cret&sslmode=require'),
      'postgres://app@db.example/t1?password=***&sslmode=require',
    );
    assert.equal(maskUrl('postgres://app@db.example/t1'), 'postgres://app@db.example/t1');
    assert.equal(maskUrl('::nonsense'), '***');
  });

  test('one pool per tenant database name, replaced when its URL changes', async () => {
    const pools = new TenantPools(2);
    const a = pools.get({ name: 'a', url: 'postgres://x@127.0.0.1:1/a' });
    assert.equal(pools.get({ name: 'a', url: 'postgres://x@127.0.0.1:1/a' }), a, 'same name and URL: same pool');
    const b = pools.get({ name: 'b', url: 'postgres://x@127.0.0.1:1/a' });
    assert.notEqual(b, a, 'another name: another pool');
    const moved = pools.get({ name: 'a', url: 'postgres://x@127.0.0.1:2/a' });
    assert.notEqual(moved, a, 'a new URL: a new pool');
    assert.equal(pools.size, 2);
    await pools.close();
    assert.throws(() => pools.get({ name: 'a', url: 'postgres://x@127.0.0.1:2/a' }));
  });

  test('import split: empresas and usuarios central, other records by their company', () => {
    const ref = { name: 't1', url: 'postgres://x@h/t1' };
    const split = splitByDatabase(
      {
        empresas: [{ id: 1 }, { id: 2 }],
        usuarios: [{ id: 5, empresa_id: 1 }],
        clientes: [
          { id: 10, empresa_id: 1, tipo_pessoa: 'fisica' },
          { id: 11, empresa_id: 2, tipo_pessoa: 'fisica' },
        ],
        tecnicos: [{ id: 20, empresa_id: 1 }],
      },
      new Map([[1, ref]]),
    );
    assert.deepEqual(split.central, {
      empresas: [{ id: 1 }, { id: 2 }],
      usuarios: [{ id: 5, empresa_id: 1 }],
      clientes: [{ id: 11, empresa_id: 2, tipo_pessoa: 'fisica' }],
    });
    assert.deepEqual([...split.tenants.keys()], ['t1']);
    assert.deepEqual(split.tenants.get('t1'), {
      ref,
      dataset: { clientes: [{ id: 10, empresa_id: 1, tipo_pessoa: 'fisica' }], tecnicos: [{ id: 20, empresa_id: 1 }] },
    });
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

/** A new, empty database on the test server, dropped by drop(). */
async function createDatabase(base: string): Promise<{ name: string; url: URL; drop(): Promise<void> }> {
  const name = `ae_tenant_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url,
    async drop() {
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

function json(stdout: string): Record<string, unknown> {
  const lines = stdout.trim().split('\n');
  assert.equal(lines.length, 1, `exactly one JSON document on stdout:\n${stdout}`);
  return JSON.parse(lines[0] ?? '') as Record<string, unknown>;
}

/** A small API client over an app built on a given store. */
class Api {
  constructor(readonly app: FastifyInstance) {}

  static async on(store: Store): Promise<Api> {
    return new Api(validated(await buildApp({ config: { trustProxy: [] }, store, limiter: new MemoryLimiter() })));
  }

  requestToken(clientId: string, secret: string): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      remoteAddress: uniqueSourceIp(),
      headers: { authorization: basicHeader(clientId, secret), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
  }

  async token(clientId: string, secret: string): Promise<string> {
    const res = await this.requestToken(clientId, secret);
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as { access_token: string }).access_token;
  }

  get(url: string, token: string): Promise<LightMyRequestResponse> {
    return this.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${token}` } });
  }

  async ids(url: string, token: string): Promise<number[]> {
    const res = await this.get(url, token);
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as { data: { id: number }[] }).data.map((r) => r.id).sort((a, b) => a - b);
  }
}

const A = 501;
const B = 502;
const C = 503;

function codigo(res: LightMyRequestResponse): string | undefined {
  return (res.json() as { erro?: { codigo: string } }).erro?.codigo;
}

/** Retries a request until it answers `status` (a recovering pool may need a moment), at most `ms`. */
async function eventually(run: () => Promise<LightMyRequestResponse>, status: number, ms = 10_000): Promise<LightMyRequestResponse> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await run();
    if (res.statusCode === status || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('tenant databases on PostgreSQL', { skip: serverUrl ? false : 'TEST_DATABASE_URL not set' }, () => {
  let central: TestStore;
  let tenant: Awaited<ReturnType<typeof createDatabase>>;
  let proxy: TcpProxy;
  let api: Api;
  let env: Record<string, string>;
  let workDir: string;
  let tokenA: string;
  let tokenB: string;
  let tokenC: string;

  const tenantSql = async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<R[]> => {
    const client = new pg.Client({ connectionString: tenant.url.toString(), types: pgTypes });
    await client.connect();
    try {
      return (await client.query<R>(text, params)).rows;
    } finally {
      await client.end();
    }
  };
  const centralSql = async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<R[]> =>
    (await central.store.pool.query<R>(text, params)).rows;

  const cli = async (args: string[]) => runCli(args, env);
  const writeFile = (name: string, content: unknown): string => {
    const file = path.join(workDir, name);
    fs.writeFileSync(file, JSON.stringify(content));
    return file;
  };
  const credential = async (empresaId: number) =>
    createCredential(central.store.central, { empresaId, name: 'tenants', scopes: [...SCOPES], allowedIps: [], expires: null }, OPERATOR);

  before(async () => {
    assert.ok(serverUrl);
    central = await freshStore();
    tenant = await createDatabase(serverUrl);
    const target = new URL(serverUrl);
    proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.open();
    api = await Api.on(central.store);
    assert.ok(central.config.databaseUrl);
    env = { DATABASE_URL: central.config.databaseUrl };
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-tenants-'));
  });

  after(async () => {
    await api?.app.close();
    await central?.close();
    await proxy?.close();
    await tenant?.drop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  test('tenants add / assign / list through the CLI, with --json', async () => {
    // The companies exist first (a company the file creates starts on the central database).
    const companies = await cli([
      'import',
      writeFile('empresas.json', {
        empresas: [
          { id: A, nome: 'A' },
          { id: B, nome: 'B' },
        ],
      }),
      '--json',
    ]);
    assert.equal(companies.code, 0, companies.stderr);

    const url = through(proxy, tenant.url.toString());
    const added = await cli(['tenants', 'add', 'tdb', url, '--json']);
    assert.equal(added.code, 0, added.stderr);
    const addedDoc = json(added.stdout);
    assert.equal(addedDoc.name, 'tdb');
    assert.equal(addedDoc.url, maskUrl(url));
    assert.equal(addedDoc.status, 'added');
    assert.ok((addedDoc.applied as string[]).includes('tenant/0001_tenant'), 'the tenant migrations were applied to it');
    assert.equal((await tenantSql<{ t: string | null }>("SELECT to_regclass('public.clientes')::text AS t"))[0]?.t, 'clientes');

    const again = await cli(['tenants', 'add', 'tdb', url, '--json']);
    assert.deepEqual(json(again.stdout), { name: 'tdb', url: maskUrl(url), status: 'unchanged', applied: [] });

    const assigned = await cli(['tenants', 'assign', String(A), 'tdb', '--json']);
    assert.equal(assigned.code, 0, assigned.stderr);
    assert.deepEqual(json(assigned.stdout), { company: A, tenant: 'tdb', previous: 'central' });

    const listed = await cli(['tenants', 'list', '--json']);
    assert.equal(listed.code, 0, listed.stderr);
    assert.deepEqual(json(listed.stdout), { tenants: [{ name: 'tdb', url: maskUrl(url), companies: [A] }] });

    const audit = await centralSql<{ action: string; details: Record<string, unknown> }>(
      "SELECT action, details FROM audit_events WHERE action LIKE 'tenant_db.%' ORDER BY id",
    );
    assert.deepEqual(
      audit.map((e) => e.action),
      ['tenant_db.add', 'tenant_db.add', 'tenant_db.assign'],
    );
  });

  test('operator mistakes: non-zero exit, a message on stderr, nothing on stdout, no password shown', async () => {
    const cases: [string[], RegExp][] = [
      [['tenants', 'assign', String(B), 'nope', '--json'], /unknown tenant database "nope"/],
      [['tenants', 'assign', '999999', 'tdb', '--json'], /company 999999 does not exist/],
      [['tenants', 'assign', 'abc', 'tdb', '--json'], /positive integer/],
      [['tenants', 'add', 'central', 'postgres://x@127.0.0.1/x', '--json'], /reserved/],
      [['tenants', 'add', 'other', 'mysql://x@127.0.0.1/x', '--json'], /postgres:\/\//],
      [
        ['tenants', 'add', 'other', 'postgres://x:hunter2@127.0.0.1:1/x', '--json'],
        /cannot prepare the tenant database at postgres:\/\/x:\*\*\*@127\.0\.0\.1:1\/x/,
      ],
    ];
    for (const [args, message] of cases) {
      const res = await cli(args);
      assert.notEqual(res.code, 0, args.join(' '));
      assert.equal(res.stdout, '', args.join(' '));
      assert.match(res.stderr, message);
      assert.doesNotMatch(res.stderr, /hunter2|\n\s+at /);
    }
    const listed = await cli(['tenants', 'list', '--json']);
    assert.deepEqual(
      (json(listed.stdout).tenants as { name: string }[]).map((t) => t.name),
      ['tdb'],
      'an unreachable database is not registered',
    );
  });

  test('import writes each company to its database; a company the file creates starts on central', async () => {
    const dataset: Dataset = {
      empresas: [{ id: C, nome: 'C, nova' }],
      usuarios: [{ id: 5011, empresa_id: A, nome: 'Ana de A', email: 'ana@a.example', senha: 'x' }],
      clientes: [
        { id: 5101, empresa_id: A, tipo_pessoa: 'fisica', nome: 'Cliente', sobrenome: 'de A' },
        { id: 5102, empresa_id: A, tipo_pessoa: 'juridica', razao_social: 'Outra de A' },
        { id: 5201, empresa_id: B, tipo_pessoa: 'fisica', nome: 'Cliente', sobrenome: 'de B' },
        { id: 5301, empresa_id: C, tipo_pessoa: 'fisica', nome: 'Cliente', sobrenome: 'de C' },
      ],
      ordens_servico: [
        {
          id: 5150,
          empresa_id: A,
          status: 'aberta',
          cliente_id: 5101,
          data_abertura: '2025-06-02',
          itens: [{ id: 51501, descricao: 'Peça', quantidade: 2, valor_unitario: 10, subtotal: 20 }],
        },
      ],
      contas_receber: [{ id: 5160, empresa_id: A, cedente_tipo: 'usuario', cedente_id: 5011, valor: 10.5, vencimento: '2025-07-01' }],
    };
    const res = await cli(['import', writeFile('data.json', dataset), '--json']);
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(json(res.stdout), { imported: { empresas: 1, usuarios: 1, clientes: 4, ordens_servico: 1, contas_receber: 1 } });

    const byCompany = (rows: { empresa_id: number; id: number }[]) => rows.map((r) => [r.empresa_id, r.id]);
    assert.deepEqual(byCompany(await tenantSql('SELECT empresa_id, id FROM clientes ORDER BY id')), [
      [A, 5101],
      [A, 5102],
    ]);
    assert.deepEqual(byCompany(await centralSql('SELECT empresa_id, id FROM clientes ORDER BY id')), [
      [B, 5201],
      [C, 5301],
    ]);
    assert.deepEqual(byCompany(await tenantSql('SELECT empresa_id, id FROM ordens_servico_itens')), [[A, 51501]]);
    assert.equal((await centralSql('SELECT 1 FROM ordens_servico')).length, 0);
    assert.equal((await tenantSql('SELECT 1 FROM contas_receber')).length, 1);
    // Companies and users stay central; the new company is placed nowhere (central).
    assert.deepEqual(await centralSql('SELECT id, tenant_db FROM empresas ORDER BY id'), [
      { id: A, tenant_db: 'tdb' },
      { id: B, tenant_db: null },
      { id: C, tenant_db: null },
    ]);
    assert.equal((await centralSql('SELECT 1 FROM usuarios WHERE id = 5011')).length, 1);
    assert.equal((await tenantSql("SELECT to_regclass('public.usuarios')::text AS t"))[0]?.t, null);
  });

  test('the API answers each company from its database', async () => {
    const [a, b, c] = [await credential(A), await credential(B), await credential(C)];
    tokenA = await api.token(a.client_id, a.client_secret);
    tokenB = await api.token(b.client_id, b.client_secret);
    tokenC = await api.token(c.client_id, c.client_secret);
    assert.deepEqual(await api.ids('/v1/clientes', tokenA), [5101, 5102]);
    assert.deepEqual(await api.ids('/v1/clientes', tokenB), [5201]);
    assert.deepEqual(await api.ids('/v1/clientes', tokenC), [5301]);

    const ordem = await api.get('/v1/ordens-servico/5150', tokenA);
    assert.equal(ordem.statusCode, 200, ordem.body);
    const data = (ordem.json() as { data: { cliente: { nome: string }; itens: { id: number }[]; valor_total: number } }).data;
    assert.equal(data.cliente.nome, 'Cliente de A');
    assert.deepEqual(
      data.itens.map((i) => i.id),
      [51501],
    );
    assert.equal(data.valor_total, 20);
    // A tenant record naming a central one: the usuario cedente's name comes from the central database.
    const contas = await api.get('/v1/contas-receber', tokenA);
    assert.equal(contas.statusCode, 200, contas.body);
    assert.deepEqual(
      (contas.json() as { data: { cedente: unknown }[] }).data.map((r) => r.cedente),
      [{ tipo: 'usuario', id: 5011, nome: 'Ana de A' }],
    );
    // The change feed reads the tenant database's log, and names the usuario cedente as the list does.
    // It serves a write once the cluster's older transactions ended (ADR 0013): other files share the server.
    const feedCedentes = async () => {
      const feed = await api.get('/v1/contas-receber/alteracoes', tokenA);
      assert.equal(feed.statusCode, 200, feed.body);
      return (feed.json() as { data: { registro: { cedente: unknown } }[] }).data.map((e) => e.registro.cedente);
    };
    let cedentes = await feedCedentes();
    for (const deadline = Date.now() + 15_000; cedentes.length === 0 && Date.now() < deadline; cedentes = await feedCedentes()) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.deepEqual(cedentes, [{ tipo: 'usuario', id: 5011, nome: 'Ana de A' }]);
    // So does the export, whose names are read once from the tenant database (ADR 0026): not the usuarios'.
    const exported = await api.get('/v1/contas-receber/exportacao', tokenA);
    assert.equal(exported.statusCode, 200, exported.body);
    const lines = exported.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { cedente?: unknown; fim?: boolean });
    assert.equal(lines.at(-1)?.fim, true);
    assert.deepEqual(
      lines.slice(0, -1).map((r) => r.cedente),
      [{ tipo: 'usuario', id: 5011, nome: 'Ana de A' }],
    );
    assert.equal((await api.get('/v1/ordens-servico/5150', tokenB)).statusCode, 404);
  });

  test('isolation never depends on routing: a stray row of B in A’s database is seen by neither', async () => {
    await tenantSql("INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome) VALUES (5299, $1, 'fisica', 'Intrusa')", [B]);
    try {
      assert.deepEqual(await api.ids('/v1/clientes', tokenA), [5101, 5102]);
      assert.equal((await api.get('/v1/clientes/5299', tokenA)).statusCode, 404);
      assert.deepEqual(await api.ids('/v1/clientes', tokenB), [5201]);
      assert.equal((await api.get('/v1/clientes/5299', tokenB)).statusCode, 404, 'B is read from the central database');
    } finally {
      await tenantSql('DELETE FROM clientes WHERE id = 5299');
    }
  });

  test('a failed write in a tenant database rolls back the central one too', async () => {
    await tenantSql("ALTER TABLE clientes ADD CONSTRAINT teste_proibido CHECK (nome IS DISTINCT FROM 'Proibido')");
    try {
      const res = await cli([
        'import',
        writeFile('fails.json', {
          empresas: [{ id: B, nome: 'B renomeada' }],
          clientes: [
            { id: 5202, empresa_id: B, tipo_pessoa: 'fisica', nome: 'Nova de B' },
            { id: 5103, empresa_id: A, tipo_pessoa: 'fisica', nome: 'Proibido' },
          ],
        }),
        '--json',
      ]);
      assert.notEqual(res.code, 0);
      assert.equal(res.stdout, '');
      assert.match(res.stderr, /clientes/);
      assert.equal((await centralSql('SELECT 1 FROM clientes WHERE id = 5202')).length, 0, "B's record was not written");
      assert.deepEqual(await centralSql('SELECT nome FROM empresas WHERE id = $1', [B]), [{ nome: 'B' }]);
      assert.equal((await tenantSql('SELECT 1 FROM clientes WHERE id = 5103')).length, 0);
    } finally {
      await tenantSql('ALTER TABLE clientes DROP CONSTRAINT teste_proibido');
    }
  });

  test('fault: tenant database unreachable -> 503 for its company only, the others answer, and it recovers by itself', async () => {
    assert.equal((await api.get('/v1/clientes', tokenA)).statusCode, 200, 'the pool to the tenant database is open');
    await proxy.close();
    try {
      for (const url of ['/v1/clientes', '/v1/clientes/5101', '/v1/ordens-servico', '/v1/contas-receber', '/v1/boletos', '/v1/produtos']) {
        const started = Date.now();
        const res = await api.get(url, tokenA);
        assert.equal(res.statusCode, 503, `${url}: ${res.body}`);
        assert.equal(codigo(res), 'servico_indisponivel');
        assert.ok(Date.now() - started < 3000, `${url} answered promptly (${Date.now() - started} ms)`);
      }
      assert.deepEqual(await api.ids('/v1/clientes', tokenB), [5201], 'a company on another database is unaffected');
      assert.deepEqual(await api.ids('/v1/clientes', tokenC), [5301]);
      const a = await credential(A);
      assert.equal((await api.requestToken(a.client_id, a.client_secret)).statusCode, 200, 'tokens come from the central database');
      assert.equal((await api.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200, 'readiness is the central store only');

      // An import touching the unreachable database writes nothing anywhere.
      const res = await cli([
        'import',
        writeFile('down.json', {
          clientes: [
            { id: 5203, empresa_id: B, tipo_pessoa: 'fisica', nome: 'Outra de B' },
            { id: 5104, empresa_id: A, tipo_pessoa: 'fisica', nome: 'Outra de A' },
          ],
        }),
        '--json',
      ]);
      assert.notEqual(res.code, 0);
      assert.match(res.stderr, /tenant database "tdb"/);
      assert.doesNotMatch(res.stderr, /\n\s+at /);
      assert.equal((await centralSql('SELECT 1 FROM clientes WHERE id = 5203')).length, 0);
    } finally {
      await proxy.open();
    }
    const recovered = await eventually(() => api.get('/v1/clientes', tokenA), 200);
    assert.equal(recovered.statusCode, 200, recovered.body);
    assert.deepEqual(await api.ids('/v1/clientes', tokenA), [5101, 5102]);
    assert.deepEqual(await api.ids('/v1/clientes', tokenB), [5201]);
  });

  test('a connection cut while a query runs fails that query (a 503 cause), not the process; the pool reconnects', async () => {
    const pool = makePool({ connectionString: through(proxy, tenant.url.toString()), max: 1 });
    try {
      const client = await pool.connect();
      const running = client.query('SELECT pg_sleep(3)');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await proxy.close();
      await assert.rejects(running, (err: unknown) => isStoreUnavailable(err));
      // Without a listener on checked-out clients, pg's 'error' event here was an uncaught exception.
      await new Promise((resolve) => setTimeout(resolve, 100));
      client.release();
      await proxy.open();
      assert.deepEqual((await pool.query<{ n: number }>('SELECT 1 AS n')).rows, [{ n: 1 }]);
    } finally {
      await proxy.open();
      await pool.end();
    }
  });

  test('a new URL for a tenant database (tenants add again) is used from the next request on', async () => {
    const direct = await cli(['tenants', 'add', 'tdb', tenant.url.toString(), '--json']);
    assert.equal(direct.code, 0, direct.stderr);
    assert.equal(json(direct.stdout).status, 'updated');
    await proxy.close();
    try {
      // The proxy is gone, yet A answers: its requests now go straight to the server.
      assert.deepEqual(await api.ids('/v1/clientes', tokenA), [5101, 5102]);
    } finally {
      await proxy.open();
    }
    const back = await cli(['tenants', 'add', 'tdb', through(proxy, tenant.url.toString()), '--json']);
    assert.equal(back.code, 0, back.stderr);
    assert.deepEqual(await api.ids('/v1/clientes', tokenA), [5101, 5102]);
  });

  test('assigning a company back to central reads it from central again (data is not moved)', async () => {
    const res = await cli(['tenants', 'assign', String(A), '--json']);
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(json(res.stdout), { company: A, tenant: 'central', previous: 'tdb' });
    assert.deepEqual(await api.ids('/v1/clientes', tokenA), [], "A's records stayed in tdb");
    const moveBack = await cli(['tenants', 'assign', String(A), 'tdb', '--json']);
    assert.equal(moveBack.code, 0, moveBack.stderr);
    assert.deepEqual(await api.ids('/v1/clientes', tokenA), [5101, 5102]);
  });

  test('fault: central database unreachable -> data routes 503, token endpoint 503 temporarily_unavailable; recovers by itself', async () => {
    assert.ok(central.config.databaseUrl);
    const centralUrl = new URL(central.config.databaseUrl);
    const centralProxy = new TcpProxy({ host: centralUrl.hostname, port: Number(centralUrl.port || 5432) });
    await centralProxy.open();
    const proxied = await openStore(loadConfig({ DATABASE_URL: through(centralProxy, centralUrl.toString()) }), { embeddedRole: 'host' });
    const viaProxy = await Api.on(proxied);
    try {
      const b = await credential(B);
      const token = await viaProxy.token(b.client_id, b.client_secret);
      assert.deepEqual(await viaProxy.ids('/v1/clientes', token), [5201]);
      await centralProxy.close();
      const started = Date.now();
      const data = await viaProxy.get('/v1/clientes', token);
      assert.equal(data.statusCode, 503, data.body);
      assert.equal(codigo(data), 'servico_indisponivel');
      const onTenant = await viaProxy.get('/v1/clientes', tokenA);
      assert.equal(onTenant.statusCode, 503, 'the token of a tenant-database company cannot be checked either');
      const tokenRes = await viaProxy.requestToken(b.client_id, b.client_secret);
      assert.equal(tokenRes.statusCode, 503, tokenRes.body);
      assert.equal((tokenRes.json() as { error: string }).error, 'temporarily_unavailable');
      assert.equal((await viaProxy.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 503);
      assert.ok(Date.now() - started < 10_000, 'promptly');

      await centralProxy.open();
      const recovered = await eventually(() => viaProxy.get('/v1/clientes', token), 200);
      assert.equal(recovered.statusCode, 200, recovered.body);
      assert.deepEqual(await viaProxy.ids('/v1/clientes', tokenA), [5101, 5102]);
      assert.equal((await viaProxy.requestToken(b.client_id, b.client_secret)).statusCode, 200);
    } finally {
      await viaProxy.app.close();
      await proxied.close();
      await centralProxy.close();
    }
  });
});
