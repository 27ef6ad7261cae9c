// Notification endpoints in words: the resources they follow, their status, their API paths.

/**
 * The resources an endpoint may follow (src/domain/notification-resources.ts), in pt-BR.
 * @type {Record<string, string>}
 */
const RESOURCE_LABELS = {
  clientes: 'Clientes',
  'ordens-servico': 'Ordens de serviço',
  produtos: 'Produtos',
  servicos: 'Serviços',
  'contas-receber': 'Contas a receber',
  'contas-pagar': 'Contas a pagar',
  boletos: 'Boletos',
};

/**
 * @param {string} resource
 * @returns {string}
 */
export function resourceLabel(resource) {
  return RESOURCE_LABELS[resource] || resource;
}

/** @type {Record<string, string>} */
const STATUS_LABELS = { ativo: 'Ativo', pausado: 'Pausado', desativado_por_falhas: 'Desativado por falhas' };

/**
 * @param {string} status
 * @returns {string}
 */
export function webhookStatusLabel(status) {
  return STATUS_LABELS[status] || String(status);
}

/**
 * The API path of a credential's endpoints, or of one of them (with `tail`, e.g. `/test`).
 * @param {string} clientId
 * @param {number} [id]
 * @param {string} [tail]
 * @returns {string}
 */
export function webhookPath(clientId, id, tail) {
  return '/credentials/' + encodeURIComponent(clientId) + '/webhooks' + (id === undefined ? '' : '/' + id) + (tail || '');
}
