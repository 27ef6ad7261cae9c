import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { STANDARD_OS_STATUS } from '../../src/domain/ordem-servico.ts';
import { buildDemoDataset, DEMO_LOGINS } from '../../src/demo/demo-dataset/index.ts';
import { subtotalCents } from '../../src/demo/core/money.ts';
import {
  boletoMod10,
  boletoMod11,
  buildLinhaDigitavel,
  fatorVencimento,
  formatCnpj,
  formatCpf,
  isValidCnpj,
  isValidCpf,
} from '../../src/demo/core/brazil.ts';
import { createRandom } from '../../src/demo/core/random.ts';
import { COLLECTIONS, type Dataset, type DatasetConta } from '../../src/store/import/dataset.ts';
import { validateDataset } from '../../src/store/import/validate.ts';

const TODAY = '2025-06-15';
const dataset = buildDemoDataset({ today: TODAY });

const OS_STATUSES = [
  'aberta',
  'concluida',
  'cancelada',
  'em_analise',
  'aguardando_aprovacao',
  'aprovada',
  'reprovada',
  'em_execucao',
  'pausada',
  'aguardando_orcamento',
  'orcamento',
];
const BOLETO_STATUSES = [
  'pendente',
  'vencido',
  'pago',
  'cancelado',
  'nao_autorizado',
  'nao_realizado',
  'rejeitado',
  'aguardando_confirmacao',
];
const CEDENTE_TIPOS = ['cliente', 'fornecedor', 'usuario', 'pre_cliente', 'outro'];

// ---------------------------------------------------------------------------------------
// Independent helpers (written here on purpose, not imported from the code under test)

