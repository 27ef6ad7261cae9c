import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifyPassword } from '../../src/crypto/password.ts';
import { loadConfig } from '../../src/config/config.ts';
import { importDataset, ImportError } from '../../src/store/import/import.ts';
import { openStore, type Store } from '../../src/store/store.ts';

/** `import` of a data set on a fresh embedded store: all or nothing, upsert by id. */

type Rec = Record<string, unknown>;
type DataSet = Record<string, Rec[]>;

// The repository's example data set (docs/operations.md, "import"), also checked in import-validate.test.ts.
const EXAMPLE = path.resolve('examples/dataset.json');
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
  usuarios: 3,
  clientes: 5,
  tecnicos: 1,
  fornecedores: 1,
  pre_clientes: 1,
  produtos: 2,
  servicos: 1,
  ordens_servico: 2,
  contas_receber: 3,
  contas_pagar: 2,
  boletos: 2,
};

test('the example imports on a never-migrated store, with its counts and progress', async () => {
  const progress: [number, number][] = [];
  const result = await importDataset(store.pool, example(), { onProgress: (done, total) => progress.push([done, total]) });
  assert.deepEqual(result, { imported: EXAMPLE_COUNTS });
  assert.deepEqual(progress.at(-1), [25, 25]);
  const counts = await tableCounts();
  assert.deepEqual(counts, { ...EXAMPLE_COUNTS, ordens_servico_itens: 3, ordens_servico_checklist: 2 });
});

test('the example reads back exactly', async () => {
  assert.deepEqual(await rows('SELECT id, nome, status_personalizados, excluido FROM empresas ORDER BY id'), [
    { id: 1, nome: 'Oficina Exemplo Reparos Ltda', status_personalizados: ['aguardando_peca', 'em_garantia'], excluido: false },
    { id: 2, nome: 'Loja Vizinha ME', status_personalizados: [], excluido: false },
  ]);
  const antonio = await one(
    `SELECT tipo_pessoa, nome, sobrenome, ativo, documento, emails, telefones, endereco, excluido, nome_exibicao,
            data_cadastro = '2024-08-14T13:05:00Z'::timestamptz AS same_instant
       FROM clientes WHERE id = 101`,
  );
  assert.deepEqual(antonio, {
    tipo_pessoa: 'fisica',
    nome: 'Antônio',
    sobrenome: 'Pereira',
    ativo: true,
    documento: '390.533.447-05',
    emails: ['antonio@example.com', ''],
    telefones: [{ tipo: 'celular', numero: '(31) 99876-5432' }],
    endereco: {
      logradouro: 'Avenida Afonso Pena',
      numero: '1500',
      complemento: 'Sala 3',
      bairro: 'Centro',
      cidade: 'Belo Horizonte',
      uf: 'MG',
      cep: '30130-005',
    },
    excluido: false,
    nome_exibicao: 'Antônio Pereira',
    same_instant: true,
  });
  // Omitted fields take the format's defaults.
  assert.deepEqual(await one('SELECT ativo, excluido, emails, telefones, endereco, data_cadastro FROM clientes WHERE id = 105'), {
    ativo: true,
    excluido: false,
    emails: [],
    telefones: [],
    endereco: null,
    data_cadastro: null,
  });
  assert.equal((await one('SELECT excluido FROM clientes WHERE id = 103')).excluido, true);
  assert.equal((await one('SELECT ativo FROM clientes WHERE id = 104')).ativo, false);
  assert.deepEqual(await one('SELECT valor, vencimento, data_pagamento FROM contas_pagar WHERE id = 901'), {
    valor: '2345678.90',
    vencimento: '2025-10-15',
    data_pagamento: null,
  });
  assert.deepEqual(await one('SELECT cedente_tipo, cedente_id, cedente_nome, valor, data_pagamento FROM contas_receber WHERE id = 802'), {
    cedente_tipo: 'outro',
    cedente_id: null,
    cedente_nome: 'Venda no balcão',
    valor: '25.00',
    data_pagamento: '2025-09-10',
  });
  assert.deepEqual(
    await one(
      "SELECT status, data_abertura, hora_abertura, criada_em = '2025-09-03T12:15:00Z' AS criada FROM ordens_servico WHERE id = 701",
    ),
    { status: 'em_garantia', data_abertura: '2025-09-03', hora_abertura: '09:15:00', criada: true },
  );
  assert.equal((await one("SELECT data_conclusao = '2025-08-22T21:40:00Z' AS same FROM ordens_servico WHERE id = 702")).same, true);
  assert.deepEqual(
    await rows('SELECT id, tipo, item_id, quantidade, valor_unitario, subtotal, excluido FROM ordens_servico_itens ORDER BY id'),
    [
      { id: 1, tipo: 'produto', item_id: 501, quantidade: '1.0000', valor_unitario: '189.90', subtotal: '189.90', excluido: false },
      { id: 2, tipo: 'servico', item_id: 601, quantidade: '0.5000', valor_unitario: '90.00', subtotal: '45.00', excluido: false },
      { id: 3, tipo: null, item_id: null, quantidade: '2.0000', valor_unitario: '5.00', subtotal: '10.00', excluido: true },
    ],
  );
  assert.deepEqual(await rows('SELECT id, ordem, equipamento_id, tipo, resposta FROM ordens_servico_checklist ORDER BY ordem'), [
    { id: 12, ordem: 1, equipamento_id: null, tipo: 'titulo', resposta: null },
    { id: 11, ordem: 2, equipamento_id: 9001, tipo: 'opcoes', resposta: 'Sim' },
  ]);
  assert.deepEqual(await one('SELECT valor, emissao, vencimento, status, linha_digitavel FROM boletos WHERE id = 1001'), {
    valor: '234.90',
    emissao: '2025-09-03',
    vencimento: '2025-10-03',
    status: 'pendente',
    linha_digitavel: '23793.38128 60000.000003 00000.000400 1 12340000023490',
  });
});

