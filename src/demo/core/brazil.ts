/**
 * Brazilian building blocks for demo and synthetic data: CPF/CNPJ with valid check digits,
 * pt-BR names, cities with their UF, area code and CEP range, addresses, phones and
 * boleto "linha digitável".
 */
import type { Endereco } from '../../store/tables.ts';
import { dayOf } from '../../time/days-and-seconds.ts';
import type { Random } from './random.ts';

// ---------------------------------------------------------------------------------------
// CPF and CNPJ

export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** The mod-11 check digit shared by CPF and CNPJ: remainder below 2 gives 0. */
function mod11Digit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits of a 9-digit CPF base. */
export function cpfCheckDigits(base: string): string {
  const first = mod11Digit(base, CPF_WEIGHTS_1);
  const second = mod11Digit(base + String(first), CPF_WEIGHTS_2);
  return `${first}${second}`;
}

/** The two check digits of a 12-digit CNPJ base (8-digit root + 4-digit branch). */
export function cnpjCheckDigits(base: string): string {
  const first = mod11Digit(base, CNPJ_WEIGHTS_1);
  const second = mod11Digit(base + String(first), CNPJ_WEIGHTS_2);
  return `${first}${second}`;
}

function isRepeatedDigit(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

/** 11 digits, never all equal (000.000.000-00 and the like pass the digit test but are invalid). */
export function generateCpf(random: Random): string {
  let base = random.digits(9);
  while (isRepeatedDigit(base)) base = random.digits(9);
  return base + cpfCheckDigits(base);
}

/** 14 digits; the branch is usually the head office, 0001. */
export function generateCnpj(random: Random): string {
  let root = random.digits(8);
  while (isRepeatedDigit(root)) root = random.digits(8);
  const branch = random.chance(0.85) ? '0001' : `000${random.int(2, 9)}`;
  const base = root + branch;
  return base + cnpjCheckDigits(base);
}

export function formatCpf(digits: string): string {
  return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
}

export function formatCnpj(digits: string): string {
  return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
}

/** Accepts exactly 11 digits or the punctuated form 000.000.000-00. */
export function isValidCpf(text: string): boolean {
  if (!/^\d{11}$/.test(text) && !/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(text)) return false;
  const digits = onlyDigits(text);
  return !isRepeatedDigit(digits) && cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

/** Accepts exactly 14 digits or the punctuated form 00.000.000/0000-00. */
export function isValidCnpj(text: string): boolean {
  if (!/^\d{14}$/.test(text) && !/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/.test(text)) return false;
  const digits = onlyDigits(text);
  return !isRepeatedDigit(digits) && cnpjCheckDigits(digits.slice(0, 12)) === digits.slice(12);
}

// ---------------------------------------------------------------------------------------
// People and businesses

export const FIRST_NAMES = [
  'João',
  'José',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luís',
  'Marcos',
  'Gabriel',
  'Rafael',
  'Matheus',
  'Vinícius',
  'Otávio',
  'Sérgio',
  'Fábio',
  'Rogério',
  'Flávio',
  'Sebastião',
  'Raimundo',
  'Caio',
  'Thiago',
  'André',
  'Márcio',
  'Cícero',
  'Benedito',
  'Heitor',
  'Maria',
  'Ana',
  'Conceição',
  'Francisca',
  'Antônia',
  'Adriana',
  'Juliana',
  'Márcia',
  'Cláudia',
  'Patrícia',
  'Letícia',
  'Júlia',
  'Lúcia',
  'Mônica',
  'Tânia',
  'Thaís',
  'Débora',
  'Érica',
  'Luíza',
  'Bárbara',
  'Cecília',
  'Heloísa',
  'Inês',
  'Aparecida',
  'Benedita',
  'Fernanda',
  'Camila',
  'Raquel',
  'Sônia',
  'Vitória',
  'Lívia',
  'Glória',
] as const;

export const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Gonçalves',
  'Conceição',
  'Araújo',
  'Simões',
  'Magalhães',
  'Guimarães',
  'Brandão',
  'Falcão',
  'Assunção',
  'Nóbrega',
  'Gusmão',
  'Lopes',
  'Pereira',
  'Ferreira',
  'Rodrigues',
  'Almeida',
  'Costa',
  'Carvalho',
  'Gomes',
  'Martins',
  'Ribeiro',
  'Rocha',
  'Lima',
  'Barbosa',
  'Azevedo',
  'Cardoso',
  'Teixeira',
  'Monteiro',
  'Mendonça',
  'Loureiro',
  'Antunes',
  'Damasceno',
  'Patrício',
  'Leão',
  'Sampaio',
  'Macêdo',
  'Aragão',
  'Estêvão',
  'Brito',
  'Nascimento',
  'Fonseca',
  'Vasconcelos',
  'Peixoto',
  'Quintão',
  'Romão',
] as const;

/** Surnames that carry their own particle, as in "João da Silva". */
const PARTICLE_SURNAMES = [
  'da Silva',
  'da Costa',
  'da Rocha',
  'da Conceição',
  'da Cruz',
  'de Souza',
  'de Oliveira',
  'de Almeida',
  'de Jesus',
  'dos Santos',
  'dos Reis',
  'das Neves',
  'do Nascimento',
  'do Carmo',
] as const;

export interface PersonName {
  nome: string;
  sobrenome: string;
}

/** First name and one or two surnames, some with their particle ("da Silva", "dos Santos"). */
export function generatePersonName(random: Random): PersonName {
  const nome = random.pick(FIRST_NAMES);
  const last = random.pick(SURNAMES);
  const roll = random.next();
  if (roll < 0.2) return { nome, sobrenome: random.pick(PARTICLE_SURNAMES) };
  if (roll < 0.55) {
    let first = random.pick(SURNAMES);
    while (first === last) first = random.pick(SURNAMES);
    return { nome, sobrenome: `${first} ${last}` };
  }
  return { nome, sobrenome: last };
}

export function fullName(person: PersonName): string {
  return `${person.nome} ${person.sobrenome}`;
}

const BUSINESS_KINDS = [
  'Padaria',
  'Mercearia',
  'Auto Peças',
  'Clínica Odontológica',
  'Escritório Contábil',
  'Restaurante',
  'Farmácia',
  'Oficina Mecânica',
  'Academia',
  'Lanchonete',
  'Pet Shop',
  'Hotel',
  'Construtora',
  'Distribuidora',
  'Supermercado',
  'Lavanderia',
  'Papelaria',
  'Imobiliária',
  'Salão de Beleza',
  'Escola de Idiomas',
  'Açougue',
  'Sorveteria',
  'Ótica',
  'Pousada',
] as const;

const BUSINESS_NAMES = [
  'Pão Quente',
  'Bom Preço',
  'São Jorge',
  'Estrela do Sul',
  'Boa Esperança',
  'Aparecida',
  'Sabor Mineiro',
  'Ipê Amarelo',
  'Três Irmãos',
  'Conceição',
  'Vitória',
  'Primavera',
  'Aliança',
  'Horizonte',
  'Santa Luzia',
  'Canaã',
  'Progresso',
  'União',
  'Cristal',
  'Paraíso',
  'Açaí da Praia',
  'Pôr do Sol',
  'Cachoeira',
  'Jequitibá',
  'Maré Alta',
  'Sertão',
  'Caminho Novo',
  'Bela Vista',
] as const;

const LEGAL_SUFFIXES = ['Ltda', 'Ltda', 'Ltda', 'ME', 'EIRELI', 'S.A.', 'Ltda EPP'] as const;

export interface BusinessName {
  razao_social: string;
  nome_fantasia: string;
}

/** A legal name such as "Padaria Pão Quente Ltda" and its trade name "Pão Quente". */
export function generateBusinessName(random: Random): BusinessName {
  const kind = random.pick(BUSINESS_KINDS);
  const name = random.pick(BUSINESS_NAMES);
  if (random.chance(0.15)) {
    const owner = random.pick(SURNAMES);
    return { razao_social: `${owner} & Filhos Comércio ${random.pick(LEGAL_SUFFIXES)}`, nome_fantasia: `${kind} ${name}` };
  }
  return {
    razao_social: `${kind} ${name} ${random.pick(LEGAL_SUFFIXES)}`,
    nome_fantasia: random.chance(0.7) ? name : `${kind} ${name}`,
  };
}

// ---------------------------------------------------------------------------------------
// Places

export interface City {
  cidade: string;
  uf: string;
  /** telephone area code */
  ddd: number;
  /** first five CEP digits of the city, inclusive range */
  cep: readonly [number, number];
}

export const CITIES: readonly City[] = [
  { cidade: 'São Paulo', uf: 'SP', ddd: 11, cep: [1000, 5999] },
  { cidade: 'Rio de Janeiro', uf: 'RJ', ddd: 21, cep: [20000, 23799] },
  { cidade: 'Niterói', uf: 'RJ', ddd: 21, cep: [24000, 24399] },
  { cidade: 'Belo Horizonte', uf: 'MG', ddd: 31, cep: [30000, 31999] },
  { cidade: 'Uberlândia', uf: 'MG', ddd: 34, cep: [38400, 38415] },
  { cidade: 'Juiz de Fora', uf: 'MG', ddd: 32, cep: [36000, 36099] },
  { cidade: 'Curitiba', uf: 'PR', ddd: 41, cep: [80000, 82999] },
  { cidade: 'Londrina', uf: 'PR', ddd: 43, cep: [86000, 86099] },
  { cidade: 'Porto Alegre', uf: 'RS', ddd: 51, cep: [90000, 91999] },
  { cidade: 'Caxias do Sul', uf: 'RS', ddd: 54, cep: [95000, 95124] },
  { cidade: 'Florianópolis', uf: 'SC', ddd: 48, cep: [88000, 88099] },
  { cidade: 'Joinville', uf: 'SC', ddd: 47, cep: [89200, 89239] },
  { cidade: 'Salvador', uf: 'BA', ddd: 71, cep: [40000, 42499] },
  { cidade: 'Recife', uf: 'PE', ddd: 81, cep: [50000, 52999] },
  { cidade: 'Fortaleza', uf: 'CE', ddd: 85, cep: [60000, 61599] },
  { cidade: 'São Luís', uf: 'MA', ddd: 98, cep: [65000, 65109] },
  { cidade: 'João Pessoa', uf: 'PB', ddd: 83, cep: [58000, 58099] },
  { cidade: 'Maceió', uf: 'AL', ddd: 82, cep: [57000, 57099] },
  { cidade: 'Goiânia', uf: 'GO', ddd: 62, cep: [74000, 74899] },
  { cidade: 'Brasília', uf: 'DF', ddd: 61, cep: [70000, 72799] },
  { cidade: 'Cuiabá', uf: 'MT', ddd: 65, cep: [78000, 78109] },
  { cidade: 'Belém', uf: 'PA', ddd: 91, cep: [66000, 66999] },
  { cidade: 'Manaus', uf: 'AM', ddd: 92, cep: [69000, 69099] },
  { cidade: 'Vitória', uf: 'ES', ddd: 27, cep: [29000, 29099] },
  { cidade: 'Ribeirão Preto', uf: 'SP', ddd: 16, cep: [14000, 14114] },
  { cidade: 'Campinas', uf: 'SP', ddd: 19, cep: [13000, 13139] },
  { cidade: 'Santos', uf: 'SP', ddd: 13, cep: [11000, 11099] },
];

export function findCity(cidade: string): City {
  const city = CITIES.find((c) => c.cidade === cidade);
  if (!city) throw new RangeError(`unknown city ${cidade}`);
  return city;
}

/** "01310-100": a prefix inside the city's range; many real CEPs end in 000. */
export function generateCep(random: Random, city: City): string {
  const prefix = String(random.int(city.cep[0], city.cep[1])).padStart(5, '0');
  const suffix = random.chance(0.4) ? '000' : String(random.int(0, 999)).padStart(3, '0');
  return `${prefix}-${suffix}`;
}

const STREET_TYPES = ['Rua', 'Rua', 'Rua', 'Avenida', 'Avenida', 'Travessa', 'Alameda', 'Praça'] as const;

export const STREET_NAMES = [
  'das Flores',
  'Sete de Setembro',
  'XV de Novembro',
  'Marechal Deodoro',
  'Tiradentes',
  'Getúlio Vargas',
  'Dom Pedro II',
  'São João',
  'Barão do Rio Branco',
  'Santos Dumont',
  'Castro Alves',
  'Machado de Assis',
  'Presidente Juscelino Kubitschek',
  'da Independência',
  'Brasil',
  'Amazonas',
  'Paraná',
  'dos Andradas',
  'Rui Barbosa',
  'José Bonifácio',
  'da Conceição',
  'da Consolação',
  'Afonso Pena',
  'Boa Viagem',
  'das Palmeiras',
  'dos Ipês',
  'Padre Anchieta',
  'Duque de Caxias',
  'Princesa Isabel',
  'Cecília Meireles',
  'Érico Veríssimo',
  'Olavo Bilac',
  'Marquês de Pombal',
  'João Pessoa',
  'Coronel Antônio Simões',
  'Três de Maio',
] as const;

export const BAIRROS = [
  'Centro',
  'Centro',
  'Jardim América',
  'Vila Nova',
  'Boa Vista',
  'Santa Cecília',
  'Bela Vista',
  'Jardim Paulista',
  'São José',
  'Santo Antônio',
  'Vila Operária',
  'Alto da Glória',
  'Lagoa',
  'Jardim Botânico',
  'Cidade Nova',
  'Parque São Jorge',
  'Vila Mariana',
  'Ipiranga',
  'Glória',
  'Jardim Europa',
  'Vila Isabel',
  'Pituba',
  'Aldeota',
  'Batel',
  'Savassi',
  'Moinhos de Vento',
] as const;

const COMPLEMENTS = [
  'Apto 12',
  'Apto 304',
  'Apto 1502',
  'Casa 2',
  'Sala 304',
  'Bloco B, Apto 41',
  'Fundos',
  'Loja 3',
  'Conjunto 71',
  'Térreo',
] as const;

/** An address as the data set and the API carry it. */
export type Address = Endereco;

export function generateAddress(random: Random, city: City): Address {
  return {
    logradouro: `${random.pick(STREET_TYPES)} ${random.pick(STREET_NAMES)}`,
    numero: random.chance(0.03) ? 'S/N' : String(random.int(1, 4999)),
    complemento: random.chance(0.35) ? random.pick(COMPLEMENTS) : null,
    bairro: random.pick(BAIRROS),
    cidade: city.cidade,
    uf: city.uf,
    cep: generateCep(random, city),
  };
}

// ---------------------------------------------------------------------------------------
// Phones and e-mail

/** "(11) 98765-4321" for a 9-digit mobile number, "(11) 3456-7890" for an 8-digit landline. */
export function formatPhone(ddd: number, subscriber: string): string {
  const split = subscriber.length - 4;
  return `(${ddd}) ${subscriber.slice(0, split)}-${subscriber.slice(split)}`;
}

export function generateMobile(random: Random, ddd: number): string {
  return formatPhone(ddd, `9${random.int(6, 9)}${random.digits(7)}`);
}

export function generateLandline(random: Random, ddd: number): string {
  return formatPhone(ddd, `${random.int(2, 5)}${random.digits(7)}`);
}

export const EMAIL_DOMAINS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'yahoo.com.br',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
] as const;

