import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Dataset } from '../../src/store/import/dataset.ts';
import { describeIssue, MAX_ISSUES } from '../../src/store/import/issues.ts';
import { checkAgainstStored, type StoredFacts } from '../../src/store/import/stored-facts.ts';
import { validateDataset, type ImportIssue } from '../../src/store/import/validate.ts';

/** Pure validation rules of the data-set format (docs/dataset-format.md); no database. */

type Rec = Record<string, unknown>;

const empresa = (extra: Rec = {}): Rec => ({ id: 1, nome: 'Empresa', ...extra });
const cliente = (extra: Rec = {}): Rec => ({ id: 10, empresa_id: 1, tipo_pessoa: 'fisica', ...extra });
const item = (extra: Rec = {}): Rec => ({ id: 1, descricao: 'Peça', quantidade: 1, valor_unitario: 10, subtotal: 10, ...extra });
const checklistEntry = (extra: Rec = {}): Rec => ({ id: 1, pergunta: 'Liga?', ...extra });
const ordem = (extra: Rec = {}): Rec => ({ id: 70, empresa_id: 1, status: 'aberta', data_abertura: '2025-06-02', ...extra });
const conta = (extra: Rec = {}): Rec => ({
  id: 80,
  empresa_id: 1,
  cedente_tipo: 'cliente',
  cedente_id: 10,
  valor: 10,
  vencimento: '2025-07-02',
  ...extra,
});
const boleto = (extra: Rec = {}): Rec => ({ id: 100, empresa_id: 1, valor: 10, status: 'pendente', ...extra });
const usuario = (extra: Rec = {}): Rec => ({ id: 1, empresa_id: 1, email: 'a@x.com', senha: 's', ...extra });

function errorsOf(input: unknown): ImportIssue[] {
  const result = validateDataset(input);
  return result.ok ? [] : result.errors;
}

/** The issues at one place; `field` compared exactly. */
function issuesAt(input: unknown, collection: string, index: number | null, field: string): ImportIssue[] {
  return errorsOf(input).filter((i) => i.collection === collection && i.index === index && i.field === field);
}

function assertRejected(input: unknown, collection: string, index: number | null, field: string): void {
  const found = issuesAt(input, collection, index, field);
  assert.equal(found.length, 1, `expected one issue at ${collection}[${index}].${field}, got ${JSON.stringify(errorsOf(input))}`);
}

function assertAccepted(input: unknown): void {
  assert.deepEqual(errorsOf(input), []);
}

describe('validateDataset: top level', () => {
  test('the example data set (examples/dataset.json) is valid', () => {
    assertAccepted(JSON.parse(fs.readFileSync(path.resolve('examples/dataset.json'), 'utf8')));
  });

  test('an empty object is valid and every collection is optional', () => {
    assertAccepted({});
    assertAccepted({ clientes: [] });
  });

  test('the data set must be a JSON object', () => {
    for (const input of [null, [], 'x', 3]) {
      assert.deepEqual(errorsOf(input), [{ collection: '', index: null, field: '', message: 'the data set must be a JSON object' }]);
    }
  });

  test('an unknown collection is an error', () => {
    assertRejected({ cliente: [] }, 'cliente', null, '');
  });

  test('a collection must be an array', () => {
    assertRejected({ clientes: {} }, 'clientes', null, '');
  });

  test('a record must be an object', () => {
    assertRejected({ empresas: [empresa(), [1]] }, 'empresas', 1, '');
  });

  test('every problem is reported, not only the first', () => {
    const errors = errorsOf({ empresas: [empresa({ id: 0 })], clientes: [cliente({ tipo_pessoa: 'x' }), cliente({ id: 11, nome: 5 })] });
    assert.deepEqual(
      errors.map((e) => describeIssue(e).split(':')[0]),
      ['empresas[0].id', 'clientes[0].tipo_pessoa', 'clientes[1].nome'],
    );
  });

  test(`issues are capped at ${MAX_ISSUES}`, () => {
    const clientes = Array.from({ length: 300 }, (_, i) => cliente({ id: i + 1, tipo_pessoa: 'x' }));
    assert.equal(errorsOf({ clientes }).length, MAX_ISSUES);
  });

  test('an issue reads <collection>[<index>].<field>: <message>', () => {
    assert.equal(
      describeIssue({ collection: 'ordens_servico', index: 0, field: 'itens[2].subtotal', message: 'x' }),
      'ordens_servico[0].itens[2].subtotal: x',
    );
    assert.equal(describeIssue({ collection: 'foo', index: null, field: '', message: 'unknown collection' }), 'foo: unknown collection');
  });
});

