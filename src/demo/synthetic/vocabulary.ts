/**
 * What the synthetic records are made of: short catalogues, counterparts and how often each
 * status or kind shows up. Plainer than the sandbox's (demo-dataset/): benchmarks need volume and
 * realistic proportions, not hand-picked cases.
 */
import type { BoletoStatus } from '../../domain/boleto.ts';
import type { CedenteTipo } from '../../domain/conta.ts';
import type { CollectionName } from '../../store/import/dataset.ts';
import type { ProductTemplate, ServiceTemplate } from '../core/catalogue-template.ts';
import { CUSTOM_OS_STATUSES, osStatusWeights, type CustomOsStatus } from '../core/ordem-status.ts';

export const PRODUTOS: readonly ProductTemplate[] = [
  ['Tela LCD', 'un', 120, 900],
  ['Bateria', 'un', 60, 350],
  ['Conector de carga', 'un', 15, 80],
  ['Cabo USB-C 1 m', 'un', 15, 60],
  ['Carregador rápido 20 W', 'un', 40, 150],
  ['Película de vidro 3D', 'un', 10, 40],
  ['Capa de silicone', 'un', 15, 60],
  ['Fone de ouvido Bluetooth', 'un', 60, 400],
  ['Pasta térmica 4 g', 'un', 15, 60],
  ['Memória RAM 8 GB DDR4', 'un', 150, 400],
  ['SSD 480 GB', 'un', 180, 450],
  ['Teclado para notebook', 'un', 80, 300],
  ['Filtro de ar-condicionado', 'un', 20, 90],
  ['Capacitor 35 µF', 'un', 25, 70],
  ['Gás refrigerante R410A', 'kg', 60, 180],
  ['Tubo de cobre 1/4"', 'm', 25, 70],
  ['Cabo PP 3x2,5 mm', 'm', 8, 25],
  ['Fita isolante 20 m', 'un', 5, 20],
  ['Parafusos sortidos', 'cx', 20, 60],
  ['Compressor rotativo', 'un', 900, 2800],
  ['Placa eletrônica', 'un', 250, 1200],
  ['Controle remoto universal', 'un', 25, 90],
];
export const MARCAS = [
  'Samsung',
  'Motorola',
  'Xiaomi',
  'LG',
  'Apple',
  'Dell',
  'Lenovo',
  'Positivo',
  'Multilaser',
  'Midea',
  'Gree',
  'Elgin',
  'Genérico',
] as const;

export const SERVICOS: readonly ServiceTemplate[] = [
  ['Troca de tela', 60, 250],
  ['Troca de bateria', 50, 150],
  ['Formatação e backup', 80, 200],
  ['Limpeza interna', 60, 180],
  ['Instalação de ar-condicionado split', 350, 900],
  ['Higienização de split', 120, 280],
  ['Carga de gás', 200, 450],
  ['Visita técnica', 60, 150],
  ['Manutenção preventiva', 150, 600],
  ['Reparo em placa', 150, 700],
  ['Diagnóstico', 40, 120],
  ['Troca de conector', 60, 160],
  ['Instalação elétrica', 120, 500],
];
export const SERVICO_VARIANTES = ['residencial', 'comercial', 'urgente', 'em garantia', 'contrato mensal', 'fora do horário'] as const;

/** Every company has both custom statuses, rarer than in the sandbox. */
const CUSTOM_STATUS_WEIGHTS: Readonly<Record<CustomOsStatus, number>> = { aguardando_peca: 3, em_garantia: 2 };
export const OS_STATUS = osStatusWeights(CUSTOM_OS_STATUSES.map((status) => [status, CUSTOM_STATUS_WEIGHTS[status]] as const));

export const CEDENTES_RECEBER: readonly (readonly [CedenteTipo, number])[] = [
  ['cliente', 70],
  ['pre_cliente', 5],
  ['fornecedor', 4],
  ['usuario', 4],
  ['outro', 17],
];
export const CEDENTES_PAGAR: readonly (readonly [CedenteTipo, number])[] = [
  ['fornecedor', 70],
  ['usuario', 10],
  ['cliente', 4],
  ['pre_cliente', 2],
  ['outro', 14],
];
export const CEDENTE_COLLECTION: Readonly<Record<Exclude<CedenteTipo, 'outro'>, CollectionName>> = {
  cliente: 'clientes',
  fornecedor: 'fornecedores',
  usuario: 'usuarios',
  pre_cliente: 'pre_clientes',
};
export const OUTROS_RECEBER = [
  'Venda balcão',
  'Cliente avulso',
  'Prefeitura Municipal',
  'Condomínio Edifício Central',
  'Recebimento de cartão',
] as const;
export const OUTROS_PAGAR = ['Receita Federal', 'Companhia de Energia', 'Prefeitura Municipal', 'Banco do Brasil', 'Correios'] as const;
export const DESCRICOES_RECEBER = [
  'Ordem de serviço',
  'Venda de peças',
  'Contrato de manutenção',
  'Mensalidade',
  'Instalação',
  'Parcela de serviço',
] as const;
export const DESCRICOES_PAGAR = [
  'Compra de peças',
  'Aluguel',
  'Energia elétrica',
  'Internet e telefone',
  'Folha de pagamento',
  'Impostos',
  'Frete',
] as const;
export const BANCOS = ['001', '033', '104', '237', '341', '748', '756'] as const;

/** A receivable not paid is pending or overdue by its date; now and then the bank says otherwise. */
export const RARE_BOLETO_STATUS: readonly (readonly [BoletoStatus | null, number])[] = [
  [null, 92],
  ['cancelado', 4],
  ['rejeitado', 1],
  ['nao_autorizado', 1],
  ['nao_realizado', 1],
  ['aguardando_confirmacao', 1],
];
