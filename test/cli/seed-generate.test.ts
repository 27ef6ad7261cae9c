import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { loadConfig } from '../../src/config/config.ts';
import { seedSynthetic } from '../../src/demo/seed-synthetic.ts';
import { SYNTHETIC_ID_BASE, syntheticChunks, syntheticTotals } from '../../src/demo/synthetic.ts';
import { COLLECTIONS, type Dataset } from '../../src/store/import/dataset.ts';
import { validateDataset } from '../../src/store/import/validate.ts';
import { migrate } from '../../src/store/migrate.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { runCli, tempDataDir } from '../helpers/processes.ts';

/** `seed generate`: the real CLI on a fresh embedded store, then the rows it left behind. */

const OPTIONS = { companies: 3, records: 500, seed: 7 };
const ARGS = ['seed', 'generate', '--companies', '3', '--records', '500'];
const COMPANY_IDS = [SYNTHETIC_ID_BASE + 1, SYNTHETIC_ID_BASE + 2, SYNTHETIC_ID_BASE + 3];
const TABLES = [...COLLECTIONS, 'ordens_servico_itens'];
const DAY_MS = 86_400_000;

type Row = Record<string, unknown>;

let dataDir: string;

before(() => {
  dataDir = tempDataDir();
});

after(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Opened only while no CLI runs: the embedded store has one owner at a time. */
async function withStore<T>(work: (store: Store) => Promise<T>, dir = dataDir): Promise<T> {
  const store = await openStore(loadConfig({ DATA_DIR: dir }), { embeddedRole: 'host' });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

async function rows(store: Store, sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await store.pool.query<Row>(sql, params)).rows;
}

async function count(store: Store, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await rows(store, `SELECT count(*)::int AS n FROM (${sql}) q`, params);
  return row?.n as number;
}

/** Everything stored, table by table, as one fingerprint per table. */
async function fingerprints(store: Store): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await rows(
      store,
      `SELECT count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS f FROM ${table} t`,
    );
    result[table] = String(row?.f);
  }
  return result;
}

async function generate(seed: number): Promise<{ generated: Record<string, number>; seconds: number }> {
  const run = await runCli([...ARGS, '--seed', String(seed), '--json'], { DATA_DIR: dataDir });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trimEnd().split('\n').length, 1, 'exactly one JSON document, nothing else');
  return JSON.parse(run.stdout) as { generated: Record<string, number>; seconds: number };
}

/** Record k of a collection belongs to company k % 3: the first companies get one more when it does not divide. */
function expectedPerCompany(total: number): Record<string, number> {
  return Object.fromEntries(COMPANY_IDS.map((id, k) => [String(id), k < total ? Math.floor((total - 1 - k) / 3) + 1 : 0]));
}

let firstRun: Record<string, string>;

test('--json prints one document: the count of every collection and the seconds taken', async () => {
  const document = await generate(7);
  assert.deepEqual(Object.keys(document).sort(), ['generated', 'seconds']);
  assert.equal(typeof document.seconds, 'number');
  assert.ok(document.seconds >= 0);
  assert.deepEqual(document.generated, {
    empresas: 3,
    usuarios: 9,
    clientes: 50,
    tecnicos: 9,
    fornecedores: 15,
    pre_clientes: 15,
    produtos: 10,
    servicos: 3,
    ordens_servico: 125,
    contas_receber: 500,
    contas_pagar: 250,
    boletos: 250,
  });
  assert.deepEqual(document.generated, syntheticTotals(OPTIONS));
});

test('the rows are in the database, spread evenly across the companies, with high ids', async () => {
  const totals = syntheticTotals(OPTIONS);
  await withStore(async (store) => {
    for (const name of COLLECTIONS) {
      const company = name === 'empresas' ? 'id' : 'empresa_id';
      const perCompany = await rows(
        store,
        `SELECT ${company}::text AS empresa, count(*)::int AS n, min(id)::float8 AS low FROM ${name} GROUP BY 1`,
      );
      const expected =
        name === 'empresas' ? { [COMPANY_IDS[0]!]: 1, [COMPANY_IDS[1]!]: 1, [COMPANY_IDS[2]!]: 1 } : expectedPerCompany(totals[name]);
      assert.deepEqual(Object.fromEntries(perCompany.map((r) => [r.empresa, r.n])), expected, name);
      for (const row of perCompany) assert.ok((row.low as number) > SYNTHETIC_ID_BASE, `${name} ids above the demo's`);
    }
    // Every order has 1 to 3 items of its own company.
    const itemCounts = await rows(
      store,
      `SELECT o.id, count(i.id)::int AS n, bool_and(i.empresa_id = o.empresa_id) AS same
         FROM ordens_servico o LEFT JOIN ordens_servico_itens i ON i.ordem_servico_id = o.id GROUP BY o.id`,
    );
    assert.equal(itemCounts.length, totals.ordens_servico);
    for (const row of itemCounts) {
      assert.ok((row.n as number) >= 1 && (row.n as number) <= 3, `order ${row.id} has ${row.n} items`);
      assert.equal(row.same, true);
    }
  });
});