describe('validateDataset: fields', () => {
  test('an unknown field is an error, at any depth', () => {
    assertRejected({ clientes: [cliente({ nmoe: 'x' })] }, 'clientes', 0, 'nmoe');
    assertRejected({ ordens_servico: [ordem({ itens: [item({ preco: 1 })] })] }, 'ordens_servico', 0, 'itens[0].preco');
    assertRejected({ clientes: [cliente({ endereco: { cidade: 'X', pais: 'BR' } })] }, 'clientes', 0, 'endereco.pais');
    assertRejected({ clientes: [cliente({ telefones: [{ tipo: 'c', numero: '1', ramal: '2' }] })] }, 'clientes', 0, 'telefones[0].ramal');
  });

  test('id and empresa_id are required', () => {
    assertRejected({ clientes: [{ empresa_id: 1, tipo_pessoa: 'fisica' }] }, 'clientes', 0, 'id');
    assertRejected({ clientes: [{ id: 1, tipo_pessoa: 'fisica' }] }, 'clientes', 0, 'empresa_id');
    assertRejected({ tecnicos: [{ id: 1 }] }, 'tecnicos', 0, 'empresa_id');
    assertAccepted({ empresas: [{ id: 1 }] });
  });

  test('the fields the API cannot answer without are required, and null does not satisfy them', () => {
    const cases: [Rec, string, string][] = [
      [{ clientes: [cliente({ tipo_pessoa: undefined })] }, 'clientes', 'tipo_pessoa'],
      [{ ordens_servico: [ordem({ status: null })] }, 'ordens_servico', 'status'],
      [{ ordens_servico: [ordem({ data_abertura: undefined })] }, 'ordens_servico', 'data_abertura'],
      [{ contas_receber: [conta({ cedente_tipo: undefined })] }, 'contas_receber', 'cedente_tipo'],
      [{ contas_pagar: [conta({ valor: null })] }, 'contas_pagar', 'valor'],
      [{ contas_pagar: [conta({ vencimento: undefined })] }, 'contas_pagar', 'vencimento'],
      [{ boletos: [boleto({ valor: undefined })] }, 'boletos', 'valor'],
      [{ boletos: [boleto({ status: undefined })] }, 'boletos', 'status'],
    ];
    for (const [input, collection, field] of cases) assertRejected(input, collection, 0, field);
    for (const field of ['descricao', 'quantidade', 'valor_unitario', 'subtotal']) {
      assertRejected({ ordens_servico: [ordem({ itens: [item({ [field]: undefined })] })] }, 'ordens_servico', 0, `itens[0].${field}`);
    }
    assertRejected(
      { ordens_servico: [ordem({ checklist: [checklistEntry({ pergunta: undefined })] })] },
      'ordens_servico',
      0,
      'checklist[0].pergunta',
    );
  });

  test('optional fields may be omitted or null', () => {
    assertAccepted({
      clientes: [cliente({ nome: null, data_cadastro: null, endereco: null, documento: null })],
      produtos: [{ id: 1, empresa_id: 1 }],
    });
  });

  test('ids are positive integers no greater than 2^53-1', () => {
    for (const bad of [0, -1, 1.5, 2 ** 53, '10', true]) assertRejected({ tecnicos: [{ id: bad, empresa_id: 1 }] }, 'tecnicos', 0, 'id');
    assertAccepted({ tecnicos: [{ id: 2 ** 53 - 1, empresa_id: 1 }] });
    assertRejected({ ordens_servico: [ordem({ cliente_id: 0 })] }, 'ordens_servico', 0, 'cliente_id');
  });

  test('strings must be strings without NUL characters', () => {
    assertRejected({ tecnicos: [{ id: 1, empresa_id: 1, nome: 5 }] }, 'tecnicos', 0, 'nome');
    assertRejected({ tecnicos: [{ id: 1, empresa_id: 1, nome: 'a\u0000b' }] }, 'tecnicos', 0, 'nome');
    assertRejected({ tecnicos: [{ id: 1, empresa_id: 1, nome: 'a\uD800b' }] }, 'tecnicos', 0, 'nome');
    assertAccepted({ tecnicos: [{ id: 1, empresa_id: 1, nome: 'Zé 😀' }] });
  });

  test('ativo and excluido are booleans, and null does not stand for the default', () => {
    assertRejected({ clientes: [cliente({ ativo: 'true' })] }, 'clientes', 0, 'ativo');
    assertRejected({ clientes: [cliente({ excluido: 1 })] }, 'clientes', 0, 'excluido');
    assertRejected({ clientes: [cliente({ ativo: null })] }, 'clientes', 0, 'ativo');
    assertRejected({ ordens_servico: [ordem({ itens: [item({ excluido: 'no' })] })] }, 'ordens_servico', 0, 'itens[0].excluido');
  });

  test('lists are arrays of strings', () => {
    assertRejected({ clientes: [cliente({ emails: 'a@x.com' })] }, 'clientes', 0, 'emails');
    assertRejected({ clientes: [cliente({ emails: ['a@x.com', 1] })] }, 'clientes', 0, 'emails[1]');
    assertRejected({ usuarios: [usuario({ permissoes: [null] })] }, 'usuarios', 0, 'permissoes[0]');
    assertRejected({ empresas: [empresa({ status_personalizados: null })] }, 'empresas', 0, 'status_personalizados');
    assertAccepted({ clientes: [cliente({ emails: ['a@x.com', ''] })] });
  });

  test('telefones are {tipo, numero} strings', () => {
    assertRejected({ clientes: [cliente({ telefones: [{ tipo: 'celular' }] })] }, 'clientes', 0, 'telefones[0].numero');
    assertRejected({ clientes: [cliente({ telefones: [{ tipo: 'celular', numero: 11 }] })] }, 'clientes', 0, 'telefones[0].numero');
    assertRejected({ clientes: [cliente({ telefones: ['(11) 1234-5678'] })] }, 'clientes', 0, 'telefones[0]');
  });

  test('endereco is an object of the 7 keys (missing ones null) or null', () => {
    assertAccepted({ clientes: [cliente({ endereco: { cidade: 'Recife', uf: null } })] });
    assertRejected({ clientes: [cliente({ endereco: 'Rua X' })] }, 'clientes', 0, 'endereco');
    assertRejected({ clientes: [cliente({ endereco: { numero: 100 } })] }, 'clientes', 0, 'endereco.numero');
  });
});

