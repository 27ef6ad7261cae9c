import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { hasIdParam, type DataRoute } from '../../src/contract/data-route.ts';
import { DATA_ROUTES } from '../../src/routes.ts';
import { assertSpecHeaders, normalised, size, UnlimitedLimiter } from '../helpers/adversarial.ts';
import { TestApp } from '../helpers/test-app.ts';
import { CEDENTE_COLLECTION, sideDataset, type Side } from '../helpers/two-companies.ts';

/**
 * Isolation, attacked (issue 12): two companies whose ids interleave in every table; each one's
 * token asks for every detail id and every id filter of the other. Another company's record must be
 * indistinguishable from a missing one — byte for byte but for the request id (D22, architecture
 * convention 2). Generated from the route table: a new detail route or id filter is probed at once,
 * and one the suite cannot map fails the first test. 16·N probes per direction: N = 70 in npm test
 * (2,240 probes), 300 with ADVERSARIAL_LONG=1 (9,600).
 */
const N = size(70, 300);
const MISSING = 999_999_999;

/** The collection whose ids a route's `{id}` or records are, by resource URL. */
const COLLECTION: Record<string, string> = {
  '/v1/clientes': 'clientes',
  '/v1/ordens-servico': 'ordens_servico',
  '/v1/contas-receber': 'contas_receber',
  '/v1/contas-pagar': 'contas_pagar',
  '/v1/boletos': 'boletos',
  '/v1/produtos': 'produtos',
  '/v1/servicos': 'servicos',
};

/** What an id filter refers to, and what must be sent with it (D22, `cedente_id` needs its type). */
const ID_FILTERS: Record<string, { collection: string; with: string }[]> = {
  cliente_id: [{ collection: 'clientes', with: '' }],
  tecnico_id: [{ collection: 'tecnicos', with: '' }],
  cedente_id: Object.entries(CEDENTE_COLLECTION).map(([tipo, collection]) => ({ collection, with: `&cedente_tipo=${tipo}` })),
};

/** A route's resource, `/v1/<segment>`: its detail, its list and any other route below it (a change feed) share it. */
const resourceOf = (route: DataRoute) => route.url.split('/').slice(0, 3).join('/');
/** The paged lists (spec "List endpoints accept pagina, por_pagina, ..."). */
const isList = (route: DataRoute) => !hasIdParam(route) && Object.hasOwn(route.params, 'pagina');
const idFilters = (route: DataRoute) =>
  Object.entries(route.params).filter(([name, spec]) => spec.kind === 'integer' && name.endsWith('_id'));
const detailVariants = (route: DataRoute) => ['', ...(Object.hasOwn(route.params, 'incluir') ? ['?incluir=contato'] : [])];

let t: TestApp;
const sides: { self: Side; other: Side; token: string }[] = [];
const counts = { probes: 0, controls: 0, scanned: 0 };

before(async () => {
  t = await TestApp.start({ limiter: new UnlimitedLimiter() });
  const a = sideDataset(71, 0, N, 'Empresa A');
  const b = sideDataset(72, 1, N, 'Empresa B');
  await t.load(a.dataset);
  await t.load(b.dataset);
  const tokenOf = async (side: Side) => t.token(await t.credential(side.empresaId));
  sides.push({ self: a.side, other: b.side, token: await tokenOf(a.side) }, { self: b.side, other: a.side, token: await tokenOf(b.side) });
});
after(async () => {
  console.log(`# isolation: ${counts.probes} probes of the other company, ${counts.controls} controls, ${counts.scanned} list pages`);
  await t.close();
});

