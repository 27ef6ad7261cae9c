import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DatasetOrdemServico } from '../../src/store/import/dataset.ts';
import type { Static } from 'typebox';
import { OrdemServicoDetalheSchema, OrdemServicoSchema } from '../../src/resources/ordens-servico/ordens-servico.schema.ts';
import { detailBody, errorBody, listBody, type ListBody, sansAtualizadoEm } from '../helpers/bodies.ts';
import { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let empresa: number; // custom statuses aguardando_peca, em_garantia
let outra: number; // custom status so_da_outra
let token: string; // os:ler, empresa
let outraToken: string; // os:ler, outra

type Ordem = Static<typeof OrdemServicoSchema>;
type List = ListBody<typeof OrdemServicoSchema>;

const item = (id: number, subtotal: number, extra: Partial<NonNullable<DatasetOrdemServico['itens']>[number]> = {}) => ({
  id,
  tipo: 'produto' as const,
  item_id: 500 + id,
  descricao: `Item ${id}`,
  quantidade: 1,
  valor_unitario: subtotal,
  subtotal,
  ...extra,
});

function ordens(e: number): DatasetOrdemServico[] {
  const os = (id: number, status: string, data_abertura: string, more: Partial<DatasetOrdemServico> = {}): DatasetOrdemServico => ({
    id,
    empresa_id: e,
    status,
    data_abertura,
    ...more,
  });
  return [
    os(1001, 'aberta', '2025-01-15', {
      cliente_id: 201,
      tecnico_id: 301,
      hora_abertura: '08:05:09',
      criada_em: '2025-01-15T08:05:09-03:00',
      // listed out of id order: the detail orders them by id
      itens: [
        item(4, 0, { tipo: null, item_id: null, descricao: 'Ajuste', quantidade: 1.2345, valor_unitario: 0 }),
        item(2, 0.2, { tipo: 'servico', item_id: 601, descricao: 'Mão de obra', quantidade: 2, valor_unitario: 0.1 }),
        item(1, 0.1, { descricao: 'Filtro' }),
        item(3, 5, { excluido: true }),
      ],
      checklist: [
        { id: 1, ordem: 3, tipo: 'texto', pergunta: 'Observações', resposta: 'ok' },
        { id: 2, ordem: 1, tipo: 'titulo', pergunta: 'Inspeção' },
        { id: 3, ordem: null, tipo: null, pergunta: 'Sem ordem', resposta: 'sim' },
        { id: 4, ordem: 2, tipo: 'texto', pergunta: 'Excluída', excluido: true },
        {
          id: 5,
          ordem: 2,
          equipamento_id: 77,
          tipo: 'opcoes',
          pergunta: 'Liga?',
          resposta: 'Não',
          motivo_nao_conformidade: 'Tela quebrada',
        },
        { id: 6, ordem: 1, tipo: 'opcoes', pergunta: 'Limpo?', resposta: 'Sim' },
      ],
    }),
    os(1002, 'concluida', '2025-06-30', {
      cliente_id: 202,
      tecnico_id: 302, // deleted technician
      data_conclusao: '2025-07-01T18:30:00-03:00',
      itens: [item(1, 1234567.89), item(2, 0.01)],
    }),
    os(1003, 'cancelada', '2026-01-15', {
      cliente_id: 203, // deleted customer
      hora_abertura: '23:59:59',
      criada_em: '2026-01-15T23:30:00-03:00',
      data_conclusao: '2026-01-20T10:00:00Z',
    }),
    // customer and technician of the other company: the join requires the same company
    os(1004, 'em_analise', '2026-01-16', { cliente_id: 204, tecnico_id: 303, hora_abertura: '00:00:00' }),
    os(1005, 'aguardando_aprovacao', '2025-06-30', {
      cliente_id: 999, // missing
      tecnico_id: 998, // missing
      data_conclusao: '2025-07-01T21:30:00Z',
      itens: [item(1, 0.1), item(2, 0.1), item(3, 0.1)],
    }),
    os(1006, 'aprovada', '2024-02-29', { cliente_id: null, tecnico_id: 304, data_conclusao: '2024-03-10T12:00:00Z' }),
    os(1007, 'reprovada', '2025-02-28', { cliente_id: 201, tecnico_id: 301 }),
    os(1008, 'em_execucao', '2025-03-01', { cliente_id: 202, tecnico_id: 301, data_conclusao: '2025-03-02T09:00:00Z' }),
    os(1009, 'pausada', '2024-12-31', { cliente_id: 201 }),
    os(1010, 'aguardando_orcamento', '2025-01-14', { cliente_id: 202, data_conclusao: '2025-01-20T00:00:00Z' }),
    os(1011, 'orcamento', '2025-03-01', { cliente_id: 201 }),
    os(1012, 'aguardando_peca', '2025-05-05', { cliente_id: 202, data_conclusao: '2025-05-06T08:00:00Z' }),
    os(1014, 'aberta', '2025-05-05', { cliente_id: 201, tecnico_id: 301, excluido: true, itens: [item(1, 1)] }),
  ];
}

const ALL = [1004, 1003, 1005, 1002, 1012, 1011, 1008, 1007, 1001, 1010, 1009, 1006]; // default order

before(async () => {
  t = await TestApp.start();
  empresa = await t.company(['aguardando_peca', 'em_garantia']);
  outra = await t.company(['so_da_outra']);
  await t.load({
    clientes: [
      { id: 201, empresa_id: empresa, tipo_pessoa: 'fisica', nome: ' João ', sobrenome: 'da Silva' },
      { id: 202, empresa_id: empresa, tipo_pessoa: 'juridica', razao_social: 'Oficina Boa Ltda', nome_fantasia: 'Boa' },
      { id: 203, empresa_id: empresa, tipo_pessoa: 'fisica', nome: 'Apagado', excluido: true },
      { id: 204, empresa_id: outra, tipo_pessoa: 'fisica', nome: 'Cliente', sobrenome: 'da Outra' },
    ],
    tecnicos: [
      { id: 301, empresa_id: empresa, nome: 'Ana Técnica' },
      { id: 302, empresa_id: empresa, nome: 'Bruno', excluido: true },
      { id: 303, empresa_id: outra, nome: 'Técnico da Outra' },
      { id: 304, empresa_id: empresa, nome: null },
    ],
    ordens_servico: [
      ...ordens(empresa),
      {
        id: 1100,
        empresa_id: outra,
        status: 'so_da_outra',
        data_abertura: '2025-06-30',
        cliente_id: 204,
        tecnico_id: 303,
        itens: [item(1, 7)],
      },
      { id: 1101, empresa_id: outra, status: 'aberta', data_abertura: '2025-01-15' },
    ],
  });
});
// Fresh credentials per test keep each test inside its own 120-per-minute window.
beforeEach(async () => {
  token = await t.token(await t.credential(empresa, { scopes: ['os:ler'] }));
  outraToken = await t.token(await t.credential(outra, { scopes: ['os:ler'] }));
});
after(async () => t.close());

async function list(query: string, as = token): Promise<List> {
  const res = await t.get(`/v1/ordens-servico${query}`, as);
  assert.equal(res.statusCode, 200, res.body);
  return listBody(res, OrdemServicoSchema);
}
const ids = (l: List) => l.data.map((o) => o.id);
async function byId(): Promise<Map<number, Ordem>> {
  return new Map((await list('')).data.map((o) => [o.id, o]));
}

function assert400(res: { statusCode: number; body: string; json(): unknown }, ...campos: string[]): void {
  assert.equal(res.statusCode, 400, res.body);
  const erro = errorBody(res);
  assert.equal(erro.codigo, 'requisicao_invalida');
  assert.deepEqual(erro.detalhes.map((d) => d.campo).sort(), [...campos].sort());
  for (const d of erro.detalhes) assert.ok(d.mensagem.length > 0);
}
const get = (query: string) => t.get(`/v1/ordens-servico${query}`, token);

describe('GET /v1/ordens-servico records', () => {
  test('default: not deleted, data_abertura desc then id desc, list envelope', async () => {
    const l = await list('');
    assert.deepEqual(ids(l), ALL);
    assert.deepEqual(l.meta, { pagina: 1, por_pagina: 50, total: 12, total_paginas: 1 });
  });

  test('the full record', async () => {
    const o = (await byId()).get(1001);
    assert.deepEqual(o && sansAtualizadoEm(o), {
      id: 1001,
      numero: 'OS-1001',
      status: 'aberta',
      cliente: { id: 201, nome: 'João da Silva' },
      tecnico: { id: 301, nome: 'Ana Técnica' },
      data_abertura: '2025-01-15',
      hora_abertura: '08:05:09',
      criada_em: '2025-01-15T11:05:09Z',
      data_conclusao: null,
      valor_total: 0.3,
    });
  });

  test('valor_total is the exact sum of non-deleted items, 0 without items (D23)', async () => {
    const res = await get('');
    const m = new Map(listBody(res, OrdemServicoSchema).data.map((o) => [o.id, o.valor_total]));
    assert.equal(m.get(1001), 0.3, '0.10 + 0.20 (+ 0.00), the deleted 5.00 left out');
    assert.equal(m.get(1005), 0.3, '0.1 + 0.1 + 0.1 is 0.3 in decimal, not 0.30000000000000004');
    assert.equal(m.get(1002), 1234567.9, '1234567.89 + 0.01');
    assert.equal(m.get(1003), 0);
    // the wire text itself, not only what JSON.parse makes of it
    assert.match(res.body, /"valor_total":0\.3[,}]/);
    assert.match(res.body, /"valor_total":1234567\.9[,}]/);
    assert.doesNotMatch(res.body, /"valor_total":"|0\.30000/);
    for (const o of listBody(res, OrdemServicoSchema).data) assert.equal(typeof o.valor_total, 'number');
  });

  test('cliente and tecnico are null when deleted, missing, unset or of another company (D22)', async () => {
    const m = await byId();
    assert.deepEqual(m.get(1002)?.cliente, { id: 202, nome: 'Oficina Boa Ltda' }, 'legal entity: razao social (D21)');
    assert.equal(m.get(1002)?.tecnico, null, 'deleted technician');
    assert.equal(m.get(1003)?.cliente, null, 'deleted customer');
    assert.equal(m.get(1003)?.tecnico, null, 'no technician');
    assert.equal(m.get(1004)?.cliente, null, "the other company's customer");
    assert.equal(m.get(1004)?.tecnico, null, "the other company's technician");
    assert.equal(m.get(1005)?.cliente, null, 'missing customer');
    assert.equal(m.get(1005)?.tecnico, null, 'missing technician');
    assert.equal(m.get(1006)?.cliente, null, 'no customer');
    assert.deepEqual(m.get(1006)?.tecnico, { id: 304, nome: '' }, 'a technician without a name');
  });

  test('dates and times: business dates never shifted, datetimes in UTC, hora_abertura HH:mm:ss (D18)', async () => {
    const m = await byId();
    assert.deepEqual([m.get(1003)?.data_abertura, m.get(1003)?.criada_em], ['2026-01-15', '2026-01-16T02:30:00Z']);
    assert.equal(m.get(1002)?.data_conclusao, '2025-07-01T21:30:00Z', 'offset -03:00 converted to UTC');
    assert.equal(m.get(1002)?.criada_em, null);
    assert.deepEqual(
      [1001, 1002, 1003, 1004].map((id) => m.get(id)?.hora_abertura),
      ['08:05:09', null, '23:59:59', '00:00:00'],
    );
    assert.equal(m.get(1006)?.data_abertura, '2024-02-29');
  });
});