describe('validateDataset: enumerations', () => {
  test('tipo_pessoa is fisica or juridica', () => {
    assertAccepted({ clientes: [cliente({ tipo_pessoa: 'juridica' })] });
    assertRejected({ clientes: [cliente({ tipo_pessoa: 'Fisica' })] }, 'clientes', 0, 'tipo_pessoa');
  });

  test('cedente_tipo is one of the 5 types', () => {
    for (const tipo of ['cliente', 'fornecedor', 'usuario', 'pre_cliente'])
      assertAccepted({ contas_receber: [conta({ cedente_tipo: tipo })] });
    assertRejected({ contas_receber: [conta({ cedente_tipo: 'banco' })] }, 'contas_receber', 0, 'cedente_tipo');
  });

  test('an item tipo is produto, servico or null', () => {
    assertAccepted({
      ordens_servico: [ordem({ itens: [item({ tipo: 'produto' }), item({ id: 2, tipo: 'servico' }), item({ id: 3, tipo: null })] })],
    });
    assertRejected({ ordens_servico: [ordem({ itens: [item({ tipo: 'peca' })] })] }, 'ordens_servico', 0, 'itens[0].tipo');
  });

  test('a checklist tipo is opcoes, texto, titulo or null', () => {
    const entries = ['opcoes', 'texto', 'titulo', null].map((tipo, i) => checklistEntry({ id: i + 1, tipo }));
    assertAccepted({ ordens_servico: [ordem({ checklist: entries })] });
    assertRejected(
      { ordens_servico: [ordem({ checklist: [checklistEntry({ tipo: 'foto' })] })] },
      'ordens_servico',
      0,
      'checklist[0].tipo',
    );
  });

  test('a checklist ordem is an integer', () => {
    assertRejected({ ordens_servico: [ordem({ checklist: [checklistEntry({ ordem: 1.5 })] })] }, 'ordens_servico', 0, 'checklist[0].ordem');
  });

  test('a boleto status is one of the 8 bank statuses (D20)', () => {
    const statuses = ['pendente', 'vencido', 'pago', 'cancelado', 'nao_autorizado', 'nao_realizado', 'rejeitado', 'aguardando_confirmacao'];
    assertAccepted({ boletos: statuses.map((status, i) => boleto({ id: i + 1, status })) });
    assertRejected({ boletos: [boleto({ status: 'aberto' })] }, 'boletos', 0, 'status');
  });
});

