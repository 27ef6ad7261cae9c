import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifyPassword } from '../../src/auth/password.ts';
import { loadConfig } from '../../src/config/config.ts';
import { importDataset, ImportError } from '../../src/store/import/import.ts';
import { openStore, type Store } from '../../src/store/store.ts';

/** `import` of a data set on a fresh embedded store: all or nothing, upsert by id. */

type Rec = Record<string, unknown>;
type DataSet = Record<string, Rec[]>;

// shared/ sits beside the repository (the project's contract and docs).
const EXAMPLE = path.resolve('../shared/docs/dataset-example.json');
const TABLES = [
  'empresas',
  'usuarios',
  'clientes',
  'tecnicos',
  'fornecedores',
  'pre_clientes',
  'produtos',
  'servicos',
  'ordens_servico',
  'ordens_servico_itens',
  'ordens_servico_checklist',
  'contas_receber',
  'contas_pagar',
  'boletos',
];

let dataDir: string;
let store: Store;

before(async () => {
  // Short on purpose: the store's unix socket path must stay under ~100 bytes.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ae-'));
  store = await openStore(loadConfig({ DATA_DIR: dataDir }), { embeddedRole: 'host' });
});

after(async () => {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function example(): DataSet {
  return JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as DataSet;
}

function record(data: DataSet, collection: string, index: number): Rec {
  const found = data[collection]?.[index];
  assert.ok(found, `${collection}[${index}] missing`);
  return found;
}

async function rows(sql: string, params: unknown[] = []): Promise<Rec[]> {
  return (await store.pool.query<Rec>(sql, params)).rows;
}

async function one(sql: string, params: unknown[] = []): Promise<Rec> {
  const [row] = await rows(sql, params);
  assert.ok(row, `no row for ${sql}`);
  return row;
}

async function tableCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = Number((await one(`SELECT count(*) AS n FROM ${table}`)).n);
  return counts;
}

/** Expects the import to fail with an ImportError whose first issue is at this place, and to write nothing. */
async function assertImportFails(input: unknown, collection: string, index: number | null, field: string): Promise<ImportError> {
  const before = await tableCounts();
  const err = await importDataset(store.pool, input).then(
    () => assert.fail('the import should have failed'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof ImportError, String(err));
  assert.deepEqual(
    err.issues.map((i) => ({ collection: i.collection, index: i.index, field: i.field })).slice(0, 1),
    [{ collection, index, field }],
    JSON.stringify(err.issues),
  );
  assert.deepEqual(await tableCounts(), before, 'nothing may be written');
  return err;
}

const EXAMPLE_COUNTS = {
  empresas: 2,
  usuarios: 2,
  clientes: 4,
  tecnicos: 1,
  fornecedores: 1,
  pre_clientes: 1,
  produtos: 1,
  servicos: 1,
  ordens_servico: 1,
  contas_receber: 2,
  contas_pagar: 1,
  boletos: 1,
};

test('the shared example imports on a never-migrated store, with its counts and progress', async () => {
  const progress: [number, number][] = [];
  const result = await importDataset(store.pool, example(), { onProgress: (done, total) => progress.push([done, total]) });
  assert.deepEqual(result, { imported: EXAMPLE_COUNTS });
  assert.deepEqual(progress.at(-1), [18, 18]);
  const counts = await tableCounts();
  assert.deepEqual(counts, { ...EXAMPLE_COUNTS, ordens_servico_itens: 3, ordens_servico_checklist: 2 });
});

test('the example reads back exactly', async () => {
  assert.deepEqual(await rows('SELECT id, nome, status_personalizados, excluido FROM empresas ORDER BY id'), [
    { id: 1, nome: 'Assistência Técnica Modelo Ltda', status_personalizados: ['aguardando_peca'], excluido: false },
    { id: 2, nome: 'Outra Empresa ME', status_personalizados: [], excluido: false },
  ]);
  const joao = await one(
    `SELECT tipo_pessoa, nome, sobrenome, ativo, documento, emails, telefones, endereco, excluido, nome_exibicao,
            data_cadastro = '2024-03-05T16:20:00Z'::timestamptz AS same_instant
       FROM clientes WHERE id = 10`,
  );
  assert.deepEqual(joao, {
    tipo_pessoa: 'fisica',
    nome: 'João',
    sobrenome: 'da Silva',
    ativo: true,
    documento: '529.982.247-25',
    emails: ['joao@example.com', ''],
    telefones: [{ tipo: 'celular', numero: '(11) 98765-4321' }],
    endereco: { logradouro: 'Rua das Flores', numero: '100', complemento: null, bairro: 'Centro', cidade: 'São Paulo', uf: 'SP', cep: '01001-000' },
    excluido: false,
    nome_exibicao: 'João da Silva',
    same_instant: true,
  });
  // Omitted fields take the format's defaults.
  assert.deepEqual(await one('SELECT ativo, excluido, emails, telefones, endereco, data_cadastro FROM clientes WHERE id = 13'), {
    ativo: true,
    excluido: false,
    emails: [],
    telefones: [],
    endereco: null,
    data_cadastro: null,
  });
  assert.equal((await one('SELECT excluido FROM clientes WHERE id = 12')).excluido, true);
  assert.deepEqual(await one('SELECT valor, vencimento, data_pagamento FROM contas_pagar WHERE id = 90'), {
    valor: '1234567.89',
    vencimento: '2025-08-15',
    data_pagamento: null,
  });
  assert.deepEqual(await one('SELECT cedente_tipo, cedente_id, cedente_nome, valor, data_pagamento FROM contas_receber WHERE id = 81'), {
    cedente_tipo: 'outro',
    cedente_id: null,
    cedente_nome: 'Venda avulsa',
    valor: '50.00',
    data_pagamento: '2025-07-09',
  });
  assert.deepEqual(await one("SELECT status, data_abertura, hora_abertura, criada_em = '2025-06-02T11:30:00Z' AS criada FROM ordens_servico WHERE id = 70"), {
    status: 'aguardando_peca',
    data_abertura: '2025-06-02',
    hora_abertura: '08:30:00',
    criada: true,
  });
  assert.deepEqual(await rows('SELECT id, tipo, item_id, quantidade, valor_unitario, subtotal, excluido FROM ordens_servico_itens ORDER BY id'), [
    { id: 1, tipo: 'produto', item_id: 50, quantidade: '1.0000', valor_unitario: '349.90', subtotal: '349.90', excluido: false },
    { id: 2, tipo: 'servico', item_id: 60, quantidade: '1.5000', valor_unitario: '80.00', subtotal: '120.00', excluido: false },
    { id: 3, tipo: null, item_id: null, quantidade: '1.0000', valor_unitario: '10.00', subtotal: '10.00', excluido: true },
  ]);
  assert.deepEqual(await rows('SELECT id, ordem, equipamento_id, tipo, resposta FROM ordens_servico_checklist ORDER BY ordem'), [
    { id: 5, ordem: 1, equipamento_id: null, tipo: 'titulo', resposta: null },
    { id: 4, ordem: 2, equipamento_id: 900, tipo: 'opcoes', resposta: 'Sim' },
  ]);
  assert.deepEqual(await one('SELECT valor, emissao, vencimento, status, linha_digitavel FROM boletos WHERE id = 100'), {
    valor: '469.90',
    emissao: '2025-06-02',
    vencimento: '2025-07-02',
    status: 'pendente',
    linha_digitavel: '34191.79001 01043.510047 91020.150008 5 10120000046990',
  });
});

test("users' passwords are stored hashed", async () => {
  const { senha_hash: hash } = await one('SELECT senha_hash FROM usuarios WHERE id = 1');
  assert.equal(typeof hash, 'string');
  assert.notEqual(hash, 'troque-esta-senha');
  assert.ok(!String(hash).includes('troque-esta-senha'));
  assert.equal(await verifyPassword('troque-esta-senha', String(hash)), true);
  assert.equal(await verifyPassword('outra-senha-qualquer', String(hash)), false);
});

test('re-importing the same file changes nothing but the password salts', async () => {
  const snapshot = async () => {
    const all: Rec = {};
    for (const table of TABLES) all[table] = await rows(`SELECT * FROM ${table} ORDER BY 1, 2`);
    for (const usuario of all.usuarios as Rec[]) delete usuario.senha_hash;
    return all;
  };
  const beforeImport = await snapshot();
  assert.deepEqual(await importDataset(store.pool, example()), { imported: EXAMPLE_COUNTS });
  assert.deepEqual(await snapshot(), beforeImport);
});

test('a re-import updates changed fields, and an omitted field returns to its default', async () => {
  const data = example();
  Object.assign(record(data, 'clientes', 0), { nome: 'Joãozinho', ativo: false, endereco: { cidade: 'Recife' } });
  Object.assign(record(data, 'contas_pagar', 0), { valor: 10.5, data_pagamento: '2025-08-16' });
  delete record(data, 'clientes', 1).nome_fantasia;
  await importDataset(store.pool, { clientes: data.clientes, contas_pagar: data.contas_pagar });
  assert.deepEqual(await one('SELECT nome, ativo, endereco, cidade_busca FROM clientes WHERE id = 10'), {
    nome: 'Joãozinho',
    ativo: false,
    endereco: { logradouro: null, numero: null, complemento: null, bairro: null, cidade: 'Recife', uf: null, cep: null },
    cidade_busca: 'recife',
  });
  assert.equal((await one('SELECT nome_fantasia FROM clientes WHERE id = 11')).nome_fantasia, null);
  assert.deepEqual(await one('SELECT valor, data_pagamento FROM contas_pagar WHERE id = 90'), { valor: '10.50', data_pagamento: '2025-08-16' });
});

test('an order re-imported with fewer items and checklist entries loses the others', async () => {
  const ordem = record(example(), 'ordens_servico', 0);
  ordem.itens = (ordem.itens as Rec[]).filter((item) => item.id === 2).map((item) => ({ ...item, descricao: 'Mão de obra' }));
  ordem.checklist = [];
  await importDataset(store.pool, { ordens_servico: [ordem] });
  assert.deepEqual(await rows('SELECT ordem_servico_id, id, descricao FROM ordens_servico_itens'), [{ ordem_servico_id: 70, id: 2, descricao: 'Mão de obra' }]);
  assert.deepEqual(await rows('SELECT id FROM ordens_servico_checklist'), []);
});

test('a file with one invalid record deep inside imports nothing, not even the records before it', async () => {
  const data: DataSet = {
    empresas: [{ id: 300, nome: 'Nova' }],
    clientes: [
      { id: 301, empresa_id: 300, tipo_pessoa: 'fisica' },
      { id: 302, empresa_id: 300, tipo_pessoa: 'juridica' },
      { id: 303, empresa_id: 300, tipo_pessoa: 'x' },
    ],
    contas_receber: [{ id: 304, empresa_id: 300, cedente_tipo: 'outro', valor: 1, vencimento: '2025-01-01' }],
  };
  const err = await assertImportFails(data, 'clientes', 2, 'tipo_pessoa');
  assert.match(err.message, /clientes\[2\]\.tipo_pessoa: must be one of: fisica, juridica/);
});

test('an item with 3 decimals fails the whole file', async () => {
  const ordem = record(example(), 'ordens_servico', 0);
  const item = (ordem.itens as Rec[])[2];
  assert.ok(item);
  item.valor_unitario = 10.005;
  const err = await assertImportFails({ empresas: [{ id: 310, nome: 'X' }], ordens_servico: [ordem] }, 'ordens_servico', 0, 'itens[2].valor_unitario');
  assert.match(err.message, /^invalid data set: ordens_servico\[0\]\.itens\[2\]\.valor_unitario: /);
  assert.equal((await rows('SELECT id FROM ordens_servico_itens WHERE ordem_servico_id = 70')).length, 1);
});

test("an order whose items sum past numeric(15,2) is refused: its valor_total could not be served exactly (D23)", async () => {
  const itens = [...Array.from({ length: 10 }, () => 9999999999999.99), 0.09].map((subtotal, i) => ({
    id: i + 1, descricao: `Item ${i + 1}`, quantidade: 1, valor_unitario: subtotal, subtotal,
  }));
  const err = await assertImportFails(
    { ordens_servico: [{ id: 315, empresa_id: 1, status: 'aberta', data_abertura: '2025-06-03', itens }] },
    'ordens_servico',
    0,
    'itens',
  );
  assert.match(err.message, /^invalid data set: ordens_servico\[0\]\.itens: the subtotals of the non-deleted items sum to 99999999999999\.99/);
  assert.deepEqual(await rows('SELECT id FROM ordens_servico WHERE id = 315'), []);
});

test('an unknown field is refused', async () => {
  await assertImportFails({ tecnicos: [{ id: 320, empresa_id: 1, nmoe: 'Zé' }] }, 'tecnicos', 0, 'nmoe');
});

test('an unknown collection is refused', async () => {
  await assertImportFails({ tecnicos: [{ id: 321, empresa_id: 1 }], tecnico: [] }, 'tecnico', null, '');
});

test('a date that does not exist is refused', async () => {
  await assertImportFails({ contas_receber: [{ id: 330, empresa_id: 1, cedente_tipo: 'cliente', valor: 1, vencimento: '2025-02-30' }] }, 'contas_receber', 0, 'vencimento');
});

test("an order status outside the catalogue is refused; the company's custom status is accepted", async () => {
  const ordem = (id: number, status: string) => ({ id, empresa_id: 1, status, data_abertura: '2025-06-03' });
  await assertImportFails({ ordens_servico: [ordem(340, 'concluida'), ordem(341, 'aguardando_pecas')] }, 'ordens_servico', 1, 'status');
  // Company 1 is only in the database here: its stored catalogue applies.
  await importDataset(store.pool, { ordens_servico: [ordem(340, 'concluida'), ordem(341, 'aguardando_peca')] });
  assert.deepEqual(await rows('SELECT id, status FROM ordens_servico WHERE id IN (340, 341) ORDER BY id'), [
    { id: 340, status: 'concluida' },
    { id: 341, status: 'aguardando_peca' },
  ]);
});

test('an empresa_id naming no company of the file or the database is refused', async () => {
  await assertImportFails(
    { empresas: [{ id: 350, nome: 'Y' }], fornecedores: [{ id: 351, empresa_id: 350 }, { id: 352, empresa_id: 9999 }] },
    'fornecedores',
    1,
    'empresa_id',
  );
});

test('duplicate ids in the file are refused', async () => {
  await assertImportFails({ pre_clientes: [{ id: 360, empresa_id: 1 }, { id: 361, empresa_id: 1 }, { id: 360, empresa_id: 2 }] }, 'pre_clientes', 2, 'id');
});

test("a live user's e-mail already used by another stored user is refused", async () => {
  await assertImportFails({ usuarios: [{ id: 370, empresa_id: 1, email: 'ANA@modelo.com.br' }] }, 'usuarios', 0, 'email');
});

test('references to missing or deleted records are accepted', async () => {
  await importDataset(store.pool, {
    ordens_servico: [{ id: 380, empresa_id: 1, status: 'aberta', data_abertura: '2025-06-04', cliente_id: 12, tecnico_id: 98765, itens: [{ id: 1, tipo: 'produto', item_id: 4444, descricao: 'x', quantidade: 1, valor_unitario: 1, subtotal: 1 }] }],
    contas_receber: [{ id: 381, empresa_id: 1, cedente_tipo: 'usuario', cedente_id: 55555, valor: 1, vencimento: '2025-01-01' }],
    boletos: [{ id: 382, empresa_id: 2, cliente_id: 77777, valor: 1, status: 'vencido' }],
  });
  assert.deepEqual(await one('SELECT cliente_id, tecnico_id FROM ordens_servico WHERE id = 380'), { cliente_id: 12, tecnico_id: 98765 });
  assert.equal((await one('SELECT cedente_id FROM contas_receber WHERE id = 381')).cedente_id, 55555);
  assert.equal((await one('SELECT cliente_id FROM boletos WHERE id = 382')).cliente_id, 77777);
});

test('a constraint violation the validation cannot foresee rolls everything back as an ImportError', async () => {
  // Swapping two stored users' e-mails passes validation, but the unique index is checked row by
  // row. The company is written before the users fail, and must be rolled back with them.
  const err = await assertImportFails(
    {
      empresas: [{ id: 390, nome: 'Written first' }],
      usuarios: [
        { id: 1, empresa_id: 1, email: 'bruno@modelo.com.br' },
        { id: 2, empresa_id: 1, email: 'ana@modelo.com.br' },
      ],
    },
    'usuarios',
    null,
    'email',
  );
  assert.match(err.message, /^invalid data set: usuarios\.email: .*usuarios_email/);
  assert.equal((await one('SELECT email FROM usuarios WHERE id = 1')).email, 'ana@modelo.com.br');
});