test('references point at records of the same company; items copy their catalogue name and price', async () => {
  await withStore(async (store) => {
    const foreign = (sql: string) => count(store, sql);
    assert.equal(
      await foreign(
        `SELECT 1 FROM contas_receber c JOIN clientes x ON x.id = c.cedente_id WHERE c.cedente_tipo = 'cliente' AND x.empresa_id <> c.empresa_id`,
      ),
      0,
    );
    assert.equal(
      await foreign(
        `SELECT 1 FROM contas_pagar c JOIN fornecedores x ON x.id = c.cedente_id WHERE c.cedente_tipo = 'fornecedor' AND x.empresa_id <> c.empresa_id`,
      ),
      0,
    );
    assert.equal(await foreign(`SELECT 1 FROM contas_receber c WHERE c.cedente_tipo <> 'outro' AND c.cedente_id IS NULL`), 0);
    assert.equal(
      await foreign(`SELECT 1 FROM boletos b LEFT JOIN clientes x ON x.id = b.cliente_id WHERE x.empresa_id IS DISTINCT FROM b.empresa_id`),
      0,
    );
    assert.equal(
      await foreign(
        `SELECT 1 FROM ordens_servico o LEFT JOIN clientes x ON x.id = o.cliente_id WHERE x.empresa_id IS DISTINCT FROM o.empresa_id`,
      ),
      0,
    );
    assert.equal(
      await foreign(
        `SELECT 1 FROM ordens_servico_itens i JOIN produtos p ON p.id = i.item_id
          WHERE i.tipo = 'produto' AND (p.empresa_id <> i.empresa_id OR p.nome <> i.descricao OR p.valor <> i.valor_unitario)`,
      ),
      0,
    );
    // Every cedente type and every boleto outcome shows up even in a small data set.
    const tipos = await rows(store, 'SELECT DISTINCT cedente_tipo AS t FROM contas_receber ORDER BY 1');
    assert.deepEqual(
      tipos.map((r) => r.t),
      ['cliente', 'fornecedor', 'outro', 'pre_cliente', 'usuario'],
    );
    const status = await rows(store, 'SELECT DISTINCT status AS s FROM boletos');
    for (const s of ['pago', 'pendente', 'vencido'])
      assert.ok(
        status.some((r) => r.s === s),
        s,
      );
  });
});

test('due dates span ~24 months around today: the last 12 months hold about half', async () => {
  await withStore(async (store) => {
    const [row] = await rows(
      store,
      `SELECT min(vencimento)::text AS first, max(vencimento)::text AS last,
              avg((vencimento > current_date - interval '12 months' AND vencimento <= current_date)::int)::float8 AS share
         FROM contas_receber`,
    );
    const span = (Date.parse(String(row?.last)) - Date.parse(String(row?.first))) / DAY_MS;
    assert.ok(span > 650 && span <= 731, `span of ${span} days`);
    assert.ok((row?.share as number) > 0.4 && (row?.share as number) < 0.6, `share ${row?.share}`);
    firstRun = await fingerprints(store);
  });
});

test('the same seed again upserts the same records: same rows, same values, no duplicates', async () => {
  await generate(7);
  const again = await withStore(fingerprints);
  assert.deepEqual(again, firstRun);
});

test('another seed gives other values for the same ids', async () => {
  await generate(8);
  await withStore(async (store) => {
    const other = await fingerprints(store);
    for (const table of ['clientes', 'ordens_servico', 'contas_receber', 'boletos']) {
      assert.notEqual(other[table], firstRun[table], table);
      assert.equal(other[table]?.split(':')[0], firstRun[table]?.split(':')[0], `${table}: same row count`);
    }
  });
});

test('without --json and without a terminal: readable text, no progress bar', async () => {
  const run = await runCli([...ARGS, '--seed', '7'], { DATA_DIR: dataDir });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^Generated in [\d.]+ s \(3 companies, seed 7\):\n {2}empresas: 3 /);
  assert.ok(!run.stdout.includes('\r') && !run.stdout.includes('\u001b'), 'no carriage returns or escape sequences');
});

test('bad options: non-zero exit and a message on stderr', async () => {
  const run = await runCli(['seed', 'generate', '--companies', '0', '--records', '10', '--json'], { DATA_DIR: dataDir });
  assert.notEqual(run.code, 0);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /--companies must be an integer/);
});

test('every generated record passes the import validation, whatever the chunk size', () => {
  const [whole, ...rest] = [...syntheticChunks(OPTIONS, 1_000_000)];
  assert.ok(whole);
  assert.equal(rest.length, 0);
  const validation = validateDataset(whole);
  assert.ok(validation.ok, JSON.stringify(validation.ok ? [] : validation.errors.slice(0, 5)));
  // Records depend on (seed, collection, index) only: small chunks put together give the same data set.
  const merged: Record<string, unknown[]> = {};
  for (const chunk of syntheticChunks(OPTIONS, 7)) {
    for (const [name, records] of Object.entries(chunk) as [string, unknown[]][]) (merged[name] ??= []).push(...records);
  }
  assert.deepEqual(merged, whole);
  const other: Dataset | undefined = syntheticChunks({ ...OPTIONS, seed: 8 }, 1_000_000).next().value ?? undefined;
  assert.notDeepEqual(other?.contas_receber, whole.contas_receber);
});