/** Runs the jobs four at a time: PGlite serves one query at a time, but the HTTP side overlaps. */
async function pooled<T>(items: T[], job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await job(items[next++] as T);
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

function assertNoLeak(res: LightMyRequestResponse, other: Side, url: string): void {
  assert.ok(!res.body.includes(other.marker), `${url}: the other company's text in ${res.body.slice(0, 300)}`);
}

test('every data route maps to a collection, and every id filter to what it refers to', () => {
  const unmapped = DATA_ROUTES.filter((r) => COLLECTION[resourceOf(r)] === undefined).map((r) => r.url);
  assert.deepEqual(unmapped, [], 'add the collection of each route listed');
  const filters = DATA_ROUTES.flatMap((r) => idFilters(r).map(([name]) => name));
  assert.deepEqual(
    filters.filter((name) => ID_FILTERS[name] === undefined),
    [],
    'add what each id filter listed refers to',
  );
  assert.ok(DATA_ROUTES.filter(hasIdParam).length >= 4 && filters.length >= 5, 'the route table has its detail routes and id filters');
});

test("every detail id of the other company: 404 identical to a missing id's but for the request id", async () => {
  for (const { self, other, token } of sides) {
    for (const route of DATA_ROUTES.filter(hasIdParam)) {
      const collection = COLLECTION[resourceOf(route)] ?? '';
      for (const variant of detailVariants(route)) {
        const at = (id: number) => route.url.replace(':id', String(id)) + variant;
        const missingRes = await t.get(at(MISSING), token);
        assertSpecHeaders(missingRes, at(MISSING));
        const missing = normalised(missingRes);
        assert.equal(missing.status, 404);
        await pooled(other.ids[collection] ?? [], async (id) => {
          const res = await t.get(at(id), token);
          assert.deepEqual(normalised(res), missing, at(id));
          counts.probes++;
        });
        await pooled(self.ids[collection] ?? [], async (id) => {
          const res = await t.get(at(id), token);
          assert.equal(res.statusCode, 200, `${at(id)}: its own record`);
          assert.equal((res.json() as { data: { id: number } }).data.id, id);
          assertNoLeak(res, other, at(id));
          counts.controls++;
        });
      }
    }
  }
});

test("every id filter with the other company's ids: the answer of a missing id, exactly", async () => {
  for (const { self, other, token } of sides) {
    for (const route of DATA_ROUTES.filter(isList)) {
      for (const [name] of idFilters(route)) {
        for (const target of ID_FILTERS[name] ?? []) {
          const at = (id: number) => `${route.url}?${name}=${id}${target.with}`;
          const missingRes = await t.get(at(MISSING), token);
          assertSpecHeaders(missingRes, at(MISSING));
          const missing = normalised(missingRes);
          assert.equal(missing.status, 200);
          assert.match(missing.body, /"total":0\b/);
          await pooled(other.ids[target.collection] ?? [], async (id) => {
            // The Link header (RFC 8288) repeats the query as sent: the probed id, not the missing one.
            const probe = normalised(await t.get(at(id), token));
            const link = probe.headers.link;
            if (typeof link === 'string') probe.headers.link = link.replaceAll(`${name}=${id}&`, `${name}=${MISSING}&`);
            assert.deepEqual(probe, missing, at(id));
            counts.probes++;
          });
          // The filter does find the company's own records: the probes above are not vacuous.
          const own = new Set(self.ids[COLLECTION[resourceOf(route)] ?? ''] ?? []);
          await pooled(self.ids[target.collection] ?? [], async (id) => {
            const res = await t.get(at(id), token);
            const { data, meta } = res.json() as { data: { id: number }[]; meta: { total: number } };
            assert.ok(meta.total >= 1, `${at(id)}: its own record is found`);
            assert.ok(
              data.every((r) => own.has(r.id)),
              at(id),
            );
            assertNoLeak(res, other, at(id));
            counts.controls++;
          });
        }
      }
    }
  }
});

test('every list, every page, active and inactive, with contact: only the company’s own records', async () => {
  for (const { self, other, token } of sides) {
    for (const route of DATA_ROUTES.filter(isList)) {
      const own = new Set(self.ids[COLLECTION[resourceOf(route)] ?? ''] ?? []);
      const variants = [''];
      if (Object.hasOwn(route.params, 'ativo')) variants.push('&ativo=0');
      if (Object.hasOwn(route.params, 'incluir')) variants.push('&incluir=contato', '&ativo=0&incluir=contato');
      let seen = 0;
      for (const variant of variants) {
        for (let pagina = 1; ; pagina++) {
          const url = `${route.url}?por_pagina=200&pagina=${pagina}${variant}`;
          const res = await t.get(url, token);
          assert.equal(res.statusCode, 200, url);
          assertNoLeak(res, other, url);
          const { data, meta } = res.json() as { data: { id: number }[]; meta: { total_paginas: number } };
          for (const r of data) assert.ok(own.has(r.id), `${url}: id ${r.id} is not the company's`);
          if (!variant.includes('incluir')) seen += data.length;
          counts.scanned++;
          if (pagina >= meta.total_paginas) break;
        }
      }
      assert.equal(seen, own.size, `${route.url}: active and inactive together are all the company's records`);
    }
  }
});

test('every other route of the table (neither a detail nor a paged list): nothing of the other company', async () => {
  for (const { other, token } of sides) {
    for (const route of DATA_ROUTES.filter((r) => !hasIdParam(r) && !isList(r))) {
      const res = await t.get(route.url, token);
      assert.equal(res.statusCode, 200, route.url);
      assertNoLeak(res, other, route.url);
      counts.scanned++;
    }
  }
});

test('every export: exactly the company’s own records, with contact too, nothing of the other company (D48)', async () => {
  for (const { self, other, token } of sides) {
    for (const route of DATA_ROUTES.filter((r) => r.export === true)) {
      const own = [...(self.ids[COLLECTION[resourceOf(route)] ?? ''] ?? [])].sort((x, y) => x - y);
      for (const query of ['', ...(Object.hasOwn(route.params, 'incluir') ? ['?incluir=contato'] : [])]) {
        const url = `${route.url}${query}`;
        const res = await t.get(url, token);
        assert.equal(res.statusCode, 200, url);
        assertNoLeak(res, other, url);
        const lines = res.body.trimEnd().split('\n');
        const fim = JSON.parse(lines.pop() ?? '') as { fim: boolean; total: number };
        const ids = lines.map((line) => (JSON.parse(line) as { id: number }).id);
        assert.deepEqual(ids, own, `${url}: every record of the company, by id, and no other`);
        assert.deepEqual([fim.fim, fim.total], [true, own.length], url);
        counts.scanned++;
      }
    }
  }
});

test("a record pointing at the other company's ids embeds nothing of it (D22)", async () => {
  const [{ self, other, token }] = sides as [(typeof sides)[number]];
  const [clienteB, tecnicoB, fornecedorB] = [other.ids.clientes?.[0], other.ids.tecnicos?.[0], other.ids.fornecedores?.[0]];
  const id = 900_001;
  await t.load({
    ordens_servico: [
      { id, empresa_id: self.empresaId, status: 'aberta', cliente_id: clienteB, tecnico_id: tecnicoB, data_abertura: '2025-06-02' },
    ],
    boletos: [{ id, empresa_id: self.empresaId, cliente_id: clienteB, valor: 1, vencimento: '2025-05-05', status: 'pendente' }],
    contas_receber: [
      { id, empresa_id: self.empresaId, cedente_tipo: 'fornecedor', cedente_id: fornecedorB, valor: 1, vencimento: '2025-05-05' },
    ],
  });
  const os = await t.get(`/v1/ordens-servico/${id}`, token);
  assert.equal(os.statusCode, 200);
  const data = (os.json() as { data: { cliente: unknown; tecnico: unknown } }).data;
  assert.deepEqual([data.cliente, data.tecnico], [null, null]);
  for (const url of [
    `/v1/ordens-servico?cliente_id=${clienteB}`,
    `/v1/boletos?cliente_id=${clienteB}`,
    '/v1/contas-receber?por_pagina=200',
  ]) {
    const res = await t.get(url, token);
    assert.equal(res.statusCode, 200, url);
    assertNoLeak(res, other, url);
  }
  const slips = (await t.get(`/v1/boletos?cliente_id=${clienteB}`, token)).json() as { data: { id: number; cliente: unknown }[] };
  assert.deepEqual(
    slips.data.map((b) => [b.id, b.cliente]),
    [[id, null]],
    'its own slip only, with cliente null',
  );
  const contas = (await t.get('/v1/contas-receber?por_pagina=200', token)).json() as { data: { id: number; cedente: unknown }[] };
  assert.deepEqual(contas.data.find((c) => c.id === id)?.cedente, { tipo: 'fornecedor', id: fornecedorB, nome: null });
});

test('the probes add up to the size the suite promises', () => {
  assert.equal(counts.probes, 2 * 16 * N, 'per direction: 4 details + 1 with contact, 3 id filters + 2 x 4 cedente types, N ids each');
  assert.ok(counts.probes >= 2000);
});
