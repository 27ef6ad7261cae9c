/**
 * The demo data set loaded into a fresh store (`npm start`, `seed demo`): two companies of a
 * phone/electronics/HVAC repair business, with enough variety that every filter, derived
 * status, soft deletion and dangling reference of the API has something to show.
 *
 * Deterministic: the same `today` always gives the same data set. Every collection of every
 * company draws from its own seeded PRNG, so adding records to one leaves the others as
 * they were.
 */
import type {
  BoletoStatus,
  Dataset,
  DatasetBoleto,
  DatasetCliente,
  DatasetConta,
  DatasetEmpresa,
  DatasetNamed,
  DatasetOrdemServico,
  DatasetOsChecklist,
  DatasetOsItem,
  DatasetProduto,
  DatasetServico,
  DatasetUsuario,
} from '../store/import/dataset.ts';
import {
  CITIES,
  EMAIL_DOMAINS,
  asciiSlug,
  buildLinhaDigitavel,
  findCity,
  formatCnpj,
  formatCpf,
  fullName,
  generateAddress,
  generateBusinessName,
  generateCnpj,
  generateCpf,
  generateLandline,
  generateMobile,
  generatePersonName,
  type City,
} from './brazil.ts';
import { createRandom, hashSeed, type Random } from './random.ts';
import { todayInSaoPaulo } from '../time/sao-paulo-date.ts';

// ---------------------------------------------------------------------------------------
// Demo users

export interface DemoLogin {
  email: string;
  senha: string;
  empresa_id: number;
  /** whether the user holds the "api_externa" permission (may manage API credentials) */
  apiExterna: boolean;
}

const USUARIOS: readonly DatasetUsuario[] = [
  { id: 1, empresa_id: 1, nome: 'Ana Administradora', email: 'ana@modelo.com.br', senha: 'troque-esta-senha', permissoes: ['api_externa'], excluido: false },
  { id: 2, empresa_id: 1, nome: 'Bruno Técnico', email: 'bruno@modelo.com.br', senha: 'outra-senha-qualquer', permissoes: [], excluido: false },
  { id: 3, empresa_id: 1, nome: 'Camila Financeiro', email: 'camila@modelo.com.br', senha: 'senha-da-camila', permissoes: ['financeiro'], excluido: false },
  { id: 4, empresa_id: 1, nome: 'Diego Ex-Funcionário', email: 'diego@modelo.com.br', senha: 'senha-desativada', permissoes: ['api_externa'], excluido: true },
  { id: 1001, empresa_id: 2, nome: 'Carla Polar', email: 'carla@polar.com.br', senha: 'senha-da-polar', permissoes: ['api_externa'], excluido: false },
  { id: 1002, empresa_id: 2, nome: 'Renato Instalador', email: 'renato@polar.com.br', senha: 'senha-do-renato', permissoes: [], excluido: false },
  { id: 1003, empresa_id: 2, nome: 'Sônia Atendimento', email: 'sonia@polar.com.br', senha: 'senha-da-sonia', permissoes: ['financeiro'], excluido: false },
  { id: 1004, empresa_id: 2, nome: 'Marcelo Antigo', email: 'marcelo@polar.com.br', senha: 'senha-desativada', permissoes: [], excluido: true },
];

function demoLogin(email: string): DemoLogin {
  const user = USUARIOS.find((u) => u.email === email);
  if (!user?.senha) throw new Error(`demo user ${email} is missing`);
  return {
    email,
    senha: user.senha,
    empresa_id: user.empresa_id,
    apiExterna: (user.permissoes ?? []).includes('api_externa'),
  };
}

/** The logins the start-up banner prints: an admin per company and a user without permission. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  demoLogin('ana@modelo.com.br'),
  demoLogin('bruno@modelo.com.br'),
  demoLogin('carla@polar.com.br'),
];

// ---------------------------------------------------------------------------------------
// Dates and money

/** days since 1970-01-01 (UTC calendar) */
type Day = number;

const DAY_MS = 86_400_000;
// Brazil has had no daylight saving time since 2019: São Paulo is always UTC-03:00.
const SAO_PAULO_OFFSET_SECONDS = 3 * 3600;

function parseDay(text: string): Day {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) {
    throw new RangeError(`invalid date "${text}", expected YYYY-MM-DD`);
  }
  return ms / DAY_MS;
}