test('a bulk load rebuilds the indexes it drops, as they were', async () => {
  const dir = tempDataDir();
  try {
    await withStore(async (store) => {
      await migrate(store.pool, ['central', 'tenant']);
      const indexes = () => rows(store, `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 2`);
      const before = await indexes();
      const options = { companies: 2, records: 300, seed: 1 };
      const progress: number[] = [];
      const result = await seedSynthetic(store.pool, options, { rebuildIndexesFrom: 100, onProgress: (done) => progress.push(done) });
      assert.deepEqual(await indexes(), before);
      assert.deepEqual(result.generated, syntheticTotals(options));
      const total = Object.values(syntheticTotals(options)).reduce((a, b) => a + b, 0);
      assert.equal(progress.at(-1), total);
      assert.equal(await count(store, 'SELECT 1 FROM contas_receber'), 300);
      // Again, now over a table that holds as much as is loaded: still an upsert.
      await seedSynthetic(store.pool, options, { rebuildIndexesFrom: 100 });
      assert.deepEqual(await indexes(), before);
      assert.equal(await count(store, 'SELECT 1 FROM contas_receber'), 300);
    }, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a load leaves the versions table vacuumed: the row versions its long transactions made are gone (ADR 0010)', async () => {
  const dir = tempDataDir();
  try {
    await withStore(async (store) => {
      await migrate(store.pool, ['central', 'tenant']);
      await seedSynthetic(store.pool, { companies: 2, records: 300, seed: 1 }, { rebuildIndexesFrom: 100 });
      const [stats] = await rows(store, "SELECT vacuum_count, n_dead_tup FROM pg_stat_user_tables WHERE relname = 'data_versions'");
      assert.ok(Number(stats?.vacuum_count) >= 1, `data_versions vacuumed: ${JSON.stringify(stats)}`);
      assert.equal(Number(stats?.n_dead_tup), 0);
      assert.ok((await count(store, 'SELECT 1 FROM data_versions')) > 0, 'the load did bump versions');
    }, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a load sums each order's lines as the deferred triggers would, and leaves those triggers on (tenant 0006)", async () => {
  const dir = tempDataDir();
  const triggers = "SELECT tgname, tgenabled FROM pg_trigger WHERE tgname LIKE 'ordens_servico_%_linhas' ORDER BY 1";
  // Orders whose stored sum differs from their lines as served now (linhas_servidas() of 0006).
  const stale = 'SELECT o.id FROM ordens_servico o WHERE o.linhas_servidas IS DISTINCT FROM linhas_servidas(o.id, o.empresa_id)';
  const sums = async (store: Store) =>
    Object.fromEntries((await rows(store, 'SELECT id, linhas_servidas FROM ordens_servico')).map((r) => [String(r.id), r.linhas_servidas]));
  try {
    await withStore(async (store) => {
      await migrate(store.pool, ['central', 'tenant']);
      const options = { companies: 2, records: 300, seed: 1 };
      // One transaction with its indexes rebuilt...
      await seedSynthetic(store.pool, options, { rebuildIndexesFrom: 100 });
      assert.ok((await count(store, 'SELECT 1 FROM ordens_servico_itens')) > 0);
      assert.equal(await count(store, stale), 0, 'every order carries the sum of its lines');
      const first = await sums(store);
      // ...then over the same ids with other lines, committed in chunks.
      await seedSynthetic(store.pool, { ...options, seed: 2 }, { rebuildIndexesFrom: 1_000_000 });
      assert.equal(await count(store, stale), 0, 'the sums follow the rewritten lines');
      const second = await sums(store);
      assert.ok(
        Object.keys(second).some((id) => second[id] !== first[id]),
        'lines written with another seed changed some sums',
      );
      assert.deepEqual(
        (await rows(store, triggers)).map((r) => `${String(r.tgname)}:${String(r.tgenabled)}`),
        ['ordens_servico_checklist_linhas:O', 'ordens_servico_itens_linhas:O'],
        'the triggers are on again for every other writer',
      );
      // And they act: a line written in SQL moves its order's sum at commit.
      const [item] = await rows(store, 'SELECT id, ordem_servico_id FROM ordens_servico_itens ORDER BY id LIMIT 1');
      await store.pool.query("UPDATE ordens_servico_itens SET descricao = descricao || ' (revisada)' WHERE id = $1", [item?.id]);
      assert.equal(await count(store, stale), 0);
      const [after] = await rows(store, 'SELECT linhas_servidas FROM ordens_servico WHERE id = $1', [item?.ordem_servico_id]);
      assert.notEqual(after?.linhas_servidas, second[String(item?.ordem_servico_id)]);
    }, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