describe('GET /v1/ordens-servico period (spec "Limits", D16, D17)', () => {
  const period = (inicio: string, fim: string) => `?data_inicio=${inicio}&data_fim=${fim}`;

  test('bounds are inclusive', async () => {
    assert.deepEqual(ids(await list(period('2025-03-01', '2025-03-01'))), [1011, 1008]);
    assert.deepEqual(ids(await list(period('2025-01-14', '2025-01-15'))), [1001, 1010]);
    assert.deepEqual(ids(await list(period('2030-01-01', '2030-12-31'))), []);
  });

  test('exactly 12 months is accepted; one day more is refused naming data_fim', async () => {
    const l = await list(period('2025-01-15', '2026-01-15'));
    assert.deepEqual(ids(l), [1003, 1005, 1002, 1012, 1011, 1008, 1007, 1001]);
    assert.equal(l.meta.total, 8);
    assert400(await get(period('2025-01-15', '2026-01-16')), 'data_fim');
  });

  test('from 29 February the month end is used: 2024-02-29 + 12 months = 2025-02-28', async () => {
    assert.deepEqual(ids(await list(period('2024-02-29', '2025-02-28'))), [1007, 1001, 1010, 1009, 1006]);
    assert400(await get(period('2024-02-29', '2025-03-01')), 'data_fim');
  });

  test('nonexistent or malformed dates are refused naming the field', async () => {
    assert400(await get(period('2025-02-30', '2025-03-01')), 'data_inicio');
    assert400(await get(period('2025-02-01', '2025-02-30')), 'data_fim');
    assert400(await get(period('2025-02-29', '2025-03-01')), 'data_inicio');
    for (const bad of ['2025-3-01', '01/03/2025', '2025-03-01T00:00:00', '20250301', '2025-13-01', '2025-00-10']) {
      assert400(await get(period('2025-01-01', encodeURIComponent(bad))), 'data_fim');
    }
    assert400(await get(period('x', 'y')), 'data_inicio', 'data_fim');
  });

  test('start after end is refused', async () => {
    assert400(await get(period('2025-03-02', '2025-03-01')), 'data_inicio');
  });

  test('only one bound: 400 naming the missing one', async () => {
    assert400(await get('?data_inicio=2025-01-01'), 'data_fim');
    assert400(await get('?data_fim=2025-01-01'), 'data_inicio');
  });

  test('combines with the other filters', async () => {
    assert.deepEqual(ids(await list(`${period('2025-01-01', '2025-12-31')}&cliente_id=201`)), [1011, 1007, 1001]);
  });
});

