import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Static, TSchema } from 'typebox';
import { pruneTombstones } from '../../src/store/feed/change-feed.ts';
import type { Dataset } from '../../src/store/import/dataset.ts';
import { BoletoSchema } from '../../src/resources/boletos/boletos.schema.ts';
import { ClienteSchema } from '../../src/resources/clientes/clientes.schema.ts';
import { OrdemServicoDetalheSchema, OrdemServicoSchema } from '../../src/resources/ordens-servico/ordens-servico.schema.ts';
import { feedOf } from '../../src/contract/schemas.ts';
import { SCOPES } from '../../src/domain/scopes.ts';
import { detailBody, errorBody, listBody } from '../helpers/bodies.ts';
import { TestApp } from '../helpers/test-app.ts';
import { Value } from 'typebox/value';

/**
 * Incremental sync (D42-D46) through HTTP: `atualizado_em`, `atualizado_desde`, the change feeds
 * and conditional GETs, with writes made through `import` and through plain SQL, as the product
 * makes them. Runs on the embedded store and on PostgreSQL (TEST_DATABASE_URL).
 */
let t: TestApp;
let a: number;
let b: number;
let tokenA: string;
let tokenB: string;

type Entry<S extends TSchema> = { operacao: 'alterado' | 'excluido'; id: number; atualizado_em: string; registro: Static<S> | null };
type Feed<S extends TSchema> = { data: Entry<S>[]; meta: { proximo_cursor: string; tem_mais: boolean } };

function feedBody<S extends TSchema>(res: { statusCode: number; body: string; json(): unknown }, schema: S): Feed<S> {
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  assert.deepEqual([...Value.Errors(feedOf(schema), body)].slice(0, 3), []);
  return body as Feed<S>;
}

/** Every page of a feed from `cursor` (or the start), in order; the cursor to resume from. */
async function readAll<S extends TSchema>(
  resource: string,
  schema: S,
  token: string,
  cursor?: string,
  extra = '',
): Promise<{ entries: Entry<S>[]; cursor: string; pages: number }> {
  const entries: Entry<S>[] = [];
  let pages = 0;
  let at = cursor;
  for (;;) {
    const query = [at === undefined ? '' : `cursor=${encodeURIComponent(at)}`, extra].filter((s) => s !== '').join('&');
    const page = feedBody(await t.get(`/v1/${resource}/alteracoes${query === '' ? '' : `?${query}`}`, token), schema);
    pages++;
    entries.push(...page.data);
    at = page.meta.proximo_cursor;
    if (!page.meta.tem_mais) return { entries, cursor: at, pages };
  }
}

/**
 * The feed after `cursor` (from its beginning without one) once `count` entries have arrived. On PostgreSQL the feed holds changes
 * back while any older transaction of the cluster is open (ADR 0013) — other test files share the
 * server — so the entries may take a moment; each read resumes from the previous cursor, as an
 * integrator would, so nothing is read twice.
 */
