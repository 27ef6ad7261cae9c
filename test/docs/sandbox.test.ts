import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { buildDemoDataset } from '../../src/demo/demo-dataset/index.ts';
import { applyDemoChanges, DEMO_CHANGES } from '../../src/demo/demo-changes.ts';
import type { Dataset } from '../../src/store/import/dataset.ts';
import { addDays, todayInSaoPaulo } from '../../src/time/sao-paulo-date.ts';
import { TestApp } from '../helpers/test-app.ts';

// docs/sandbox.md names demo records and what each shows; README.md and docs/api.md pick an
// example whose sort is visible on the demo data. Both are checked here over HTTP, against a real app on a store
// loaded with the demo data set as `npm start` loads it (today's dates), so they cannot go stale.

type Rec = Record<string, unknown>;
interface Answer {
  status: number;
  body: Rec;
}

const SANDBOX = fs.readFileSync('docs/sandbox.md', 'utf8');
const HOST = 'http://127.0.0.1:3000';
const today = todayInSaoPaulo();
const dataset: Dataset = buildDemoDataset({ today });

let t: TestApp;
let token = '';

before(async () => {
  t = await TestApp.start();
  await t.load(dataset);
  await applyDemoChanges(t.store.pool, 1);
  token = await t.token(await t.credential(1));
  // On PostgreSQL the feeds serve the changes once the cluster's older transactions have ended
  // (ADR 0013), and other test files share the server: wait for them, as a client resuming later would.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const res = await t.get('/v1/servicos/alteracoes?por_pagina=500', token);
    if ((res.json() as { data: { id: number }[] }).data.some((e) => e.id === DEMO_CHANGES.removedServico)) break;
  }
});
after(async () => t.close());

async function get(path: string): Promise<Answer> {
  const res = await t.get(path, token);
  return { status: res.statusCode, body: res.json() as Rec };
}

