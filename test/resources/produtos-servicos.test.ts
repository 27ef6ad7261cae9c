import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Scope } from '../../src/domain/scopes.ts';
import type { Dataset, DatasetProduto } from '../../src/store/import/dataset.ts';
import type { Static } from 'typebox';
import { ProdutoSchema } from '../../src/resources/produtos/produtos.schema.ts';
import { ServicoSchema } from '../../src/resources/servicos/servicos.schema.ts';
import { detailBody, errorBody, listBody, type ListBody, sansAtualizadoEm } from '../helpers/bodies.ts';
import { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let empresa: number;
let outra: number;

/** Both records: a servico is a produto without `unidade` (D24). */
type Item = Static<typeof ServicoSchema> & { unidade?: string | null };
type List = { data: Item[]; meta: ListBody<typeof ServicoSchema>['meta'] };

/** Produtos and servicos behave alike (D24): the same cases run on both, ids offset by `base`. */
interface Catalogue {
  name: 'produtos' | 'servicos';
  scope: Scope;
  base: number;
  schema: typeof ProdutoSchema | typeof ServicoSchema;
  fields: string[];
}
const COMMON_FIELDS = ['ativo', 'atualizado_em', 'codigo', 'data_cadastro', 'descricao', 'id', 'nome', 'valor'];
const CATALOGUES: Catalogue[] = [
  { name: 'produtos', scope: 'produtos:ler', base: 400, schema: ProdutoSchema, fields: [...COMMON_FIELDS, 'unidade'].sort() },
  { name: 'servicos', scope: 'servicos:ler', base: 500, schema: ServicoSchema, fields: COMMON_FIELDS },
];

// Ids relative to the catalogue's base.
function items(e: number, base: number): DatasetProduto[] {
  return [
    {
      id: base + 1,
      empresa_id: e,
      codigo: 'P-1',
      nome: 'Tela de proteção',
      descricao: 'Tela 15"',
      unidade: 'UN',
      valor: 0.1,
      data_cadastro: '2024-03-05T13:20:00-03:00',
    },
    { id: base + 2, empresa_id: e, nome: 'Água mineral 500ml', unidade: 'UN', valor: 1234567.89 },
    { id: base + 3, empresa_id: e, nome: 'parafuso', valor: null, ativo: false, data_cadastro: '2023-01-01T00:00:00Z' },
    { id: base + 4, empresa_id: e, nome: 'Excluído tela', valor: 1, excluido: true },
    { id: base + 5, empresa_id: e, nome: '100% Algodão_fio', valor: 12.5 },
    { id: base + 6, empresa_id: e, nome: 'ábaco', valor: 3 },
    { id: base + 7, empresa_id: e, nome: null, valor: 1 },
    { id: base + 9, empresa_id: e, ativo: false }, // nome and valor omitted
    { id: base + 8, empresa_id: e, nome: 'TELA DE PROTEÇÃO', valor: 2, data_cadastro: '2024-01-01T12:00:00+02:00' },
  ];
}

function dataset(c: Catalogue, records: DatasetProduto[]): Dataset {
  if (c.name === 'produtos') return { produtos: records };
  return { servicos: records.map(({ unidade: _unidade, ...servico }) => servico) };
}

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  outra = await t.company();
  for (const c of CATALOGUES) {
    await t.load(dataset(c, items(empresa, c.base)));
    await t.load(dataset(c, [{ id: c.base + 90, empresa_id: outra, nome: 'Tela alheia', valor: 5 }]));
  }
});
after(async () => t.close());

function assert400(res: { statusCode: number; json(): unknown }, ...campos: string[]): void {
  assert.equal(res.statusCode, 400);
  const erro = errorBody(res);
  assert.equal(erro.codigo, 'requisicao_invalida');
  assert.deepEqual(erro.detalhes.map((d) => d.campo).sort(), [...campos].sort());
}
function assert404(res: { statusCode: number; json(): unknown }): void {
  assert.equal(res.statusCode, 404);
  assert.equal(errorBody(res).codigo, 'recurso_nao_encontrado');
}

