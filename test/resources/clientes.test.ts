import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DatasetCliente } from '../../src/store/import/dataset.ts';
import { ClienteSchema } from '../../src/resources/clientes/clientes.schema.ts';
import { detailBody, errorBody, listBody, type ListBody, sansAtualizadoEm } from '../helpers/bodies.ts';
import { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let empresa: number;
let full: string; // every scope
let basic: string; // clientes:ler only

type List = ListBody<typeof ClienteSchema>;

const endereco = (cidade: string) => ({
  logradouro: 'Rua A',
  numero: '1',
  complemento: null,
  bairro: 'Centro',
  cidade,
  uf: 'SP',
  cep: '01001-000',
});

function clientes(e: number): DatasetCliente[] {
  return [
    {
      id: 101,
      empresa_id: e,
      tipo_pessoa: 'fisica',
      nome: ' João ',
      sobrenome: 'da Silva',
      data_cadastro: '2024-03-05T13:20:00-03:00',
      documento: '529.982.247-25',
      emails: ['joao@example.com', ''],
      telefones: [{ tipo: 'celular', numero: '(11) 98765-4321' }],
      endereco: endereco('São Paulo'),
    },
    {
      id: 102,
      empresa_id: e,
      tipo_pessoa: 'juridica',
      razao_social: 'Padaria Pão Quente Ltda',
      nome_fantasia: 'Quentinho',
      data_cadastro: '2024-05-01T09:00:00Z',
      documento: '11222333000181',
      endereco: endereco('Ribeirão Preto'),
    },
    { id: 103, empresa_id: e, tipo_pessoa: 'fisica', nome: 'Maria', sobrenome: null, data_cadastro: null, endereco: endereco('SAO PAULO') },
    {
      id: 104,
      empresa_id: e,
      tipo_pessoa: 'fisica',
      nome: null,
      sobrenome: 'Conceição',
      data_cadastro: '2023-01-01T00:00:00Z',
      ativo: false,
    },
    { id: 105, empresa_id: e, tipo_pessoa: 'fisica', nome: 'Apagado', sobrenome: 'Excluído', excluido: true, documento: '52998224725' },
    { id: 106, empresa_id: e, tipo_pessoa: 'juridica', razao_social: '100% Peças_Ltda', data_cadastro: '2024-01-01T12:00:00+02:00' },
    { id: 107, empresa_id: e, tipo_pessoa: 'fisica', nome: 'ângela', sobrenome: 'Alves', data_cadastro: '2025-02-01T10:00:00Z' },
    { id: 108, empresa_id: e, tipo_pessoa: 'fisica', nome: 'Zeca', sobrenome: 'Urubu', data_cadastro: null },
  ];
}

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  await t.load({ clientes: clientes(empresa) });
});
// Fresh credentials per test keep each test inside its own 120-per-minute window.
beforeEach(async () => {
  full = await t.token(await t.credential(empresa));
  basic = await t.token(await t.credential(empresa, { scopes: ['clientes:ler'] }));
});
after(async () => t.close());

async function list(query: string, token = full): Promise<List> {
  const res = await t.get(`/v1/clientes${query}`, token);
  assert.equal(res.statusCode, 200, res.body);
  return listBody(res, ClienteSchema);
}
const ids = (l: List) => l.data.map((c) => c.id);

function assert400(res: { statusCode: number; json(): unknown }, campo: string): void {
  assert.equal(res.statusCode, 400);
  const erro = errorBody(res);
  assert.equal(erro.codigo, 'requisicao_invalida');
  assert.deepEqual(
    erro.detalhes.map((d) => d.campo),
    [campo],
  );
}