/** The `/v1/...` path and query of every request the page makes with the token. */
function requestsOf(markdown: string): string[] {
  const urls = [...markdown.matchAll(/http:\/\/127\.0\.0\.1:3000(\/v1\/[^\s"'`]+)/g)].map((m) => m[1] ?? '');
  return [...new Set(urls.filter((u) => u !== '/v1/oauth/token'))];
}

// --- what the data set itself holds, independently of the API ---------------------------

const inCompany = <T extends { id: number; empresa_id: number }>(records: readonly T[] | undefined, empresa: number, id: number) =>
  (records ?? []).find((r) => r.empresa_id === empresa && r.id === id);

function deletedIn(records: readonly { id: number; empresa_id: number; excluido?: boolean }[] | undefined, id: number): void {
  assert.equal(inCompany(records, 1, id)?.excluido, true, `record ${id} of company 1 is soft-deleted in the data set`);
}

function existsNowhere(records: readonly { id: number }[] | undefined, id: number): void {
  assert.ok(!(records ?? []).some((r) => r.id === id), `${id} exists in no company`);
}

// --- reading answers ------------------------------------------------------------------

function ok(answer: Answer): void {
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

function detail(answer: Answer): Rec {
  ok(answer);
  return answer.body.data as Rec;
}

function list(answer: Answer): Rec[] {
  ok(answer);
  const data = answer.body.data as Rec[];
  assert.ok(data.length > 0, 'the list is not empty');
  return data;
}

function notFound(answer: Answer): void {
  assert.equal(answer.status, 404);
  assert.equal((answer.body.erro as Rec).codigo, 'recurso_nao_encontrado');
}

const ids = (records: Rec[]): number[] => records.map((r) => Number(r.id)).sort((a, b) => a - b);
const cedenteOf = (r: Rec): Rec => r.cedente as Rec;

function allWith(records: Rec[], field: string, value: unknown): void {
  for (const r of records) assert.deepEqual(r[field], value, `record ${String(r.id)}: ${field}`);
}

function cedentes(records: Rec[], tipo: string): void {
  for (const r of records) assert.equal(cedenteOf(r).tipo, tipo, `record ${String(r.id)}`);
}

function slipsOf(status: string, more: (r: Rec) => void = () => undefined): (a: Answer) => void {
  return (a) => {
    const records = list(a);
    allWith(records, 'status', status);
    for (const r of records) more(r);
  };
}

/** Each request of docs/sandbox.md, and what the page says its answer shows. */
const CLAIMS: Record<string, (answer: Answer) => void> = {
  // customers
  '/v1/clientes?nome=joao&incluir=contato': (a) => {
    const joao = list(a).find((r) => r.id === 1);
    assert.equal(joao?.nome, 'João da Silva');
  },
  '/v1/clientes?documento=52998224725&incluir=contato': (a) => {
    const records = list(a);
    assert.deepEqual(ids(records), [1]);
    assert.equal(records[0]?.documento, '529.982.247-25', 'as registered, punctuated');
  },
  '/v1/clientes/196': (a) => {
    deletedIn(dataset.clientes, 196);
    notFound(a);
  },
  '/v1/clientes/11': (a) => assert.equal(detail(a).ativo, false),
  '/v1/clientes?ativo=0&por_pagina=5': (a) => {
    const records = list(a);
    allWith(records, 'ativo', false);
    assert.ok(ids(records).includes(11));
  },
  '/v1/clientes/73': (a) => assert.equal(detail(a).nome, 'Lívia'),
  '/v1/clientes/1001': (a) => {
    assert.equal(inCompany(dataset.clientes, 2, 1001)?.excluido, false, 'a live customer of company 2');
    notFound(a);
  },

  // service orders
  '/v1/ordens-servico/107': (a) => {
    assert.equal(inCompany(dataset.ordens_servico, 1, 107)?.cliente_id, 196);
    deletedIn(dataset.clientes, 196);
    assert.equal(detail(a).cliente, null);
  },
  '/v1/ordens-servico/6': (a) => {
    const order = inCompany(dataset.ordens_servico, 1, 6);
    assert.equal(typeof order?.cliente_id, 'number');
    existsNowhere(dataset.clientes, order?.cliente_id ?? 0);
    assert.equal(detail(a).cliente, null);
  },
  '/v1/ordens-servico/5': (a) => {
    const order = detail(a);
    assert.equal(order.cliente, null);
    assert.equal(order.tecnico, null);
  },
  '/v1/ordens-servico/8': (a) => {
    assert.equal(inCompany(dataset.ordens_servico, 1, 8)?.tecnico_id, 5);
    deletedIn(dataset.tecnicos, 5);
    assert.equal(detail(a).tecnico, null);
  },
  '/v1/ordens-servico/3': (a) => assert.equal(detail(a).status, 'aguardando_peca'),
  '/v1/ordens-servico/11': (a) => assert.equal(detail(a).status, 'em_garantia'),
  '/v1/ordens-servico?status=aguardando_peca&por_pagina=5': (a) => allWith(list(a), 'status', 'aguardando_peca'),
  '/v1/ordens-servico/149': (a) => {
    const order = detail(a);
    assert.equal(order.status, 'aberta');
    assert.equal(String(order.data_conclusao).slice(0, 10), addDays(String(order.data_abertura), 1), 'concluded the day after it opened');
  },
  '/v1/ordens-servico?status=aberta&ordenar_por=data_conclusao&por_pagina=1': (a) => assert.deepEqual(ids(list(a)), [149]),
  '/v1/ordens-servico/22': (a) => {
    const itens = inCompany(dataset.ordens_servico, 1, 22)?.itens ?? [];
    const kept = itens.filter((i) => !i.excluido);
    assert.ok(kept.length < itens.length, 'the data set has a deleted item in order 22');
    const order = detail(a);
    assert.deepEqual(ids(order.itens as Rec[]), ids(kept as unknown as Rec[]));
    const cents = kept.reduce((sum, i) => sum + Math.round(i.subtotal * 100), 0);
    assert.equal(order.valor_total, cents / 100);
  },
  '/v1/ordens-servico/87': (a) => {
    deletedIn(dataset.ordens_servico, 87);
    notFound(a);
  },

  // receivables and payables
  '/v1/contas-receber?cedente_tipo=cliente&por_pagina=1': (a) => cedentes(list(a), 'cliente'),
  '/v1/contas-receber?cedente_tipo=fornecedor&por_pagina=1': (a) => cedentes(list(a), 'fornecedor'),
  '/v1/contas-receber?cedente_tipo=usuario&por_pagina=1': (a) => cedentes(list(a), 'usuario'),
  '/v1/contas-receber?cedente_tipo=pre_cliente&por_pagina=1': (a) => cedentes(list(a), 'pre_cliente'),
  '/v1/contas-receber?cedente_tipo=outro&por_pagina=5': (a) => {
    const records = list(a);
    cedentes(records, 'outro');
    for (const r of records) assert.ok(cedenteOf(r).id === null && String(cedenteOf(r).nome).length > 0);
    assert.ok(
      dataset.contas_receber?.some((c) => c.empresa_id === 1 && c.cedente_nome === 'Marketplace'),
      'the page quotes this text',
    );
  },
  '/v1/contas-receber?cedente_tipo=cliente&cedente_id=196': (a) => {
    const records = list(a);
    assert.deepEqual(ids(records), [16, 298, 374, 392]);
    for (const r of records) assert.deepEqual(cedenteOf(r), { tipo: 'cliente', id: 196, nome: null });
  },
  '/v1/contas-receber?cedente_tipo=usuario&cedente_id=4': (a) => {
    deletedIn(dataset.usuarios, 4);
    const records = list(a);
    assert.deepEqual(ids(records), [469, 480]);
    for (const r of records) assert.deepEqual(cedenteOf(r), { tipo: 'usuario', id: 4, nome: null });
  },
  '/v1/contas-receber?cedente_tipo=cliente&cedente_id=901002': (a) => {
    existsNowhere(dataset.clientes, 901002);
    const records = list(a);
    assert.ok(
      [9, 67].every((id) => ids(records).includes(id)),
      JSON.stringify(ids(records)),
    );
    for (const r of records) assert.deepEqual(cedenteOf(r), { tipo: 'cliente', id: 901002, nome: null });
  },
  '/v1/contas-receber?status=aberto&ordenar_por=vencimento&ordem=asc&por_pagina=1': (a) => {
    const [first] = list(a);
    assert.deepEqual([first?.id, first?.vencimento, first?.status, first?.data_pagamento], [167, today, 'aberto', null]);
  },
  '/v1/contas-receber?ordenar_por=valor&por_pagina=1': (a) => {
    const [first] = list(a);
    assert.deepEqual([first?.id, first?.valor], [63, 6261400.8]);
  },
  '/v1/contas-receber?ordenar_por=valor&ordem=asc&por_pagina=1': (a) => {
    const [first] = list(a);
    assert.deepEqual([first?.id, first?.valor], [188, 0.1]);
  },
  '/v1/contas-pagar?cedente_tipo=outro&por_pagina=5': (a) => {
    cedentes(list(a), 'outro');
    for (const text of ['Receita Federal - DAS', 'Aluguel da loja'])
      assert.ok(
        dataset.contas_pagar?.some((c) => c.empresa_id === 1 && c.cedente_nome === text && !c.excluido),
        text,
      );
  },
  '/v1/contas-pagar?cedente_tipo=fornecedor&cedente_id=16': (a) => {
    deletedIn(dataset.fornecedores, 16);
    const records = list(a);
    assert.ok(
      [43, 46, 95].every((id) => ids(records).includes(id)),
      JSON.stringify(ids(records)),
    );
    for (const r of records) assert.deepEqual(cedenteOf(r), { tipo: 'fornecedor', id: 16, nome: null });
  },

  // bank slips
  '/v1/boletos?status=pendente&por_pagina=5': slipsOf('pendente', (r) => assert.ok(String(r.vencimento) >= today)),
  '/v1/boletos?status=vencido&por_pagina=5': slipsOf('vencido', (r) => {
    assert.ok(String(r.vencimento) < today);
    assert.equal(r.data_pagamento, null);
  }),
  '/v1/boletos?status=pago&por_pagina=5': (a) => {
    slipsOf('pago', (r) => assert.notEqual(r.data_pagamento, null))(a);
    const pagos = (dataset.boletos ?? []).filter((b) => b.empresa_id === 1 && b.status === 'pago' && !b.excluido);
    assert.ok(pagos.filter((b) => b.data_compensacao).length > pagos.length / 2, 'most are cleared');
  },
  '/v1/boletos?status=cancelado&por_pagina=5': slipsOf('cancelado'),
  '/v1/boletos?status=nao_autorizado&por_pagina=5': slipsOf('nao_autorizado'),
  '/v1/boletos?status=nao_realizado&por_pagina=5': slipsOf('nao_realizado'),
  '/v1/boletos?status=rejeitado&por_pagina=5': slipsOf('rejeitado'),
  '/v1/boletos?status=aguardando_confirmacao&por_pagina=5': slipsOf('aguardando_confirmacao', (r) =>
    assert.equal(r.data_compensacao, null),
  ),
  '/v1/boletos?status=nao_realizado&ordenar_por=id&ordem=asc&por_pagina=1': (a) => {
    const [first] = list(a);
    assert.deepEqual([first?.id, first?.linha_digitavel, first?.emissao], [11, null, null]);
  },
  '/v1/boletos?status=nao_autorizado&ordenar_por=id&ordem=asc&por_pagina=1': (a) => {
    const [first] = list(a);
    assert.deepEqual([first?.id, first?.linha_digitavel], [59, null]);
  },
  '/v1/boletos?cliente_id=196': (a) => {
    const records = list(a);
    assert.deepEqual(ids(records), [151, 188]);
    allWith(records, 'cliente', null);
  },

  // change feeds: the demo's later changes (src/demo/demo-changes.ts)
  '/v1/produtos/alteracoes?por_pagina=500': (a) => {
    const entries = feedOf(a);
    const repriced = entries.find((e) => e.id === DEMO_CHANGES.repricedProduto);
    const before = inCompany(dataset.produtos, 1, DEMO_CHANGES.repricedProduto)?.valor ?? 0;
    assert.equal(repriced?.operacao, 'alterado');
    assert.equal((repriced?.registro as Rec).valor, before + DEMO_CHANGES.priceIncrease);
    assert.equal((repriced?.registro as Rec).valor, 154);
    assert.deepEqual(
      entries.find((e) => e.id === DEMO_CHANGES.deletedProduto),
      { operacao: 'excluido', id: 100, atualizado_em: entries.find((e) => e.id === 100)?.atualizado_em, registro: null },
    );
    assert.ok(entries.filter((e) => e.operacao === 'alterado').length >= 100, 'every live product once');
  },
  '/v1/servicos/alteracoes?por_pagina=500': (a) => {
    const removed = feedOf(a).find((e) => e.id === DEMO_CHANGES.removedServico);
    assert.deepEqual([removed?.operacao, removed?.registro], ['excluido', null]);
  },
};

function feedOf(answer: Answer): { operacao: string; id: number; atualizado_em: string; registro: unknown }[] {
  ok(answer);
  assert.equal((answer.body.meta as Rec).tem_mais, false);
  return answer.body.data as { operacao: string; id: number; atualizado_em: string; registro: unknown }[];
}

describe('docs/sandbox.md on the demo data set', () => {
  test('every request the page makes is checked here, and every check is a request of the page', () => {
    assert.deepEqual(requestsOf(SANDBOX).sort(), Object.keys(CLAIMS).sort());
    assert.ok(SANDBOX.includes(`curl -H "Authorization: Bearer $TOKEN" ${HOST}/v1/ordens-servico/107`), 'requests are curl lines');
  });

  for (const [path, claim] of Object.entries(CLAIMS)) {
    test(path, async () => claim(await get(path)));
  }
});

for (const file of ['README.md', 'docs/api.md']) {
  describe(`${file}: the example sorted by data_conclusao shows its sort`, () => {
    const path = requestsOf(fs.readFileSync(file, 'utf8')).find((p) => p.includes('ordenar_por=data_conclusao'));

    test('its first results carry data_conclusao, newest first, unlike the default order', async () => {
      assert.ok(path, `${file} has the example`);
      const sorted = list(await get(path));
      const conclusions = sorted.map((r) => r.data_conclusao);
      assert.ok(
        conclusions.every((c) => typeof c === 'string'),
        JSON.stringify(conclusions),
      );
      assert.deepEqual(conclusions, [...conclusions].sort().reverse(), 'newest first');
      const byDefault = list(await get(path.replace(/ordenar_por=data_conclusao&?/, '')));
      assert.notDeepEqual(ids(byDefault), ids(sorted), 'the sort changes what comes first');
    });
  });
}