describe('GET /v1/ordens-servico filters', () => {
  test('every standard status (deleted orders never appear)', async () => {
    const expected: Record<string, number[]> = {
      aberta: [1001],
      concluida: [1002],
      cancelada: [1003],
      em_analise: [1004],
      aguardando_aprovacao: [1005],
      aprovada: [1006],
      reprovada: [1007],
      em_execucao: [1008],
      pausada: [1009],
      aguardando_orcamento: [1010],
      orcamento: [1011],
    };
    for (const [status, want] of Object.entries(expected)) assert.deepEqual(ids(await list(`?status=${status}`)), want, status);
  });

  test("custom statuses of the company's catalogue are accepted (D14)", async () => {
    const l = await list('?status=aguardando_peca');
    assert.deepEqual(ids(l), [1012]);
    assert.equal(l.data[0]?.status, 'aguardando_peca');
    assert.deepEqual(ids(await list('?status=em_garantia')), [], 'in the catalogue, with no order');
    assert.deepEqual(ids(await list('?status=so_da_outra', outraToken)), [1100]);
  });

  test("a status outside the catalogue, another company's custom one included, is 400 naming status (D14)", async () => {
    assert400(await get('?status=so_da_outra'), 'status');
    assert400(await t.get('/v1/ordens-servico?status=aguardando_peca', outraToken), 'status');
    for (const bad of ['xyz', 'ABERTA', '%20aberta', 'aberta%20', 'aberta,concluida']) assert400(await get(`?status=${bad}`), 'status');
  });

  test('cliente_id and tecnico_id', async () => {
    assert.deepEqual(ids(await list('?cliente_id=201')), [1011, 1007, 1001, 1009]);
    assert.deepEqual(ids(await list('?cliente_id=202')), [1002, 1012, 1008, 1010]);
    assert.deepEqual(ids(await list('?tecnico_id=301')), [1008, 1007, 1001]);
    assert.deepEqual(ids(await list('?cliente_id=201&tecnico_id=301&status=reprovada')), [1007]);
    assert.deepEqual(ids(await list('?cliente_id=123456')), []);
  });

  test('ids are positive integers written only with digits (D6)', async () => {
    for (const bad of ['01', '0', '-1', '+1', '1.0', '1e3', '%201', 'abc', '9007199254740992']) {
      assert400(await get(`?cliente_id=${bad}`), 'cliente_id');
      assert400(await get(`?tecnico_id=${bad}`), 'tecnico_id');
    }
  });

  test('repeated, empty and unknown parameters are 400 naming each (D7, D8)', async () => {
    assert400(await get('?status=aberta&status=aberta'), 'status');
    assert400(await get('?cliente_id=201&cliente_id=201'), 'cliente_id');
    assert400(await get('?data_inicio=2025-01-01&data_inicio=2025-01-01&data_fim=2025-02-01'), 'data_inicio');
    assert400(await get('?ordem=desc&ordem=asc'), 'ordem');
    assert400(await get('?status='), 'status');
    assert400(await get('?tecnico_id='), 'tecnico_id');
    assert400(await get('?Status=aberta'), 'Status');
    assert400(await get('?incluir=itens'), 'incluir');
  });

  test('one 400 names every offending field, the catalogue check included (D37)', async () => {
    assert400(await get('?status=xyz&cliente_id=01&tecnico_id=0'), 'cliente_id', 'status', 'tecnico_id');
    assert400(await get('?status=xyz&pagina=0'), 'pagina', 'status');
    assert400(await get('?status=xyz&status=abc'), 'status');
  });
});