function formatDay(day: Day): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function clock(secondOfDay: number): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(Math.floor(secondOfDay / 3600))}:${pad(Math.floor((secondOfDay % 3600) / 60))}:${pad(secondOfDay % 60)}`;
}

type OffsetStyle = 'sao_paulo' | 'utc';

/** A São Paulo wall-clock moment written either with its -03:00 offset or as the UTC instant. */
function datetime(day: Day, secondOfDay: number, style: OffsetStyle): string {
  if (style === 'sao_paulo') return `${formatDay(day)}T${clock(secondOfDay)}-03:00`;
  const instant = new Date(day * DAY_MS + (secondOfDay + SAO_PAULO_OFFSET_SECONDS) * 1000);
  return `${instant.toISOString().slice(0, 19)}Z`;
}

function randomOffsetStyle(random: Random): OffsetStyle {
  return random.chance(0.6) ? 'sao_paulo' : 'utc';
}

/** business hours, 08:00:00 to 18:59:59 */
function businessSecond(random: Random): number {
  return random.int(8 * 3600, 19 * 3600 - 1);
}

/** Money is generated in cents and divided once, so every value has at most 2 decimals. */
function reais(cents: number): number {
  return cents / 100;
}

/** Quantities are generated in ten-thousandths and divided once: at most 4 decimals. */
function quantity(tenThousandths: number): number {
  return tenThousandths / 10_000;
}

/** Prices as shops write them: mostly ending in ,90 (just under a round price) or ,00. */
function randomPriceCents(random: Random, minReais: number, maxReais: number): number {
  const cents = random.int(minReais * 100, maxReais * 100);
  const roll = random.next();
  if (roll < 0.5) return Math.max(90, (Math.floor(cents / 100) - 1) * 100 + 90);
  if (roll < 0.75) return Math.max(100, Math.round(cents / 100) * 100);
  return cents;
}

/** quantidade (ten-thousandths) x valor unitário (cents), rounded half up to cents, in integers. */
export function subtotalCents(quantityTenThousandths: number, unitCents: number): number {
  const product = quantityTenThousandths * unitCents;
  if (!Number.isSafeInteger(product) || product < 0) throw new RangeError('item total out of range');
  const rest = product % 10_000;
  return (product - rest) / 10_000 + (rest >= 5_000 ? 1 : 0);
}

// ---------------------------------------------------------------------------------------
// Plans

interface Counts {
  clientes: number;
  tecnicos: number;
  fornecedores: number;
  pre_clientes: number;
  produtos: number;
  servicos: number;
  ordens_servico: number;
  contas_receber: number;
  contas_pagar: number;
  boletos: number;
}

type Unidade = 'un' | 'm' | 'kg' | 'cx';
/** name, unit, price range in reais */
type ProductTemplate = readonly [string, Unidade, number, number];
/** name, price range in reais */
type ServiceTemplate = readonly [string, number, number];

interface CompanyPlan {
  id: number;
  nome: string;
  statusPersonalizados: string[];
  /** added to every record id of the company, keeping ids unique per collection */
  idBase: number;
  counts: Counts;
  homeCity: City;
  /** bank code of the company's boletos */
  banco: string;
  produtos: readonly ProductTemplate[];
  servicos: readonly ServiceTemplate[];
  fornecedores: readonly string[];
  checklist: ChecklistTemplate;
}

// --- catalogues of company 1 (phones, notebooks, electronics and some air conditioning)

const PHONE_MODELS = [
  { modelo: 'iPhone 11', tela: '6.1"', bateria: 3110, conector: 'Lightning' },
  { modelo: 'iPhone 12', tela: '6.1"', bateria: 2815, conector: 'Lightning' },
  { modelo: 'iPhone 13', tela: '6.1"', bateria: 3240, conector: 'Lightning' },
  { modelo: 'iPhone 15', tela: '6.1"', bateria: 3349, conector: 'USB-C' },
  { modelo: 'Galaxy A32', tela: '6.4"', bateria: 5000, conector: 'USB-C' },
  { modelo: 'Galaxy A54', tela: '6.4"', bateria: 5000, conector: 'USB-C' },
  { modelo: 'Galaxy S21', tela: '6.2"', bateria: 4000, conector: 'USB-C' },
  { modelo: 'Moto G84', tela: '6.55"', bateria: 5000, conector: 'USB-C' },
  { modelo: 'Moto E22', tela: '6.5"', bateria: 4020, conector: 'USB-C' },
  { modelo: 'Redmi Note 12', tela: '6.67"', bateria: 5000, conector: 'USB-C' },
] as const;

const PHONE_PARTS: readonly ProductTemplate[] = PHONE_MODELS.flatMap(({ modelo, tela, bateria, conector }) => [
  [`Tela ${tela} ${modelo}`, 'un', 150, 1800],
  [`Bateria ${bateria} mAh ${modelo}`, 'un', 80, 450],
  [`Conector de carga ${conector} ${modelo}`, 'un', 30, 150],
  [`Tampa traseira ${modelo}`, 'un', 40, 300],
  [`Câmera traseira ${modelo}`, 'un', 90, 900],
  [`Película de vidro 3D ${modelo}`, 'un', 10, 40],
] as const);

const ELECTRONICS_PARTS: readonly ProductTemplate[] = [
  ['Tela 6.1"', 'un', 180, 900],
  ['Bateria 4000 mAh', 'un', 70, 250],
  ['Memória RAM DDR4 8 GB', 'un', 120, 260],
  ['Memória RAM DDR4 16 GB', 'un', 220, 450],
  ['SSD SATA 480 GB', 'un', 180, 330],
  ['SSD NVMe 1 TB', 'un', 350, 700],
  ['Teclado para notebook ABNT2', 'un', 90, 280],
  ['Tela de notebook 15.6" LED', 'un', 380, 900],
  ['Tela de notebook 14" LED', 'un', 350, 850],
  ['Fonte para notebook 65 W', 'un', 80, 220],
  ['Cooler para notebook', 'un', 45, 150],
  ['Dobradiça para notebook (par)', 'un', 60, 180],
  ['Bateria para notebook 6 células', 'un', 180, 420],
  ['Pasta térmica 5 g', 'un', 15, 60],
  ['Álcool isopropílico 1 L', 'un', 30, 70],
  ['Carregador 20 W USB-C', 'un', 40, 180],
  ['Cabo USB-C 1 m', 'un', 15, 80],
  ['Cabo Lightning 1 m', 'un', 20, 120],
  ['Fone de ouvido com fio P2', 'un', 20, 90],
  ['Capa de silicone', 'un', 15, 60],
  ['Cabo flat 30 vias', 'm', 8, 25],
  ['Fio de estanho 0,5 mm', 'kg', 180, 420],
  ['Fluxo de solda pastoso', 'un', 20, 60],
  ['Fita kapton 10 mm', 'un', 12, 35],
  ['Parafusos M2 sortidos', 'cx', 25, 60],
  ['Parafusos para notebook', 'cx', 30, 75],
  ['Adesivo B-7000 15 ml', 'un', 10, 30],
  ['Barra de LED para TV 32"', 'un', 60, 180],
  ['Fonte ATX 500 W', 'un', 200, 450],
  ['Controle universal para TV', 'un', 25, 70],
  ['Cabo HDMI 2 m', 'un', 20, 60],
  ['Conector HDMI para console', 'un', 25, 80],
  ['Fita dupla face 2 mm', 'm', 2, 8],
  ['Malha dessoldadora 2 mm', 'm', 5, 15],
  ['Placa de carga universal', 'un', 35, 90],
];

const SERVICOS_ELETRONICA: readonly ServiceTemplate[] = [
  ['Troca de tela', 100, 250],
  ['Troca de bateria', 60, 150],
  ['Troca de conector de carga', 60, 150],
  ['Troca de câmera traseira', 80, 180],
  ['Troca de tampa traseira', 60, 150],
  ['Troca de alto-falante', 50, 120],
  ['Troca de microfone', 50, 120],
  ['Reparo de placa (microsoldagem)', 150, 600],
  ['Limpeza de oxidação', 80, 250],
  ['Atualização de software', 40, 100],
  ['Backup e transferência de dados', 50, 150],
  ['Aplicação de película', 10, 30],
  ['Diagnóstico técnico', 0, 80],
  ['Orçamento técnico', 0, 50],
  ['Formatação com backup', 90, 200],
  ['Instalação de sistema operacional', 80, 180],
  ['Troca de tela de notebook', 120, 250],
  ['Troca de teclado de notebook', 80, 180],
  ['Limpeza interna e troca de pasta térmica', 90, 200],
  ['Upgrade de memória RAM', 40, 90],
  ['Instalação de SSD com clonagem', 80, 180],
  ['Reparo de dobradiça', 120, 300],
  ['Troca de conector DC', 100, 220],
  ['Remoção de vírus', 80, 150],
  ['Recuperação de dados', 250, 1500],
  ['Montagem de computador', 120, 300],
  ['Limpeza de console', 90, 200],
  ['Troca de HDMI de console', 150, 350],
  ['Reparo de fonte de TV', 150, 400],
  ['Troca de barra de LED de TV', 150, 350],
  ['Configuração de roteador Wi-Fi', 60, 150],
  ['Instalação de câmera de segurança', 100, 250],
  ['Troca de tela de tablet', 120, 280],
  ['Troca de bateria de tablet', 80, 180],
  ['Troca de conector de carga de tablet', 80, 180],
  ['Troca de tela de smartwatch', 120, 300],
  ['Troca de bateria de smartwatch', 80, 200],
  ['Limpeza de cabeçote de impressora', 60, 150],
  ['Desobstrução de impressora', 60, 150],
  ['Instalação de impressora em rede', 60, 150],
  ['Passagem de cabo de rede', 80, 300],
  ['Limpeza de notebook com troca de cooler', 150, 300],
];

// --- catalogues of air conditioning and refrigeration (both companies)

const HVAC_PARTS: readonly ProductTemplate[] = [
  ['Gás refrigerante R-410A', 'kg', 90, 180],
  ['Gás refrigerante R-32', 'kg', 80, 160],
  ['Gás refrigerante R-22', 'kg', 120, 250],
  ['Gás refrigerante R-134a', 'kg', 70, 150],
  ['Tubo de cobre 1/4"', 'm', 25, 45],
  ['Tubo de cobre 3/8"', 'm', 35, 65],
  ['Tubo de cobre 1/2"', 'm', 45, 85],
  ['Isolamento térmico 3/8"', 'm', 4, 10],
  ['Mangueira de dreno cristal', 'm', 3, 9],
  ['Cabo PP 3 x 2,5 mm', 'm', 8, 18],
  ['Capacitor 35 + 2,5 µF', 'un', 40, 95],
  ['Capacitor 45 µF', 'un', 35, 80],
  ['Suporte para condensadora 400 mm', 'un', 40, 110],
  ['Controle remoto para ar-condicionado', 'un', 35, 90],
  ['Sensor de temperatura 10 kΩ', 'un', 20, 60],
  ['Placa eletrônica da evaporadora', 'un', 250, 900],
  ['Motor do ventilador da condensadora', 'un', 180, 550],
  ['Compressor rotativo 12000 BTU', 'un', 900, 1900],
  ['Filtro secador 1/4"', 'un', 12, 35],
  ['Fita PVC para acabamento', 'un', 8, 20],
  ['Espuma de vedação', 'un', 10, 25],
  ['Limpa-serpentina 5 L', 'un', 60, 140],
  ['Bactericida para ar-condicionado 1 L', 'un', 30, 80],
  ['Válvula de serviço 1/4"', 'un', 20, 60],
  ['Termostato para geladeira', 'un', 45, 120],
];

const REFRIGERATION_PARTS: readonly ProductTemplate[] = [
  ['Termostato para freezer', 'un', 50, 130],
  ['Resistência de degelo', 'un', 40, 110],
  ['Borracha de porta de geladeira', 'm', 30, 70],
  ['Micromotor ventilador 220 V', 'un', 45, 120],
  ['Timer de degelo', 'un', 35, 90],
  ['Relé para compressor', 'un', 20, 60],
  ['Protetor térmico', 'un', 15, 45],
  ['Compressor 1/4 HP', 'un', 600, 1300],
  ['Controlador digital de temperatura', 'un', 150, 380],
  ['Válvula solenoide', 'un', 120, 320],
];

const SERVICOS_CLIMATIZACAO: readonly ServiceTemplate[] = [
  ['Limpeza de ar-condicionado split', 150, 300],
  ['Instalação de ar-condicionado split 9000 BTU', 450, 700],
  ['Instalação de ar-condicionado split 12000 BTU', 500, 800],
  ['Instalação de ar-condicionado split 18000 BTU', 650, 950],
  ['Instalação de ar-condicionado split 24000 BTU', 750, 1200],
  ['Carga de gás R-410A', 200, 450],
  ['Manutenção preventiva (PMOC)', 180, 400],
  ['Visita técnica', 60, 150],
  ['Reparo de vazamento', 250, 600],
  ['Desinstalação de ar-condicionado', 150, 300],
  ['Troca de capacitor', 80, 180],
  ['Troca de compressor', 500, 1200],
  ['Limpeza de dreno', 80, 180],
  ['Limpeza de ar-condicionado de janela', 100, 200],
  ['Carga de gás R-22', 220, 480],
  ['Manutenção de câmara fria', 400, 1500],
  ['Troca de termostato de geladeira', 120, 250],
  ['Carga de gás em geladeira', 250, 450],
  ['Conserto de freezer horizontal', 200, 600],
  ['Manutenção de bebedouro', 90, 200],
  ['Contrato mensal de manutenção', 600, 2500],
];

const FORNECEDORES_ELETRONICA = [
  'Distribuidora de Peças Eletrônicas Paulista Ltda', 'Celular Parts Importadora Ltda', 'Mega Telas Atacado',
  'Baterias Brasil Comércio Ltda', 'InfoShop Componentes', 'Conectores & Cia', 'Soldas Ômega Ltda',
  'Notebook Peças São José', 'TecnoParts Distribuidora', 'Cabos e Conexões Aliança', 'Eletrônica Santa Ifigênia',
  'Importadora Oriente Express', 'Ferramentas Precisão Ltda', 'Transportadora Rápido Sul', 'Papelaria Central',
  'Contabilidade Gonçalves & Associados', 'Imobiliária Bela Vista', 'Telefonia e Internet Conecta',
  'Limpeza Brilho Serviços', 'Gráfica Impressão Já', 'Embalagens União', 'Frio Norte Distribuidora de Refrigeração',
  'Cobre Sul Tubos e Conexões Ltda', 'Gás Frio Comércio de Gases Refrigerantes', 'Segurança Vigilância Total',
  'Móveis Escritório Jequitibá',
] as const;

const FORNECEDORES_REFRIGERACAO = [
  'Frio Norte Distribuidora de Refrigeração', 'Cobre Sul Tubos e Conexões Ltda', 'Gás Frio Comércio de Gases Refrigerantes',
  'Polo Frio Peças', 'Climatização Paraná Atacado', 'Compressores Araucária Ltda', 'Posto Caminho Novo (combustível)',
  'Contabilidade Pinhão', 'Elétrica Iguaçu',
] as const;

// --- checklist templates

interface ChecklistTemplate {
  titulos: readonly string[];
  /** yes/no questions; `naoConforme` is the answer that flags a problem */
  opcoes: readonly { pergunta: string; naoConforme: 'Sim' | 'Não'; motivos: readonly string[] }[];
  textos: readonly { pergunta: string; respostas: readonly string[] }[];
}

const CHECKLIST_ELETRONICA: ChecklistTemplate = {
  titulos: ['Inspeção visual', 'Testes funcionais', 'Entrega ao cliente'],
  opcoes: [
    { pergunta: 'Tela trincada?', naoConforme: 'Sim', motivos: ['Queda', 'Pressão na tela', 'Impacto na quina'] },
    { pergunta: 'Aparelho liga?', naoConforme: 'Não', motivos: ['Placa em curto', 'Bateria descarregada', 'Botão power danificado'] },
    { pergunta: 'Sinais de oxidação?', naoConforme: 'Sim', motivos: ['Contato com líquido', 'Umidade'] },
    { pergunta: 'Touch funcionando?', naoConforme: 'Não', motivos: ['Touch fantasma', 'Região sem resposta'] },
    { pergunta: 'Câmera funcionando?', naoConforme: 'Não', motivos: ['Lente riscada', 'Foco não ajusta'] },
    { pergunta: 'Carregamento funcionando?', naoConforme: 'Não', motivos: ['Conector com folga', 'Sujeira no conector'] },
    { pergunta: 'Carcaça amassada?', naoConforme: 'Sim', motivos: ['Queda'] },
  ],
  textos: [
    { pergunta: 'Defeito relatado pelo cliente', respostas: ['Não carrega', 'Tela piscando', 'Caiu na água', 'Desliga sozinho', 'Esquenta muito'] },
    { pergunta: 'Acessórios deixados pelo cliente', respostas: ['Carregador e capa', 'Nenhum', 'Cabo USB', 'Capa e película'] },
    { pergunta: 'Observações', respostas: ['Cliente autorizou a abertura do aparelho', 'Sem senha informada', 'Aparelho com riscos laterais'] },
  ],
};

const CHECKLIST_CLIMATIZACAO: ChecklistTemplate = {
  titulos: ['Inspeção da evaporadora', 'Inspeção da condensadora', 'Medições'],
  opcoes: [
    { pergunta: 'Filtro sujo?', naoConforme: 'Sim', motivos: ['Falta de limpeza periódica'] },
    { pergunta: 'Vazamento de gás?', naoConforme: 'Sim', motivos: ['Solda trincada', 'Porca da válvula frouxa'] },
    { pergunta: 'Dreno obstruído?', naoConforme: 'Sim', motivos: ['Lodo na bandeja', 'Mangueira dobrada'] },
    { pergunta: 'Ruído anormal?', naoConforme: 'Sim', motivos: ['Rolamento do motor gasto', 'Suporte solto'] },
    { pergunta: 'Capacitor em bom estado?', naoConforme: 'Não', motivos: ['Capacitor estufado'] },
    { pergunta: 'Aterramento presente?', naoConforme: 'Não', motivos: ['Instalação elétrica sem terra'] },
  ],
  textos: [
    { pergunta: 'Pressão de sucção (psi)', respostas: ['118', '120', '125', '95'] },
    { pergunta: 'Temperatura de insuflamento (°C)', respostas: ['11', '12', '14', '18'] },
    { pergunta: 'Observações', respostas: ['Equipamento instalado em local sem ventilação', 'Cliente solicitou orçamento de PMOC', 'Sem observações'] },
  ],
};

const COMPANIES: readonly CompanyPlan[] = [
  {
    id: 1,
    nome: 'Assistência Técnica Modelo Ltda',
    statusPersonalizados: ['aguardando_peca', 'em_garantia'],
    idBase: 0,
    counts: {
      clientes: 320, tecnicos: 8, fornecedores: 25, pre_clientes: 30, produtos: 120, servicos: 60,
      ordens_servico: 400, contas_receber: 500, contas_pagar: 300, boletos: 250,
    },
    homeCity: findCity('São Paulo'),
    banco: '341',
    produtos: [...PHONE_PARTS, ...ELECTRONICS_PARTS, ...HVAC_PARTS],
    servicos: [...SERVICOS_ELETRONICA, ...SERVICOS_CLIMATIZACAO],
    fornecedores: FORNECEDORES_ELETRONICA,
    checklist: CHECKLIST_ELETRONICA,
  },
  {
    id: 2,
    nome: 'Refrigeração Polar ME',
    statusPersonalizados: [],
    idBase: 1000,
    counts: {
      clientes: 60, tecnicos: 3, fornecedores: 8, pre_clientes: 5, produtos: 30, servicos: 15,
      ordens_servico: 80, contas_receber: 100, contas_pagar: 60, boletos: 50,
    },
    homeCity: findCity('Curitiba'),
    banco: '001',
    produtos: [...REFRIGERATION_PARTS, ...HVAC_PARTS],
    servicos: SERVICOS_CLIMATIZACAO,
    fornecedores: FORNECEDORES_REFRIGERACAO,
    checklist: CHECKLIST_CLIMATIZACAO,
  },
];

// ---------------------------------------------------------------------------------------
// Shared helpers

const DEMO_SEED = 'api-externa-demo-v1';

function randomFor(plan: CompanyPlan, collection: string): Random {
  return createRandom(hashSeed(`${DEMO_SEED}/empresa-${plan.id}/${collection}`));
}

/**
 * Spreads one fixed position per variant over a collection, so even small collections
 * show every variant (all statuses, all cedente types) without relying on luck.
 */
function spreadVariant<T>(index: number, count: number, variants: readonly T[]): T | undefined {
  for (let j = 0; j < variants.length; j++) {
    if (index === Math.floor(((j + 0.5) * count) / variants.length)) return variants[j];
  }
  return undefined;
}

/** Soft-deleted at a rate, and always at one fixed position so every company has one. */
function isDeleted(random: Random, index: number, count: number, rate: number): boolean {
  return random.chance(rate) || index === Math.floor(count * 0.61);
}

/** Ids a company's collection can point at: live records, soft-deleted ones, and ids that never existed. */
interface RefPool {
  live: number[];
  deleted: number[];
  missing: number[];
}

interface RefWeights {
  live: number;
  deleted: number;
  missing: number;
  none: number;
}

function poolOf(plan: CompanyPlan, records: readonly { id: number; excluido?: boolean }[]): RefPool {
  return {
    live: records.filter((r) => !r.excluido).map((r) => r.id),
    deleted: records.filter((r) => r.excluido).map((r) => r.id),
    missing: [1, 2, 3].map((k) => 900_000 + plan.id * 1000 + k),
  };
}

type DanglingKind = 'deleted' | 'missing';

/** Fixed positions where a reference dangles, so every company shows both kinds of it. */
function forcedDangling(index: number, count: number): DanglingKind | undefined {
  return spreadVariant<DanglingKind>(count - 1 - index, count, ['deleted', 'missing']);
}

function pickRef(random: Random, pool: RefPool, weights: RefWeights, forced?: DanglingKind): number | null {
  if (forced && pool[forced].length > 0) return random.pick(pool[forced]);
  const kind = random.weighted([
    ['live', pool.live.length > 0 ? weights.live : 0],
    ['deleted', pool.deleted.length > 0 ? weights.deleted : 0],
    ['missing', weights.missing],
    ['none', weights.none],
  ] as const);
  return kind === 'none' ? null : random.pick(pool[kind]);
}

function idOf(plan: CompanyPlan, index: number): number {
  return plan.idBase + index + 1;
}

/** Past dates for registrations: up to two years back. */
function registrationDatetime(random: Random, today: Day): string {
  return datetime(today - random.int(0, 730), businessSecond(random), randomOffsetStyle(random));
}

// ---------------------------------------------------------------------------------------
// Clientes

/** What an operator types into "cidade" now and then: no accents, all caps, stray spaces. */
function cityAsTyped(random: Random, cidade: string): string {
  return random.pick([cidade.toUpperCase(), cidade.normalize('NFD').replace(/[\u0300-\u036f]/g, ''), ` ${cidade} `]);
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
  const count = random.weighted([[0, 15], [1, 50], [2, 28], [3, 7]] as const);
  const phones: { tipo: string; numero: string }[] = [];
  for (let i = 0; i < count; i++) {
    const tipo = juridica
      ? random.weighted([['comercial', 60], ['celular', 35], ['fixo', 5]] as const)
      : random.weighted([['celular', 75], ['fixo', 20], ['comercial', 5]] as const);
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
      id: 1, empresa_id: 1, tipo_pessoa: 'fisica', nome: 'João', sobrenome: 'da Silva', razao_social: null,
      nome_fantasia: null, ativo: true, data_cadastro: '2024-03-05T13:20:00-03:00', documento: '529.982.247-25',
      emails: ['joao.silva@example.com', ''], telefones: [{ tipo: 'celular', numero: '(11) 98765-4321' }],
      endereco: {
        logradouro: 'Rua das Flores', numero: '100', complemento: null, bairro: 'Centro', cidade: 'São Paulo',
        uf: 'SP', cep: '01001-000',
      },
      excluido: false,
    },
    {
      id: 2, empresa_id: 1, tipo_pessoa: 'juridica', nome: null, sobrenome: null,
      razao_social: 'Padaria Pão Quente Ltda', nome_fantasia: 'Pão Quente', ativo: true,
      data_cadastro: '2024-05-01T09:00:00Z', documento: '11.222.333/0001-81', emails: ['contato@paoquente.com.br'],
      telefones: [{ tipo: 'comercial', numero: '(11) 3456-7890' }], endereco: null, excluido: false,
    },
  ];
}

function buildClientes(plan: CompanyPlan, today: Day): DatasetCliente[] {
  const random = randomFor(plan, 'clientes');
  const pinned = plan.id === 1 ? pinnedClientes() : [];
  const clientes: DatasetCliente[] = [];
  for (let index = 0; index < plan.counts.clientes; index++) {
    const generated = buildCliente(random, plan, index, today);
    clientes.push(pinned.find((c) => c.id === generated.id) ?? generated);
  }
  return clientes;
}

// ---------------------------------------------------------------------------------------
// Tecnicos, fornecedores, pre-clientes

const LEAD_LABELS = [
  'Lead da Feira de Eletrônicos', 'Contato via Instagram', 'Indicação de cliente', 'Orçamento pelo WhatsApp',
  'Visitante da loja',
] as const;

function buildNamed(plan: CompanyPlan, collection: 'tecnicos' | 'fornecedores' | 'pre_clientes'): DatasetNamed[] {
  const random = randomFor(plan, collection);
  const count = plan.counts[collection];
  const records: DatasetNamed[] = [];
  for (let index = 0; index < count; index++) {
    let nome: string;
    if (collection === 'fornecedores') {
      nome = plan.fornecedores[index % plan.fornecedores.length] ?? fullName(generatePersonName(random));
    } else if (collection === 'pre_clientes' && random.chance(0.2)) {
      nome = `${random.pick(LEAD_LABELS)} - ${generatePersonName(random).nome}`;
    } else {
      nome = fullName(generatePersonName(random));
    }
    // Exactly one soft-deleted record per company, as the product owner asked.
    const excluido = index === Math.floor(count * 0.61);
    records.push({ id: idOf(plan, index), empresa_id: plan.id, nome, excluido });
  }
  return records;
}

// ---------------------------------------------------------------------------------------
// Produtos and servicos

const PRODUCT_NOTES = [
  'Peça original', 'Primeira linha', 'Garantia de 90 dias', 'Compatível com várias marcas', 'Importado',
  'Sob encomenda',
] as const;
const SERVICE_NOTES = ['Mão de obra', 'Garantia de 90 dias', 'Atendimento em domicílio', 'Inclui teste completo'] as const;

/** Cycles through the templates; past the end of the list the names get a variant suffix. */
function catalogName(name: string, index: number, size: number, suffixes: readonly string[]): string {
  const round = Math.floor(index / size);
  return round === 0 ? name : `${name} - ${suffixes[(round - 1) % suffixes.length] ?? round}`;
}

function buildProdutos(plan: CompanyPlan, today: Day): DatasetProduto[] {
  const random = randomFor(plan, 'produtos');
  const count = plan.counts.produtos;
  const records: DatasetProduto[] = [];
  for (let index = 0; index < count; index++) {
    const template = plan.produtos[index % plan.produtos.length];
    if (!template) throw new Error(`company ${plan.id} has no product catalogue`);
    const [nome, unidade, min, max] = template;
    records.push({
      id: idOf(plan, index),
      empresa_id: plan.id,
      codigo: random.chance(0.85) ? `P-${String(index + 1).padStart(4, '0')}` : null,
      nome: catalogName(nome, index, plan.produtos.length, ['paralela', 'premium']),
      descricao: random.chance(0.4) ? null : random.pick(PRODUCT_NOTES),
      unidade,
      valor: reais(randomPriceCents(random, min, max)),
      ativo: !random.chance(0.08),
      data_cadastro: random.chance(0.1) ? null : registrationDatetime(random, today),
      excluido: isDeleted(random, index, count, 0.03),
    });
  }
  return records;
}

function buildServicos(plan: CompanyPlan, today: Day): DatasetServico[] {
  const random = randomFor(plan, 'servicos');
  const count = plan.counts.servicos;
  const records: DatasetServico[] = [];
  for (let index = 0; index < count; index++) {
    const template = plan.servicos[index % plan.servicos.length];
    if (!template) throw new Error(`company ${plan.id} has no service catalogue`);
    const [nome, min, max] = template;
    records.push({
      id: idOf(plan, index),
      empresa_id: plan.id,
      codigo: random.chance(0.8) ? `S-${String(index + 1).padStart(4, '0')}` : null,
      nome: catalogName(nome, index, plan.servicos.length, ['em domicílio', 'urgente']),
      descricao: random.chance(0.35) ? null : random.pick(SERVICE_NOTES),
      valor: reais(randomPriceCents(random, Math.max(min, 10), max)),
      ativo: !random.chance(0.08),
      data_cadastro: random.chance(0.12) ? null : registrationDatetime(random, today),
      excluido: isDeleted(random, index, count, 0.03),
    });
  }
  return records;
}

// ---------------------------------------------------------------------------------------
// Ordens de servico

export const STANDARD_OS_STATUSES = [
  'aberta', 'concluida', 'cancelada', 'em_analise', 'aguardando_aprovacao', 'aprovada', 'reprovada',
  'em_execucao', 'pausada', 'aguardando_orcamento', 'orcamento',
] as const;

const STATUS_WEIGHTS: Readonly<Record<string, number>> = {
  aberta: 12, concluida: 35, cancelada: 6, em_analise: 5, aguardando_aprovacao: 5, aprovada: 5, reprovada: 3,
  em_execucao: 8, pausada: 3, aguardando_orcamento: 4, orcamento: 4,
};
const CUSTOM_STATUS_WEIGHT = 5;

/** Statuses of orders that are over: they were opened at least two days ago. */
const FINISHED_STATUSES: ReadonlySet<string> = new Set(['concluida', 'cancelada', 'reprovada', 'em_garantia']);

/** Share of orders of each status that carry a conclusion moment. */
const CONCLUSION_RATE: Readonly<Record<string, number>> = { concluida: 1, em_garantia: 0.6, cancelada: 0.5, reprovada: 0.4 };

interface IdCounters {
  item: number;
  checklist: number;
}

interface Catalog {
  produtos: readonly DatasetProduto[];
  servicos: readonly DatasetServico[];
}

function openingDay(random: Random, status: string, today: Day): Day {
  if (FINISHED_STATUSES.has(status)) return today - random.int(2, 548);
  // Work in progress is mostly recent, with some forgotten old orders.
  return today - (random.chance(0.7) ? random.int(0, 90) : random.int(0, 548));
}

function itemQuantity(random: Random, tipo: DatasetOsItem['tipo'], unidade: string | null | undefined): number {
  if (tipo === 'servico') return random.weighted([[10_000, 80], [15_000, 8], [20_000, 8], [5_000, 4]] as const);
  if (unidade === 'm' || unidade === 'kg') {
    return random.chance(0.25) ? random.int(1_000, 60_000) : random.int(1, 24) * 2_500;
  }
  // Pieces, boxes and free items come in whole units.
  return random.weighted([[10_000, 75], [20_000, 15], [30_000, 10]] as const);
}

const FREE_ITEMS = [
  ['Taxa de visita técnica', 30, 120], ['Frete', 15, 80], ['Item avulso', 5, 200], ['Deslocamento', 20, 90],
] as const;

function buildItem(random: Random, catalog: Catalog, id: number): DatasetOsItem {
  const tipo = random.weighted([['produto', 45], ['servico', 45], [null, 10]] as const);
  let descricao: string;
  let unitCents: number;
  let itemId: number | null = null;
  let unidade: string | null | undefined;
  if (tipo === null) {
    const [nome, min, max] = random.pick(FREE_ITEMS);
    descricao = nome;
    unitCents = randomPriceCents(random, min, max);
  } else {
    const record: DatasetProduto = random.pick<DatasetProduto>(tipo === 'produto' ? catalog.produtos : catalog.servicos);
    itemId = record.id;
    unidade = record.unidade;
    descricao = record.nome ?? 'Item sem nome';
    const listCents = Math.round((record.valor ?? 0) * 100);
    // A discount now and then, still in whole cents.
    unitCents = random.chance(0.15) ? Math.round((listCents * 9) / 10) : listCents;
  }
  const quantityUnits = itemQuantity(random, tipo, unidade);
  return {
    id,
    tipo,
    item_id: itemId,
    descricao,
    quantidade: quantity(quantityUnits),
    valor_unitario: reais(unitCents),
    subtotal: reais(subtotalCents(quantityUnits, unitCents)),
    excluido: random.chance(0.05),
  };
}

function buildItens(random: Random, catalog: Catalog, counters: IdCounters): DatasetOsItem[] {
  const count = random.weighted([[0, 10], [1, 25], [2, 25], [3, 20], [4, 12], [5, 8]] as const);
  const itens: DatasetOsItem[] = [];
  for (let i = 0; i < count; i++) itens.push(buildItem(random, catalog, ++counters.item));
  return itens;
}

function checklistRow(
  random: Random,
  template: ChecklistTemplate,
  questions: { opcoes: ChecklistTemplate['opcoes'][number][]; textos: ChecklistTemplate['textos'][number][] },
  position: number,
  equipamentos: readonly number[],
): Omit<DatasetOsChecklist, 'id' | 'ordem'> {
  const titulo = position === 0 ? random.chance(0.6) : random.chance(0.1);
  if (titulo) {
    return {
      equipamento_id: null, tipo: 'titulo', pergunta: random.pick(template.titulos), resposta: null,
      motivo_nao_conformidade: null, excluido: false,
    };
  }
  const equipamento_id = random.chance(0.7) ? random.pick(equipamentos) : null;
  const excluido = random.chance(0.03);
  const opcao = random.chance(0.65) ? questions.opcoes.shift() : undefined;
  if (opcao) {
    const resposta = random.chance(0.1) ? null : random.pick(['Sim', 'Não'] as const);
    const flagged = resposta === opcao.naoConforme && random.chance(0.6);
    return {
      equipamento_id, tipo: 'opcoes', pergunta: opcao.pergunta, resposta,
      motivo_nao_conformidade: flagged ? random.pick(opcao.motivos) : null, excluido,
    };
  }
  const texto = questions.textos.shift() ?? random.pick(template.textos);
  return {
    equipamento_id, tipo: 'texto', pergunta: texto.pergunta,
    resposta: random.chance(0.15) ? null : random.pick(texto.respostas), motivo_nao_conformidade: null, excluido,
  };
}

function buildChecklist(random: Random, template: ChecklistTemplate, counters: IdCounters): DatasetOsChecklist[] {
  const count = random.weighted([[0, 35], [1, 5], [2, 10], [3, 15], [4, 15], [5, 10], [6, 10]] as const);
  if (count === 0) return [];
  const equipamentos = random.chance(0.3) ? [random.int(5000, 9999), random.int(5000, 9999)] : [random.int(5000, 9999)];
  const questions = { opcoes: random.shuffle(template.opcoes), textos: random.shuffle(template.textos) };
  const ids = Array.from({ length: count }, () => ++counters.checklist);
  // Rows inserted or reordered after the fact: display order (ordem) no longer follows ids.
  const rowIds = random.chance(0.25) ? random.shuffle(ids) : ids;
  const rows = rowIds.map((id, position) => ({
    id,
    ordem: position + 1,
    ...checklistRow(random, template, questions, position, equipamentos),
  }));
  return rows.sort((a, b) => a.id - b.id);
}

interface OrdemRefs {
  clientes: RefPool;
  tecnicos: RefPool;
  catalog: Catalog;
}

function buildOrdem(
  random: Random,
  plan: CompanyPlan,
  refs: OrdemRefs,
  counters: IdCounters,
  index: number,
  today: Day,
): DatasetOrdemServico {
  const statuses = [...STANDARD_OS_STATUSES, ...plan.statusPersonalizados];
  const forcedStatus = spreadVariant(index, plan.counts.ordens_servico, statuses);
  const dangling = forcedDangling(index, plan.counts.ordens_servico);
  const status =
    forcedStatus ?? random.weighted(statuses.map((s) => [s, STATUS_WEIGHTS[s] ?? CUSTOM_STATUS_WEIGHT] as const));
  const opened = openingDay(random, status, today);
  const openSecond = businessSecond(random);
  const style = randomOffsetStyle(random);

  let conclusao: string | null = null;
  if (random.chance(CONCLUSION_RATE[status] ?? 0)) {
    // Quick repairs end the same day; others within two weeks, never later than yesterday.
    conclusao = random.chance(0.2)
      ? datetime(opened, Math.min(openSecond + random.int(3600, 4 * 3600), 86_399), style)
      : datetime(Math.min(opened + random.int(1, 15), today - 1), businessSecond(random), style);
  }

  return {
    id: idOf(plan, index),
    empresa_id: plan.id,
    status,
    cliente_id: pickRef(random, refs.clientes, { live: 85, deleted: 4, missing: 3, none: 8 }, dangling),
    tecnico_id: pickRef(random, refs.tecnicos, { live: 75, deleted: 5, missing: 3, none: 17 }, dangling),
    data_abertura: formatDay(opened),
    hora_abertura: random.chance(0.85) ? clock(openSecond) : null,
    criada_em: random.chance(0.95) ? datetime(opened, Math.min(openSecond + random.int(0, 300), 86_399), style) : null,
    data_conclusao: conclusao,
    itens: buildItens(random, refs.catalog, counters),
    checklist: buildChecklist(random, plan.checklist, counters),
    // The orders that guarantee a status or a dangling reference stay visible.
    excluido: !forcedStatus && !dangling && isDeleted(random, index, plan.counts.ordens_servico, 0.015),
  };
}

function buildOrdens(plan: CompanyPlan, refs: OrdemRefs, counters: IdCounters, today: Day): DatasetOrdemServico[] {
  const random = randomFor(plan, 'ordens_servico');
  return Array.from({ length: plan.counts.ordens_servico }, (_, index) =>
    buildOrdem(random, plan, refs, counters, index, today),
  );
}

// ---------------------------------------------------------------------------------------
// Contas a receber / a pagar

type CedenteTipo = DatasetConta['cedente_tipo'];
type ContaKind = 'contas_receber' | 'contas_pagar';

const CEDENTE_TIPOS: readonly CedenteTipo[] = ['cliente', 'fornecedor', 'usuario', 'pre_cliente', 'outro'];

const CEDENTE_WEIGHTS: Readonly<Record<ContaKind, readonly (readonly [CedenteTipo, number])[]>> = {
  contas_receber: [['cliente', 60], ['outro', 15], ['pre_cliente', 10], ['fornecedor', 8], ['usuario', 7]],
  contas_pagar: [['fornecedor', 55], ['outro', 20], ['usuario', 15], ['cliente', 5], ['pre_cliente', 5]],
};

/** The usual counterpart, which carries the forced dangling references. */
const MAIN_CEDENTE: Readonly<Record<ContaKind, Exclude<CedenteTipo, 'outro'>>> = {
  contas_receber: 'cliente',
  contas_pagar: 'fornecedor',
};

const OUTRO_NOMES: Readonly<Record<ContaKind, readonly string[]>> = {
  contas_receber: ['Venda avulsa', 'Balcão', 'Cliente de passagem', 'Venda no cartão - balcão', 'Marketplace'],
  contas_pagar: ['Aluguel da loja', 'Companhia de energia elétrica', 'Prefeitura - ISS', 'Receita Federal - DAS', 'Internet e telefonia'],
};

const DESCRICOES: Readonly<Record<ContaKind, Readonly<Record<CedenteTipo, readonly string[]>>>> = {
  contas_receber: {
    cliente: ['Venda de acessórios', 'Conserto à vista', 'Contrato de manutenção'],
    fornecedor: ['Devolução de peças com defeito', 'Crédito de bonificação'],
    usuario: ['Desconto de adiantamento', 'Venda a funcionário'],
    pre_cliente: ['Sinal de orçamento', 'Visita técnica avulsa'],
    outro: ['Venda de balcão', 'Venda de sucata eletrônica', 'Recebimento de marketplace'],
  },
  contas_pagar: {
    cliente: ['Estorno ao cliente', 'Reembolso de garantia'],
    fornecedor: ['Compra de telas', 'Compra de peças', 'Reposição de estoque', 'Frete de mercadorias'],
    usuario: ['Salário', 'Adiantamento salarial', 'Reembolso de combustível', 'Comissão sobre serviços'],
    pre_cliente: ['Brinde promocional', 'Devolução de sinal'],
    outro: ['Aluguel', 'Conta de energia', 'ISS do mês', 'Simples Nacional', 'Internet'],
  },
};

type AmountSpecial = 'milhao' | 'centavos';

function contaValorCents(random: Random, special: AmountSpecial | undefined): number {
  if (special === 'milhao' || random.chance(0.004)) return random.int(100_000_000, 999_999_999);
  if (special === 'centavos') return 10;
  if (random.chance(0.01)) return random.pick([1, 10, 25, 50, 99]);
  return random.chance(0.85) ? randomPriceCents(random, 20, 3000) : randomPriceCents(random, 3000, 45_000);
}

interface ContaRefs {
  ordens: readonly number[];
  pools: Readonly<Record<Exclude<CedenteTipo, 'outro'>, RefPool>>;
}

function contaDescricao(random: Random, kind: ContaKind, tipo: CedenteTipo, refs: ContaRefs): string | null {
  if (random.chance(0.15)) return null;
  if (kind === 'contas_receber' && tipo === 'cliente' && refs.ordens.length > 0 && random.chance(0.6)) {
    const os = random.pick(refs.ordens);
    return random.chance(0.7) ? `OS-${os}` : `Parcela ${random.int(1, 3)}/3 - OS-${os}`;
  }
  return random.pick(DESCRICOES[kind][tipo]);
}

/** Paid in about 40% of cases, always on or before today; overdue ones mostly get paid. */
function paymentDay(random: Random, vencimento: Day, today: Day): Day | null {
  if (vencimento < today) return random.chance(0.5) ? Math.min(today, vencimento + random.int(-10, 12)) : null;
  return random.chance(0.12) ? today - random.int(0, 15) : null;
}

function buildConta(
  random: Random,
  plan: CompanyPlan,
  kind: ContaKind,
  refs: ContaRefs,
  index: number,
  today: Day,
): DatasetConta {
  const count = plan.counts[kind];
  const forcedTipo = spreadVariant(index, count, CEDENTE_TIPOS);
  const dangling = forcedDangling(index, count);
  const cedente_tipo = forcedTipo ?? (dangling ? MAIN_CEDENTE[kind] : random.weighted(CEDENTE_WEIGHTS[kind]));
  const special = spreadVariant<AmountSpecial>(index, count, ['milhao', 'centavos', 'milhao', 'centavos']);
  // One receivable per company falls due exactly today: "aberto", not yet "vencido".
  const vencimento = index === Math.floor(count / 3) ? today : today + random.int(-548, 183);
  const pagamento = paymentDay(random, vencimento, today);
  return {
    id: idOf(plan, index),
    empresa_id: plan.id,
    cedente_tipo,
    cedente_id:
      cedente_tipo === 'outro'
        ? null
        : pickRef(random, refs.pools[cedente_tipo], { live: 88, deleted: 7, missing: 5, none: 0 }, dangling),
    cedente_nome: cedente_tipo === 'outro' ? random.pick(OUTRO_NOMES[kind]) : null,
    descricao: contaDescricao(random, kind, cedente_tipo, refs),
    valor: reais(contaValorCents(random, special)),
    vencimento: formatDay(vencimento),
    data_pagamento: pagamento === null ? null : formatDay(pagamento),
    // The records that guarantee a cedente type or a dangling reference stay visible.
    excluido: !forcedTipo && !dangling && isDeleted(random, index, count, 0.02),
  };
}

function buildContas(plan: CompanyPlan, kind: ContaKind, refs: ContaRefs, today: Day): DatasetConta[] {
  const random = randomFor(plan, kind);
  return Array.from({ length: plan.counts[kind] }, (_, index) => buildConta(random, plan, kind, refs, index, today));
}

// ---------------------------------------------------------------------------------------
// Boletos

const BOLETO_STATUSES: readonly BoletoStatus[] = [
  'pendente', 'vencido', 'pago', 'cancelado', 'nao_autorizado', 'nao_realizado', 'rejeitado', 'aguardando_confirmacao',
];

const BOLETO_WEIGHTS: readonly (readonly [BoletoStatus, number])[] = [
  ['pago', 40], ['pendente', 20], ['vencido', 15], ['cancelado', 8], ['aguardando_confirmacao', 5],
  ['rejeitado', 4], ['nao_autorizado', 4], ['nao_realizado', 4],
];

/** Registration failures: the bank may never have produced a payable line. */
const UNREGISTERED: ReadonlySet<BoletoStatus> = new Set(['nao_autorizado', 'nao_realizado', 'rejeitado']);

interface BoletoDates {
  emissao: Day | null;
  vencimento: Day;
  pagamento: Day | null;
  compensacao: Day | null;
}

function dueDayFor(random: Random, status: BoletoStatus, today: Day): Day {
  switch (status) {
    case 'pendente':
      return today + random.int(0, 120);
    case 'vencido':
      return today - random.int(1, 548);
    case 'pago':
      return today + random.int(-548, 20);
    case 'aguardando_confirmacao':
      return today + random.int(-10, 15);
    case 'cancelado':
      return today + random.int(-548, 120);
    default:
      return today + random.int(-300, 90);
  }
}

/** Dates consistent with the status the bank reported (D20). */
function boletoDates(random: Random, status: BoletoStatus, today: Day): BoletoDates {
  const vencimento = dueDayFor(random, status, today);
  // Issued 3 to 30 days before the due date, never in the future.
  const issued = Math.min(vencimento - random.int(3, 30), today);
  const emissao = status === 'nao_realizado' && random.chance(0.4) ? null : issued;
  let pagamento: Day | null = null;
  let compensacao: Day | null = null;
  if (status === 'pago') {
    pagamento = Math.max(issued, Math.min(today, vencimento + random.int(-8, 6)));
    const cleared = pagamento + random.int(1, 2);
    compensacao = cleared <= today && random.chance(0.9) ? cleared : null;
  } else if (status === 'aguardando_confirmacao' && random.chance(0.6)) {
    pagamento = Math.max(issued, today - random.int(0, 2));
  }
  return { emissao, vencimento, pagamento, compensacao };
}

function boletoValorCents(random: Random): number {
  return random.chance(0.04) ? randomPriceCents(random, 5000, 25_000) : randomPriceCents(random, 30, 3000);
}

function buildBoleto(random: Random, plan: CompanyPlan, clientes: RefPool, index: number, today: Day): DatasetBoleto {
  const count = plan.counts.boletos;
  const forcedStatus = spreadVariant(index, count, BOLETO_STATUSES);
  const dangling = forcedDangling(index, count);
  const status = forcedStatus ?? random.weighted(BOLETO_WEIGHTS);
  const dates = boletoDates(random, status, today);
  const valorCents = boletoValorCents(random);
  const registered = !(UNREGISTERED.has(status) && random.chance(0.5));
  const vencimento = formatDay(dates.vencimento);
  return {
    id: idOf(plan, index),
    empresa_id: plan.id,
    cliente_id: pickRef(random, clientes, { live: 85, deleted: 5, missing: 2, none: 8 }, dangling),
    numero_documento: random.chance(0.03) ? null : String(100 + index).padStart(6, '0'),
    linha_digitavel: registered
      ? buildLinhaDigitavel({ banco: plan.banco, valorCentavos: valorCents, vencimento, campoLivre: random.digits(25) })
      : null,
    valor: reais(valorCents),
    emissao: dates.emissao === null ? null : formatDay(dates.emissao),
    vencimento,
    status,
    data_pagamento: dates.pagamento === null ? null : formatDay(dates.pagamento),
    data_compensacao: dates.compensacao === null ? null : formatDay(dates.compensacao),
    excluido: !forcedStatus && !dangling && isDeleted(random, index, count, 0.02),
  };
}

function buildBoletos(plan: CompanyPlan, clientes: RefPool, today: Day): DatasetBoleto[] {
  const random = randomFor(plan, 'boletos');
  return Array.from({ length: plan.counts.boletos }, (_, index) => buildBoleto(random, plan, clientes, index, today));
}

// ---------------------------------------------------------------------------------------
// The data set

function buildEmpresa(plan: CompanyPlan): DatasetEmpresa {
  return { id: plan.id, nome: plan.nome, status_personalizados: [...plan.statusPersonalizados], excluido: false };
}

function emptyDataset(): Required<Dataset> {
  return {
    empresas: [], usuarios: [], clientes: [], tecnicos: [], fornecedores: [], pre_clientes: [], produtos: [],
    servicos: [], ordens_servico: [], contas_receber: [], contas_pagar: [], boletos: [],
  };
}

function addCompany(dataset: Required<Dataset>, plan: CompanyPlan, counters: IdCounters, today: Day): void {
  const usuarios = USUARIOS.filter((u) => u.empresa_id === plan.id).map((u) => ({ ...u, permissoes: [...(u.permissoes ?? [])] }));
  const clientes = buildClientes(plan, today);
  const tecnicos = buildNamed(plan, 'tecnicos');
  const fornecedores = buildNamed(plan, 'fornecedores');
  const preClientes = buildNamed(plan, 'pre_clientes');
  const produtos = buildProdutos(plan, today);
  const servicos = buildServicos(plan, today);
  const clientePool = poolOf(plan, clientes);
  const ordens = buildOrdens(plan, { clientes: clientePool, tecnicos: poolOf(plan, tecnicos), catalog: { produtos, servicos } }, counters, today);
  const contaRefs: ContaRefs = {
    ordens: ordens.filter((o) => !o.excluido).map((o) => o.id),
    pools: {
      cliente: clientePool,
      fornecedor: poolOf(plan, fornecedores),
      usuario: poolOf(plan, usuarios),
      pre_cliente: poolOf(plan, preClientes),
    },
  };

  dataset.empresas.push(buildEmpresa(plan));
  dataset.usuarios.push(...usuarios);
  dataset.clientes.push(...clientes);
  dataset.tecnicos.push(...tecnicos);
  dataset.fornecedores.push(...fornecedores);
  dataset.pre_clientes.push(...preClientes);
  dataset.produtos.push(...produtos);
  dataset.servicos.push(...servicos);
  dataset.ordens_servico.push(...ordens);
  dataset.contas_receber.push(...buildContas(plan, 'contas_receber', contaRefs, today));
  dataset.contas_pagar.push(...buildContas(plan, 'contas_pagar', contaRefs, today));
  dataset.boletos.push(...buildBoletos(plan, clientePool, today));
}

/**
 * The demo data set, with dates spread from about 18 months before `today` (YYYY-MM-DD,
 * default: today in America/Sao_Paulo) to 6 months after it.
 */
export function buildDemoDataset(options: { today?: string } = {}): Dataset {
  const today = parseDay(options.today ?? todayInSaoPaulo());
  const dataset = emptyDataset();
  // Item and checklist ids are unique across the whole data set, not only per order.
  const counters: IdCounters = { item: 0, checklist: 0 };
  for (const plan of COMPANIES) addCompany(dataset, plan, counters, today);
  return dataset;
}