test("users' passwords are stored hashed", async () => {
  const { senha_hash: hash } = await one('SELECT senha_hash FROM usuarios WHERE id = 1');
  assert.equal(typeof hash, 'string');
  assert.notEqual(hash, 'senha-de-exemplo-1');
  assert.ok(!String(hash).includes('senha-de-exemplo-1'));
  assert.equal(await verifyPassword('senha-de-exemplo-1', String(hash)), true);
  assert.equal(await verifyPassword('senha-de-exemplo-2', String(hash)), false);
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
  Object.assign(record(data, 'clientes', 0), { nome: 'Toninho', ativo: false, endereco: { cidade: 'Recife' } });
  Object.assign(record(data, 'contas_pagar', 0), { valor: 10.5, data_pagamento: '2025-10-16' });
  delete record(data, 'clientes', 1).nome_fantasia;
  await importDataset(store.pool, { clientes: data.clientes, contas_pagar: data.contas_pagar });
  assert.deepEqual(await one('SELECT nome, ativo, endereco, cidade_busca FROM clientes WHERE id = 101'), {
    nome: 'Toninho',
    ativo: false,
    endereco: { logradouro: null, numero: null, complemento: null, bairro: null, cidade: 'Recife', uf: null, cep: null },
    cidade_busca: 'recife',
  });
  assert.equal((await one('SELECT nome_fantasia FROM clientes WHERE id = 102')).nome_fantasia, null);
  assert.deepEqual(await one('SELECT valor, data_pagamento FROM contas_pagar WHERE id = 901'), {
    valor: '10.50',
    data_pagamento: '2025-10-16',
  });
});

test('an order re-imported with fewer items and checklist entries loses the others', async () => {
  const ordem = record(example(), 'ordens_servico', 0);
  ordem.itens = (ordem.itens as Rec[]).filter((item) => item.id === 2).map((item) => ({ ...item, descricao: 'Mão de obra' }));
  ordem.checklist = [];
  await importDataset(store.pool, { ordens_servico: [ordem] });
  assert.deepEqual(await rows('SELECT ordem_servico_id, id, descricao FROM ordens_servico_itens'), [
    { ordem_servico_id: 701, id: 2, descricao: 'Mão de obra' },
  ]);
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
  const err = await assertImportFails(
    { empresas: [{ id: 310, nome: 'X' }], ordens_servico: [ordem] },
    'ordens_servico',
    0,
    'itens[2].valor_unitario',
  );
  assert.match(err.message, /^invalid data set: ordens_servico\[0\]\.itens\[2\]\.valor_unitario: /);
  assert.equal((await rows('SELECT id FROM ordens_servico_itens WHERE ordem_servico_id = 701')).length, 1);
});