describe('GET /v1/ordens-servico sorting and paging (D9, D10)', () => {
  const BY = {
    data_abertura: ALL,
    id: [1012, 1011, 1010, 1009, 1008, 1007, 1006, 1005, 1004, 1003, 1002, 1001],
    // nulls last in both directions (D9)
    data_conclusao: [1003, 1005, 1002, 1012, 1008, 1010, 1006, 1011, 1009, 1007, 1004, 1001],
  };
  const ASC = {
    data_abertura: [...ALL].reverse(),
    id: [...BY.id].reverse(),
    data_conclusao: [1006, 1010, 1008, 1012, 1002, 1005, 1003, 1001, 1004, 1007, 1009, 1011],
  };

  async function allPages(query: string, size: number): Promise<number[]> {
    const first = await list(`${query}&por_pagina=${size}`);
    const out = ids(first);
    for (let p = 2; p <= first.meta.total_paginas; p++) out.push(...ids(await list(`${query}&por_pagina=${size}&pagina=${p}`)));
    return out;
  }

  for (const field of ['data_abertura', 'id', 'data_conclusao'] as const) {
    test(`${field}: both directions, id tie-break in the same direction, pages of 1, 2, 3 concatenate exactly`, async () => {
      for (const [dir, want] of [
        ['desc', BY[field]],
        ['asc', ASC[field]],
      ] as const) {
        const query = `?ordenar_por=${field}&ordem=${dir}`;
        assert.deepEqual(ids(await list(query)), want, query);
        for (const size of [1, 2, 3]) assert.deepEqual(await allPages(query, size), want, `${query} by ${size}`);
      }
    });
  }

  test('ordem alone applies to data_abertura; ordenar_por alone is descending (D9)', async () => {
    assert.deepEqual(ids(await list('?ordem=asc')), ASC.data_abertura);
    assert.deepEqual(ids(await list('?ordem=desc')), ALL);
    assert.deepEqual(ids(await list('?ordenar_por=id')), BY.id);
    assert.deepEqual(ids(await list('?ordenar_por=data_conclusao')), BY.data_conclusao);
    assert400(await get('?ordenar_por=status'), 'ordenar_por');
    assert400(await get('?ordenar_por=valor_total'), 'ordenar_por');
    assert400(await get('?ordem=DESC'), 'ordem');
  });

  test('a page past the end is 200 with data [] and the true totals (D10)', async () => {
    assert.deepEqual(await list('?pagina=5&por_pagina=5'), { data: [], meta: { pagina: 5, por_pagina: 5, total: 12, total_paginas: 3 } });
    const none = await list('?status=em_garantia');
    assert.deepEqual(none.meta, { pagina: 1, por_pagina: 50, total: 0, total_paginas: 0 });
    assert400(await get('?por_pagina=201'), 'por_pagina');
    assert400(await get('?por_pagina=0'), 'por_pagina');
  });
});