describe('GET /v1/clientes records', () => {
  test('default: active, not deleted, id ascending, basic fields only', async () => {
    const l = await list('');
    assert.deepEqual(ids(l), [101, 102, 103, 106, 107, 108]);
    assert.deepEqual(l.meta, { pagina: 1, por_pagina: 50, total: 6, total_paginas: 1 });
    for (const c of l.data)
      assert.deepEqual(Object.keys(c).sort(), ['ativo', 'atualizado_em', 'data_cadastro', 'id', 'nome', 'tipo_pessoa']);
  });

  test('nome is first name + surname for natural persons and razao social for legal entities (D21)', async () => {
    const byId = new Map((await list('?ativo=0')).data.concat((await list('')).data).map((c) => [c.id, c]));
    assert.equal(byId.get(101)?.nome, 'João da Silva');
    assert.equal(byId.get(102)?.nome, 'Padaria Pão Quente Ltda');
    assert.equal(byId.get(103)?.nome, 'Maria');
    assert.equal(byId.get(104)?.nome, 'Conceição');
    assert.equal(byId.get(102)?.tipo_pessoa, 'juridica');
  });

  test('data_cadastro is RFC 3339 UTC at second precision (D18)', async () => {
    const byId = new Map((await list('')).data.map((c) => [c.id, c]));
    assert.equal(byId.get(101)?.data_cadastro, '2024-03-05T16:20:00Z');
    assert.equal(byId.get(106)?.data_cadastro, '2024-01-01T10:00:00Z');
    assert.equal(byId.get(103)?.data_cadastro, null);
  });

  test('incluir=contato adds document, e-mails without empty strings, phones and address (D21)', async () => {
    const c = (await list('?incluir=contato')).data.find((x) => x.id === 101);
    assert.equal(c?.documento, '529.982.247-25');
    assert.deepEqual(c?.emails, ['joao@example.com']);
    assert.deepEqual(c?.telefones, [{ tipo: 'celular', numero: '(11) 98765-4321' }]);
    assert.deepEqual(c?.endereco, endereco('São Paulo'));
    const empty = (await list('?incluir=contato')).data.find((x) => x.id === 106);
    assert.deepEqual([empty?.documento, empty?.emails, empty?.telefones, empty?.endereco], [null, [], [], null]);
  });
});

describe('GET /v1/clientes filters', () => {
  test('nome: contains, case- and accent-insensitive, in name, razao social and trade name (D11)', async () => {
    assert.deepEqual(ids(await list('?nome=joao')), [101]);
    assert.deepEqual(ids(await list('?nome=SILV')), [101]);
    assert.deepEqual(ids(await list('?nome=pao%20quente')), [102]);
    assert.deepEqual(ids(await list('?nome=quentinho')), [102], 'trade name');
    assert.deepEqual(ids(await list('?nome=ANGELA')), [107]);
    assert.deepEqual(ids(await list('?nome=%20%20ma%20%20')), [103], 'trimmed');
    assert.deepEqual(ids(await list('?nome=a%CC%82ngela')), [107], 'decomposed: a + combining circumflex (NFC)');
    assert.deepEqual(ids(await list('?cidade=Sa%CC%83o%20Paulo')), [101, 103], 'decomposed: a + combining tilde (NFC)');
    assert.deepEqual(ids(await list('?nome=Excl')), [], 'deleted never appear');
  });

  test('nome finds a natural person by the name as shown: its parts trimmed (D11, D21)', async () => {
    const own = await t.company();
    await t.load({
      clientes: [
        { id: 151, empresa_id: own, tipo_pessoa: 'fisica', nome: 'Bia ', sobrenome: ' Lima' },
        { id: 152, empresa_id: own, tipo_pessoa: 'fisica', nome: '  Caio  ', sobrenome: '   Prado  ' },
        { id: 153, empresa_id: own, tipo_pessoa: 'fisica', nome: null, sobrenome: ' Rocha' },
      ],
    });
    const token = await t.token(await t.credential(own, { scopes: ['clientes:ler'] }));
    const shown = (await list('', token)).data.map((c) => c.nome);
    assert.deepEqual(shown, ['Bia Lima', 'Caio Prado', 'Rocha']);
    for (const [query, want] of [
      ['bia%20lima', [151]],
      ['a%20l', [151]],
      ['caio%20prado', [152]],
      ['o%20p', [152]],
      ['rocha', [153]],
    ] as const) {
      assert.deepEqual(ids(await list(`?nome=${query}`, token)), want, query);
    }
    assert.deepEqual(ids(await list('?nome=a%20%20l', token)), [], 'the name shown has one space between the parts');
  });

  test('nome: wildcards are literal and at least 2 characters after trimming', async () => {
    assert.deepEqual(ids(await list('?nome=100%25')), [106]);
    assert.deepEqual(ids(await list('?nome=s_L')), [106]);
    assert.deepEqual(ids(await list('?nome=a%25a')), []);
    assert400(await t.get('/v1/clientes?nome=a', full), 'nome');
    assert400(await t.get('/v1/clientes?nome=%20a%20', full), 'nome');
  });

  test('cidade: equality, case- and accent-insensitive, trimmed (D11)', async () => {
    assert.deepEqual(ids(await list('?cidade=sao%20paulo')), [101, 103]);
    assert.deepEqual(ids(await list('?cidade=%20S%C3%83O%20PAULO%20')), [101, 103]);
    assert.deepEqual(ids(await list('?cidade=ribeirao%20preto')), [102]);
    assert.deepEqual(ids(await list('?cidade=paulo')), [], 'not a contains search');
  });

  test('ativo: 1 by default, 0 for inactive, anything else 400', async () => {
    assert.deepEqual(ids(await list('?ativo=0')), [104]);
    assert.deepEqual(ids(await list('?ativo=1')), [101, 102, 103, 106, 107, 108]);
    for (const v of ['2', 'true', 'sim']) assert400(await t.get(`/v1/clientes?ativo=${v}`, full), 'ativo');
  });

  test('documento: CPF or CNPJ with or without punctuation, matched by digits (D12)', async () => {
    assert.deepEqual(ids(await list('?documento=52998224725')), [101]);
    assert.deepEqual(ids(await list('?documento=529.982.247-25')), [101]);
    assert.deepEqual(ids(await list('?documento=11.222.333%2F0001-81')), [102]);
    const shown = (await list('?documento=11222333000181&incluir=contato')).data[0];
    assert.equal(shown?.documento, '11222333000181', 'shown as registered');
    for (const bad of ['5299822472', '529982247251', 'abc.def.ghi-jk', '1122233300018']) {
      assert400(await t.get(`/v1/clientes?documento=${encodeURIComponent(bad)}`, full), 'documento');
    }
  });

  test('filters combine', async () => {
    assert.deepEqual(ids(await list('?cidade=sao%20paulo&nome=maria')), [103]);
  });
});