describe('validateDataset: cedentes (D22)', () => {
  test('an outro cedente has no cedente_id', () => {
    assertRejected({ contas_receber: [conta({ cedente_tipo: 'outro', cedente_id: 5 })] }, 'contas_receber', 0, 'cedente_id');
    assertAccepted({ contas_receber: [conta({ cedente_tipo: 'outro', cedente_id: null, cedente_nome: 'Venda avulsa' })] });
    assertAccepted({ contas_receber: [conta({ cedente_tipo: 'outro', cedente_id: undefined })] });
  });

  test('only an outro cedente has a cedente_nome', () => {
    assertRejected({ contas_pagar: [conta({ cedente_tipo: 'fornecedor', cedente_nome: 'X' })] }, 'contas_pagar', 0, 'cedente_nome');
  });

  test('another cedente may lack an id or point at a missing record', () => {
    assertAccepted({ contas_pagar: [conta({ cedente_tipo: 'usuario', cedente_id: undefined }), conta({ id: 81, cedente_id: 999_999 })] });
  });
});

describe('validateDataset: dates and times', () => {
  test('a date is YYYY-MM-DD and exists', () => {
    for (const bad of [
      '2025-02-30',
      '2023-02-29',
      '2025-13-01',
      '2025-00-10',
      '2025-2-3',
      '2025-06-02T00:00:00Z',
      '0000-01-01',
      20250602,
    ]) {
      assertRejected({ contas_receber: [conta({ vencimento: bad })] }, 'contas_receber', 0, 'vencimento');
    }
    assertAccepted({ contas_receber: [conta({ vencimento: '2024-02-29', data_pagamento: '2025-12-31' })] });
  });

  test('a datetime is RFC 3339 with an offset and real calendar values', () => {
    for (const ok of ['2024-03-05T13:20:00-03:00', '2024-03-05T13:20:00Z', '2024-03-05T13:20:00.123+05:30', '2024-03-05t13:20:00z']) {
      assertAccepted({ clientes: [cliente({ data_cadastro: ok })] });
    }
    for (const bad of [
      '2024-03-05T13:20:00',
      '2024-03-05 13:20:00Z',
      '2025-02-30T10:00:00Z',
      '2024-03-05T24:00:00Z',
      '2024-03-05T13:60:00Z',
      '2024-03-05T13:20:00+24:00',
      '2024-03-05T13:20Z',
      '2024-03-05',
    ]) {
      assertRejected({ clientes: [cliente({ data_cadastro: bad })] }, 'clientes', 0, 'data_cadastro');
    }
  });

  test('hora_abertura is HH:mm:ss', () => {
    assertAccepted({ ordens_servico: [ordem({ hora_abertura: '23:59:59' })] });
    for (const bad of ['08:30', '24:00:00', '8:30:00', '08:30:00Z']) {
      assertRejected({ ordens_servico: [ordem({ hora_abertura: bad })] }, 'ordens_servico', 0, 'hora_abertura');
    }
  });
});