function checkDigit(digits: number[], firstWeight: number, cycleAt?: number): number {
  let weight = firstWeight;
  let sum = 0;
  for (const digit of digits) {
    sum += digit * weight;
    weight = weight === 2 && cycleAt ? cycleAt : weight - 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function cpfOk(value: string): boolean {
  const digits = value.replace(/[.-]/g, '').split('').map(Number);
  if (digits.length !== 11 || digits.some(Number.isNaN) || new Set(digits).size === 1) return false;
  const d1 = checkDigit(digits.slice(0, 9), 10);
  const d2 = checkDigit(digits.slice(0, 10), 11);
  return digits[9] === d1 && digits[10] === d2;
}

function cnpjOk(value: string): boolean {
  const digits = value.replace(/[./-]/g, '').split('').map(Number);
  if (digits.length !== 14 || digits.some(Number.isNaN) || new Set(digits).size === 1) return false;
  const d1 = checkDigit(digits.slice(0, 12), 5, 9);
  const d2 = checkDigit(digits.slice(0, 13), 6, 9);
  return digits[12] === d1 && digits[13] === d2;
}

function decimals(value: number): number {
  const text = String(value);
  assert.ok(!/e/i.test(text), `${text} is not plain decimal notation`);
  return text.split('.')[1]?.length ?? 0;
}

/** A JS number with at most `scale` decimals as an exact BigInt of units (cents, ten-thousandths). */
function units(value: number, scale: number): bigint {
  const [whole = '0', fraction = ''] = String(value).split('.');
  assert.ok(fraction.length <= scale, `${value} has more than ${scale} decimals`);
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

function expectedSubtotal(quantidade: number, valorUnitario: number): bigint {
  const product = units(quantidade, 4) * units(valorUnitario, 2); // scale 6
  return (product + 5_000n) / 10_000n; // half up; all values are non-negative
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

function companyOf<T extends { empresa_id: number }>(items: readonly T[] | undefined, empresa: number): T[] {
  return (items ?? []).filter((item) => item.empresa_id === empresa);
}

function live<T extends { excluido?: boolean }>(items: readonly T[]): T[] {
  return items.filter((item) => !item.excluido);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

function assertDate(value: string | null | undefined, label: string): void {
  if (value === null || value === undefined) return;
  assert.match(value, DATE, label);
  assert.equal(new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10), value, `${label} is a real date`);
}

function assertDatetime(value: string | null | undefined, label: string): void {
  if (value === null || value === undefined) return;
  assert.match(value, DATETIME, label);
  assert.ok(!Number.isNaN(Date.parse(value)), `${label} parses`);
}

// Ids of every collection, per company and soft-deletion state, for reference checks.
function idSets(records: readonly { id: number; empresa_id: number; excluido?: boolean }[] | undefined, empresa: number) {
  const mine = companyOf(records, empresa);
  return {
    live: new Set(live(mine).map((r) => r.id)),
    deleted: new Set(mine.filter((r) => r.excluido).map((r) => r.id)),
    all: new Set((records ?? []).map((r) => r.id)),
  };
}

type RefKind = 'live' | 'deleted' | 'missing' | 'null';
function refKind(id: number | null | undefined, sets: ReturnType<typeof idSets>): RefKind {
  if (id === null || id === undefined) return 'null';
  if (sets.live.has(id)) return 'live';
  if (sets.deleted.has(id)) return 'deleted';
  assert.ok(!sets.all.has(id), `reference ${id} points at another company's record`);
  return 'missing';
}

// ---------------------------------------------------------------------------------------

describe('Brazilian helpers', () => {
  test('CPF validation against known values', () => {
    assert.equal(isValidCpf('529.982.247-25'), true);
    assert.equal(isValidCpf('52998224725'), true);
    assert.equal(isValidCpf('529.982.247-26'), false);
    assert.equal(isValidCpf('111.111.111-11'), false);
    assert.equal(isValidCpf('529.982.24725'), false);
    assert.equal(isValidCpf('5299822472'), false);
    assert.equal(cpfOk('529.982.247-25'), true);
    assert.equal(cpfOk('529.982.247-26'), false);
  });

  test('CNPJ validation against known values', () => {
    assert.equal(isValidCnpj('11.222.333/0001-81'), true);
    assert.equal(isValidCnpj('11222333000181'), true);
    assert.equal(isValidCnpj('11.222.333/0001-82'), false);
    assert.equal(isValidCnpj('00.000.000/0000-00'), false);
    assert.equal(isValidCnpj('11.222.333/000181'), false);
    assert.equal(cnpjOk('11.222.333/0001-81'), true);
    assert.equal(cnpjOk('11.222.333/0001-80'), false);
  });

  test('formatting', () => {
    assert.equal(formatCpf('52998224725'), '529.982.247-25');
    assert.equal(formatCnpj('11222333000181'), '11.222.333/0001-81');
  });

  test('linha digitável check digits match a known valid boleto', () => {
    // 42297.11504 00001.954411 60020.034520 2 68610000054659
    assert.equal(boletoMod10('422971150'), 4);
    assert.equal(boletoMod10('0000195441'), 1);
    assert.equal(boletoMod10('6002003452'), 0);
    assert.equal(boletoMod11('4229' + '68610000054659' + '71150' + '0000195441' + '6002003452'), 2);
    assert.equal(fatorVencimento('2025-02-21'), '9999');
    assert.equal(fatorVencimento('2025-02-22'), '1000');
    assert.equal(
      buildLinhaDigitavel({ banco: '341', valorCentavos: 46_990, vencimento: '2025-03-06', campoLivre: '1790001043510049102015000' }),
      '34191.79001 01043.510047 91020.150008 3 10120000046990',
    );
  });

  test('seeded random is reproducible and in range', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const seqA = Array.from({ length: 50 }, () => a.int(1, 6));
    const seqB = Array.from({ length: 50 }, () => b.int(1, 6));
    assert.deepEqual(seqA, seqB);
    assert.ok(seqA.every((n) => n >= 1 && n <= 6));
    assert.equal(new Set(seqA).size, 6);
  });

  test('integer subtotal rounds half up', () => {
    assert.equal(subtotalCents(15_000, 8_000), 12_000); // 1.5 x 80.00
    assert.equal(subtotalCents(3_333, 1_000), 333); // 0.3333 x 10.00 = 3.333
    assert.equal(subtotalCents(5_000, 1), 1); // 0.5 x 0.01 = 0.005 -> 0.01
    assert.equal(subtotalCents(1_000, 4), 0); // 0.1 x 0.04 = 0.004 -> 0.00
  });
});

describe('demo data set: shape and determinism', () => {
  test('same output for the same today', () => {
    assert.deepEqual(buildDemoDataset({ today: TODAY }), dataset);
  });

  test('today moves the dates, and defaults to a real date', () => {
    const later = buildDemoDataset({ today: addDays(TODAY, 10) });
    assert.equal(later.ordens_servico?.[0]?.data_abertura, addDays(dataset.ordens_servico?.[0]?.data_abertura ?? '', 10));
    const byDefault = buildDemoDataset();
    assert.ok((byDefault.clientes?.length ?? 0) > 0);
  });

  test('rejects a malformed today', () => {
    assert.throws(() => buildDemoDataset({ today: '2025-02-30' }), RangeError);
    assert.throws(() => buildDemoDataset({ today: '15/06/2025' }), RangeError);
  });

  test('passes the import validation, as JSON', () => {
    const result = validateDataset(JSON.parse(JSON.stringify(dataset)));
    assert.deepEqual(result.ok ? [] : result.errors.slice(0, 5), []);
  });

  test('every collection is present, ids are positive and unique per collection', () => {
    for (const name of COLLECTIONS) {
      const records = dataset[name] ?? [];
      assert.ok(records.length > 0, `${name} is empty`);
      const ids = records.map((r) => r.id);
      assert.ok(
        ids.every((id) => Number.isSafeInteger(id) && id > 0),
        `${name} ids are positive integers`,
      );
      assert.equal(new Set(ids).size, ids.length, `${name} ids are unique`);
    }
  });

  test('item and checklist ids are unique across the whole data set', () => {
    const orders = dataset.ordens_servico ?? [];
    const itemIds = orders.flatMap((o) => (o.itens ?? []).map((i) => i.id));
    const checklistIds = orders.flatMap((o) => (o.checklist ?? []).map((c) => c.id));
    assert.equal(new Set(itemIds).size, itemIds.length);
    assert.equal(new Set(checklistIds).size, checklistIds.length);
    assert.ok(itemIds.every((id) => Number.isSafeInteger(id) && id > 0));
    assert.ok(checklistIds.every((id) => Number.isSafeInteger(id) && id > 0));
  });

  test('required fields are present', () => {
    const required: { [K in keyof Dataset]-?: string[] } = {
      empresas: ['id'],
      usuarios: ['id', 'empresa_id'],
      clientes: ['id', 'empresa_id', 'tipo_pessoa'],
      tecnicos: ['id', 'empresa_id'],
      fornecedores: ['id', 'empresa_id'],
      pre_clientes: ['id', 'empresa_id'],
      produtos: ['id', 'empresa_id'],
      servicos: ['id', 'empresa_id'],
      ordens_servico: ['id', 'empresa_id', 'status', 'data_abertura'],
      contas_receber: ['id', 'empresa_id', 'cedente_tipo', 'valor', 'vencimento'],
      contas_pagar: ['id', 'empresa_id', 'cedente_tipo', 'valor', 'vencimento'],
      boletos: ['id', 'empresa_id', 'valor', 'status'],
    };
    for (const name of COLLECTIONS) {
      for (const record of dataset[name] ?? []) {
        for (const field of required[name]) {
          const value = (record as unknown as Record<string, unknown>)[field];
          assert.ok(value !== undefined && value !== null, `${name} ${record.id} lacks ${field}`);
        }
      }
    }
    for (const order of dataset.ordens_servico ?? []) {
      for (const item of order.itens ?? []) {
        for (const field of ['descricao', 'quantidade', 'valor_unitario', 'subtotal'] as const) {
          assert.ok(item[field] !== undefined && item[field] !== null, `item ${item.id} lacks ${field}`);
        }
      }
      for (const row of order.checklist ?? []) assert.ok(row.pergunta, `checklist ${row.id} lacks pergunta`);
    }
  });

  test('every record belongs to one of the two companies, and both have records of every kind', () => {
    assert.deepEqual(
      dataset.empresas?.map((e) => [e.id, e.nome, e.status_personalizados]),
      [
        [1, 'Assistência Técnica Modelo Ltda', ['aguardando_peca', 'em_garantia']],
        [2, 'Refrigeração Polar ME', []],
      ],
    );
    for (const name of COLLECTIONS) {
      if (name === 'empresas') continue;
      const records = dataset[name] ?? [];
      assert.ok(
        records.every((r) => r.empresa_id === 1 || r.empresa_id === 2),
        `${name} names a company`,
      );
      const one = companyOf(records, 1).length;
      const two = companyOf(records, 2).length;
      assert.ok(two > 0, `${name}: company 2 has records`);
      assert.ok(one >= two, `${name}: company 2 is the smaller one`);
    }
  });

  test('dates, times and datetimes are well formed', () => {
    for (const c of dataset.clientes ?? []) assertDatetime(c.data_cadastro, `cliente ${c.id}`);
    for (const p of [...(dataset.produtos ?? []), ...(dataset.servicos ?? [])]) assertDatetime(p.data_cadastro, `item ${p.id}`);
    for (const o of dataset.ordens_servico ?? []) {
      assertDate(o.data_abertura, `os ${o.id}`);
      if (o.hora_abertura !== null && o.hora_abertura !== undefined) assert.match(o.hora_abertura, /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
      assertDatetime(o.criada_em, `os ${o.id} criada_em`);
      assertDatetime(o.data_conclusao, `os ${o.id} data_conclusao`);
      if (o.data_conclusao) assert.ok(o.data_conclusao.slice(0, 10) >= o.data_abertura, `os ${o.id} ends after it opens`);
    }
    for (const c of [...(dataset.contas_receber ?? []), ...(dataset.contas_pagar ?? [])]) {
      assertDate(c.vencimento, `conta ${c.id}`);
      assertDate(c.data_pagamento, `conta ${c.id}`);
    }
    for (const b of dataset.boletos ?? []) {
      for (const field of ['emissao', 'vencimento', 'data_pagamento', 'data_compensacao'] as const) assertDate(b[field], `boleto ${b.id}`);
    }
    const offsets = new Set((dataset.clientes ?? []).map((c) => c.data_cadastro?.match(/(Z|[+-]\d{2}:\d{2})$/)?.[0] ?? null));
    assert.ok(offsets.has('Z') && offsets.has('-03:00') && offsets.has(null), 'both offset styles and nulls');
  });

  test('dates spread from about 18 months before today to 6 months after', () => {
    const dates = [...(dataset.contas_receber ?? []), ...(dataset.contas_pagar ?? [])].map((c) => c.vencimento).sort();
    assert.ok((dates[0] ?? '') <= addDays(TODAY, -480) && (dates[0] ?? '') >= addDays(TODAY, -560));
    assert.ok((dates.at(-1) ?? '') >= addDays(TODAY, 150) && (dates.at(-1) ?? '') <= addDays(TODAY, 190));
    const aberturas = (dataset.ordens_servico ?? []).map((o) => o.data_abertura);
    assert.ok(aberturas.every((d) => d <= TODAY && d >= addDays(TODAY, -560)));
    assert.ok(aberturas.some((d) => d >= addDays(TODAY, -30)) && aberturas.some((d) => d <= addDays(TODAY, -365)));
  });

  test('money has at most 2 decimals and quantities at most 4', () => {
    const money: number[] = [
      ...(dataset.produtos ?? []).map((p) => p.valor ?? 0),
      ...(dataset.servicos ?? []).map((s) => s.valor ?? 0),
      ...(dataset.contas_receber ?? []).map((c) => c.valor),
      ...(dataset.contas_pagar ?? []).map((c) => c.valor),
      ...(dataset.boletos ?? []).map((b) => b.valor),
      ...(dataset.ordens_servico ?? []).flatMap((o) => (o.itens ?? []).flatMap((i) => [i.valor_unitario, i.subtotal])),
    ];
    assert.ok(money.every((v) => v >= 0 && decimals(v) <= 2));
    const quantities = (dataset.ordens_servico ?? []).flatMap((o) => (o.itens ?? []).map((i) => i.quantidade));
    assert.ok(quantities.every((q) => q > 0 && decimals(q) <= 4));
    assert.ok(
      quantities.some((q) => decimals(q) === 4),
      'some quantity uses 4 decimals',
    );
    assert.ok(quantities.some((q) => decimals(q) === 0) && quantities.some((q) => q === 1.5 || q === 0.25));
  });

  test('some records of each kind are soft-deleted, in both companies', () => {
    for (const name of COLLECTIONS) {
      if (name === 'empresas') continue;
      for (const empresa of [1, 2]) {
        const records = companyOf(dataset[name], empresa);
        assert.ok(
          records.some((r) => r.excluido === true),
          `${name} of company ${empresa} has a deleted record`,
        );
        assert.ok(records.filter((r) => r.excluido).length < records.length / 2, `${name}: most records are live`);
      }
    }
    const tecnicosDeleted = (dataset.tecnicos ?? []).filter((t) => t.excluido).length;
    assert.equal(tecnicosDeleted, 2, 'one deleted technician per company');
    const items = (dataset.ordens_servico ?? []).flatMap((o) => o.itens ?? []);
    assert.ok(items.some((i) => i.excluido));
    assert.ok((dataset.ordens_servico ?? []).flatMap((o) => o.checklist ?? []).some((c) => c.excluido));
  });
});

describe('demo data set: users', () => {
  test('the demo logins are users of the data set', () => {
    const usuarios = dataset.usuarios ?? [];
    const ana = usuarios.find((u) => u.email === 'ana@modelo.com.br');
    assert.deepEqual(ana && { id: ana.id, empresa_id: ana.empresa_id, nome: ana.nome, senha: ana.senha, permissoes: ana.permissoes }, {
      id: 1,
      empresa_id: 1,
      nome: 'Ana Administradora',
      senha: 'troque-esta-senha',
      permissoes: ['api_externa'],
    });
    const bruno = usuarios.find((u) => u.email === 'bruno@modelo.com.br');
    assert.equal(bruno?.empresa_id, 1);
    assert.equal(bruno?.senha, 'outra-senha-qualquer');
    assert.deepEqual(bruno?.permissoes, []);
    const carla = usuarios.find((u) => u.email === 'carla@polar.com.br');
    assert.equal(carla?.empresa_id, 2);
    assert.equal(carla?.senha, 'senha-da-polar');
    assert.deepEqual(carla?.permissoes, ['api_externa']);
    assert.ok(companyOf(usuarios, 2).length >= 3, 'company 2 has a couple more users');

    assert.equal(DEMO_LOGINS.length, 3);
    for (const login of DEMO_LOGINS) {
      const user = usuarios.find((u) => u.email === login.email);
      assert.ok(user && !user.excluido, `${login.email} exists`);
      assert.equal(user.senha, login.senha);
      assert.equal(user.empresa_id, login.empresa_id);
      assert.equal(login.apiExterna, (user.permissoes ?? []).includes('api_externa'));
    }
    assert.deepEqual(
      DEMO_LOGINS.map((l) => l.apiExterna),
      [true, false, true],
    );
  });

  test('e-mails are unique', () => {
    const emails = (dataset.usuarios ?? []).map((u) => u.email?.toLowerCase());
    assert.equal(new Set(emails).size, emails.length);
  });
});

describe('demo data set: clientes', () => {
  const clientes = dataset.clientes ?? [];

  test('sizes', () => {
    assert.ok(companyOf(clientes, 1).length >= 300);
    assert.ok(companyOf(clientes, 2).length >= 50);
  });

  test('documents have valid check digits, in every shape', () => {
    const shapes = new Set<string>();
    for (const c of clientes) {
      if (c.documento === null || c.documento === undefined) {
        shapes.add('null');
        continue;
      }
      if (c.tipo_pessoa === 'fisica') {
        assert.ok(cpfOk(c.documento), `CPF ${c.documento} of cliente ${c.id}`);
        assert.match(c.documento, /^(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{11})$/);
      } else {
        assert.ok(cnpjOk(c.documento), `CNPJ ${c.documento} of cliente ${c.id}`);
        assert.match(c.documento, /^(\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|\d{14})$/);
      }
      shapes.add(`${c.tipo_pessoa}:${/\D/.test(c.documento) ? 'formatted' : 'digits'}`);
    }
    for (const shape of ['null', 'fisica:formatted', 'fisica:digits', 'juridica:formatted', 'juridica:digits']) {
      assert.ok(shapes.has(shape), shape);
    }
  });

  test('natural persons have names, legal entities a razão social', () => {
    const fisicas = clientes.filter((c) => c.tipo_pessoa === 'fisica');
    const juridicas = clientes.filter((c) => c.tipo_pessoa === 'juridica');
    assert.ok(fisicas.length > juridicas.length && juridicas.length > 30);
    assert.ok(fisicas.every((c) => c.nome && c.razao_social === null && c.nome_fantasia === null));
    assert.ok(juridicas.every((c) => c.razao_social && c.nome === null && c.sobrenome === null));
    assert.ok(juridicas.some((c) => c.nome_fantasia === null) && juridicas.some((c) => c.nome_fantasia));
    const names = fisicas.map((c) => `${c.nome} ${c.sobrenome ?? ''}`).join(' ');
    for (const accented of ['João', 'Conceição', 'Gonçalves']) assert.ok(names.includes(accented), accented);
    assert.ok(clientes.some((c) => c.razao_social === 'Padaria Pão Quente Ltda' && c.nome_fantasia === 'Pão Quente'));
  });

  test('contacts: e-mail lists with blanks and empty, formatted phones', () => {
    assert.ok(clientes.some((c) => (c.emails ?? []).includes('')));
    assert.ok(clientes.some((c) => (c.emails ?? []).length === 0));
    assert.ok(clientes.some((c) => (c.emails ?? []).length >= 2));
    for (const email of clientes.flatMap((c) => c.emails ?? []).filter((e) => e !== '')) {
      assert.match(email, /^[a-z0-9.]+@[a-z0-9.-]+\.[a-z]{2,}$/);
    }
    const phones = clientes.flatMap((c) => c.telefones ?? []);
    assert.deepEqual(new Set(phones.map((p) => p.tipo)), new Set(['celular', 'fixo', 'comercial']));
    for (const phone of phones) assert.match(phone.numero, /^\(\d{2}\) (9\d{4}|[2-5]\d{3})-\d{4}$/);
  });

  test('addresses: real cities, CEP shape, some null', () => {
    assert.ok(clientes.some((c) => c.endereco === null));
    const enderecos = clientes.flatMap((c) => (c.endereco ? [c.endereco] : []));
    const cities = new Set(enderecos.map((e) => e.cidade));
    for (const city of ['São Paulo', 'Belo Horizonte', 'Curitiba', 'Porto Alegre', 'Goiânia', 'Florianópolis']) {
      assert.ok(cities.has(city), city);
    }
    assert.ok(enderecos.every((e) => e.cep && /^\d{5}-\d{3}$/.test(e.cep) && e.uf && /^[A-Z]{2}$/.test(e.uf)));
    assert.ok(enderecos.some((e) => e.complemento === null) && enderecos.some((e) => e.complemento !== null));
  });

  test('inactive, deleted and undated customers', () => {
    const inactive = clientes.filter((c) => c.ativo === false).length / clientes.length;
    assert.ok(inactive > 0.05 && inactive < 0.18, `inactive share ${inactive}`);
    assert.ok(clientes.some((c) => c.data_cadastro === null));
  });
});

describe('demo data set: catalogue', () => {
  test('products and services', () => {
    const produtos = dataset.produtos ?? [];
    const servicos = dataset.servicos ?? [];
    assert.ok(companyOf(produtos, 1).length >= 100 && companyOf(produtos, 2).length >= 20);
    assert.ok(companyOf(servicos, 1).length >= 50 && companyOf(servicos, 2).length >= 10);
    assert.deepEqual(new Set(produtos.map((p) => p.unidade)), new Set(['un', 'm', 'kg', 'cx']));
    for (const record of [...produtos, ...servicos]) {
      if (record.codigo !== null && record.codigo !== undefined) assert.match(record.codigo, /^[PS]-\d{4}$/);
    }
    for (const records of [produtos, servicos]) {
      assert.ok(records.some((r) => r.codigo === null) && records.some((r) => r.ativo === false));
      assert.ok(records.some((r) => r.data_cadastro === null) && records.some((r) => r.descricao === null));
    }
    const names = new Set([...produtos, ...servicos].map((r) => r.nome));
    for (const name of ['Tela 6.1"', 'Bateria 4000 mAh', 'Troca de tela', 'Limpeza de ar-condicionado split']) {
      assert.ok(names.has(name), name);
    }
  });
});

describe('demo data set: ordens de serviço', () => {
  const ordens = dataset.ordens_servico ?? [];

  test('standard statuses in both companies, custom ones only in company 1', () => {
    assert.deepEqual([...STANDARD_OS_STATUS].sort(), [...OS_STATUSES].sort());
    const one = new Set(live(companyOf(ordens, 1)).map((o) => o.status));
    const two = new Set(live(companyOf(ordens, 2)).map((o) => o.status));
    assert.deepEqual(one, new Set([...OS_STATUSES, 'aguardando_peca', 'em_garantia']));
    assert.deepEqual(two, new Set(OS_STATUSES));
  });

  test('conclusion dates follow the status', () => {
    for (const o of ordens.filter((o) => o.status === 'concluida')) assert.ok(o.data_conclusao, `os ${o.id}`);
    assert.ok(ordens.some((o) => o.status === 'cancelada' && o.data_conclusao));
    assert.ok(ordens.some((o) => o.status === 'aberta' && o.data_conclusao === null));
    assert.ok(ordens.some((o) => o.hora_abertura === null) && ordens.some((o) => o.criada_em === null));
  });

  test('one order per company was concluded, then reopened: aberta, with its conclusion moment kept', () => {
    for (const empresa of [1, 2]) {
      const reopened = companyOf(ordens, empresa).filter((o) => o.status === 'aberta' && o.data_conclusao);
      assert.equal(reopened.length, 1, `company ${empresa}`);
      const [order] = reopened;
      assert.equal(order?.excluido, false);
      assert.ok((order?.data_conclusao ?? '').slice(0, 10) < TODAY, 'concluded before today');
    }
  });

  test('customer and technician references: live, deleted, missing and null', () => {
    for (const empresa of [1, 2]) {
      const clientes = idSets(dataset.clientes, empresa);
      const tecnicos = idSets(dataset.tecnicos, empresa);
      const mine = live(companyOf(ordens, empresa));
      const clienteKinds = new Set(mine.map((o) => refKind(o.cliente_id, clientes)));
      const tecnicoKinds = new Set(mine.map((o) => refKind(o.tecnico_id, tecnicos)));
      assert.deepEqual(clienteKinds, new Set(['live', 'deleted', 'missing', 'null']), `company ${empresa} clientes`);
      assert.deepEqual(tecnicoKinds, new Set(['live', 'deleted', 'missing', 'null']), `company ${empresa} tecnicos`);
    }
  });

  test('items: types, catalogue references, integer-exact subtotals', () => {
    for (const o of ordens) {
      const itens = o.itens ?? [];
      assert.ok(itens.length <= 5);
      const produtos = new Set(companyOf(dataset.produtos, o.empresa_id).map((p) => p.id));
      const servicos = new Set(companyOf(dataset.servicos, o.empresa_id).map((s) => s.id));
      for (const item of itens) {
        if (item.tipo === 'produto') assert.ok(produtos.has(item.item_id ?? -1), `item ${item.id}`);
        else if (item.tipo === 'servico') assert.ok(servicos.has(item.item_id ?? -1), `item ${item.id}`);
        else assert.equal(item.item_id, null);
        assert.equal(units(item.subtotal, 2), expectedSubtotal(item.quantidade, item.valor_unitario), `item ${item.id}`);
      }
    }
    const itens = ordens.flatMap((o) => o.itens ?? []);
    assert.deepEqual(new Set(itens.map((i) => i.tipo)), new Set(['produto', 'servico', null]));
    const sizes = new Set(ordens.map((o) => (o.itens ?? []).length));
    assert.deepEqual(sizes, new Set([0, 1, 2, 3, 4, 5]));
  });

  test('checklists: kinds, titles without answers, ordem apart from id order', () => {
    const rows = ordens.flatMap((o) => o.checklist ?? []);
    assert.deepEqual(new Set(rows.map((r) => r.tipo)), new Set(['opcoes', 'texto', 'titulo']));
    for (const row of rows.filter((r) => r.tipo === 'titulo')) {
      assert.equal(row.resposta, null);
      assert.equal(row.equipamento_id, null);
    }
    assert.ok(rows.some((r) => r.motivo_nao_conformidade));
    assert.ok(rows.some((r) => typeof r.equipamento_id === 'number') && rows.some((r) => r.equipamento_id === null));
    assert.ok(ordens.every((o) => (o.checklist ?? []).length <= 6));
    const reordered = ordens.filter((o) => {
      const byId = [...(o.checklist ?? [])].sort((a, b) => a.id - b.id).map((r) => r.ordem);
      const byOrdem = [...(o.checklist ?? [])].sort((a, b) => (a.ordem ?? 0) - (b.ordem ?? 0)).map((r) => r.ordem);
      return byId.join() !== byOrdem.join();
    });
    assert.ok(reordered.length > 0, 'some checklist is displayed in an order other than its ids');
  });
});

describe('demo data set: contas', () => {
  for (const kind of ['contas_receber', 'contas_pagar'] as const) {
    const contas: DatasetConta[] = dataset[kind] ?? [];

    test(`${kind}: every cedente type in both companies, with consistent ids and names`, () => {
      for (const empresa of [1, 2]) {
        const tipos = new Set(live(companyOf(contas, empresa)).map((c) => c.cedente_tipo));
        assert.deepEqual(tipos, new Set(CEDENTE_TIPOS), `company ${empresa}`);
      }
      for (const c of contas) {
        if (c.cedente_tipo === 'outro') {
          assert.equal(c.cedente_id, null);
          assert.ok(c.cedente_nome, `conta ${c.id} names its outro`);
        } else {
          assert.equal(typeof c.cedente_id, 'number');
          assert.equal(c.cedente_nome ?? null, null);
        }
      }
      assert.ok(contas.some((c) => c.cedente_nome === 'Venda avulsa' || c.cedente_nome === 'Aluguel da loja'));
    });

    test(`${kind}: cedentes point at live, deleted and missing records of their company`, () => {
      const main = kind === 'contas_receber' ? 'cliente' : 'fornecedor';
      for (const empresa of [1, 2]) {
        const sets = {
          cliente: idSets(dataset.clientes, empresa),
          fornecedor: idSets(dataset.fornecedores, empresa),
          usuario: idSets(dataset.usuarios, empresa),
          pre_cliente: idSets(dataset.pre_clientes, empresa),
        };
        const kinds = new Set<string>();
        for (const c of live(companyOf(contas, empresa))) {
          if (c.cedente_tipo === 'outro') continue;
          kinds.add(`${c.cedente_tipo}:${refKind(c.cedente_id, sets[c.cedente_tipo])}`);
        }
        for (const ref of ['live', 'deleted', 'missing']) assert.ok(kinds.has(`${main}:${ref}`), `company ${empresa} ${main}:${ref}`);
        for (const tipo of ['cliente', 'fornecedor', 'usuario', 'pre_cliente'])
          assert.ok(kinds.has(`${tipo}:live`), `company ${empresa} ${tipo}`);
      }
    });

    test(`${kind}: amounts, payments and derived statuses`, () => {
      assert.ok(
        contas.some((c) => c.valor > 1_000_000),
        'over one million',
      );
      assert.ok(
        contas.some((c) => c.valor === 0.1),
        '0.10',
      );
      assert.ok(contas.some((c) => c.descricao === null));
      for (const c of contas) if (c.data_pagamento) assert.ok(c.data_pagamento <= TODAY, `conta ${c.id} paid in the future`);
      const paid = contas.filter((c) => c.data_pagamento).length / contas.length;
      assert.ok(paid > 0.3 && paid < 0.5, `paid share ${paid}`);
      for (const empresa of [1, 2]) {
        const statuses = countBy(live(companyOf(contas, empresa)), (c) =>
          c.data_pagamento ? 'pago' : c.vencimento < TODAY ? 'vencido' : 'aberto',
        );
        assert.deepEqual(new Set(statuses.keys()), new Set(['pago', 'vencido', 'aberto']), `company ${empresa}`);
      }
      if (kind === 'contas_receber') assert.ok(contas.some((c) => c.vencimento === TODAY && !c.data_pagamento && !c.excluido));
    });
  }
});

describe('demo data set: boletos', () => {
  const boletos = dataset.boletos ?? [];

  test('all 8 statuses in both companies', () => {
    for (const empresa of [1, 2]) {
      assert.deepEqual(new Set(live(companyOf(boletos, empresa)).map((b) => b.status)), new Set(BOLETO_STATUSES));
    }
  });

  test('dates agree with the status', () => {
    for (const b of boletos) {
      const label = `boleto ${b.id} (${b.status})`;
      if (b.emissao && b.vencimento) assert.ok(b.emissao <= b.vencimento, label);
      if (b.emissao) assert.ok(b.emissao <= TODAY, label);
      if (b.data_pagamento) assert.ok(b.data_pagamento <= TODAY && (!b.emissao || b.data_pagamento >= b.emissao), label);
      if (b.data_compensacao) assert.ok(b.data_pagamento && b.data_compensacao >= b.data_pagamento && b.data_compensacao <= TODAY, label);
      if (b.status === 'pago') assert.ok(b.data_pagamento, label);
      if (b.status === 'vencido') assert.ok((b.vencimento ?? '') < TODAY && !b.data_pagamento, label);
      if (b.status === 'pendente') assert.ok((b.vencimento ?? '') >= TODAY && !b.data_pagamento, label);
      if (b.status !== 'pago' && b.status !== 'aguardando_confirmacao') assert.equal(b.data_pagamento, null, label);
    }
    const pagos = boletos.filter((b) => b.status === 'pago');
    assert.ok(pagos.filter((b) => b.data_compensacao).length > pagos.length / 2, 'paid ones usually cleared');
  });

  test('document numbers, linha digitável and customers', () => {
    for (const b of boletos) {
      if (b.numero_documento) assert.match(b.numero_documento, /^\d{6}$/);
      if (b.linha_digitavel) {
        assert.match(b.linha_digitavel, /^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
        assert.equal(b.linha_digitavel.replace(/\D/g, '').length, 47);
        assert.equal(BigInt(b.linha_digitavel.slice(-10)), units(b.valor, 2), `boleto ${b.id} amount field`);
      }
    }
    assert.ok(boletos.some((b) => b.linha_digitavel === null));
    for (const empresa of [1, 2]) {
      const clientes = idSets(dataset.clientes, empresa);
      const kinds = new Set(live(companyOf(boletos, empresa)).map((b) => refKind(b.cliente_id, clientes)));
      assert.ok(kinds.has('live') && kinds.has('deleted') && kinds.has('null'), `company ${empresa}: ${[...kinds].join()}`);
    }
  });
});