describe('contact scope (D13)', () => {
  function assertContactScope403(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }): void {
    assert.equal(res.statusCode, 403);
    assert.equal(errorBody(res).codigo, 'escopo_insuficiente');
    assert.equal(res.headers['www-authenticate'], 'Bearer realm="api-externa", error="insufficient_scope", scope="clientes:contato:ler"');
  }

  test('incluir=contato and documento need clientes:contato:ler, on list and detail', async () => {
    assertContactScope403(await t.get('/v1/clientes?incluir=contato', basic));
    assertContactScope403(await t.get('/v1/clientes?documento=52998224725', basic));
    assertContactScope403(await t.get('/v1/clientes?documento=bad', basic));
    assertContactScope403(await t.get('/v1/clientes/101?incluir=contato', basic));
  });

  test('contact fields never appear without the scope', async () => {
    const l = await list('', basic);
    for (const c of l.data) assert.equal(c.documento, undefined);
    const d = detailBody(await t.get('/v1/clientes/101', basic), ClienteSchema);
    assert.deepEqual(Object.keys(d.data).sort(), ['ativo', 'atualizado_em', 'data_cadastro', 'id', 'nome', 'tipo_pessoa']);
  });

  test('a token whose credential lost the scope loses it at once (D30)', async () => {
    const cred = await t.credential(empresa);
    const token = await t.token(cred);
    assert.equal((await t.get('/v1/clientes?incluir=contato', token)).statusCode, 200);
    await t.store.pool.query(`UPDATE api_credentials SET scopes = '{clientes:ler}' WHERE client_id = $1`, [cred.clientId]);
    assertContactScope403(await t.get('/v1/clientes?incluir=contato', token));
  });

  test('documento on the detail is an unknown parameter (400), not a contact request, whatever the scopes (D8, D13)', async () => {
    for (const token of [basic, full]) {
      assert400(await t.get('/v1/clientes/101?documento=52998224725', token), 'documento');
      assert400(await t.get('/v1/clientes/101?documento=bad', token), 'documento');
    }
    // incluir=contato still asks for the scope first (D4), whatever else is sent
    assertContactScope403(await t.get('/v1/clientes/101?incluir=contato&documento=52998224725', basic));
  });

  test('incluir takes only contato', async () => {
    assert400(await t.get('/v1/clientes?incluir=tudo', full), 'incluir');
  });
});

