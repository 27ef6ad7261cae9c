import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import type { Store } from '../../src/store/store.ts';
import type { CentralDatabase, TenantDatabase } from '../../src/store/tables.ts';
import { TestApp } from '../helpers/test-app.ts';

/**
 * Every list's default query, as the routes really send it, must be served by an index on a
 * store with enough rows: a sequential scan of a tenant table fails the test (issue 3's
 * performance rule). Statements are captured from Kysely's log and EXPLAINed with their values.
 */
const COMPANIES = 20;
const ROWS_PER_COMPANY = 1500;
const TENANT_TABLES = [
  'clientes',
  'tecnicos',
  'fornecedores',
  'pre_clientes',
  'produtos',
  'servicos',
  'ordens_servico',
  'ordens_servico_itens',
  'ordens_servico_checklist',
  'contas_receber',
  'contas_pagar',
  'boletos',
];
const LISTS = [
  '/v1/clientes',
  '/v1/ordens-servico',
  '/v1/contas-receber',
  '/v1/contas-pagar',
  '/v1/boletos',
  '/v1/produtos',
  '/v1/servicos',
];

let t: TestApp;
let empresa: number;

async function fill(): Promise<void> {
  const n = COMPANIES * ROWS_PER_COMPANY;
  const empresaOf = `(${empresa} + (g % ${COMPANIES}))`;
  const q = (text: string) => t.store.pool.query(text);
  for (let i = 1; i < COMPANIES; i++) await t.company();
  await q(`INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome, sobrenome, data_cadastro, endereco)
    SELECT g, ${empresaOf}, 'fisica', 'Nome' || g, 'Sobrenome', now() - g * interval '1 hour', jsonb_build_object('cidade', 'Cidade ' || (g % 50))
    FROM generate_series(1, ${n}) g`);
  for (const table of ['tecnicos', 'fornecedores', 'pre_clientes']) {
    await q(`INSERT INTO ${table} (id, empresa_id, nome) SELECT g, ${empresaOf}, 'Nome ' || g FROM generate_series(1, ${n}) g`);
  }
  await q(
    `INSERT INTO produtos (id, empresa_id, nome, unidade, valor) SELECT g, ${empresaOf}, 'Produto ' || g, 'un', g % 1000 FROM generate_series(1, ${n}) g`,
  );
  await q(
    `INSERT INTO servicos (id, empresa_id, nome, valor) SELECT g, ${empresaOf}, 'Serviço ' || g, g % 1000 FROM generate_series(1, ${n}) g`,
  );
  await q(`INSERT INTO ordens_servico (id, empresa_id, status, cliente_id, tecnico_id, data_abertura, data_conclusao)
    SELECT g, ${empresaOf}, 'aberta', g, g, date '2025-01-01' + (g % 700), CASE WHEN g % 3 = 0 THEN now() END FROM generate_series(1, ${n}) g`);
  await q(`INSERT INTO ordens_servico_itens (ordem_servico_id, id, empresa_id, descricao, quantidade, valor_unitario, subtotal)
    SELECT g, 1, ${empresaOf}, 'Item', 1, 10, 10 FROM generate_series(1, ${n}) g`);
  for (const table of ['contas_receber', 'contas_pagar']) {
    await q(`INSERT INTO ${table} (id, empresa_id, cedente_tipo, cedente_id, valor, vencimento, data_pagamento)
      SELECT g, ${empresaOf}, (ARRAY['cliente','fornecedor','usuario','pre_cliente'])[1 + g % 4], g, g % 5000, date '2025-01-01' + (g % 700),
        CASE WHEN g % 2 = 0 THEN date '2025-01-01' + (g % 600) END FROM generate_series(1, ${n}) g`);
  }
  await q(`INSERT INTO boletos (id, empresa_id, cliente_id, valor, emissao, vencimento, status)
    SELECT g, ${empresaOf}, g, g % 5000, date '2025-01-01' + (g % 600), date '2025-01-01' + (g % 700), 'pendente' FROM generate_series(1, ${n}) g`);
  await q('VACUUM ANALYZE');
}

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  await fill();
});
after(async () => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && TENANT_TABLES.includes(node['Relation Name'] ?? '') ? [node['Relation Name'] ?? ''] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

test('the default query of every list is served by an index, never a sequential scan of a tenant table', async () => {
  const statements: { sql: string; parameters: readonly unknown[] }[] = [];
  const log = (event: LogEvent) => {
    if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters });
  };
  const logged = new Kysely<CentralDatabase>({ dialect: new PostgresDialect({ pool: t.store.pool }), log });
  const store: Store = {
    ...t.store,
    central: logged,
    tenant: () => logged as unknown as Kysely<TenantDatabase>,
    close: async () => undefined,
  };
  const app = await buildApp({ config: { trustProxy: [] }, store, limiter: new MemoryLimiter() });
  const token = await t.token(await t.credential(empresa));
  try {
    for (const url of LISTS) {
      statements.length = 0;
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      const tenantStatements = statements.filter((s) =>
        TENANT_TABLES.some((table) => s.sql.includes(`"${table}"`) || s.sql.includes(` ${table} `)),
      );
      assert.ok(tenantStatements.length >= 2, `${url}: the page and its count were captured`);
      for (const statement of tenantStatements) {
        const { rows } = await t.store.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${statement.sql}`, [
          ...statement.parameters,
        ]);
        const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
        assert.ok(plan, statement.sql);
        assert.deepEqual(seqScans(plan), [], `${url} scans sequentially:\n${statement.sql}`);
      }
    }
  } finally {
    await app.close();
  }
});
