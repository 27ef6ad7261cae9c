/** The 8 bank-slip statuses, stored as the bank reported them (D20); the boletos table's CHECK has the same list. */
export const BOLETO_STATUS = [
  'pendente',
  'vencido',
  'pago',
  'cancelado',
  'nao_autorizado',
  'nao_realizado',
  'rejeitado',
  'aguardando_confirmacao',
] as const;

export type BoletoStatus = (typeof BOLETO_STATUS)[number];
