import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BoletoStatus } from '../../src/domain/boleto.ts';
import type { DatasetBoleto } from '../../src/store/import/dataset.ts';
import type { LightMyRequestResponse } from 'fastify';
import { BoletoSchema } from '../../src/resources/boletos/boletos.schema.ts';
import { errorBody, listBody, type ListBody, sansAtualizadoEm } from '../helpers/bodies.ts';
import { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let empresa: number;
let outra: number;
let token: string;

type List = ListBody<typeof BoletoSchema>;

const STATUSES: BoletoStatus[] = [
  'pendente',
  'vencido',
  'pago',
  'cancelado',
  'nao_autorizado',
  'nao_realizado',
  'rejeitado',
  'aguardando_confirmacao',
];
const LINHA = '34191.79001 01043.510047 91020.150008 1 10010000000010';
const CLIENTE_ALHEIO = 301;

function boleto(
  e: number,
  id: number,
  cliente_id: number | null,
  valor: number,
  emissao: string | null,
  vencimento: string | null,
  status: BoletoStatus,
  data_pagamento: string | null = null,
  extra: Partial<DatasetBoleto> = {},
): DatasetBoleto {
  return { id, empresa_id: e, cliente_id, valor, emissao, vencimento, status, data_pagamento, ...extra };
}

// Ties on every sortable column (emissao 1/10, vencimento 1/7, valor 3/4, 6/7, 5/10) and nulls in
// every nullable one, so the id tie-break and nulls-last rules (D9) are all exercised.
function boletos(e: number): DatasetBoleto[] {
  return [
    boleto(e, 1, 201, 0.1, '2025-01-02', '2025-01-15', 'pago', '2025-01-14', {
      numero_documento: '000123',
      linha_digitavel: LINHA,
      data_compensacao: '2025-01-16',
    }),
    boleto(e, 2, 202, 1234567.89, '2025-01-10', '2025-02-28', 'pendente'),
    boleto(e, 3, 203, 50, null, '2026-01-15', 'vencido'), // deleted customer
    boleto(e, 4, 999, 50, '2024-12-01', '2026-01-16', 'cancelado'), // missing customer
    boleto(e, 5, null, 20, '2025-03-01', null, 'nao_autorizado'), // no customer
    boleto(e, 6, CLIENTE_ALHEIO, 30, '2024-02-01', '2024-02-29', 'nao_realizado'), // another company's customer
    boleto(e, 7, 201, 30, '2025-01-03', '2025-01-15', 'rejeitado', '2025-01-20', { data_compensacao: '2025-01-21' }),
    boleto(e, 8, 201, 75.5, null, '2025-03-01', 'aguardando_confirmacao'),
    boleto(e, 9, 201, 10, '2025-05-01', '2025-06-01', 'pendente', null, { excluido: true }),
    boleto(e, 10, 202, 20, '2025-01-02', null, 'pago', '2025-02-01'),
  ];
}
const LIVE = (e: number) => boletos(e).filter((b) => b.excluido !== true);

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  outra = await t.company();
  await t.load({
    clientes: [
      { id: 201, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Ana', sobrenome: 'Souza' },
      { id: 202, empresa_id: empresa, tipo_pessoa: 'juridica', razao_social: 'Oficina Boa Ltda', nome_fantasia: 'Boa' },
      { id: 203, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Apagado', excluido: true },
      { id: CLIENTE_ALHEIO, empresa_id: outra, tipo_pessoa: 'fisica', nome: 'Cliente', sobrenome: 'Alheio' },
    ],
    boletos: [...boletos(empresa), boleto(outra, 50, CLIENTE_ALHEIO, 99.9, '2025-01-01', '2025-01-15', 'pendente')],
  });
});
// Fresh credentials per test keep each test inside its own 120-per-minute window.
beforeEach(async () => {
  token = await t.token(await t.credential(empresa, { scopes: ['boletos:ler'] }));
});
after(async () => t.close());

async function list(query: string, bearer = token): Promise<List> {
  const res = await t.get(`/v1/boletos${query}`, bearer);
  assert.equal(res.statusCode, 200, res.body);
  return listBody(res, BoletoSchema);
}
const ids = (l: List) => l.data.map((b) => b.id);

function assert400(res: LightMyRequestResponse, ...campos: string[]): void {
  assert.equal(res.statusCode, 400);
  const erro = errorBody(res);
  assert.equal(erro.codigo, 'requisicao_invalida');
  assert.deepEqual(erro.detalhes.map((d) => d.campo).sort(), [...campos].sort());
}
const get = (query: string) => t.get(`/v1/boletos${query}`, token);

describe('GET /v1/boletos records', () => {
  test('default: live boletos, vencimento descending, id descending on ties, nulls last (D9)', async () => {
    const l = await list('');
    assert.deepEqual(ids(l), [4, 3, 8, 2, 7, 1, 6, 10, 5]);
    assert.deepEqual(l.meta, { pagina: 1, por_pagina: 50, total: 9, total_paginas: 1 });
  });

  test('a record has exactly the documented fields, dates as YYYY-MM-DD', async () => {
    const b = (await list('')).data.find((x) => x.id === 1);
    assert.deepEqual(b && sansAtualizadoEm(b), {
      id: 1,
      cliente: { id: 201, nome: 'Ana Souza' },
      numero_documento: '000123',
      linha_digitavel: LINHA,
      valor: 0.1,
      emissao: '2025-01-02',
      vencimento: '2025-01-15',
      status: 'pago',
      data_pagamento: '2025-01-14',
      data_compensacao: '2025-01-16',
    });
    const empty = (await list('')).data.find((x) => x.id === 5);
    assert.deepEqual(
      [empty?.numero_documento, empty?.linha_digitavel, empty?.vencimento, empty?.data_pagamento, empty?.data_compensacao],
      [null, null, null, null, null],
    );
  });

  test('cliente: {id, nome} with the /clientes name (D21), null when unavailable (D22)', async () => {
    const byId = new Map((await list('')).data.map((b) => [b.id, b.cliente]));
    assert.deepEqual(byId.get(2), { id: 202, nome: 'Oficina Boa Ltda' });
    assert.equal(byId.get(3), null, 'deleted customer');
    assert.equal(byId.get(4), null, 'missing customer');
    assert.equal(byId.get(5), null, 'no customer');
    assert.equal(byId.get(6), null, "another company's customer");
  });

  test('money is an exact JSON number (D23)', async () => {
    const res = await get('?ordenar_por=id&ordem=asc&por_pagina=2');
    assert.match(res.body, /"valor":0\.1,/);
    assert.match(res.body, /"valor":1234567\.89,/);
    assert.deepEqual(
      listBody(res, BoletoSchema).data.map((b) => b.valor),
      [0.1, 1234567.89],
    );
  });

  test('deleted boletos never appear, whatever the filter (D22)', async () => {
    for (const q of [
      '',
      '?status=pendente',
      '?cliente_id=201',
      '?data_inicio=2025-06-01&data_fim=2025-06-01',
      '?ordenar_por=id&ordem=asc',
    ]) {
      assert.ok(!ids(await list(q)).includes(9), q);
    }
    assert.equal((await list('?data_inicio=2025-06-01&data_fim=2025-06-01')).meta.total, 0);
  });

  test('company isolation: each company sees only its own boletos, with its own customers', async () => {
    const other = await list('', await t.token(await t.credential(outra, { scopes: ['boletos:ler'] })));
    assert.deepEqual(ids(other), [50]);
    assert.deepEqual(other.data[0]?.cliente, { id: CLIENTE_ALHEIO, nome: 'Cliente Alheio' });
    assert.ok(!ids(await list('')).includes(50));
  });
});

describe('GET /v1/boletos filters', () => {
  test('status: each of the 8 values, as stored (D20)', async () => {
    const expected = (s: BoletoStatus) =>
      LIVE(empresa)
        .filter((b) => b.status === s)
        .map((b) => b.id)
        .sort((a, b) => a - b);
    for (const s of STATUSES) {
      const l = await list(`?status=${s}&ordenar_por=id&ordem=asc`);
      assert.deepEqual(ids(l), expected(s), s);
      assert.ok(l.data.length > 0, `the fixture has a live boleto with status ${s}`);
      for (const b of l.data) assert.equal(b.status, s);
    }
  });

  test('status: anything else is 400', async () => {
    for (const v of ['aberto', 'PAGO', 'pago%20', 'vencida']) assert400(await get(`?status=${v}`), 'status');
  });

  test('cliente_id: the boleto column, also for an unavailable customer', async () => {
    assert.deepEqual(ids(await list('?cliente_id=201')), [8, 7, 1]);
    assert.deepEqual(ids(await list('?cliente_id=203')), [3]);
    assert.deepEqual(ids(await list(`?cliente_id=${CLIENTE_ALHEIO}`)), [6]);
    assert.deepEqual(ids(await list('?cliente_id=12345')), []);
  });

  test('cliente_id: positive integer in plain digits (D6)', async () => {
    for (const v of ['0', '-1', '%2B1', '01', '1.0', '1e2', 'abc', '%201', '9007199254740992'])
      assert400(await get(`?cliente_id=${v}`), 'cliente_id');
    assert.equal((await get('?cliente_id=9007199254740991')).statusCode, 200);
  });

  test('period: bounds inclusive on vencimento, boletos without vencimento left out', async () => {
    assert.deepEqual(ids(await list('?data_inicio=2025-01-15&data_fim=2025-01-15')), [7, 1]);
    assert.deepEqual(ids(await list('?data_inicio=2025-01-16&data_fim=2025-02-28')), [2]);
    assert.deepEqual(ids(await list('?data_inicio=2025-03-01&data_fim=2025-03-01')), [8]);
  });

  test('period: exactly 12 months is accepted, one day more is refused naming data_fim (D16)', async () => {
    assert.deepEqual(ids(await list('?data_inicio=2025-01-15&data_fim=2026-01-15')), [3, 8, 2, 7, 1]);
    assert400(await get('?data_inicio=2025-01-15&data_fim=2026-01-16'), 'data_fim');
  });

  test('period: from 29 February the month end counts (D16)', async () => {
    assert.deepEqual(ids(await list('?data_inicio=2024-02-29&data_fim=2025-02-28')), [2, 7, 1, 6]);
    assert400(await get('?data_inicio=2024-02-29&data_fim=2025-03-01'), 'data_fim');
  });

  test('period: nonexistent or malformed dates are refused, each naming its field', async () => {
    assert400(await get('?data_inicio=2025-02-30&data_fim=2025-03-10'), 'data_inicio');
    assert400(await get('?data_inicio=2025-02-01&data_fim=2025-02-30'), 'data_fim');
    assert400(await get('?data_inicio=2025-02-30&data_fim=2025-13-01'), 'data_inicio', 'data_fim');
    for (const bad of ['2025-1-15', '15/01/2025', '20250115', '2025-01-15T00:00:00Z']) {
      assert400(await get(`?data_inicio=${encodeURIComponent(bad)}&data_fim=2025-02-01`), 'data_inicio');
    }
  });

  test('period: start after end is refused naming data_inicio', async () => {
    assert400(await get('?data_inicio=2025-02-02&data_fim=2025-02-01'), 'data_inicio');
  });

  test('period: one bound alone is refused naming the missing one (D17)', async () => {
    assert400(await get('?data_inicio=2025-01-01'), 'data_fim');
    assert400(await get('?data_fim=2025-01-01'), 'data_inicio');
  });

  test('filters combine', async () => {
    assert.deepEqual(ids(await list('?cliente_id=201&status=pago&data_inicio=2025-01-01&data_fim=2025-01-31')), [1]);
    assert.deepEqual(ids(await list('?cliente_id=201&status=pendente')), []);
  });

  test('unknown, repeated and empty parameters are 400, every offending field listed (D7, D8, D37)', async () => {
    assert400(await get('?cliente=201'), 'cliente');
    assert400(await get('?Status=pago'), 'Status');
    assert400(await get('?status=pago&status=pago'), 'status');
    assert400(await get('?status='), 'status');
    assert400(await get('?cliente_id='), 'cliente_id');
    assert400(await get('?status=x&cliente_id=0&ordem=up'), 'status', 'cliente_id', 'ordem');
    assert400(await get('?id=1'), 'id');
  });
});

describe('sorting and paging (D9, D10)', () => {
  type Field = 'id' | 'emissao' | 'vencimento' | 'pagamento' | 'valor';
  const COLUMN = { id: 'id', emissao: 'emissao', vencimento: 'vencimento', pagamento: 'data_pagamento', valor: 'valor' } as const;

  /** The order D9 defines, computed independently from the fixture: nulls last, id tie-break in the same direction. */
  function expected(field: Field, dir: 'asc' | 'desc'): number[] {
    const sign = dir === 'asc' ? 1 : -1;
    return LIVE(empresa)
      .sort((a, b) => {
        const x = a[COLUMN[field]] ?? null;
        const y = b[COLUMN[field]] ?? null;
        if (x === null || y === null) {
          if (x !== y) return x === null ? 1 : -1;
        } else if (x !== y) {
          return x < y ? -sign : sign;
        }
        return (a.id - b.id) * sign;
      })
      .map((b) => b.id);
  }

  async function allPages(query: string, size: number): Promise<number[]> {
    const first = await list(`${query}&por_pagina=${size}`);
    const out = ids(first);
    for (let p = 2; p <= first.meta.total_paginas; p++) out.push(...ids(await list(`${query}&por_pagina=${size}&pagina=${p}`)));
    return out;
  }

  for (const field of ['id', 'emissao', 'vencimento', 'pagamento', 'valor'] as const) {
    test(`ordenar_por=${field}: both directions, nulls last, pages of 1, 2 and 3 concatenate to the whole`, async () => {
      for (const dir of ['asc', 'desc'] as const) {
        const query = `?ordenar_por=${field}&ordem=${dir}`;
        const whole = ids(await list(query));
        assert.deepEqual(whole, expected(field, dir), query);
        for (const size of [1, 2, 3]) assert.deepEqual(await allPages(query, size), whole, `${query} by ${size}`);
      }
    });
  }

  test('the fixture orders are the ones D9 describes', async () => {
    assert.deepEqual(expected('pagamento', 'asc'), [1, 7, 10, 2, 3, 4, 5, 6, 8]);
    assert.deepEqual(expected('pagamento', 'desc'), [10, 7, 1, 8, 6, 5, 4, 3, 2]);
    assert.deepEqual(expected('emissao', 'desc'), [5, 2, 7, 10, 1, 4, 6, 8, 3]);
    assert.deepEqual(expected('valor', 'asc'), [1, 5, 10, 6, 7, 3, 4, 8, 2]);
  });

  test('ordenar_por alone sorts descending; ordem alone applies to vencimento (D9)', async () => {
    assert.deepEqual(ids(await list('?ordenar_por=valor')), expected('valor', 'desc'));
    assert.deepEqual(ids(await list('?ordenar_por=id')), [10, 8, 7, 6, 5, 4, 3, 2, 1]);
    assert.deepEqual(ids(await list('?ordem=asc')), expected('vencimento', 'asc'));
    assert.deepEqual(ids(await list('?ordem=desc')), ids(await list('')));
  });

  test('sort fields and directions outside the list are 400', async () => {
    for (const v of ['data_pagamento', 'status', 'cliente', 'VALOR']) assert400(await get(`?ordenar_por=${v}`), 'ordenar_por');
    for (const v of ['ASC', 'crescente', 'up']) assert400(await get(`?ordem=${v}`), 'ordem');
  });

  test('a page past the end is 200 with data [] and the true totals (D10)', async () => {
    assert.deepEqual(await list('?pagina=4&por_pagina=4'), { data: [], meta: { pagina: 4, por_pagina: 4, total: 9, total_paginas: 3 } });
    const none = await list('?status=pendente&cliente_id=201');
    assert.deepEqual(none.meta, { pagina: 1, por_pagina: 50, total: 0, total_paginas: 0 });
  });

  test('pagina and por_pagina bounds (D6)', async () => {
    assert.equal((await list('?por_pagina=1')).data.length, 1);
    assert.equal((await list('?por_pagina=200')).meta.por_pagina, 200);
    for (const q of ['?pagina=0', '?pagina=-1', '?pagina=01']) assert400(await get(q), 'pagina');
    for (const q of ['?por_pagina=0', '?por_pagina=201', '?por_pagina=1.5']) assert400(await get(q), 'por_pagina');
  });
});

describe('GET /v1/boletos has no detail route', () => {
  test('/v1/boletos/1 is an unknown route (404), and so is a trailing slash (D3)', async () => {
    for (const url of ['/v1/boletos/1', '/v1/boletos/']) {
      const res = await t.get(url, token);
      assert.equal(res.statusCode, 404, url);
      assert.equal(errorBody(res).codigo, 'recurso_nao_encontrado');
    }
  });
});
