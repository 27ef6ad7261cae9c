import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { contasSpec } from '../../src/resources/contas/contas.query.ts';
import { catalogoSpec } from '../../src/resources/produtos/catalogo.query.ts';
import { openExport, type ExportReader } from '../../src/store/export/export-reader.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

// The export reader on its own (D48, ADR 0019), against a real store: every batch in id order from
// one snapshot, however the batches fall, and every connection back when it ends. On PostgreSQL an
// export reads with two connections on one exported snapshot, each computing every other batch.

const EMPRESA = 1;
const OTHER = 2;
const spec = catalogoSpec('produtos');
const held = process.env.TEST_DATABASE_URL === undefined;
let s: TestStore;

before(async () => {
  s = await freshStore();
  await s.store.pool.query(
    `INSERT INTO produtos (id, empresa_id, nome, unidade, valor, excluido)
       SELECT g, CASE WHEN g % 10 = 0 THEN ${OTHER} ELSE ${EMPRESA} END, 'Produto ' || g, 'un', g, g % 7 = 0
         FROM generate_series(1, 100) g`,
  );
});
after(async () => s.close());

/** The ids of the company's current produtos, by id, as a fresh read sees them. */
async function expectedIds(): Promise<number[]> {
  const { rows } = await s.store.pool.query<{ id: string }>('SELECT id FROM produtos WHERE empresa_id = $1 AND NOT excluido ORDER BY id', [
    EMPRESA,
  ]);
  return rows.map((r) => Number(r.id));
}

/** Every record of a reader, parsed, and how many batches it took; the reader is closed. */
async function readAll(reader: ExportReader): Promise<{ ids: number[]; batches: number }> {
  const ids: number[] = [];
  let batches = 0;
  try {
    for (let batch = await reader.next(); batch !== null; batch = await reader.next()) {
      batches++;
      const text = batch.bytes.toString('utf8');
      assert.ok(text.endsWith('\n'));
      const lines = text.slice(0, -1).split('\n');
      assert.equal(lines.length, batch.count);
      for (const line of lines) ids.push((JSON.parse(line) as { id: number }).id);
    }
    assert.equal(await reader.next(), null, 'read to its end, it stays at its end');
  } finally {
    await reader.close();
  }
  return { ids, batches };
}

const database = (pool: pg.Pool) => ({ pool, name: 'central', prepared: false });