for (const c of CATALOGUES) {
  const path = `/v1/${c.name}`;
  const id = (n: number) => c.base + n;
  let token: string;

  describe(`${path}`, () => {
    // Fresh credentials per test keep each test inside its own 120-per-minute window.
    beforeEach(async () => {
      token = await t.token(await t.credential(empresa, { scopes: [c.scope] }));
    });
    const get = (query: string, bearer = token) => t.get(`${path}${query}`, bearer);
    async function list(query: string, bearer = token): Promise<List> {
      const res = await get(query, bearer);
      assert.equal(res.statusCode, 200, res.body);
      return listBody(res, c.schema);
    }
    const ids = (l: List) => l.data.map((x) => x.id);

    describe('records', () => {
      test('default: active, not deleted, id ascending, the D24 fields', async () => {
        const l = await list('');
        assert.deepEqual(ids(l), [1, 2, 5, 6, 7, 8].map(id));
        assert.deepEqual(l.meta, { pagina: 1, por_pagina: 50, total: 6, total_paginas: 1 });
        for (const x of l.data) assert.deepEqual(Object.keys(x).sort(), c.fields);
      });

      test('a full record: nullable fields, valor as a number, data_cadastro RFC 3339 UTC (D18, D23, D24)', async () => {
        const byId = new Map((await list('')).data.map((x) => [x.id, x]));
        const unidade = c.name === 'produtos' ? { unidade: 'UN' } : {};
        const first = byId.get(id(1));
        assert.deepEqual(first && sansAtualizadoEm(first), {
          id: id(1),
          codigo: 'P-1',
          nome: 'Tela de proteção',
          descricao: 'Tela 15"',
          ...unidade,
          valor: 0.1,
          ativo: true,
          data_cadastro: '2024-03-05T16:20:00Z',
        });
        const sparse = byId.get(id(7));
        assert.deepEqual([sparse?.codigo, sparse?.nome, sparse?.descricao, sparse?.data_cadastro], [null, '', null, null]);
        if (c.name === 'produtos') assert.equal(sparse?.unidade, null);
        assert.equal(byId.get(id(8))?.data_cadastro, '2024-01-01T10:00:00Z');
      });

      test('money is an exact JSON number (D23)', async () => {
        const res = await get('?por_pagina=2');
        assert.match(res.body, /"valor":0\.1,/);
        assert.match(res.body, /"valor":1234567\.89,/);
      });

      test('without a name or a price: nome "" and valor 0, never null (D24, ADR 0008)', async () => {
        // id 3: valor null in the file; id 7: nome null; id 9: both omitted
        const inactive = new Map((await list('?ativo=0')).data.map((x) => [x.id, x]));
        assert.equal(inactive.get(id(3))?.valor, 0);
        assert.deepEqual([inactive.get(id(9))?.nome, inactive.get(id(9))?.valor], ['', 0]);
        const res = await get(`/${id(9)}`);
        assert.equal(res.statusCode, 200);
        assert.match(res.body, /"nome":"",/);
        assert.match(res.body, /"valor":0,/);
        assert.doesNotMatch((await get('?ativo=0')).body, /"nome":null|"valor":null/);
        // the sort and the filter read the name served: "" sorts first ascending, last descending
        assert.deepEqual(ids(await list('?ativo=0&ordenar_por=nome')), [9, 3].map(id));
        assert.deepEqual(ids(await list('?ativo=0&ordenar_por=nome&ordem=desc')), [3, 9].map(id));
      });
    });

    describe('filters', () => {
      test('nome: contains, case- and accent-insensitive on both sides (D11)', async () => {
        assert.deepEqual(ids(await list('?nome=tela')), [1, 8].map(id));
        assert.deepEqual(ids(await list('?nome=agua')), [id(2)]);
        assert.deepEqual(ids(await list('?nome=%C3%81GUA')), [id(2)], 'accented term');
        assert.deepEqual(ids(await list('?nome=protecao')), [1, 8].map(id));
        assert.deepEqual(ids(await list('?nome=ABAC')), [id(6)]);
        assert.deepEqual(ids(await list('?nome=%20%20mineral%20%20')), [id(2)], 'trimmed');
        assert.deepEqual(ids(await list('?nome=exclu')), [], 'deleted never appear');
        assert.deepEqual(ids(await list('?nome=alheia')), [], "another company's never appear");
      });

      test('nome: a decomposed accent (a + U+0301) searches like the precomposed one (D11, NFC)', async () => {
        assert.deepEqual(ids(await list('?nome=a%CC%81gua')), [id(2)], 'a + combining acute');
        assert.deepEqual(ids(await list('?nome=A%CC%81GUA')), [id(2)]);
        assert.deepEqual(ids(await list('?nome=prote%C3%A7a%CC%83o')), [1, 8].map(id), 'precomposed ç, decomposed ã');
        assert.deepEqual(ids(await list('?nome=a%CC%81b')), [id(6)], 'two characters once composed');
      });

      test('nome: wildcards are literal; at least 2 characters after trimming', async () => {
        assert.deepEqual(ids(await list('?nome=100%25')), [id(5)]);
        assert.deepEqual(ids(await list('?nome=o_f')), [id(5)]);
        assert.deepEqual(ids(await list('?nome=a_m')), [], '_ is not a wildcard');
        assert.deepEqual(ids(await list('?nome=a%25l')), [], '% is not a wildcard');
        assert400(await get('?nome=a'), 'nome');
        assert400(await get('?nome=%20a%20'), 'nome');
        assert400(await get('?nome='), 'nome');
      });

      test('ativo: 1 by default, 0 for inactive, anything else 400', async () => {
        assert.deepEqual(ids(await list('?ativo=0')), [3, 9].map(id));
        assert.deepEqual(ids(await list('?ativo=1')), ids(await list('')));
        assert.deepEqual(ids(await list('?ativo=0&nome=parafuso')), [id(3)]);
        for (const v of ['2', 'true', 'sim', '01']) assert400(await get(`?ativo=${v}`), 'ativo');
      });

      test('unknown, repeated and empty parameters are 400, every offending field listed (D7, D8, D37)', async () => {
        assert400(await get('?codigo=P-1'), 'codigo');
        assert400(await get('?Nome=tela'), 'Nome');
        assert400(await get('?ativo=1&ativo=1'), 'ativo');
        assert400(await get('?nome=a&ativo=2&ordenar_por=valor'), 'nome', 'ativo', 'ordenar_por');
      });
    });

    describe('sorting and paging (D9, D10)', () => {
      const byName = [7, 5, 6, 2, 1, 8].map(id); // '', 100%..., abaco, agua..., tela (1), tela (8)

      async function allPages(query: string, size: number): Promise<number[]> {
        const first = await list(`${query}&por_pagina=${size}`);
        const out = ids(first);
        for (let p = 2; p <= first.meta.total_paginas; p++) out.push(...ids(await list(`${query}&por_pagina=${size}&pagina=${p}`)));
        return out;
      }

      test('nome sorts case- and accent-insensitively, id tie-break in the same direction', async () => {
        assert.deepEqual(ids(await list('?ordenar_por=nome&ordem=asc')), byName);
        assert.deepEqual(ids(await list('?ordenar_por=nome&ordem=desc')), [...byName].reverse());
      });

      test('ordenar_por alone sorts ascending; ordem alone applies to id (D9)', async () => {
        assert.deepEqual(ids(await list('?ordenar_por=nome')), byName);
        assert.deepEqual(ids(await list('?ordenar_por=id')), [1, 2, 5, 6, 7, 8].map(id));
        assert.deepEqual(ids(await list('?ordem=desc')), [8, 7, 6, 5, 2, 1].map(id));
        for (const v of ['valor', 'codigo', 'data_cadastro', 'NOME']) assert400(await get(`?ordenar_por=${v}`), 'ordenar_por');
        assert400(await get('?ordem=DESC'), 'ordem');
      });

      test('pages of 1, 2 and 3 concatenate to the full ordered list, every sort and direction', async () => {
        for (const sort of ['id', 'nome']) {
          for (const dir of ['asc', 'desc']) {
            const query = `?ordenar_por=${sort}&ordem=${dir}`;
            const whole = ids(await list(query));
            assert.equal(whole.length, 6);
            for (const size of [1, 2, 3]) assert.deepEqual(await allPages(query, size), whole, `${query} by ${size}`);
          }
        }
      });

      test('a page past the end is 200 with data [] and the true totals (D10)', async () => {
        assert.deepEqual(await list('?pagina=3&por_pagina=4'), {
          data: [],
          meta: { pagina: 3, por_pagina: 4, total: 6, total_paginas: 2 },
        });
        assert.deepEqual((await list('?nome=zzzz')).meta, { pagina: 1, por_pagina: 50, total: 0, total_paginas: 0 });
        for (const q of ['?pagina=0', '?pagina=01']) assert400(await get(q), 'pagina');
        for (const q of ['?por_pagina=0', '?por_pagina=201']) assert400(await get(q), 'por_pagina');
      });
    });

    describe(`${path}/{id}`, () => {
      test('returns {data: record}, the same as in the list', async () => {
        const res = await get(`/${id(2)}`);
        assert.equal(res.statusCode, 200);
        const listed = (await list('')).data.find((x) => x.id === id(2));
        assert.deepEqual(res.json(), { data: listed });
        assert.match(res.body, /"valor":1234567\.89/);
      });

      test("inactive ones are found; deleted, missing and other companies' are 404 (D22)", async () => {
        const inactive = detailBody(await get(`/${id(3)}`), c.schema);
        assert.deepEqual([inactive.data.id, inactive.data.ativo, inactive.data.valor], [id(3), false, 0]);
        for (const n of [id(4), 999_999, c.base + 90]) assert404(await get(`/${n}`));
      });

      test('the id is a positive integer in plain digits; no query parameter is accepted (D6, D8)', async () => {
        for (const bad of ['0', '-1', `0${id(1)}`, 'abc', '1.0', '9007199254740992']) assert400(await get(`/${bad}`), 'id');
        assert400(await get(`/${id(1)}?ativo=1`), 'ativo');
        assert400(await get(`/${id(1)}?nome=tela`), 'nome');
        assert400(await get(`/0?x=1`), 'id', 'x');
      });
    });

    describe('company isolation', () => {
      test('the other company sees only its own record, list and detail', async () => {
        const other = await t.token(await t.credential(outra, { scopes: [c.scope] }));
        assert.deepEqual(ids(await list('', other)), [c.base + 90]);
        assert.deepEqual(ids(await list('?nome=tela', other)), [c.base + 90]);
        assert.equal((await get(`/${c.base + 90}`, other)).statusCode, 200);
        assert404(await get(`/${id(1)}`, other));
        assert.ok(!ids(await list('')).includes(c.base + 90));
      });
    });
  });
}
