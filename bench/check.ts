/**
 * Before anything is measured against the baseline: the same pages from both servers must be
 * byte-identical (the list body has no request id, so nothing is excluded). A mismatch stops
 * the run with a diff: a faster server that answers something else is not faster.
 */
import type pg from 'pg';

export interface CheckedPage {
  path: string;
  bytes: number;
  identical: boolean;
}

export class BodyMismatch extends Error {}

export interface Fetcher {
  /** GET `path`, returning status and the exact body bytes */
  (path: string): Promise<{ status: number; body: Buffer }>;
}

export async function compareBodies(paths: string[], api: Fetcher, baseline: Fetcher): Promise<CheckedPage[]> {
  const checked: CheckedPage[] = [];
  for (const path of paths) {
    const [a, b] = await Promise.all([api(path), baseline(path)]);
    if (a.status !== 200 || b.status !== 200) {
      throw new BodyMismatch(
        `GET ${path}: api-externa answered ${a.status}, the baseline ${b.status}\napi-externa: ${a.body.toString().slice(0, 500)}\nbaseline: ${b.body.toString().slice(0, 500)}`,
      );
    }
    if (!a.body.equals(b.body)) throw new BodyMismatch(`GET ${path}: the bodies differ\n${diff(a.body.toString(), b.body.toString())}`);
    checked.push({ path, bytes: a.body.length, identical: true });
  }
  return checked;
}

/**
 * Pages of the contas-receber window that hold each kind of record the two servers must print
 * alike: every cedente type, with a name, without one (deleted, other company's, missing) and
 * without an id, in every status. The first such record of each kind, found in SQL.
 */
export async function edgeCasePages(db: pg.Pool, empresaId: number, inicio: string, fim: string, pageSize: number): Promise<number[]> {
  const { rows } = await db.query<{ page: string }>(
    `WITH w AS (
       SELECT c.cedente_tipo,
              c.cedente_id IS NULL AS sem_id,
              CASE c.cedente_tipo
                WHEN 'cliente' THEN EXISTS (SELECT 1 FROM clientes x WHERE x.id = c.cedente_id AND x.empresa_id = c.empresa_id AND NOT x.excluido)
                WHEN 'fornecedor' THEN EXISTS (SELECT 1 FROM fornecedores x WHERE x.id = c.cedente_id AND x.empresa_id = c.empresa_id AND NOT x.excluido)
                WHEN 'pre_cliente' THEN EXISTS (SELECT 1 FROM pre_clientes x WHERE x.id = c.cedente_id AND x.empresa_id = c.empresa_id AND NOT x.excluido)
                WHEN 'usuario' THEN EXISTS (SELECT 1 FROM usuarios x WHERE x.id = c.cedente_id AND x.empresa_id = c.empresa_id AND NOT x.excluido)
                ELSE c.cedente_nome IS NOT NULL END AS com_nome,
              c.data_pagamento IS NULL AS aberta,
              c.vencimento < (now() AT TIME ZONE 'America/Sao_Paulo')::date AS passada,
              c.descricao IS NULL AS sem_descricao,
              row_number() OVER (ORDER BY c.vencimento DESC, c.id DESC) AS rn
         FROM contas_receber c
        WHERE c.empresa_id = $1 AND NOT c.excluido AND c.vencimento BETWEEN $2 AND $3)
     SELECT DISTINCT (min(rn) - 1) / $4 + 1 AS page
       FROM w GROUP BY cedente_tipo, sem_id, com_nome, aberta, passada, sem_descricao
      ORDER BY 1`,
    [empresaId, inicio, fim, pageSize],
  );
  return rows.map((r) => Number(r.page));
}

/** Where two JSON bodies part: the first differing byte in context, and the first differing record. */
export function diff(api: string, baseline: string): string {
  let at = 0;
  while (at < api.length && at < baseline.length && api[at] === baseline[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 120), at + 120));
  const lines = [
    `first difference at character ${at} (lengths ${api.length} and ${baseline.length}):`,
    `  api-externa: ${around(api)}`,
    `  baseline:    ${around(baseline)}`,
  ];
  try {
    const a = JSON.parse(api) as { data?: unknown[]; meta?: unknown };
    const b = JSON.parse(baseline) as { data?: unknown[]; meta?: unknown };
    const n = Math.max(a.data?.length ?? 0, b.data?.length ?? 0);
    for (let i = 0; i < n; i++) {
      const ra = JSON.stringify(a.data?.[i]);
      const rb = JSON.stringify(b.data?.[i]);
      if (ra !== rb) {
        lines.push(`first differing record, data[${i}]:`, `  api-externa: ${ra}`, `  baseline:    ${rb}`);
        break;
      }
    }
    if (JSON.stringify(a.meta) !== JSON.stringify(b.meta))
      lines.push(`meta: api-externa ${JSON.stringify(a.meta)}, baseline ${JSON.stringify(b.meta)}`);
  } catch {
    // not JSON: the byte context above says it
  }
  return lines.join('\n');
}
