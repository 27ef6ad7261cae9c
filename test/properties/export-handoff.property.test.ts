import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type pg from 'pg';
import { UnlimitedLimiter } from '../helpers/adversarial.ts';
import { TestApp } from '../helpers/test-app.ts';
import { fc, SEED } from './fixed-seed.ts';

/**
 * The hand-off of an export to the change feed is exact (D48, D44): while rows are inserted,
 * updated, soft- and hard-deleted, restored and moved between companies through SQL, an export
 * read slowly and then the feed from its `fim` cursor leave exactly what a fresh read sees — no
 * record lost, none stale, no deletion missed. Random interleavings, on both stores; on PostgreSQL
 * also a transaction that wrote before the export's snapshot and commits after it (commit order is
 * not start order). The export spans several batches (2,000 records each).
 */

const RUNS = Number(process.env.FAST_CHECK_RUNS_HANDOFF ?? 8);
const EXISTING = 4500;
const NEW_IDS = 50;
const B_IDS = 20;

let t: TestApp;
let origin: string;
const postgres = () => t.store.kind === 'postgres';

type Op =
  { kind: 'insert' | 'hardDelete' | 'softDelete' | 'restore' | 'update' | 'moveAway'; slot: number } | { kind: 'moveBack'; slot: number };

const op: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('insert', 'hardDelete', 'softDelete', 'restore', 'update', 'update', 'moveAway', 'moveBack'),
  slot: fc.nat({ max: 10_000 }),
}) as fc.Arbitrary<Op>;