describe('the export reader', () => {
  test('every record of the company once, by id, whatever the batch size (a last batch full or short)', async () => {
    const want = await expectedIds();
    assert.equal(want.length, 77);
    for (const batchRows of [1, 3, 11, 77, 500]) {
      for (const parts of held ? [1] : [1, 2, 3]) {
        const reader = await openExport(database(s.store.pool), spec, EMPRESA, { held, batchRows, parts });
        const { ids, batches } = await readAll(reader);
        assert.deepEqual(ids, want, `batch ${batchRows}, ${parts} part(s)`);
        assert.equal(batches, Math.ceil(want.length / batchRows), `batch ${batchRows}, ${parts} part(s)`);
      }
    }
  });

  test('one snapshot: writes committed after it opened are not read, in any part', async () => {
    const want = await expectedIds();
    const reader = await openExport(database(s.store.pool), spec, EMPRESA, { held, batchRows: 5, parts: 2 });
    await s.store.pool.query('UPDATE produtos SET excluido = true WHERE empresa_id = $1 AND id IN (1, 2, 99)', [EMPRESA]);
    await s.store.pool.query(`INSERT INTO produtos (id, empresa_id, nome) VALUES (101, ${EMPRESA}, 'Novo'), (102, ${EMPRESA}, 'Novo')`);
    try {
      assert.deepEqual((await readAll(reader)).ids, want);
    } finally {
      await s.store.pool.query('UPDATE produtos SET excluido = false WHERE empresa_id = $1 AND id IN (1, 2, 99)', [EMPRESA]);
      await s.store.pool.query('DELETE FROM produtos WHERE id IN (101, 102)');
    }
  });

  test('one snapshot across parts: two records changed together in each transaction are always read together', async () => {
    const want = await expectedIds();
    // With batches of 5 and two parts, the first and the sixth record are read by different parts.
    const [a, b] = [want[0], want[5]];
    await s.store.pool.query("UPDATE produtos SET nome = 'v0' WHERE id IN ($1, $2)", [a, b]);
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        writes++;
        await s.store.pool.query('UPDATE produtos SET nome = $3 WHERE id IN ($1, $2)', [a, b, `v${writes}`]);
      }
    })();
    try {
      for (let round = 0; round < 30; round++) {
        const reader = await openExport(database(s.store.pool), spec, EMPRESA, { held, batchRows: 5, parts: 2 });
        const names = new Map<number, string>();
        try {
          for (let batch = await reader.next(); batch !== null; batch = await reader.next()) {
            for (const line of batch.bytes.toString('utf8').slice(0, -1).split('\n')) {
              const record = JSON.parse(line) as { id: number; nome: string };
              names.set(record.id, record.nome);
            }
          }
        } finally {
          await reader.close();
        }
        assert.equal(names.get(Number(b)), names.get(Number(a)), `round ${round}: both as of one moment`);
      }
    } finally {
      writing = false;
      await writer;
    }
    assert.ok(writes > 30, `the writer kept writing (${writes})`);
  });

  /** A pool whose statements' texts are recorded, to tell which way an export read its records. */
  function recordingPool(pool: pg.Pool, texts: string[]): pg.Pool {
    const record = (query: unknown) => texts.push(typeof query === 'string' ? query : ((query as { text?: string }).text ?? ''));
    return new Proxy(pool, {
      get(target, key) {
        if (key === 'query')
          return (query: unknown, ...rest: unknown[]) => (record(query), (target.query as (...a: unknown[]) => unknown)(query, ...rest));
        if (key === 'connect')
          return async () => {
            const client = await target.connect();
            return new Proxy(client, {
              get(c, k) {
                if (k === 'query')
                  return (query: unknown, ...rest: unknown[]) => (record(query), (c.query as (...a: unknown[]) => unknown)(query, ...rest));
                const value: unknown = Reflect.get(c, k);
                return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(c) : value;
              },
            });
          };
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  test('contas: cedente names read once for the export write the very records that naming each row in the database writes (ADR 0026)', async () => {
    const q = (text: string) => s.store.pool.query(text);
    await q(`INSERT INTO empresas (id, nome) VALUES (${EMPRESA}, 'A'), (${OTHER}, 'B') ON CONFLICT (id) DO NOTHING`);
    // Names that need escaping in JSON or would be patterns to a string replace; a deleted cedente, one
    // of another company, one missing, one without a name; the same id in every cedente table.
    const tricky = `'Ana "A" \\ $& $1 ' || chr(10) || chr(9) || chr(1) || ' ção 😀'`;
    await q(`INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome, excluido) VALUES
      (9001, ${EMPRESA}, 'fisica', ${tricky}, false), (9002, ${EMPRESA}, 'fisica', 'Excluída', true),
      (9003, ${OTHER}, 'fisica', 'De outra empresa', false), (9004, ${EMPRESA}, 'juridica', NULL, false)`);
    await q(`INSERT INTO fornecedores (id, empresa_id, nome) VALUES (9001, ${EMPRESA}, 'Fornecedor 9001'), (9005, ${EMPRESA}, NULL)`);
    await q(`INSERT INTO pre_clientes (id, empresa_id, nome) VALUES (9001, ${EMPRESA}, 'Pré 9001')`);
    await q(`INSERT INTO usuarios (id, empresa_id, nome) VALUES (9001, ${EMPRESA}, 'Usuária 9001'), (9006, ${OTHER}, 'Usuário de outra')`);
    const cedentes = [
      ...[9001, 9002, 9003, 9004, 9999].map((id) => `'cliente', ${id}, NULL`),
      ...[9001, 9005, 9999].map((id) => `'fornecedor', ${id}, NULL`),
      `'pre_cliente', 9001, NULL`,
      ...[9001, 9006].map((id) => `'usuario', ${id}, NULL`),
      `'outro', NULL, ${tricky}`,
      `'outro', NULL, NULL`,
    ];
    await q(`INSERT INTO contas_receber (id, empresa_id, cedente_tipo, cedente_id, cedente_nome, descricao, valor, vencimento)
      SELECT 9100 + n, ${EMPRESA}, c.tipo, c.id, c.nome, 'Conta ' || n, n, date '2026-01-01' + n::int
        FROM (VALUES ${cedentes.map((c, i) => `(${i}, ${c})`).join(', ')}) c(n, tipo, id, nome)`);
    const contas = contasSpec('contas_receber', '2026-06-01', true);
    // The company's current cedentes: clientes 9001 and 9004, fornecedores 9001 and 9005, pre_cliente 9001, usuario 9001.
    const names = 6;
    const { rows: counted } = await s.store.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${contas.lookup?.values ?? ''}) l`, [
      EMPRESA,
    ]);
    assert.equal(counted[0]?.n, names, 'the names the export reads');
    const read = async (lookupMax: number, parts: number) => {
      const texts: string[] = [];
      const reader = await openExport(database(recordingPool(s.store.pool, texts)), contas, EMPRESA, {
        held,
        batchRows: 4,
        parts,
        lookupMax,
      });
      let lines = '';
      try {
        for (let batch = await reader.next(); batch !== null; batch = await reader.next()) lines += batch.bytes.toString('utf8');
      } finally {
        await reader.close();
      }
      // The embedded store declares a cursor; PostgreSQL copies each batch (ADR 0027).
      const declared = texts.filter((t) => t.startsWith(held ? 'DECLARE' : 'COPY'));
      assert.ok(declared.length > 0);
      return { lines, lookedUp: declared.every((t) => t.includes(' AS k ')) };
    };
    for (const parts of held ? [1] : [1, 2]) {
      const perRow = await read(names - 1, parts);
      const once = await read(names, parts);
      assert.equal(perRow.lookedUp, false, 'more names than the bound: each row looks its name up in the database');
      assert.equal(once.lookedUp, true, 'within the bound: the names are read once');
      assert.equal(once.lines, perRow.lines, `${parts} part(s): the same bytes either way`);
      const byId = new Map(
        once.lines
          .slice(0, -1)
          .split('\n')
          .map((line) => JSON.parse(line) as { id: number; cedente: { tipo: string; id: number | null; nome: string | null } })
          .map((r) => [r.id, r.cedente]),
      );
      const trickyName = 'Ana "A" \\ $& $1 \n\t\u0001 ção 😀';
      assert.deepEqual(
        cedentes.map((_, i) => byId.get(9100 + i)?.nome),
        [trickyName, null, null, '', null, 'Fornecedor 9001', null, null, 'Pré 9001', 'Usuária 9001', null, trickyName, null],
        'each type by its own table, of the company, current (D22)',
      );
    }
    await q('DELETE FROM contas_receber WHERE id BETWEEN 9100 AND 9199');
  });

  /** This database's connections inside a transaction (running a statement or not), this one's aside. */
  const inTransaction = async () => {
    const { rows } = await s.store.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`,
    );
    return rows[0]?.n;
  };

  test(
    'PostgreSQL: two connections while the pool has one to spare, one when it has not; all of them back, none left in a transaction',
    { skip: held && 'the embedded store reads from one held cursor', timeout: 60_000 },
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      const { rows: named } = await s.store.pool.query<{ db: string }>('SELECT current_database() AS db');
      url.pathname = `/${named[0]?.db ?? ''}`;
      for (const max of [1, 2, 4]) {
        const pool = new pg.Pool({ connectionString: url.toString(), max });
        pool.on('error', () => undefined);
        const reader = await openExport(database(pool), spec, EMPRESA, { held: false, batchRows: 4, parts: 2 });
        try {
          assert.equal(pool.totalCount - pool.idleCount, Math.min(max, 2), `pool of ${max}: connections held by the export`);
          const first = await reader.next();
          assert.equal(first?.count, 4);
          assert.equal(await inTransaction(), Math.min(max, 2), `pool of ${max}: each part's transaction open`);
          await reader.close(); // before its end, as when the client goes away
          assert.equal(pool.idleCount, pool.totalCount, `pool of ${max}: every connection back`);
          assert.equal(await inTransaction(), 0, `pool of ${max}: no transaction left open`);
          const again = await openExport(database(pool), spec, EMPRESA, { held: false, batchRows: 4, parts: 2 });
          assert.deepEqual((await readAll(again)).ids, await expectedIds(), `pool of ${max}: the next export is whole`);
          assert.equal(pool.idleCount, pool.totalCount);
        } finally {
          await reader.close(); // so that a failed assertion cannot leave pool.end() waiting for its connections
          await pool.end();
        }
      }
    },
  );

  test(
    'PostgreSQL: a part that fails ends the export with its error; nothing is held after it, and the next export is whole',
    { skip: held && 'the embedded store reads from one held cursor', timeout: 60_000 },
    async () => {
      const reader = await openExport(database(s.store.pool), spec, EMPRESA, { held: false, batchRows: 4, parts: 2 });
      try {
        assert.equal((await reader.next())?.count, 4);
        // One part's backend is ended from outside, and gone before the export goes on.
        const { rows } = await s.store.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'COPY (%' LIMIT 1`,
        );
        const pid = rows[0]?.pid;
        assert.ok(pid !== undefined, "a part's backend");
        await s.store.pool.query('SELECT pg_terminate_backend($1)', [pid]);
        for (let tries = 0; tries < 100; tries++) {
          const left = await s.store.pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
          if (left.rowCount === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        let failed: unknown;
        try {
          for (let batch = await reader.next(); batch !== null; batch = await reader.next());
        } catch (err) {
          failed = err;
        }
        assert.ok(failed instanceof Error, 'the export ended with an error, never as if whole');
      } finally {
        await reader.close();
      }
      assert.equal(s.store.pool.idleCount, s.store.pool.totalCount, 'nothing held');
      assert.equal(await inTransaction(), 0, 'no transaction left open');
      const again = await openExport(database(s.store.pool), spec, EMPRESA, { held: false, batchRows: 4, parts: 2 });
      assert.deepEqual((await readAll(again)).ids, await expectedIds(), 'the next export is whole');
    },
  );
});