describe('GET /v1/ordens-servico/{id}', () => {
  test('the order with its items by id and its checklist by configured order', async () => {
    const res = await t.get('/v1/ordens-servico/1001', token);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(sansAtualizadoEm(detailBody(res, OrdemServicoDetalheSchema).data), {
      id: 1001,
      numero: 'OS-1001',
      status: 'aberta',
      cliente: { id: 201, nome: 'João da Silva' },
      tecnico: { id: 301, nome: 'Ana Técnica' },
      data_abertura: '2025-01-15',
      hora_abertura: '08:05:09',
      criada_em: '2025-01-15T11:05:09Z',
      data_conclusao: null,
      valor_total: 0.3,
      itens: [
        { id: 1, tipo: 'produto', item_id: 501, descricao: 'Filtro', quantidade: 1, valor_unitario: 0.1, subtotal: 0.1 },
        { id: 2, tipo: 'servico', item_id: 601, descricao: 'Mão de obra', quantidade: 2, valor_unitario: 0.1, subtotal: 0.2 },
        { id: 4, tipo: null, item_id: null, descricao: 'Ajuste', quantidade: 1.2345, valor_unitario: 0, subtotal: 0 },
      ],
      // ordem 1 (ids 2, 6), 2 (id 5; id 4 deleted), 3 (id 1), none (id 3)
      checklist: [
        { id: 2, equipamento_id: null, tipo: 'titulo', pergunta: 'Inspeção', resposta: null, motivo_nao_conformidade: null },
        { id: 6, equipamento_id: null, tipo: 'opcoes', pergunta: 'Limpo?', resposta: 'Sim', motivo_nao_conformidade: null },
        { id: 5, equipamento_id: 77, tipo: 'opcoes', pergunta: 'Liga?', resposta: 'Não', motivo_nao_conformidade: 'Tela quebrada' },
        { id: 1, equipamento_id: null, tipo: 'texto', pergunta: 'Observações', resposta: 'ok', motivo_nao_conformidade: null },
        { id: 3, equipamento_id: null, tipo: null, pergunta: 'Sem ordem', resposta: 'sim', motivo_nao_conformidade: null },
      ],
    });
  });

  test('money over a million, empty lines, and the same record as the list', async () => {
    const d = detailBody(await t.get('/v1/ordens-servico/1002', token), OrdemServicoDetalheSchema);
    assert.equal(d.data.valor_total, 1234567.9);
    assert.deepEqual(
      d.data.itens.map((i) => i.subtotal),
      [1234567.89, 0.01],
    );
    assert.deepEqual(d.data.checklist, []);
    const { itens: _i, checklist: _c, ...record } = d.data;
    assert.deepEqual(record, (await byId()).get(1002));
    const empty = detailBody(await t.get('/v1/ordens-servico/1003', token), OrdemServicoDetalheSchema);
    assert.deepEqual([empty.data.itens, empty.data.valor_total, empty.data.cliente], [[], 0, null]);
  });

  test("deleted, nonexistent and another company's orders are 404 (D22)", async () => {
    for (const [id, as] of [
      [1014, token],
      [999999, token],
      [1100, token],
      [1001, outraToken],
    ] as const) {
      const res = await t.get(`/v1/ordens-servico/${id}`, as);
      assert.equal(res.statusCode, 404, `${id}`);
      assert.equal(errorBody(res).codigo, 'recurso_nao_encontrado');
    }
    assert.equal((await t.get('/v1/ordens-servico/1100', outraToken)).statusCode, 200);
  });

  test('accepts no query parameter, and {id} is a positive integer (D6, D8)', async () => {
    assert400(await t.get('/v1/ordens-servico/1001?status=aberta', token), 'status');
    assert400(await t.get('/v1/ordens-servico/1001?incluir=itens', token), 'incluir');
    assert400(await t.get('/v1/ordens-servico/1001?pagina=1', token), 'pagina');
    for (const bad of ['0', '01', '-1', 'OS-1001', '1e3']) assert400(await t.get(`/v1/ordens-servico/${bad}`, token), 'id');
    assert400(await t.get('/v1/ordens-servico/0?x=1', token), 'id', 'x');
  });
});

describe('company isolation', () => {
  test("each company's list holds only its own orders, whatever the filter", async () => {
    assert.deepEqual(ids(await list('?por_pagina=200', outraToken)), [1100, 1101]);
    assert.deepEqual(ids(await list('?status=aberta', outraToken)), [1101]);
    assert.deepEqual(ids(await list('?cliente_id=204')), [1004], "the company's own order naming that customer id");
    assert.deepEqual(ids(await list('?cliente_id=204', outraToken)), [1100]);
    const theirs = (await list('', outraToken)).data.find((o) => o.id === 1100);
    assert.deepEqual(
      [theirs?.cliente, theirs?.tecnico, theirs?.valor_total],
      [{ id: 204, nome: 'Cliente da Outra' }, { id: 303, nome: 'Técnico da Outra' }, 7],
    );
  });
});