async function changesAfter<S extends TSchema>(resource: string, schema: S, token: string, cursor: string | undefined, count: number) {
  const entries: Entry<S>[] = [];
  let at = cursor;
  for (const deadline = Date.now() + 30_000; ;) {
    const page = await readAll(resource, schema, token, at);
    entries.push(...page.entries);
    at = page.cursor;
    if (entries.length >= count || Date.now() > deadline) return { entries, cursor: at };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const ids = (entries: { operacao: string; id: number }[]) => entries.map((e) => `${e.operacao}:${e.id}`);

const cliente = (empresa_id: number, id: number, nome: string) => ({
  id,
  empresa_id,
  tipo_pessoa: 'fisica' as const,
  nome,
  sobrenome: 'Sync',
});

function ordem(empresa_id: number, id: number, descricao = 'Filtro'): NonNullable<Dataset['ordens_servico']>[number] {
  return {
    id,
    empresa_id,
    status: 'aberta',
    data_abertura: '2025-03-01',
    itens: [{ id: 1, descricao, quantidade: 1, valor_unitario: 2.5, subtotal: 2.5 }],
    checklist: [{ id: 1, ordem: 1, pergunta: 'Liga?', resposta: 'Sim' }],
  };
}

const sql = (text: string, values: unknown[] = []) => t.store.pool.query(text, values);

/** atualizado_em moves at second precision: a write meant to move it waits for the next second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));

before(async () => {
  t = await TestApp.start();
  a = await t.company();
  b = await t.company();
  await t.load({
    clientes: [cliente(a, 7001, 'Ana'), cliente(a, 7002, 'Bruno'), cliente(a, 7003, 'Caio'), cliente(b, 7101, 'Berta')],
    ordens_servico: [ordem(a, 7201), ordem(a, 7202)],
    contas_receber: [{ id: 7301, empresa_id: a, cedente_tipo: 'outro', cedente_nome: 'X', valor: 10, vencimento: '2020-01-01' }],
  });
});
after(async () => t.close());
// A window of its own for each test (D35 counts every request; the feeds are read many times).
beforeEach(async () => {
  tokenA = await t.token(await t.credential(a));
  tokenB = await t.token(await t.credential(b));
});

describe('atualizado_em (D42)', () => {
  test('every record carries it, in lists and details, as UTC seconds', async () => {
    const l = listBody(await t.get('/v1/clientes?por_pagina=200', tokenA), ClienteSchema);
    for (const c of l.data) assert.match(c.atualizado_em, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const d = detailBody(await t.get('/v1/clientes/7001', tokenA), ClienteSchema);
    assert.equal(d.data.atualizado_em, l.data.find((c) => c.id === 7001)?.atualizado_em);
    for (const url of ['/v1/ordens-servico', '/v1/contas-receber', '/v1/contas-pagar', '/v1/boletos', '/v1/produtos', '/v1/servicos']) {
      const res = await t.get(url, tokenA);
      assert.equal(res.statusCode, 200, res.body);
    }
  });

  test('an unchanged rewrite (import of the same values, UPDATE to the same values) does not move it', async () => {
    const before = detailBody(await t.get('/v1/clientes/7002', tokenA), ClienteSchema).data.atualizado_em;
    const { cursor } = await readAll('clientes', ClienteSchema, tokenA);
    await nextSecond();
    await t.load({ clientes: [cliente(a, 7002, 'Bruno')], ordens_servico: [ordem(a, 7202)] });
    await sql('UPDATE clientes SET nome = nome, nome_fantasia = $2 WHERE id = $1', [7002, 'not served']);
    assert.equal(detailBody(await t.get('/v1/clientes/7002', tokenA), ClienteSchema).data.atualizado_em, before);
    assert.deepEqual((await readAll('clientes', ClienteSchema, tokenA, cursor)).entries, []);
    assert.deepEqual(ids((await changesAfter('ordens-servico', OrdemServicoSchema, tokenA, undefined, 2)).entries), [
      'alterado:7201',
      'alterado:7202',
    ]);
  });

  test("an order's items and checklist rows move the order's atualizado_em; the same lines written back do not", async () => {
    const at = async () => detailBody(await t.get('/v1/ordens-servico/7201', tokenA), OrdemServicoDetalheSchema).data.atualizado_em;
    const start = await at();
    const { cursor } = await readAll('ordens-servico', OrdemServicoSchema, tokenA);
    await nextSecond();
    await sql('UPDATE ordens_servico_itens SET descricao = $2 WHERE ordem_servico_id = $1', [7201, 'Filtro novo']);
    const afterItem = await at();
    assert.ok(afterItem > start, `${afterItem} > ${start}`);
    const moved = await changesAfter('ordens-servico', OrdemServicoSchema, tokenA, cursor, 1);
    assert.deepEqual(ids(moved.entries), ['alterado:7201']);
    assert.equal(moved.entries[0]?.atualizado_em, afterItem);

    await nextSecond();
    await sql('UPDATE ordens_servico_checklist SET resposta = $2 WHERE ordem_servico_id = $1', [7201, 'Não']);
    const afterChecklist = await at();
    assert.ok(afterChecklist > afterItem);
    const again = await changesAfter('ordens-servico', OrdemServicoSchema, tokenA, moved.cursor, 1);
    assert.deepEqual(ids(again.entries), ['alterado:7201']);

    // import replaces the lines (DELETE then INSERT): identical lines leave the order as it was.
    await nextSecond();
    const same = { ...ordem(a, 7201, 'Filtro novo') };
    same.checklist = [{ id: 1, ordem: 1, pergunta: 'Liga?', resposta: 'Não' }];
    await t.load({ ordens_servico: [same] });
    assert.equal(await at(), afterChecklist);
    assert.deepEqual((await readAll('ordens-servico', OrdemServicoSchema, tokenA, again.cursor)).entries, []);
  });
});

describe('the change feed (D44, D45)', () => {
  test('from the start: every live record once, exactly as the list serves it, in pages', async () => {
    const list = listBody(await t.get('/v1/clientes?por_pagina=200&incluir=contato', tokenA), ClienteSchema).data;
    const all = await readAll('clientes', ClienteSchema, tokenA, undefined, 'por_pagina=1&incluir=contato');
    const live = all.entries.filter((e) => e.operacao === 'alterado');
    assert.ok(all.pages >= live.length);
    assert.deepEqual(live.map((e) => e.id).sort(), list.map((c) => c.id).sort());
    for (const e of live)
      assert.deepEqual(
        e.registro,
        list.find((c) => c.id === e.id),
      );
    assert.ok(
      all.entries.every((e) => e.id !== 7101),
      "another company's record never appears",
    );
  });

  test('a write through SQL appears once in the feed and in atualizado_desde; resuming again gives nothing', async () => {
    const { cursor } = await readAll('clientes', ClienteSchema, tokenA);
    await nextSecond();
    await sql('UPDATE clientes SET sobrenome = $2 WHERE id = $1', [7003, 'Alterado']);
    await sql('UPDATE clientes SET sobrenome = $2 WHERE id = $1', [7003, 'Alterado de novo']);
    const changed = await changesAfter('clientes', ClienteSchema, tokenA, cursor, 1);
    assert.deepEqual(ids(changed.entries), ['alterado:7003'], 'two writes, one entry in its latest state');
    const entry = changed.entries[0];
    assert.equal(entry?.registro?.nome, 'Caio Alterado de novo');
    assert.equal(entry?.atualizado_em, entry?.registro?.atualizado_em);
    assert.deepEqual((await readAll('clientes', ClienteSchema, tokenA, changed.cursor)).entries, []);

    const since = listBody(await t.get(`/v1/clientes?atualizado_desde=${entry?.atualizado_em}`, tokenA), ClienteSchema);
    assert.deepEqual(
      since.data.map((c) => c.id),
      [7003],
    );
    assert.equal(since.meta.total, 1);
  });

  test('soft delete, hard delete and a move to another company: one tombstone each, for the company that lost the record', async () => {
    await t.load({ clientes: [cliente(a, 7011, 'Soft'), cliente(a, 7012, 'Hard'), cliente(a, 7013, 'Moved')] });
    const startA = (await readAll('clientes', ClienteSchema, tokenA)).cursor;
    const startB = (await readAll('clientes', ClienteSchema, tokenB)).cursor;
    await sql('UPDATE clientes SET excluido = true WHERE id = $1', [7011]);
    await sql('DELETE FROM clientes WHERE id = $1', [7012]);
    await sql('UPDATE clientes SET empresa_id = $2 WHERE id = $1', [7013, b]);
    const lostA = await changesAfter('clientes', ClienteSchema, tokenA, startA, 3);
    assert.deepEqual(ids(lostA.entries), ['excluido:7011', 'excluido:7012', 'excluido:7013']);
    for (const e of lostA.entries) assert.equal(e.registro, null);
    const gotB = await changesAfter('clientes', ClienteSchema, tokenB, startB, 1);
    assert.deepEqual(ids(gotB.entries), ['alterado:7013'], "B sees the record arrive, never A's tombstones");

    // Restored: alterado again, for A.
    await sql('UPDATE clientes SET excluido = false WHERE id = $1', [7011]);
    assert.deepEqual(ids((await changesAfter('clientes', ClienteSchema, tokenA, lostA.cursor, 1)).entries), ['alterado:7011']);
    // A deleted order's lines go with it: one tombstone for the order.
    const startOs = (await readAll('ordens-servico', OrdemServicoSchema, tokenA)).cursor;
    await sql('DELETE FROM ordens_servico WHERE id = $1', [7202]);
    assert.deepEqual(ids((await changesAfter('ordens-servico', OrdemServicoSchema, tokenA, startOs, 1)).entries), ['excluido:7202']);
  });

  test('two transactions committing in another order than they started: nothing skipped', async () => {
    const { cursor } = await readAll('clientes', ClienteSchema, tokenA);
    const first = await t.store.pool.connect();
    const second = await t.store.pool.connect();
    try {
      // Bounded waits: a mistake here fails the test instead of leaving it hanging.
      for (const c of [first, second]) await c.query("SET lock_timeout = '10s'");
      if (t.store.kind === 'postgres') {
        // The first transaction takes its id before the second starts (its first write would, too).
        await first.query('BEGIN');
        await first.query('SELECT pg_current_xact_id()');
        await second.query('BEGIN');
        await second.query('UPDATE clientes SET sobrenome = $2 WHERE id = $1', [7002, 'segunda']);
        await second.query('COMMIT'); // the later transaction commits first
        const between = await readAll('clientes', ClienteSchema, tokenA, cursor);
        // The committed change waits behind the open, older transaction: serving it now would let
        // the cursor pass a position the older one can still fill.
        assert.deepEqual(between.entries, []);
        await first.query('UPDATE clientes SET sobrenome = $2 WHERE id = $1', [7001, 'primeira']);
        await first.query('COMMIT');
        const afterBoth = await changesAfter('clientes', ClienteSchema, tokenA, between.cursor, 2);
        assert.deepEqual(ids(afterBoth.entries), ['alterado:7001', 'alterado:7002'], 'both, in the order of the transactions');
      } else {
        await first.query('BEGIN');
        await first.query('UPDATE clientes SET sobrenome = $2 WHERE id = $1', [7001, 'primeira']);
        // The embedded store runs one transaction at a time (ADR 0001): a reader waits for the open
        // one, and a second transaction cannot start before the first ends — commits come in order.
        const reading = readAll('clientes', ClienteSchema, tokenA, cursor);
        await first.query('COMMIT');
        const between = await reading;
        assert.deepEqual(ids(between.entries), ['alterado:7001']);
        await second.query('BEGIN');
        await second.query('UPDATE clientes SET sobrenome = $2 WHERE id = $1', [7002, 'segunda']);
        await second.query('COMMIT');
        assert.deepEqual(ids((await readAll('clientes', ClienteSchema, tokenA, between.cursor)).entries), ['alterado:7002']);
      }
    } finally {
      first.release();
      second.release();
    }
  });

  test('a cursor older than the kept tombstones is refused with a message to start over; fresh cursors still work', async () => {
    await t.load({ clientes: [cliente(a, 7021, 'Old')] });
    const old = (await readAll('clientes', ClienteSchema, tokenA)).cursor;
    await sql('UPDATE clientes SET excluido = true WHERE id = $1', [7021]);
    const fresh = (await changesAfter('clientes', ClienteSchema, tokenA, old, 1)).cursor;
    // Aged by SQL past the 30 days kept, then pruned.
    await sql(
      "UPDATE alteracoes SET atualizado_em = now() - interval '31 days' WHERE empresa_id = $1 AND tabela = 'clientes' AND registro_id = $2",
      [a, 7021],
    );
    assert.equal(await pruneTombstones(t.store.pool, 30), 1);
    const res = await t.get(`/v1/clientes/alteracoes?cursor=${encodeURIComponent(old)}`, tokenA);
    assert.equal(res.statusCode, 400);
    const erro = errorBody(res);
    assert.equal(erro.codigo, 'requisicao_invalida');
    assert.equal(erro.detalhes[0]?.campo, 'cursor');
    assert.match(erro.detalhes[0]?.mensagem ?? '', /Recomece a sincronização sem cursor/);
    assert.equal((await t.get(`/v1/clientes/alteracoes?cursor=${encodeURIComponent(fresh)}`, tokenA)).statusCode, 200);
    const restart = await readAll('clientes', ClienteSchema, tokenA);
    assert.ok(!restart.entries.some((e) => e.id === 7021), 'the pruned tombstone is gone');
  });

  test('a cursor the server did not issue, or issued for another company or resource, is 400 naming cursor', async () => {
    const mine = (await readAll('clientes', ClienteSchema, tokenA)).cursor;
    const theirs = (await readAll('clientes', ClienteSchema, tokenB)).cursor;
    const otherResource = (await readAll('ordens-servico', OrdemServicoSchema, tokenA)).cursor;
    const [payload, mac] = mine.split('.') as [string, string];
    const forged = Buffer.from(
      Buffer.from(payload, 'base64url')
        .toString()
        .replace(/\.\d+$/, '.1'),
    ).toString('base64url');
    for (const cursor of [theirs, otherResource, `${forged}.${mac}`, `${payload}.${mac.slice(0, -2)}`, 'abc', `${mine}x`, `${mine}.x`]) {
      const res = await t.get(`/v1/clientes/alteracoes?cursor=${encodeURIComponent(cursor)}`, tokenA);
      assert.equal(res.statusCode, 400, cursor);
      assert.deepEqual(
        errorBody(res).detalhes.map((d) => d.campo),
        ['cursor'],
      );
    }
  });

  test('strict parameters: nothing but cursor, a_partir, por_pagina (1-500) and, on clientes, incluir', async () => {
    const campos = async (url: string) => {
      const res = await t.get(url, tokenA);
      assert.equal(res.statusCode, 400, url);
      return errorBody(res).detalhes.map((d) => d.campo);
    };
    assert.deepEqual(await campos('/v1/clientes/alteracoes?por_pagina=501'), ['por_pagina']);
    assert.deepEqual(await campos('/v1/clientes/alteracoes?por_pagina=0'), ['por_pagina']);
    assert.deepEqual(await campos('/v1/clientes/alteracoes?cursor='), ['cursor']);
    assert.deepEqual(await campos('/v1/clientes/alteracoes?pagina=2'), ['pagina']);
    assert.deepEqual(await campos('/v1/clientes/alteracoes?cursor=a&cursor=a'), ['cursor']);
    assert.deepEqual(await campos('/v1/ordens-servico/alteracoes?incluir=contato'), ['incluir']);
    assert.deepEqual(await campos('/v1/contas-receber/alteracoes?atualizado_desde=2025-01-01'), ['atualizado_desde']);
    assert.equal((await t.get('/v1/clientes/alteracoes?por_pagina=500', tokenA)).statusCode, 200);
  });

  test("scope: the resource's scope, and incluir=contato under the contact scope", async () => {
    const cred = await t.credential(a, { scopes: ['clientes:ler'] });
    const basic = await t.token(cred);
    assert.equal((await t.get('/v1/clientes/alteracoes', basic)).statusCode, 200);
    const res = await t.get('/v1/clientes/alteracoes?incluir=contato', basic);
    assert.equal(res.statusCode, 403);
    assert.equal(errorBody(res).codigo, 'escopo_insuficiente');
    const noOs = await t.get('/v1/ordens-servico/alteracoes', basic);
    assert.equal(noOs.statusCode, 403);
    const page = feedBody(await t.get('/v1/clientes/alteracoes', basic), ClienteSchema);
    for (const e of page.data) if (e.registro !== null) assert.equal('documento' in e.registro, false);
    const full = feedBody(await t.get('/v1/clientes/alteracoes?incluir=contato', tokenA), ClienteSchema);
    assert.ok(full.data.some((e) => e.registro !== null && 'documento' in e.registro));
    assert.ok(SCOPES.includes('clientes:contato:ler'));
  });
});

describe('"sync from now": a_partir=agora (D50)', () => {
  test('an empty page whose cursor is the end of the feed: what changes after it, and nothing before it', async () => {
    await t.load({ clientes: [cliente(a, 7021, 'Antes')] });
    const now = feedBody(await t.get('/v1/clientes/alteracoes?a_partir=agora', tokenA), ClienteSchema);
    assert.deepEqual(now.data, []);
    assert.equal(now.meta.tem_mais, false);
    // Nothing written before it is read after it, not even the record just loaded.
    assert.deepEqual((await readAll('clientes', ClienteSchema, tokenA, now.meta.proximo_cursor)).entries, []);
    await sql('UPDATE clientes SET sobrenome = $2 WHERE id = $1', [7021, 'Depois']);
    await sql('DELETE FROM clientes WHERE id = $1', [7002]);
    const changed = await changesAfter('clientes', ClienteSchema, tokenA, now.meta.proximo_cursor, 2);
    assert.deepEqual(ids(changed.entries), ['alterado:7021', 'excluido:7002']);
    assert.equal(changed.entries[0]?.registro?.nome, 'Antes Depois');
    // The same cursor as a read from the beginning that reached the end at that moment would give.
    const walked = await readAll('clientes', ClienteSchema, tokenA);
    assert.deepEqual((await readAll('clientes', ClienteSchema, tokenA, walked.cursor)).entries, []);
  });

  test("the cursor is the company's and the resource's own, like any other", async () => {
    const now = feedBody(await t.get('/v1/ordens-servico/alteracoes?a_partir=agora', tokenA), OrdemServicoSchema);
    const elsewhere = [
      await t.get(`/v1/clientes/alteracoes?cursor=${encodeURIComponent(now.meta.proximo_cursor)}`, tokenA),
      await t.get(`/v1/ordens-servico/alteracoes?cursor=${encodeURIComponent(now.meta.proximo_cursor)}`, tokenB),
    ];
    for (const res of elsewhere) {
      assert.equal(res.statusCode, 400);
      assert.deepEqual(
        errorBody(res).detalhes.map((d) => d.campo),
        ['cursor'],
      );
    }
    assert.equal(
      (await t.get(`/v1/ordens-servico/alteracoes?cursor=${encodeURIComponent(now.meta.proximo_cursor)}`, tokenA)).statusCode,
      200,
    );
  });

  test('with cursor, another value, an empty one or twice: 400 naming a_partir, with the other bad fields', async () => {
    const { cursor } = await readAll('boletos', BoletoSchema, tokenA);
    const campos = async (query: string) => {
      const res = await t.get(`/v1/boletos/alteracoes?${query}`, tokenA);
      assert.equal(res.statusCode, 400, query);
      return errorBody(res).detalhes.map((d) => d.campo);
    };
    assert.deepEqual(await campos(`cursor=${encodeURIComponent(cursor)}&a_partir=agora`), ['a_partir']);
    assert.deepEqual(await campos('a_partir=ontem'), ['a_partir']);
    assert.deepEqual(await campos('a_partir=AGORA'), ['a_partir']);
    assert.deepEqual(await campos('a_partir='), ['a_partir']);
    assert.deepEqual(await campos('a_partir=agora&a_partir=agora'), ['a_partir']);
    // Reported with the parser's problems (D37); whether the cursor itself is valid is read only when the query is.
    assert.deepEqual(await campos('a_partir=agora&por_pagina=0&cursor=x'), ['por_pagina', 'a_partir']);
  });

  test("scope: the resource's own, as for every feed read", async () => {
    const basic = await t.token(await t.credential(a, { scopes: ['clientes:ler'] }));
    assert.equal((await t.get('/v1/clientes/alteracoes?a_partir=agora', basic)).statusCode, 200);
    const refused = await t.get('/v1/contas-receber/alteracoes?a_partir=agora', basic);
    assert.equal(refused.statusCode, 403);
    assert.equal(errorBody(refused).codigo, 'escopo_insuficiente');
  });
});

describe('atualizado_desde and ordenar_por=atualizado_em (D43)', () => {
  test('both forms are accepted; a date is 00:00 in São Paulo; anything else is 400 naming the field', async () => {
    await t.load({ produtos: [{ id: 7401, empresa_id: a, nome: 'Tempo', valor: 1 }] });
    // The trigger keeps atualizado_em when nothing served changed: set it as a past write would have, below the trigger.
    await sql('ALTER TABLE produtos DISABLE TRIGGER produtos_atualizado_em');
    try {
      await sql("UPDATE produtos SET atualizado_em = '2025-06-10 02:59:59+00' WHERE id = 7401");
    } finally {
      await sql('ALTER TABLE produtos ENABLE TRIGGER produtos_atualizado_em');
    }
    const has = async (since: string) => {
      const res = await t.get(
        `/v1/produtos?atualizado_desde=${encodeURIComponent(since)}&ordenar_por=atualizado_em&por_pagina=200`,
        tokenA,
      );
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as { data: { id: number }[] }).data.some((p) => p.id === 7401);
    };
    // 2025-06-10 00:00 in São Paulo is 03:00Z: the record (02:59:59Z) is before it.
    assert.equal(await has('2025-06-10'), false);
    assert.equal(await has('2025-06-09'), true);
    assert.equal(await has('2025-06-10T02:59:59Z'), true, 'inclusive');
    assert.equal(await has('2025-06-09T23:59:59-03:00'), true, 'with an offset');
    assert.equal(await has('2025-06-10T02:59:59.900Z'), true, 'compared to the second');
    assert.equal(await has('2025-06-10T03:00:00Z'), false);
    for (const bad of [
      '2025-06-10T02:59:59',
      '2025-02-30',
      '2025-06-10 02:59:59Z',
      '2025-06-10T24:00:00Z',
      '2025-06-10T02:59:60Z',
      'ontem',
      '2025-06-10T02:59:59+25:00',
      '1749524399',
    ]) {
      const res = await t.get(`/v1/produtos?atualizado_desde=${encodeURIComponent(bad)}`, tokenA);
      assert.equal(res.statusCode, 400, bad);
      assert.deepEqual(
        errorBody(res).detalhes.map((d) => d.campo),
        ['atualizado_desde'],
      );
    }
  });

  test('ordenar_por=atualizado_em sorts both ways with the id tie-break; deep pages and totals stay exact', async () => {
    const clientes = Array.from({ length: 120 }, (_, k) => cliente(a, 7500 + k, `Ordem ${k}`));
    await t.load({ clientes });
    // Three distinct instants, many records each.
    await sql('ALTER TABLE clientes DISABLE TRIGGER clientes_atualizado_em');
    try {
      await sql(
        "UPDATE clientes SET atualizado_em = timestamptz '2030-01-01 00:00:00Z' + ((id % 3) * interval '1 second') WHERE id BETWEEN 7500 AND 7619",
      );
    } finally {
      await sql('ALTER TABLE clientes ENABLE TRIGGER clientes_atualizado_em');
    }
    const expected = clientes
      .map((c) => ({ id: c.id, at: c.id % 3 }))
      .sort((x, y) => x.at - y.at || x.id - y.id)
      .map((c) => c.id);
    const read = async (query: string) => {
      const out: number[] = [];
      for (let pagina = 1; ; pagina++) {
        const l = listBody(
          await t.get(`/v1/clientes?atualizado_desde=2030-01-01T00:00:00Z&por_pagina=7&pagina=${pagina}&${query}`, tokenA),
          ClienteSchema,
        );
        assert.equal(l.meta.total, 120);
        out.push(...l.data.map((c) => c.id));
        if (pagina >= l.meta.total_paginas) return out;
      }
    };
    assert.deepEqual(await read('ordenar_por=atualizado_em'), expected);
    assert.deepEqual(await read('ordenar_por=atualizado_em&ordem=desc'), [...expected].reverse());
    const later = listBody(await t.get('/v1/clientes?atualizado_desde=2030-01-01T00:00:02Z&por_pagina=200', tokenA), ClienteSchema);
    assert.equal(later.meta.total, 40);
  });
});

describe('conditional GETs (D46)', () => {
  const COMMON = ['content-type', 'cache-control', 'pragma', 'x-content-type-options', 'referrer-policy', 'x-request-id'];
  const RATE = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

  test('every 200 of a list, a detail and a feed has a strong ETag; a matching If-None-Match is 304 with every header and no body', async () => {
    for (const url of ['/v1/clientes', '/v1/clientes/7001', '/v1/clientes/alteracoes', '/v1/contas-receber', '/v1/ordens-servico/7201']) {
      // A window of its own per URL: these requests count like any (D46).
      const token = await t.token(await t.credential(a));
      const ok = await t.get(url, token);
      assert.equal(ok.statusCode, 200, url);
      const etag = String(ok.headers.etag);
      assert.match(etag, /^"[A-Za-z0-9_-]{43}"$/, 'strong, from the body');
      assert.equal((await t.get(url, token)).headers.etag, etag, 'the same body, the same tag');
      for (const condition of [etag, `W/${etag}`, `"other", ${etag}`, '*', ` ${etag} ,"x"`]) {
        const res = await t.get(url, token, { 'if-none-match': condition });
        assert.equal(res.statusCode, 304, `${url} ${condition}`);
        assert.equal(res.body, '');
        assert.equal(res.headers.etag, etag);
        for (const h of [...COMMON, ...RATE]) assert.ok(res.headers[h] !== undefined, `${h} on the 304`);
        assert.equal(res.headers['cache-control'], 'no-store');
      }
      for (const condition of ['"other"', 'W/"other"', etag.slice(0, -1), 'garbage']) {
        const res = await t.get(url, token, { 'if-none-match': condition });
        assert.equal(res.statusCode, 200, `${url} ${condition}`);
      }
    }
  });

  test('a 304 counts in the rate limit; an error never has a tag; a changed body changes the tag', async () => {
    const tokenA = await t.token(await t.credential(a));
    const first = await t.get('/v1/clientes/7001', tokenA);
    const etag = String(first.headers.etag);
    const remaining = Number(first.headers['x-ratelimit-remaining']);
    const cached = await t.get('/v1/clientes/7001', tokenA, { 'if-none-match': etag });
    assert.equal(cached.statusCode, 304);
    assert.equal(Number(cached.headers['x-ratelimit-remaining']), remaining - 1);
    const missing = await t.get('/v1/clientes/999999', tokenA, { 'if-none-match': '*' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers.etag, undefined);
    await sql('UPDATE clientes SET sobrenome = $2 WHERE id = $1', [7001, 'outra']);
    const changed = await t.get('/v1/clientes/7001', tokenA, { 'if-none-match': etag });
    assert.equal(changed.statusCode, 200);
    assert.notEqual(changed.headers.etag, etag);
  });
});