test('an order whose items sum past numeric(15,2) is refused: its valor_total could not be served exactly (D23)', async () => {
  const itens = [...Array.from({ length: 10 }, () => 9999999999999.99), 0.09].map((subtotal, i) => ({
    id: i + 1,
    descricao: `Item ${i + 1}`,
    quantidade: 1,
    valor_unitario: subtotal,
    subtotal,
  }));
  const err = await assertImportFails(
    { ordens_servico: [{ id: 315, empresa_id: 1, status: 'aberta', data_abertura: '2025-06-03', itens }] },
    'ordens_servico',
    0,
    'itens',
  );
  assert.match(
    err.message,
    /^invalid data set: ordens_servico\[0\]\.itens: the subtotals of the non-deleted items sum to 99999999999999\.99/,
  );
  assert.deepEqual(await rows('SELECT id FROM ordens_servico WHERE id = 315'), []);
});

test('an unknown field is refused', async () => {
  await assertImportFails({ tecnicos: [{ id: 320, empresa_id: 1, nmoe: 'Zé' }] }, 'tecnicos', 0, 'nmoe');
});

test('an unknown collection is refused', async () => {
  await assertImportFails({ tecnicos: [{ id: 321, empresa_id: 1 }], tecnico: [] }, 'tecnico', null, '');
});

test('a date that does not exist is refused', async () => {
  await assertImportFails(
    { contas_receber: [{ id: 330, empresa_id: 1, cedente_tipo: 'cliente', valor: 1, vencimento: '2025-02-30' }] },
    'contas_receber',
    0,
    'vencimento',
  );
});

test("an order status outside the catalogue is refused; the company's custom status is accepted", async () => {
  const ordem = (id: number, status: string) => ({ id, empresa_id: 1, status, data_abertura: '2025-06-03' });
  await assertImportFails({ ordens_servico: [ordem(340, 'concluida'), ordem(341, 'em_garantias')] }, 'ordens_servico', 1, 'status');
  // Company 1 is only in the database here: its stored catalogue applies.
  await importDataset(store.pool, { ordens_servico: [ordem(340, 'concluida'), ordem(341, 'em_garantia')] });
  assert.deepEqual(await rows('SELECT id, status FROM ordens_servico WHERE id IN (340, 341) ORDER BY id'), [
    { id: 340, status: 'concluida' },
    { id: 341, status: 'em_garantia' },
  ]);
});

test('an empresa_id naming no company of the file or the database is refused', async () => {
  await assertImportFails(
    {
      empresas: [{ id: 350, nome: 'Y' }],
      fornecedores: [
        { id: 351, empresa_id: 350 },
        { id: 352, empresa_id: 9999 },
      ],
    },
    'fornecedores',
    1,
    'empresa_id',
  );
});

test('duplicate ids in the file are refused', async () => {
  await assertImportFails(
    {
      pre_clientes: [
        { id: 360, empresa_id: 1 },
        { id: 361, empresa_id: 1 },
        { id: 360, empresa_id: 2 },
      ],
    },
    'pre_clientes',
    2,
    'id',
  );
});

test("a live user's e-mail already used by another stored user is refused", async () => {
  await assertImportFails({ usuarios: [{ id: 370, empresa_id: 1, email: 'BEATRIZ@exemplo.com.br' }] }, 'usuarios', 0, 'email');
});

test('references to missing or deleted records are accepted', async () => {
  await importDataset(store.pool, {
    ordens_servico: [
      {
        id: 380,
        empresa_id: 1,
        status: 'aberta',
        data_abertura: '2025-06-04',
        cliente_id: 103,
        tecnico_id: 98765,
        itens: [{ id: 1, tipo: 'produto', item_id: 4444, descricao: 'x', quantidade: 1, valor_unitario: 1, subtotal: 1 }],
      },
    ],
    contas_receber: [{ id: 381, empresa_id: 1, cedente_tipo: 'usuario', cedente_id: 55555, valor: 1, vencimento: '2025-01-01' }],
    boletos: [{ id: 382, empresa_id: 2, cliente_id: 77777, valor: 1, status: 'vencido' }],
  });
  assert.deepEqual(await one('SELECT cliente_id, tecnico_id FROM ordens_servico WHERE id = 380'), { cliente_id: 103, tecnico_id: 98765 });
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
        { id: 1, empresa_id: 1, email: 'caio@exemplo.com.br' },
        { id: 2, empresa_id: 1, email: 'beatriz@exemplo.com.br' },
      ],
    },
    'usuarios',
    null,
    'email',
  );
  assert.match(err.message, /^invalid data set: usuarios\.email: .*usuarios_email/);
  assert.equal((await one('SELECT email FROM usuarios WHERE id = 1')).email, 'beatriz@exemplo.com.br');
});
