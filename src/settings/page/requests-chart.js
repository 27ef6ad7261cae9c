// The "Chamadas" view's 30-day chart: one stacked bar per São Paulo day (successes, errors,
// rate-limited 429s), drawn here as inline SVG — no library — with a legend, a spoken summary
// (role="img" and aria-label) and, for screen readers and anyone who wants the numbers, a table of
// the same 30 days.
import { byId, el } from '../../page-base/dom.js';
import { formatDate } from './format.js';

/**
 * One day of `GET /settings/api/requests/daily` (docs/settings-api.md "Request log"): `erros`
 * are the 4xx and 5xx answers other than 429, which `limitadas` counts apart.
 * @typedef {object} RequestDay
 * @property {string} dia `YYYY-MM-DD`, São Paulo
 * @property {number} total
 * @property {number} erros
 * @property {number} limitadas
 */

const HEIGHT = 180;
const MARGIN = { top: 12, right: 8, bottom: 24, left: 40 };

/**
 * @param {string} tag
 * @param {Record<string, string | number>} attributes
 * @param {(Node | string)[]} [children]
 * @returns {SVGElement}
 */
function svg(tag, attributes, children = []) {
  // The SVG namespace, from the chart's own <svg> in index.html (the page names no absolute URL).
  const node = document.createElementNS(byId('requests-chart-svg').namespaceURI, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  for (const child of children) node.append(child);
  return /** @type {SVGElement} */ (node);
}

/**
 * `YYYY-MM-DD` as `DD/MM`.
 * @param {string} dia
 */
function shortDay(dia) {
  return formatDate(dia).slice(0, 5);
}

/**
 * @param {number} n
 * @param {string} one
 * @param {string} many
 */
function count(n, one, many) {
  return n.toLocaleString('pt-BR') + ' ' + (n === 1 ? one : many);
}

/**
 * A round top for the axis: 1, 2 or 5 times a power of ten, at least `max`.
 * @param {number} max
 */
function niceMax(max) {
  if (max <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * What the chart shows, in words: its aria-label.
 * @param {RequestDay[]} days
 * @param {string} who e.g. 'todas as credenciais'
 */
export function chartSummary(days, who) {
  if (days.length === 0) return 'Gráfico de chamadas por dia: sem dados.';
  const sum = (/** @type {'total' | 'erros' | 'limitadas'} */ key) => days.reduce((n, d) => n + d[key], 0);
  const today = days[days.length - 1];
  const busiest = days.reduce((a, b) => (b.total > a.total ? b : a), days[0]);
  return (
    'Gráfico de barras das chamadas por dia de ' +
    who +
    ', de ' +
    formatDate(days[0].dia) +
    ' a ' +
    formatDate(today.dia) +
    ': ' +
    count(sum('total'), 'chamada', 'chamadas') +
    ', ' +
    count(sum('erros'), 'com erro', 'com erro') +
    ' e ' +
    count(sum('limitadas'), 'com limite excedido (429)', 'com limite excedido (429)') +
    '. Hoje: ' +
    count(today.total, 'chamada', 'chamadas') +
    ', ' +
    count(today.erros, 'erro', 'erros') +
    ', ' +
    count(today.limitadas, 'limite excedido', 'limites excedidos') +
    '.' +
    (busiest.total > 0 ? ' Dia com mais chamadas: ' + formatDate(busiest.dia) + ' (' + busiest.total.toLocaleString('pt-BR') + ').' : '')
  );
}

/**
 * Draws the chart into #requests-chart at the box's width, and fills the table beside it.
 * @param {RequestDay[]} days oldest first, today last
 * @param {string} who whose calls, for the summary
 */
export function drawChart(days, who) {
  const box = byId('requests-chart');
  const chart = byId('requests-chart-svg');
  const width = Math.max(260, Math.floor(box.clientWidth || 600));
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const top = niceMax(Math.max(0, ...days.map((d) => d.total)));
  const y = (/** @type {number} */ n) => MARGIN.top + plotH - (n / top) * plotH;
  const slot = days.length > 0 ? plotW / days.length : plotW;
  const barW = Math.max(2, Math.min(28, slot * 0.7));

  /** @type {SVGElement[]} */
  const parts = [];
  for (const tick of [0, top / 2, top]) {
    parts.push(svg('line', { class: 'chart-grid', x1: MARGIN.left, x2: width - MARGIN.right, y1: y(tick), y2: y(tick) }));
    parts.push(
      svg('text', { class: 'chart-axis', x: MARGIN.left - 6, y: y(tick) + 4, 'text-anchor': 'end' }, [tick.toLocaleString('pt-BR')]),
    );
  }
  // A label every few days, as many as fit, always including today.
  const every = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(plotW / 52))));
  days.forEach((day, i) => {
    const x = MARGIN.left + i * slot + (slot - barW) / 2;
    const ok = Math.max(0, day.total - day.erros - day.limitadas);
    /** @type {SVGElement[]} */
    const bars = [];
    let base = day.total > 0 ? y(0) : 0;
    for (const [value, kind] of /** @type {[number, string][]} */ ([
      [ok, 'ok'],
      [day.erros, 'error'],
      [day.limitadas, 'limited'],
    ])) {
      if (value <= 0) continue;
      const h = Math.max(1, (value / top) * plotH);
      bars.push(svg('rect', { class: 'chart-bar chart-bar-' + kind, x, y: base - h, width: barW, height: h }));
      base -= h;
    }
    const label = formatDate(day.dia) + ': ' + day.total + ' chamadas, ' + day.erros + ' erros, ' + day.limitadas + ' com limite excedido';
    parts.push(svg('g', { 'data-dia': day.dia }, [svg('title', {}, [label]), ...bars]));
    const last = i === days.length - 1;
    if (last || ((days.length - 1 - i) % every === 0 && days.length - 1 - i >= every * 0.75)) {
      parts.push(
        svg('text', { class: 'chart-axis', x: x + barW / 2, y: HEIGHT - 6, 'text-anchor': last ? 'end' : 'middle' }, [
          last ? 'hoje' : shortDay(day.dia),
        ]),
      );
    }
  });
  parts.push(svg('line', { class: 'chart-baseline', x1: MARGIN.left, x2: width - MARGIN.right, y1: y(0), y2: y(0) }));

  chart.setAttribute('aria-label', chartSummary(days, who));
  chart.setAttribute('width', String(width));
  chart.setAttribute('height', String(HEIGHT));
  chart.setAttribute('viewBox', '0 0 ' + width + ' ' + HEIGHT);
  chart.replaceChildren(...parts);
  box.dataset.width = String(width);

  const totals = days.reduce(
    (t, d) => ({ ok: t.ok + Math.max(0, d.total - d.erros - d.limitadas), erros: t.erros + d.erros, limitadas: t.limitadas + d.limitadas }),
    { ok: 0, erros: 0, limitadas: 0 },
  );
  byId('requests-legend-ok').textContent = totals.ok.toLocaleString('pt-BR');
  byId('requests-legend-error').textContent = totals.erros.toLocaleString('pt-BR');
  byId('requests-legend-limited').textContent = totals.limitadas.toLocaleString('pt-BR');

  byId('requests-daily-body').replaceChildren(
    ...days.map((day, i) =>
      el('tr', {}, [
        el('th', { scope: 'row' }, [
          el('time', { datetime: day.dia, text: formatDate(day.dia) }),
          i === days.length - 1 ? ' (hoje)' : null,
        ]),
        el('td', { text: day.total.toLocaleString('pt-BR') }),
        el('td', { text: day.erros.toLocaleString('pt-BR') }),
        el('td', { text: day.limitadas.toLocaleString('pt-BR') }),
      ]),
    ),
  );
}

/** @type {{ days: RequestDay[], who: string } | null} */
let drawn = null;
let pending = false;

/**
 * Draws the chart and keeps it at the width of its box as the window changes.
 * @param {RequestDay[]} days
 * @param {string} who
 */
export function showChart(days, who) {
  drawn = { days, who };
  drawChart(days, who);
}

/** Forgets the drawn chart (the view closed). */
export function clearChart() {
  drawn = null;
  byId('requests-chart-svg').replaceChildren();
  byId('requests-daily-body').replaceChildren();
}

window.addEventListener('resize', () => {
  if (pending || drawn === null) return;
  pending = true;
  window.requestAnimationFrame(() => {
    pending = false;
    const box = byId('requests-chart');
    if (drawn !== null && box.offsetParent !== null && String(Math.floor(box.clientWidth)) !== box.dataset.width)
      drawChart(drawn.days, drawn.who);
  });
});
