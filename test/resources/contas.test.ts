import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Scope } from '../../src/domain/scopes.ts';
import type { Dataset, DatasetConta } from '../../src/store/import/dataset.ts';
import type { CedenteTipo } from '../../src/domain/conta.ts';
import type { Static } from 'typebox';
import { ContaSchema } from '../../src/resources/contas/contas.schema.ts';
import { errorBody, listBody, type ListBody, sansAtualizadoEm } from '../helpers/bodies.ts';
import { TestApp, type TestCredential } from '../helpers/test-app.ts';

let t: TestApp;
let empresa: number;
let outra: number; // another company
let full: string; // every scope

type Status = 'aberto' | 'pago' | 'vencido';
type Conta = Omit<Static<typeof ContaSchema>, 'atualizado_em'>;
type List = ListBody<typeof ContaSchema>;

// D15: business dates relative to today in America/Sao_Paulo, as the server computes them.
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
  new Date(),
);
function shift(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const YESTERDAY = shift(TODAY, -1);
const TOMORROW = shift(TODAY, 1);

const CLIENTE = 501;
const CLIENTE_EXCLUIDO = 502;
const CLIENTE_DA_OUTRA = 503;
const FORNECEDOR = 601;
const FORNECEDOR_EXCLUIDO = 602;
const PRE_CLIENTE = 701;
const PRE_CLIENTE_EXCLUIDO = 702;
const USUARIO = 801;
const USUARIO_EXCLUIDO = 802;
const USUARIO_DA_OUTRA = 803;
const INEXISTENTE = 999_999;

/** One fixture conta and the cedente name the API must show for it. */
interface Spec {
  n: number;
  tipo: CedenteTipo;
  cedenteId?: number;
  livre?: string;
  nome: string | null;
  descricao?: string;
  valor: number;
  venc: string;
  pago?: string;
  excluido?: true;
}

// Ties on purpose: valor 100 (7, 8), vencimento 2025-03-01 (2, 7) and 2025-06-30 (12, 13),
// data_pagamento 2025-03-05 (7, 12), so the id tie-break is exercised on every sort.
const SPECS: Spec[] = [
  {
    n: 1,
    tipo: 'cliente',
    cedenteId: CLIENTE,
    nome: 'João da Silva',
    descricao: 'Mensalidade janeiro',
    valor: 0.1,
    venc: '2025-01-15',
    pago: '2025-01-10',
  },
  { n: 2, tipo: 'cliente', cedenteId: CLIENTE_EXCLUIDO, nome: null, valor: 0.2, venc: '2025-03-01' },
  {
    n: 3,
    tipo: 'fornecedor',
    cedenteId: FORNECEDOR,
    nome: 'Fornecedora Alfa Ltda',
    valor: 1234567.89,
    venc: '2026-01-15',
    pago: '2026-01-20',
  },
  { n: 4, tipo: 'fornecedor', cedenteId: FORNECEDOR_EXCLUIDO, nome: null, valor: 9999999999999.99, venc: '2026-01-16' },
  { n: 5, tipo: 'pre_cliente', cedenteId: PRE_CLIENTE, nome: 'Pré-cliente Beta', valor: 50, venc: '2024-02-29', pago: '2024-03-01' },
  { n: 6, tipo: 'pre_cliente', cedenteId: PRE_CLIENTE_EXCLUIDO, nome: null, valor: 10, venc: '2025-02-28' },
  { n: 7, tipo: 'usuario', cedenteId: USUARIO, nome: 'Usuária Gama', valor: 100, venc: '2025-03-01', pago: '2025-03-05' },
  { n: 8, tipo: 'usuario', cedenteId: USUARIO_EXCLUIDO, nome: null, valor: 100, venc: YESTERDAY },
  { n: 9, tipo: 'usuario', cedenteId: USUARIO_DA_OUTRA, nome: null, valor: 75.5, venc: TODAY },
  { n: 10, tipo: 'outro', livre: 'Cartório Central', nome: 'Cartório Central', valor: 12.34, venc: TOMORROW },
  { n: 11, tipo: 'cliente', cedenteId: INEXISTENTE, nome: null, valor: 1, venc: YESTERDAY, pago: YESTERDAY },
  { n: 12, tipo: 'cliente', cedenteId: CLIENTE_DA_OUTRA, nome: null, valor: 2, venc: '2025-06-30', pago: '2025-03-05' },
  { n: 13, tipo: 'fornecedor', cedenteId: INEXISTENTE, nome: null, valor: 3, venc: '2025-06-30' },
  { n: 14, tipo: 'pre_cliente', cedenteId: INEXISTENTE, nome: null, valor: 4, venc: '2025-07-01' },
  { n: 15, tipo: 'usuario', cedenteId: INEXISTENTE, nome: null, valor: 5, venc: '2025-07-02', pago: '2025-07-02' },
  { n: 16, tipo: 'outro', nome: null, valor: 6, venc: '2025-07-03' },
  { n: 17, tipo: 'cliente', cedenteId: CLIENTE, nome: 'João da Silva', valor: 500, venc: '2025-08-01', excluido: true },
];
const OUTRA_N = 90;

interface Resource {
  url: string;
  scope: Scope;
  tabela: 'contas_receber' | 'contas_pagar';
  base: number;
}
const RESOURCES: Resource[] = [
  { url: '/v1/contas-receber', scope: 'contas-receber:ler', tabela: 'contas_receber', base: 10_000 },
  { url: '/v1/contas-pagar', scope: 'contas-pagar:ler', tabela: 'contas_pagar', base: 20_000 },
];

function datasetOf(tabela: Resource['tabela'], contas: DatasetConta[]): Dataset {
  return tabela === 'contas_receber' ? { contas_receber: contas } : { contas_pagar: contas };
}

function row(base: number, empresaId: number, s: Spec): DatasetConta {
  return {
    id: base + s.n,
    empresa_id: empresaId,
    cedente_tipo: s.tipo,
    cedente_id: s.cedenteId ?? null,
    cedente_nome: s.livre ?? null,
    descricao: s.descricao ?? null,
    valor: s.valor,
    vencimento: s.venc,
    data_pagamento: s.pago ?? null,
    excluido: s.excluido ?? false,
  };
}

/** D19, the rule the server must apply. */
function statusOf(s: Spec): Status {
  if (s.pago !== undefined) return 'pago';
  return s.venc < TODAY ? 'vencido' : 'aberto';
}

function expected(base: number, s: Spec): Conta {
  return {
    id: base + s.n,
    cedente: { tipo: s.tipo, id: s.cedenteId ?? null, nome: s.nome },
    descricao: s.descricao ?? null,
    valor: s.valor,
    vencimento: s.venc,
    status: statusOf(s),
    data_pagamento: s.pago ?? null,
  };
}

type SortField = 'id' | 'vencimento' | 'valor' | 'data_pagamento';

/** D9: the field, nulls last in both directions, then id in the same direction. */
function ordered(rows: Conta[], field: SortField, dir: 'asc' | 'desc'): number[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [va, vb] = [a[field], b[field]];
      if (va === null || vb === null) {
        if (va !== vb) return va === null ? 1 : -1;
      } else if (va !== vb) {
        return (va < vb ? -1 : 1) * sign;
      }
      return (a.id - b.id) * sign;
    })
    .map((r) => r.id);
}

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  outra = await t.company();
  await t.load({
    usuarios: [
      { id: USUARIO, empresa_id: empresa, nome: 'Usuária Gama' },
      { id: USUARIO_EXCLUIDO, empresa_id: empresa, nome: 'Usuário Apagado', excluido: true },
      { id: USUARIO_DA_OUTRA, empresa_id: outra, nome: 'Usuário da Outra' },
    ],
    clientes: [
      { id: CLIENTE, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'João', sobrenome: 'da Silva' },
      { id: CLIENTE_EXCLUIDO, empresa_id: empresa, tipo_pessoa: 'juridica', razao_social: 'Apagada SA', excluido: true },
      { id: CLIENTE_DA_OUTRA, empresa_id: outra, tipo_pessoa: 'juridica', razao_social: 'Cliente da Outra SA' },
    ],
    fornecedores: [
      { id: FORNECEDOR, empresa_id: empresa, nome: 'Fornecedora Alfa Ltda' },
      { id: FORNECEDOR_EXCLUIDO, empresa_id: empresa, nome: 'Fornecedor Apagado', excluido: true },
    ],
    pre_clientes: [
      { id: PRE_CLIENTE, empresa_id: empresa, nome: 'Pré-cliente Beta' },
      { id: PRE_CLIENTE_EXCLUIDO, empresa_id: empresa, nome: 'Pré Apagado', excluido: true },
    ],
  });
  for (const r of RESOURCES) {
    const outraConta: Spec = {
      n: OUTRA_N,
      tipo: 'outro',
      livre: 'Da outra empresa',
      nome: 'Da outra empresa',
      valor: 1,
      venc: '2025-05-05',
    };
    await t.load(datasetOf(r.tabela, [...SPECS.map((s) => row(r.base, empresa, s)), row(r.base, outra, outraConta)]));
  }
});
// Fresh credentials per test keep each test inside its own 120-per-minute window; the previous
// one is revoked, as the company may hold at most 50 active credentials (D47).
let current: TestCredential | undefined;
beforeEach(async () => {
  if (current !== undefined) await t.revoke(current);
  current = await t.credential(empresa);
  full = await t.token(current);
});
after(async () => t.close());