/** "Conceição" -> "Conceicao": the letters without their accents. */
export function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** Lower-case ASCII letters and digits only: "Conceição" -> "conceicao". */
export function asciiSlug(text: string): string {
  return withoutAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

// ---------------------------------------------------------------------------------------
// Boleto (FEBRABAN "linha digitável")

const FATOR_BASE = dayOf('1997-10-07');

/**
 * Days from 1997-10-07 to the due date. The 4-digit field ran out on 2025-02-21 (9999)
 * and restarts at 1000 the next day, cycling every 9000 days.
 */
export function fatorVencimento(vencimento: string | null): string {
  if (vencimento === null) return '0000';
  const days = dayOf(vencimento) - FATOR_BASE;
  const fator = days <= 9999 ? days : ((days - 10000) % 9000) + 1000;
  return String(fator).padStart(4, '0');
}

/** Check digit of each field of the linha digitável: weights 2,1,2,1... from the right. */
export function boletoMod10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 2 ? 1 : 2) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** General check digit of the bar code: weights 2..9 from the right; 0, 10 and 11 become 1. */
export function boletoMod11(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) {
    sum += Number(digits[i]) * weight;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

export interface BoletoInput {
  /** 3-digit bank code, e.g. "341" */
  banco: string;
  /** amount in cents; must fit the 10-digit field */
  valorCentavos: number;
  vencimento: string | null;
  /** 25 digits defined by the bank */
  campoLivre: string;
}

/** "34191.79001 01043.510047 91020.150008 5 10120000046990" (47 digits). */
export function buildLinhaDigitavel(input: BoletoInput): string {
  const { banco, valorCentavos, vencimento, campoLivre } = input;
  if (!/^\d{3}$/.test(banco) || !/^\d{25}$/.test(campoLivre)) throw new RangeError('invalid boleto fields');
  if (!Number.isSafeInteger(valorCentavos) || valorCentavos < 0 || valorCentavos > 9_999_999_999) {
    throw new RangeError('boleto amount does not fit 10 digits');
  }
  const moeda = '9';
  const fatorValor = fatorVencimento(vencimento) + String(valorCentavos).padStart(10, '0');
  const dvGeral = boletoMod11(banco + moeda + fatorValor + campoLivre);

  const field1 = banco + moeda + campoLivre.slice(0, 5);
  const field2 = campoLivre.slice(5, 15);
  const field3 = campoLivre.slice(15, 25);
  const withDv = (field: string): string => field + String(boletoMod10(field));
  const f1 = withDv(field1);
  const f2 = withDv(field2);
  const f3 = withDv(field3);
  return `${f1.slice(0, 5)}.${f1.slice(5)} ${f2.slice(0, 5)}.${f2.slice(5)} ${f3.slice(0, 5)}.${f3.slice(5)} ${dvGeral} ${fatorValor}`;
}