interface Run {
  ids: { a: number; b: number; base: number };
  sql: (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
}

/** One write, by SQL as the product makes them. Writes whose row is not there change nothing. */
async function apply(run: Run, o: Op, n: number, on: (text: string, values?: unknown[]) => Promise<unknown> = run.sql): Promise<void> {
  const { a, b, base } = run.ids;
  const existing = base + (o.slot % EXISTING) + 1;
  switch (o.kind) {
    case 'insert': {
      const id = base + EXISTING + (o.slot % NEW_IDS) + 1;
      await on(
        `INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome, sobrenome) VALUES ($1, $2, 'fisica', 'Novo', $3)
         ON CONFLICT (id) DO UPDATE SET sobrenome = EXCLUDED.sobrenome, excluido = false`,
        [id, a, `n${n}`],
      );
      return;
    }
    case 'update':
      await on('UPDATE clientes SET sobrenome = $2 WHERE id = $1', [existing, `u${n}`]);
      return;
    case 'softDelete':
      await on('UPDATE clientes SET excluido = true WHERE id = $1', [existing]);
      return;
    case 'restore':
      await on('UPDATE clientes SET excluido = false, sobrenome = $2 WHERE id = $1', [existing, `r${n}`]);
      return;
    case 'hardDelete':
      await on('DELETE FROM clientes WHERE id = $1', [existing]);
      return;
    case 'moveAway':
      await on('UPDATE clientes SET empresa_id = $2 WHERE id = $1', [existing, b]);
      return;
    case 'moveBack':
      await on('UPDATE clientes SET empresa_id = $2 WHERE id = $1', [base + EXISTING + NEW_IDS + (o.slot % B_IDS) + 1, a]);
      return;
  }
}

interface Line {
  id: number;
}

/** An export read slowly over a real socket, `during` running while it streams. */
async function slowExport(token: string, during: () => Promise<void>): Promise<{ records: Map<number, string>; cursor: string }> {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(`${origin}/v1/clientes/exportacao`, { headers: { authorization: `Bearer ${token}` } }, (r) => {
        r.pause();
        resolve(r);
      })
      .on('error', reject);
  });
  assert.equal(res.statusCode, 200);
  let text = '';
  res.setEncoding('utf8');
  const ended = new Promise<void>((resolve, reject) => {
    res.on('end', resolve);
    res.on('error', reject);
  });
  // A little at a time while the writes run, so that they meet every part of the export.
  const writes = during();
  const reading = (async () => {
    for (;;) {
      const chunk = res.read() as string | null;
      if (chunk === null) {
        if (res.readableEnded) return;
        await Promise.race([new Promise((resolve) => res.once('readable', resolve)), ended]);
        if (res.readableEnded && res.readableLength === 0) return;
        continue;
      }
      text += chunk;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  await Promise.all([writes, reading, ended]);
  const lines = text.split('\n');
  assert.equal(lines.pop(), '');
  const fim = JSON.parse(lines.pop() ?? '') as { fim: true; total: number; proximo_cursor: string };
  assert.equal(fim.total, lines.length);
  return { records: new Map(lines.map((l) => [(JSON.parse(l) as Line).id, l])), cursor: fim.proximo_cursor };
}

/** The copy after applying the feed from `cursor`, and whether it equals a fresh export; read again (30 s) until it does. */
async function handOff(
  token: string,
  copy: Map<number, string>,
  cursor: string,
): Promise<{ copy: Map<number, string>; fresh: Map<number, string> }> {
  let at = cursor;
  let fresh = new Map<number, string>();
  for (const deadline = Date.now() + 30_000; ;) {
    for (;;) {
      const res = await t.get(`/v1/clientes/alteracoes?por_pagina=500&cursor=${encodeURIComponent(at)}`, token);
      assert.equal(res.statusCode, 200, res.body);
      const page = res.json() as {
        data: { operacao: string; id: number; registro: unknown }[];
        meta: { proximo_cursor: string; tem_mais: boolean };
      };
      for (const e of page.data) {
        if (e.registro === null) copy.delete(e.id);
        else copy.set(e.id, JSON.stringify(e.registro));
      }
      at = page.meta.proximo_cursor;
      if (!page.meta.tem_mais) break;
    }
    const res = await t.get('/v1/clientes/exportacao', token);
    assert.equal(res.statusCode, 200);
    const lines = res.body.split('\n').slice(0, -2);
    fresh = new Map(lines.map((l) => [(JSON.parse(l) as Line).id, l]));
    if (same(copy, fresh) || Date.now() > deadline) return { copy, fresh };
    // On PostgreSQL the feed serves a write once every older transaction of the server has ended
    // (ADR 0013): other files' transactions can hold the last writes back a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const same = (x: Map<number, string>, y: Map<number, string>) => x.size === y.size && [...x].every(([id, line]) => y.get(id) === line);

function difference(copy: Map<number, string>, fresh: Map<number, string>): string[] {
  const out: string[] = [];
  for (const [id, line] of fresh) if (copy.get(id) !== line) out.push(`${id}: copy ${copy.get(id) ?? 'missing'} / fresh ${line}`);
  for (const id of copy.keys()) if (!fresh.has(id)) out.push(`${id}: in the copy, gone from the data`);
  return out.slice(0, 10);
}

before(async () => {
  t = await TestApp.start({ limiter: new UnlimitedLimiter() });
  ({ origin } = await t.listen());
});
after(async () => t.close());

test(`export then feed from its cursor = a fresh read, under concurrent SQL writes (${RUNS} interleavings, seed ${SEED})`, async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(op, { minLength: 4, maxLength: 40 }),
      fc.nat({ max: 40 }),
      fc.array(op, { minLength: 1, maxLength: 3 }),
      async (ops, before, late) => {
        run++;
        const [a, b] = [await t.company(), await t.company()];
        const base = run * 100_000 + 1_000_000;
        const sql = (text: string, values: unknown[] = []) => t.store.pool.query(text, values);
        const r: Run = { ids: { a, b, base }, sql };
        await sql(
          `INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome, sobrenome)
           SELECT $1 + g, $2, 'fisica', 'Cliente', 'c' || g FROM generate_series(1, $3) g`,
          [base, a, EXISTING],
        );
        await sql(
          `INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome, sobrenome)
           SELECT $1 + g, $2, 'fisica', 'De B', 'b' || g FROM generate_series(1, $3) g`,
          [base + EXISTING + NEW_IDS, b, B_IDS],
        );
        const token = await t.token(await t.credential(a));
        const cut = Math.min(before, ops.length);
        for (const [i, o] of ops.slice(0, cut).entries()) await apply(r, o, i);
        // PostgreSQL: a transaction that writes before the export's snapshot and commits after it.
        let lateTx: pg.PoolClient | null = null;
        if (postgres()) {
          const tx = await t.store.pool.connect();
          lateTx = tx;
          await tx.query('BEGIN');
          for (const [i, o] of late.entries()) await apply(r, o, 1000 + i, (text, values) => tx.query(text, values));
        }
        const rest = ops.slice(cut);
        const writers = async () => {
          // Two writers at once, each a statement at a time, with the late transaction committing among them.
          const halves = [rest.filter((_, i) => i % 2 === 0), rest.filter((_, i) => i % 2 === 1)];
          await Promise.all([
            ...halves.map(async (half, w) => {
              for (const [i, o] of half.entries()) {
                await apply(r, o, 2000 + w * 100 + i);
                await new Promise((resolve) => setTimeout(resolve, 1));
              }
            }),
            (async (tx) => {
              if (tx === null) return;
              await new Promise((resolve) => setTimeout(resolve, 5));
              await tx.query('COMMIT');
              tx.release();
            })(lateTx),
          ]);
        };
        const exported = await slowExport(token, writers);
        const { copy, fresh } = await handOff(token, new Map(exported.records), exported.cursor);
        assert.deepEqual(difference(copy, fresh), [], 'the copy is the data as a fresh read sees it');
      },
    ),
    { numRuns: RUNS },
  );
});