describe('validateDataset: money and quantities (D23)', () => {
  test('money has at most 2 decimals', () => {
    assertAccepted({
      contas_pagar: [conta({ valor: 1234567.89 }), conta({ id: 81, valor: -0.5 }), conta({ id: 82, valor: 9999999999999.99 })],
    });
    for (const bad of [1.005, 0.1 + 0.2, 1e-7]) assertRejected({ contas_pagar: [conta({ valor: bad })] }, 'contas_pagar', 0, 'valor');
  });

  test('money fits numeric(15,2): at most 13 digits before the point', () => {
    for (const bad of [99999999999999, 1e21]) assertRejected({ contas_pagar: [conta({ valor: bad })] }, 'contas_pagar', 0, 'valor');
  });

  test('money is a finite number, not a string', () => {
    for (const bad of ['10.00', Infinity, NaN]) assertRejected({ boletos: [boleto({ valor: bad })] }, 'boletos', 0, 'valor');
  });

  test('an item subtotal and valor_unitario are money', () => {
    assertRejected(
      { ordens_servico: [ordem({ itens: [item(), item({ id: 2 }), item({ id: 3, subtotal: 10.001 })] })] },
      'ordens_servico',
      0,
      'itens[2].subtotal',
    );
    assertRejected(
      { ordens_servico: [ordem({ itens: [item({ valor_unitario: 3.333 })] })] },
      'ordens_servico',
      0,
      'itens[0].valor_unitario',
    );
  });

  test("an order's non-deleted subtotals sum to at most 9999999999999.99, so valor_total is exact (D23)", () => {
    const big = (n: number, extra: Rec = {}) =>
      Array.from({ length: n }, (_, i) => item({ id: i + 1, valor_unitario: 9999999999999.99, subtotal: 9999999999999.99, ...extra }));
    // 10 x 9999999999999.99 + 0.09 = 99999999999999.99 exactly, but 99999999999999.98 as a double
    const tooMuch = {
      ordens_servico: [ordem(), ordem({ id: 71, itens: [...big(10), item({ id: 11, valor_unitario: 0.09, subtotal: 0.09 })] })],
    };
    assertRejected(tooMuch, 'ordens_servico', 1, 'itens');
    const [issue] = issuesAt(tooMuch, 'ordens_servico', 1, 'itens');
    assert.ok(issue);
    assert.match(
      describeIssue(issue),
      /^ordens_servico\[1\]\.itens: the subtotals of the non-deleted items sum to 99999999999999\.99; .*9999999999999\.99/,
    );
    assertRejected(
      { ordens_servico: [ordem({ itens: [item({ subtotal: 9999999999999.99 }), item({ id: 2, subtotal: 0.01 })] })] },
      'ordens_servico',
      0,
      'itens',
    );
    assertRejected(
      { ordens_servico: [ordem({ itens: [item({ subtotal: -9999999999999.99 }), item({ id: 2, subtotal: -0.01 })] })] },
      'ordens_servico',
      0,
      'itens',
    );
    // at the limit, or past it only with deleted items, the total is exact: accepted
    assertAccepted({ ordens_servico: [ordem({ itens: [item({ subtotal: 9999999999999.98 }), item({ id: 2, subtotal: 0.01 })] })] });
    assertAccepted({
      ordens_servico: [
        ordem({ itens: [item({ subtotal: 9999999999999.99 }), ...big(9, { excluido: true }).map((x, i) => ({ ...x, id: i + 2 }))] }),
      ],
    });
    assertAccepted({
      ordens_servico: [
        ordem({
          itens: [item({ subtotal: 9999999999999.99 }), item({ id: 2, subtotal: -9999999999999.99 }), item({ id: 3, subtotal: 5 })],
        }),
      ],
    });
    // a subtotal that is not money is reported once, at the item, with no total beside it
    assert.deepEqual(
      errorsOf({
        ordens_servico: [ordem({ itens: [item({ subtotal: 99999999999999 }), item({ id: 2, subtotal: 9999999999999.99 })] })],
      }).map((i) => i.field),
      ['itens[0].subtotal'],
    );
  });

  test('a quantity has at most 4 decimals and 11 digits before the point', () => {
    assertAccepted({ ordens_servico: [ordem({ itens: [item({ quantidade: 1.2345 })] })] });
    for (const bad of [1.23456, 1e-7, 123456789012]) {
      assertRejected({ ordens_servico: [ordem({ itens: [item({ quantidade: bad })] })] }, 'ordens_servico', 0, 'itens[0].quantidade');
    }
  });
});

