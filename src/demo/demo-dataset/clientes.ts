import type { DatasetCliente } from '../../store/import/dataset.ts';
import type { Day } from '../../time/days-and-seconds.ts';
import {
  CITIES,
  EMAIL_DOMAINS,
  asciiSlug,
  formatCnpj,
  formatCpf,
  generateAddress,
  generateBusinessName,
  generateCnpj,
  generateCpf,
  generateLandline,
  generateMobile,
  generatePersonName,
  withoutAccents,
  type City,
} from '../core/brazil.ts';
import { registrationDatetime } from '../core/moments.ts';
import type { Random } from '../core/random.ts';
import { randomFor, type CompanyPlan } from './companies.ts';
import { idOf } from './ids.ts';
import { isDeleted } from './variety.ts';

/** What an operator types into "cidade" now and then: no accents, all caps, stray spaces. */
function cityAsTyped(random: Random, cidade: string): string {
  return random.pick([cidade.toUpperCase(), withoutAccents(cidade), ` ${cidade} `]);
}

function documentFor(random: Random, juridica: boolean): string | null {
  const roll = random.next();
  if (roll < 0.04) return null;
  const digits = juridica ? generateCnpj(random) : generateCpf(random);
  if (roll < 0.16) return digits;
  return juridica ? formatCnpj(digits) : formatCpf(digits);
}

/** Lists as customers leave them: sometimes empty, sometimes with a blank entry. */
function emailsFor(random: Random, primary: string, secondary: string): string[] {
  const roll = random.next();
  if (roll < 0.17) return [];
  if (roll < 0.25) return [primary, ''];
  if (roll < 0.38) return [primary, secondary];
  return [primary];
}

function telefonesFor(random: Random, city: City, juridica: boolean): { tipo: string; numero: string }[] {
  const count = random.weighted([
    [0, 15],
    [1, 50],
    [2, 28],
    [3, 7],
  ] as const);
  const phones: { tipo: string; numero: string }[] = [];
  for (let i = 0; i < count; i++) {
    const tipo = juridica
      ? random.weighted([
          ['comercial', 60],
          ['celular', 35],
          ['fixo', 5],
        ] as const)
      : random.weighted([
          ['celular', 75],
          ['fixo', 20],
          ['comercial', 5],
        ] as const);
    const mobile = tipo === 'celular' || (tipo === 'comercial' && random.chance(0.3));
    phones.push({ tipo, numero: mobile ? generateMobile(random, city.ddd) : generateLandline(random, city.ddd) });
  }
  return phones;
}

function enderecoFor(random: Random, city: City): DatasetCliente['endereco'] {
  if (random.chance(0.1)) return null;
  const endereco = generateAddress(random, city);
  if (random.chance(0.03)) endereco.cidade = cityAsTyped(random, city.cidade);
  return endereco;
}

interface ClienteNames {
  nome: string | null;
  sobrenome: string | null;
  razao_social: string | null;
  nome_fantasia: string | null;
  emails: string[];
}

function juridicaNames(random: Random): ClienteNames {
  const business = generateBusinessName(random);
  const domain = `${asciiSlug(business.nome_fantasia)}.com.br`;
  return {
    nome: null,
    sobrenome: null,
    razao_social: business.razao_social,
    nome_fantasia: random.chance(0.1) ? null : business.nome_fantasia,
    emails: emailsFor(random, `contato@${domain}`, `financeiro@${domain}`),
  };
}

function fisicaNames(random: Random): ClienteNames {
  const person = generatePersonName(random);
  const lastSurname = person.sobrenome.split(' ').at(-1) ?? person.sobrenome;
  const local = `${asciiSlug(person.nome)}.${asciiSlug(lastSurname)}${random.chance(0.4) ? random.int(1, 99) : ''}`;
  return {
    nome: person.nome,
    // D21 allows a missing surname; a few records show it.
    sobrenome: random.chance(0.02) ? null : person.sobrenome,
    razao_social: null,
    nome_fantasia: null,
    emails: emailsFor(random, `${local}@${random.pick(EMAIL_DOMAINS)}`, `${local}@empresa.com.br`),
  };
}

function buildCliente(random: Random, plan: CompanyPlan, index: number, today: Day): DatasetCliente {
  const juridica = random.chance(0.3);
  const city = random.chance(0.55) ? plan.homeCity : random.pick(CITIES);
  const names = juridica ? juridicaNames(random) : fisicaNames(random);
  return {
    id: idOf(plan, index),
    empresa_id: plan.id,
    tipo_pessoa: juridica ? 'juridica' : 'fisica',
    nome: names.nome,
    sobrenome: names.sobrenome,
    razao_social: names.razao_social,
    nome_fantasia: names.nome_fantasia,
    ativo: !random.chance(0.1),
    data_cadastro: random.chance(0.05) ? null : registrationDatetime(random, today),
    documento: documentFor(random, juridica),
    emails: names.emails,
    telefones: telefonesFor(random, city, juridica),
    endereco: enderecoFor(random, city),
    excluido: isDeleted(random, index, plan.counts.clientes, 0.02),
  };
}

/** Two well-known customers of company 1 (the documents of the docs' example) to search for. */
function pinnedClientes(): DatasetCliente[] {
  return [
    {
      id: 1,
      empresa_id: 1,
      tipo_pessoa: 'fisica',
      nome: 'João',
      sobrenome: 'da Silva',
      razao_social: null,
      nome_fantasia: null,
      ativo: true,
      data_cadastro: '2024-03-05T13:20:00-03:00',
      documento: '529.982.247-25',
      emails: ['joao.silva@example.com', ''],
      telefones: [{ tipo: 'celular', numero: '(11) 98765-4321' }],
      endereco: {
        logradouro: 'Rua das Flores',
        numero: '100',
        complemento: null,
        bairro: 'Centro',
        cidade: 'São Paulo',
        uf: 'SP',
        cep: '01001-000',
      },
      excluido: false,
    },
    {
      id: 2,
      empresa_id: 1,
      tipo_pessoa: 'juridica',
      nome: null,
      sobrenome: null,
      razao_social: 'Padaria Pão Quente Ltda',
      nome_fantasia: 'Pão Quente',
      ativo: true,
      data_cadastro: '2024-05-01T09:00:00Z',
      documento: '11.222.333/0001-81',
      emails: ['contato@paoquente.com.br'],
      telefones: [{ tipo: 'comercial', numero: '(11) 3456-7890' }],
      endereco: null,
      excluido: false,
    },
  ];
}

export function buildClientes(plan: CompanyPlan, today: Day): DatasetCliente[] {
  const random = randomFor(plan, 'clientes');
  const pinned = plan.id === 1 ? pinnedClientes() : [];
  const clientes: DatasetCliente[] = [];
  for (let index = 0; index < plan.counts.clientes; index++) {
    const generated = buildCliente(random, plan, index, today);
    clientes.push(pinned.find((c) => c.id === generated.id) ?? generated);
  }
  return clientes;
}
