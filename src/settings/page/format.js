// Dates as the company sees them (America/Sao_Paulo, where expiry days are counted) and the
// credential status labels.

const TIME_ZONE = 'America/Sao_Paulo';

/** @type {Record<string, string>} */
const STATUS_LABELS = { active: 'Ativa', expired: 'Expirada', revoked: 'Revogada' };

/**
 * @param {string} status
 * @returns {string}
 */
export function statusLabel(status) {
  return STATUS_LABELS[status] || String(status);
}

/** Today's date in São Paulo, `YYYY-MM-DD`. */
export function todayIso() {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    new Date(),
  );
  /** @param {Intl.DateTimeFormatPartTypes} type */
  const get = (type) => (parts.find((p) => p.type === type) || { value: '' }).value;
  return get('year') + '-' + get('month') + '-' + get('day');
}

/**
 * `YYYY-MM-DD` as `DD/MM/YYYY`; anything else that is text as it is, the rest as ''.
 * @param {unknown} isoDate
 * @returns {string}
 */
export function formatDate(isoDate) {
  if (typeof isoDate !== 'string') return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return m ? m[3] + '/' + m[2] + '/' + m[1] : isoDate;
}

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });
/**
 * @param {unknown} iso an ISO 8601 date and time
 * @returns {string}
 */
export function formatDateTime(iso) {
  if (typeof iso !== 'string' || iso === '') return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

/**
 * @param {string} isoDate `YYYY-MM-DD`
 * @returns {number}
 */
function daysUntil(isoDate) {
  const [y1, m1, d1] = todayIso().split('-').map(Number);
  const [y2, m2, d2] = isoDate.split('-').map(Number);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86400000);
}

/**
 * @param {string} isoDate `YYYY-MM-DD`
 * @returns {string}
 */
export function whenLeft(isoDate) {
  const days = daysUntil(isoDate);
  if (days <= 0) return 'expira hoje';
  if (days === 1) return 'expira amanhã';
  return 'expira em ' + days + ' dias';
}