describe('validateDataset: uniqueness', () => {
  test('ids are unique per collection', () => {
    assertRejected({ clientes: [cliente(), cliente({ id: 11 }), cliente()] }, 'clientes', 2, 'id');
    assertAccepted({ clientes: [cliente()], tecnicos: [{ id: 10, empresa_id: 1 }] });
  });

  test('item and checklist ids are unique within an order, not across orders', () => {
    assertRejected({ ordens_servico: [ordem({ itens: [item(), item()] })] }, 'ordens_servico', 0, 'itens[1].id');
    assertRejected(
      { ordens_servico: [ordem({ checklist: [checklistEntry(), checklistEntry()] })] },
      'ordens_servico',
      0,
      'checklist[1].id',
    );
    assertAccepted({ ordens_servico: [ordem({ itens: [item()] }), ordem({ id: 71, itens: [item()] })] });
  });

  test('an e-mail belongs to one live user, ignoring case', () => {
    assertRejected({ usuarios: [usuario(), usuario({ id: 2, email: 'A@X.com' })] }, 'usuarios', 1, 'email');
    assertAccepted({ usuarios: [usuario(), usuario({ id: 2, email: 'A@X.com', excluido: true }), usuario({ id: 3, email: null })] });
  });
});

test('validateDataset: references to missing or deleted records are not errors', () => {
  assertAccepted({
    ordens_servico: [ordem({ cliente_id: 123456, tecnico_id: 654321, itens: [item({ tipo: 'produto', item_id: 999 })] })],
    boletos: [boleto({ cliente_id: 424242 })],
    contas_receber: [conta({ cedente_tipo: 'pre_cliente', cedente_id: 31337 })],
  });
});

describe('checkAgainstStored', () => {
  const none: StoredFacts = { empresas: new Map(), emails: new Map() };
  const stored: StoredFacts = { empresas: new Map([[7, ['na_bancada']]]), emails: new Map([['taken@x.com', 42]]) };
  const dataset = (value: Rec): Dataset => {
    const result = validateDataset(value);
    assert.ok(result.ok, JSON.stringify(result));
    return result.dataset;
  };
  const fields = (issues: ImportIssue[]) => issues.map((i) => `${i.collection}[${i.index}].${i.field}`);

  test('empresa_id must name a company of the file or of the database', () => {
    assert.deepEqual(
      fields(checkAgainstStored(dataset({ empresas: [empresa()], clientes: [cliente(), cliente({ id: 11, empresa_id: 9 })] }), none)),
      ['clientes[1].empresa_id'],
    );
    assert.deepEqual(checkAgainstStored(dataset({ clientes: [cliente({ empresa_id: 7 })] }), stored), []);
  });

  test('an order status is standard or in its company catalogue (D14)', () => {
    const file = dataset({
      empresas: [empresa({ status_personalizados: ['aguardando_peca'] })],
      ordens_servico: [ordem({ status: 'aguardando_peca' }), ordem({ id: 71, status: 'concluida' })],
    });
    assert.deepEqual(checkAgainstStored(file, none), []);
    assert.deepEqual(checkAgainstStored(dataset({ ordens_servico: [ordem({ empresa_id: 7, status: 'na_bancada' })] }), stored), []);
    assert.deepEqual(
      fields(checkAgainstStored(dataset({ empresas: [empresa()], ordens_servico: [ordem({ status: 'aguardando_peca' })] }), none)),
      ['ordens_servico[0].status'],
    );
  });

  test("the file's catalogue replaces the stored one", () => {
    const file = dataset({ empresas: [empresa({ id: 7 })], ordens_servico: [ordem({ empresa_id: 7, status: 'na_bancada' })] });
    assert.deepEqual(fields(checkAgainstStored(file, stored)), ['ordens_servico[0].status']);
  });

  test("a live user's e-mail must not be a stored live user's", () => {
    const file = dataset({ usuarios: [usuario({ email: 'Taken@X.com' }), usuario({ id: 2, email: 'taken@x.com', excluido: true })] });
    assert.deepEqual(fields(checkAgainstStored(file, { ...stored, empresas: new Map([[1, []]]) })), ['usuarios[0].email']);
  });
});