describe('sorting and paging (D9, D10)', () => {
  async function allPages(query: string, size: number): Promise<number[]> {
    const first = await list(`${query}${query ? '&' : '?'}por_pagina=${size}`);
    const out = ids(first);
    for (let p = 2; p <= first.meta.total_paginas; p++)
      out.push(...ids(await list(`${query}${query ? '&' : '?'}por_pagina=${size}&pagina=${p}`)));
    return out;
  }

  test('nome sorts accent-insensitively, both directions, id tie-break', async () => {
    const asc = (await list('?ordenar_por=nome')).data.map((c) => c.nome);
    assert.deepEqual(asc, ['100% Peças_Ltda', 'ângela Alves', 'João da Silva', 'Maria', 'Padaria Pão Quente Ltda', 'Zeca Urubu']);
    const desc = (await list('?ordenar_por=nome&ordem=desc')).data.map((c) => c.nome);
    assert.deepEqual(desc, [...asc].reverse());
  });

  test('data_cadastro: nulls last in both directions (D9)', async () => {
    assert.deepEqual(ids(await list('?ordenar_por=data_cadastro')), [106, 101, 102, 107, 103, 108]);
    assert.deepEqual(ids(await list('?ordenar_por=data_cadastro&ordem=desc')), [107, 102, 101, 106, 108, 103]);
  });

  test('ordem alone applies to the default field; ordenar_por alone uses the default direction (D9)', async () => {
    assert.deepEqual(ids(await list('?ordem=desc')), [108, 107, 106, 103, 102, 101]);
    assert.deepEqual(ids(await list('?ordenar_por=id')), [101, 102, 103, 106, 107, 108]);
    assert400(await t.get('/v1/clientes?ordenar_por=documento', full), 'ordenar_por');
  });

  test('pages concatenate to the full ordered set with no duplicate or gap, every sort and direction', async () => {
    for (const sort of ['id', 'nome', 'data_cadastro']) {
      for (const dir of ['asc', 'desc']) {
        const query = `?ordenar_por=${sort}&ordem=${dir}`;
        const whole = ids(await list(query));
        for (const size of [1, 2, 4]) assert.deepEqual(await allPages(query, size), whole, `${query} by ${size}`);
      }
    }
  });

  test('a page past the end is 200 with data [] and the true totals (D10)', async () => {
    const l = await list('?pagina=5&por_pagina=4');
    assert.deepEqual(l, { data: [], meta: { pagina: 5, por_pagina: 4, total: 6, total_paginas: 2 } });
    const none = await list('?nome=zzzz');
    assert.deepEqual(none.meta, { pagina: 1, por_pagina: 50, total: 0, total_paginas: 0 });
  });

  test('por_pagina bounds: 1 and 200 accepted', async () => {
    assert.equal((await list('?por_pagina=1')).data.length, 1);
    assert.equal((await list('?por_pagina=200')).meta.por_pagina, 200);
  });
});

describe('GET /v1/clientes/{id}', () => {
  test('returns {data: cliente}, with contact fields on request', async () => {
    const res = await t.get('/v1/clientes/102', full);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(sansAtualizadoEm(detailBody(res, ClienteSchema).data), {
      id: 102,
      nome: 'Padaria Pão Quente Ltda',
      tipo_pessoa: 'juridica',
      ativo: true,
      data_cadastro: '2024-05-01T09:00:00Z',
    });
    const withContact = detailBody(await t.get('/v1/clientes/102?incluir=contato', full), ClienteSchema);
    assert.equal(withContact.data.documento, '11222333000181');
  });

  test('inactive customers are found by id; deleted and nonexistent ones are 404', async () => {
    assert.equal((await t.get('/v1/clientes/104', full)).statusCode, 200);
    for (const id of [105, 999]) {
      const res = await t.get(`/v1/clientes/${id}`, full);
      assert.equal(res.statusCode, 404);
      assert.equal(errorBody(res).codigo, 'recurso_nao_encontrado');
    }
  });
});
