/**
 * The 11 standard service-order statuses (spec "Service order status"). A company may add its own
 * (its editable catalogue, `empresas.status_personalizados`); `status` accepts both (D14).
 */
export const STANDARD_OS_STATUS = [
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
] as const;

export const isStandardOsStatus = (status: string): boolean => (STANDARD_OS_STATUS as readonly string[]).includes(status);