function assert400(res: { statusCode: number; json(): unknown }, campos: string[]): void {
  assert.equal(res.statusCode, 400);
  const erro = errorBody(res);
  assert.equal(erro.codigo, 'requisicao_invalida');
  assert.deepEqual(
    erro.detalhes.map((d) => d.campo),
    campos,
  );
}

function contasSuite(r: Resource): void {
  const live = SPECS.filter((s) => s.excluido !== true).map((s) => expected(r.base, s));
  const id = (n: number) => r.base + n;
  const where = (keep: (c: Conta) => boolean, field: SortField = 'vencimento', dir: 'asc' | 'desc' = 'desc') =>
    ordered(live.filter(keep), field, dir);

  async function list(query: string, token = full): Promise<List> {
    const res = await t.get(`${r.url}${query}`, token);
    assert.equal(res.statusCode, 200, res.body);
    return listBody(res, ContaSchema);
  }
  const ids = async (query: string) => (await list(query)).data.map((c) => c.id);
  const bad = (query: string) => t.get(`${r.url}${query}`, full);

  describe(`GET ${r.url} records`, () => {
    test('default: live contas, vencimento desc then id desc, every field as specified', async () => {
      const l = await list('?por_pagina=200');
      const byDefault = ordered(live, 'vencimento', 'desc');
      assert.deepEqual(
        l.data.map(sansAtualizadoEm),
        byDefault.map((i) => live.find((c) => c.id === i)),
      );
      assert.deepEqual(l.meta, { pagina: 1, por_pagina: 200, total: live.length, total_paginas: 1 });
    });

    test('deleted contas never appear, with any filter (D22)', async () => {
      for (const q of ['', '?status=vencido', '?cedente_tipo=cliente&cedente_id=501', '?data_inicio=2025-08-01&data_fim=2025-08-01']) {
        assert.ok(!(await ids(q)).includes(id(17)), q);
      }
    });

    test('cedente of each type, named from its own record (D21, D22)', async () => {
      const byId = new Map((await list('?por_pagina=200')).data.map((c) => [c.id, c.cedente]));
      assert.deepEqual(byId.get(id(1)), { tipo: 'cliente', id: CLIENTE, nome: 'João da Silva' });
      assert.deepEqual(byId.get(id(3)), { tipo: 'fornecedor', id: FORNECEDOR, nome: 'Fornecedora Alfa Ltda' });
      assert.deepEqual(byId.get(id(5)), { tipo: 'pre_cliente', id: PRE_CLIENTE, nome: 'Pré-cliente Beta' });
      assert.deepEqual(byId.get(id(7)), { tipo: 'usuario', id: USUARIO, nome: 'Usuária Gama' });
      assert.deepEqual(byId.get(id(10)), { tipo: 'outro', id: null, nome: 'Cartório Central' });
      assert.deepEqual(byId.get(id(16)), { tipo: 'outro', id: null, nome: null });
    });

    test('deleted or missing cedente: tipo and id kept, nome null (D22)', async () => {
      const byId = new Map((await list('?por_pagina=200')).data.map((c) => [c.id, c.cedente]));
      assert.deepEqual(byId.get(id(2)), { tipo: 'cliente', id: CLIENTE_EXCLUIDO, nome: null });
      assert.deepEqual(byId.get(id(4)), { tipo: 'fornecedor', id: FORNECEDOR_EXCLUIDO, nome: null });
      assert.deepEqual(byId.get(id(6)), { tipo: 'pre_cliente', id: PRE_CLIENTE_EXCLUIDO, nome: null });
      assert.deepEqual(byId.get(id(8)), { tipo: 'usuario', id: USUARIO_EXCLUIDO, nome: null });
      assert.deepEqual(byId.get(id(11)), { tipo: 'cliente', id: INEXISTENTE, nome: null });
      assert.deepEqual(byId.get(id(13)), { tipo: 'fornecedor', id: INEXISTENTE, nome: null });
      assert.deepEqual(byId.get(id(14)), { tipo: 'pre_cliente', id: INEXISTENTE, nome: null });
      assert.deepEqual(byId.get(id(15)), { tipo: 'usuario', id: INEXISTENTE, nome: null });
    });

    test('valor is an exact JSON number (D23)', async () => {
      const res = await t.get(`${r.url}?por_pagina=200`, full);
      for (const text of [
        '"valor":0.1,',
        '"valor":0.2,',
        '"valor":1234567.89,',
        '"valor":9999999999999.99,',
        '"valor":75.5,',
        '"valor":50,',
      ]) {
        assert.ok(res.body.includes(text), text);
      }
      const byId = new Map(listBody(res, ContaSchema).data.map((c) => [c.id, c.valor]));
      assert.equal(byId.get(id(1)), 0.1);
      assert.equal(byId.get(id(2)), 0.2);
      assert.equal(byId.get(id(3)), 1234567.89);
      assert.equal(byId.get(id(4)), 9999999999999.99);
    });
  });

  describe(`GET ${r.url} status (D15, D19)`, () => {
    test('derived: yesterday unpaid is vencido, today is aberto, paid is pago even when overdue', async () => {
      const byId = new Map((await list('?por_pagina=200')).data.map((c) => [c.id, c.status]));
      assert.equal(byId.get(id(8)), 'vencido', 'due yesterday');
      assert.equal(byId.get(id(9)), 'aberto', 'due today is not before today');
      assert.equal(byId.get(id(10)), 'aberto', 'due tomorrow');
      assert.equal(byId.get(id(11)), 'pago', 'due yesterday, paid');
      assert.equal(byId.get(id(1)), 'pago');
      assert.equal(byId.get(id(2)), 'vencido');
    });

    for (const status of ['aberto', 'pago', 'vencido'] as const) {
      test(`status=${status} filters with the same rule as the field`, async () => {
        const l = await list(`?status=${status}&por_pagina=200`);
        assert.deepEqual(
          l.data.map((c) => c.id),
          where((c) => c.status === status),
        );
        assert.ok(l.data.every((c) => c.status === status));
      });
    }

    test('status boundaries: today in aberto, yesterday in vencido, paid-overdue in pago', async () => {
      const aberto = await ids('?status=aberto');
      const vencido = await ids('?status=vencido');
      const pago = await ids('?status=pago');
      assert.ok(aberto.includes(id(9)) && aberto.includes(id(10)) && !aberto.includes(id(8)));
      assert.ok(vencido.includes(id(8)) && !vencido.includes(id(9)) && !vencido.includes(id(11)));
      assert.ok(pago.includes(id(11)));
    });

    test('status accepts only aberto, pago, vencido', async () => {
      for (const v of ['ABERTO', 'pendente', 'cancelado']) assert400(await bad(`?status=${v}`), ['status']);
    });
  });

  describe(`GET ${r.url} period on vencimento (spec Limits, D16, D17)`, () => {
    const within = (inicio: string, fim: string) => where((c) => c.vencimento >= inicio && c.vencimento <= fim);

    test('bounds are inclusive; exactly 12 months is accepted', async () => {
      const got = await ids('?data_inicio=2025-01-15&data_fim=2026-01-15');
      assert.deepEqual(got, within('2025-01-15', '2026-01-15'));
      assert.ok(got.includes(id(1)) && got.includes(id(3)), 'both bounds included');
      assert.ok(!got.includes(id(4)) && !got.includes(id(5)));
      assert.deepEqual(await ids('?data_inicio=2025-03-01&data_fim=2025-03-01'), [id(7), id(2)]);
    });

    test('12 months and one day is refused naming data_fim', async () => {
      assert400(await bad('?data_inicio=2025-01-15&data_fim=2026-01-16'), ['data_fim']);
    });

    test('from 29 February the month end counts: 2025-02-28 accepted, 2025-03-01 refused', async () => {
      const got = await ids('?data_inicio=2024-02-29&data_fim=2025-02-28');
      assert.deepEqual(got, within('2024-02-29', '2025-02-28'));
      assert.ok(got.includes(id(5)) && got.includes(id(6)));
      assert400(await bad('?data_inicio=2024-02-29&data_fim=2025-03-01'), ['data_fim']);
    });

    test('nonexistent and malformed dates are refused naming the field', async () => {
      assert400(await bad('?data_inicio=2025-02-30&data_fim=2025-03-01'), ['data_inicio']);
      assert400(await bad('?data_inicio=2025-02-01&data_fim=2025-02-30'), ['data_fim']);
      for (const v of ['2025-1-15', '15/01/2025', '2025-01-15T00:00:00Z', '20250115', '2023-02-29']) {
        assert400(await bad(`?data_inicio=${encodeURIComponent(v)}&data_fim=2025-03-01`), ['data_inicio']);
      }
    });

    test('start after end is refused', async () => {
      assert400(await bad('?data_inicio=2025-03-02&data_fim=2025-03-01'), ['data_inicio']);
    });

    test('one bound only is 400 naming the missing one', async () => {
      assert400(await bad('?data_inicio=2025-01-01'), ['data_fim']);
      assert400(await bad('?data_fim=2025-01-01'), ['data_inicio']);
    });

    test('combines with status', async () => {
      assert.deepEqual(
        await ids('?data_inicio=2025-01-01&data_fim=2025-12-31&status=vencido'),
        where((c) => c.vencimento >= '2025-01-01' && c.vencimento <= '2025-12-31' && c.status === 'vencido'),
      );
    });
  });

  describe(`GET ${r.url} cedente filters`, () => {
    for (const tipo of ['outro', 'fornecedor', 'cliente', 'usuario', 'pre_cliente'] as const) {
      test(`cedente_tipo=${tipo}`, async () => {
        assert.deepEqual(
          await ids(`?cedente_tipo=${tipo}&por_pagina=200`),
          where((c) => c.cedente.tipo === tipo),
        );
      });
    }

    test('cedente_tipo with cedente_id', async () => {
      assert.deepEqual(await ids(`?cedente_tipo=cliente&cedente_id=${CLIENTE}`), [id(1)]);
      assert.deepEqual(await ids(`?cedente_tipo=usuario&cedente_id=${USUARIO}`), [id(7)]);
      assert.deepEqual(await ids(`?cedente_tipo=cliente&cedente_id=${INEXISTENTE}`), [id(11)]);
      assert.deepEqual(await ids(`?cedente_tipo=fornecedor&cedente_id=${CLIENTE}`), [], 'the id belongs to the type');
    });

    test('cedente_id without cedente_tipo, or with outro (no id), is 400 naming cedente_id', async () => {
      assert400(await bad(`?cedente_id=${CLIENTE}`), ['cedente_id']);
      assert400(await bad('?cedente_tipo=outro&cedente_id=1'), ['cedente_id']);
    });

    test('cedente_id is a positive integer of digits only (D6); cedente_tipo a listed value', async () => {
      for (const v of ['0', '-1', '01', '1.0', '1e3', 'abc']) assert400(await bad(`?cedente_tipo=cliente&cedente_id=${v}`), ['cedente_id']);
      for (const v of ['tecnico', 'Cliente']) assert400(await bad(`?cedente_tipo=${v}`), ['cedente_tipo']);
    });
  });

  describe(`GET ${r.url} strict parameters (D7, D8, D37)`, () => {
    test('unknown, repeated and empty parameters are 400', async () => {
      assert400(await bad('?cliente_id=1'), ['cliente_id']);
      assert400(await bad('?status=pago&status=pago'), ['status']);
      assert400(await bad('?data_inicio=2025-01-01&data_inicio=2025-01-01&data_fim=2025-02-01'), ['data_inicio']);
      assert400(await bad('?status='), ['status']);
      assert400(await bad('?Status=pago'), ['Status']);
    });

    test('sort field and direction are checked', async () => {
      assert400(await bad('?ordenar_por=x'), ['ordenar_por']);
      assert400(await bad('?ordenar_por=descricao'), ['ordenar_por']);
      assert400(await bad('?ordem=up'), ['ordem']);
    });

    test('rules between parameters are reported together, one item per field', async () => {
      assert400(await bad('?data_inicio=2025-01-01&cedente_id=1'), ['data_fim', 'cedente_id']);
    });
  });

  describe(`GET ${r.url} sorting and paging (D9, D10)`, () => {
    async function allPages(query: string, size: number): Promise<number[]> {
      const first = await list(`${query}&por_pagina=${size}`);
      const out = first.data.map((c) => c.id);
      for (let p = 2; p <= first.meta.total_paginas; p++) out.push(...(await ids(`${query}&por_pagina=${size}&pagina=${p}`)));
      return out;
    }

    for (const field of ['id', 'vencimento', 'valor', 'data_pagamento'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        test(`ordenar_por=${field}&ordem=${dir}: ordered, and pages of 1, 2, 3 concatenate with no duplicate or gap`, async () => {
          const query = `?ordenar_por=${field}&ordem=${dir}`;
          const whole = await ids(`${query}&por_pagina=200`);
          assert.deepEqual(whole, ordered(live, field, dir));
          for (const size of [1, 2, 3]) assert.deepEqual(await allPages(query, size), whole, `${query} by ${size}`);
        });
      }
    }

    test('data_pagamento: nulls last in both directions, id tie-break in the same direction (D9)', async () => {
      const unpaid = live.filter((c) => c.data_pagamento === null).map((c) => c.id);
      const asc = await ids('?ordenar_por=data_pagamento&ordem=asc&por_pagina=200');
      const desc = await ids('?ordenar_por=data_pagamento&ordem=desc&por_pagina=200');
      assert.deepEqual(
        asc.slice(-unpaid.length),
        [...unpaid].sort((a, b) => a - b),
      );
      assert.deepEqual(
        desc.slice(-unpaid.length),
        [...unpaid].sort((a, b) => b - a),
      );
      assert.deepEqual(asc.slice(0, 4), [id(5), id(1), id(7), id(12)], 'the tie on 2025-03-05 by id ascending');
      assert.equal(desc.indexOf(id(7)), desc.indexOf(id(12)) + 1, 'the tie on 2025-03-05 by id descending');
    });

    test('ordem alone applies to vencimento; ordenar_por alone is descending (D9)', async () => {
      assert.deepEqual(await ids('?ordem=asc&por_pagina=200'), ordered(live, 'vencimento', 'asc'));
      assert.deepEqual(await ids('?ordenar_por=valor&por_pagina=200'), ordered(live, 'valor', 'desc'));
    });

    test('meta and a page past the end (D10)', async () => {
      const l = await list('?por_pagina=5&pagina=2');
      assert.deepEqual(l.meta, { pagina: 2, por_pagina: 5, total: live.length, total_paginas: Math.ceil(live.length / 5) });
      assert.deepEqual(
        l.data.map((c) => c.id),
        ordered(live, 'vencimento', 'desc').slice(5, 10),
      );
      const past = await list('?por_pagina=5&pagina=99');
      assert.deepEqual(past, {
        data: [],
        meta: { pagina: 99, por_pagina: 5, total: live.length, total_paginas: Math.ceil(live.length / 5) },
      });
      const none = await list('?cedente_tipo=cliente&cedente_id=4242');
      assert.deepEqual(none.meta, { pagina: 1, por_pagina: 50, total: 0, total_paginas: 0 });
    });
  });

  describe(`GET ${r.url} isolation`, () => {
    test("another company's contas are never listed, and it sees only its own", async () => {
      assert.ok(!(await ids('?por_pagina=200')).includes(id(OUTRA_N)));
      const token = await t.token(await t.credential(outra, { scopes: [r.scope] }));
      assert.deepEqual(
        (await list('?por_pagina=200', token)).data.map((c) => c.id),
        [id(OUTRA_N)],
      );
    });

    test("another company's usuario and cliente are never named", async () => {
      const byId = new Map((await list('?por_pagina=200')).data.map((c) => [c.id, c.cedente]));
      assert.deepEqual(byId.get(id(9)), { tipo: 'usuario', id: USUARIO_DA_OUTRA, nome: null });
      assert.deepEqual(byId.get(id(12)), { tipo: 'cliente', id: CLIENTE_DA_OUTRA, nome: null });
    });

    test('receivables and payables never mix', async () => {
      const other = RESOURCES.find((x) => x !== r);
      const got = await ids('?por_pagina=200');
      assert.ok(
        got.every((i) => i > r.base && i < r.base + 100),
        'only this table',
      );
      assert.ok(other !== undefined && got.every((i) => i < other.base || i >= other.base + 100));
    });

    test('a scope for the other table is not enough', async () => {
      const other = RESOURCES.find((x) => x !== r);
      assert.ok(other !== undefined);
      const token = await t.token(await t.credential(empresa, { scopes: [other.scope] }));
      assert.equal((await t.get(r.url, token)).statusCode, 403);
    });
  });
}

for (const r of RESOURCES) contasSuite(r);
