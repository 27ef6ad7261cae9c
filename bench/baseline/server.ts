/**
 * The "obvious server" of issue 9, the benchmark's baseline: what a competent developer writes
 * in an afternoon for GET /v1/contas-receber on the same tables. Bare Fastify and a `pg` pool;
 * no kysely, no authentication, no rate limit, no request log. One page query (LIMIT/OFFSET,
 * cedente names LEFT JOINed) and a count(*) with the same WHERE, run in parallel.
 *
 * It answers a body byte-identical to api-externa's for the same request (the runner checks
 * that before measuring): same key order, same status rule, same null rules for cedente names.
 * Having no credentials, it takes the company from the X-Bench-Empresa header the runner sends.
 *
 *   DATABASE_URL=postgres://... PORT=0 node --import tsx bench/baseline/server.ts
 *
 * Prints one JSON line {"msg":"listening","url":...} on stdout when ready, like api-externa.
 * Imports nothing from src/: it must stay the same whatever api-externa becomes.
 */
import Fastify from 'fastify';
import pg from 'pg';

// Values print as api-externa prints them: numeric and dates stay text (valor becomes a JSON
// number once, below); bigint ids and counts become numbers (they fit in 2^53).
const TEXT = (value: string): string => value;
pg.types.setTypeParser(pg.types.builtins.NUMERIC, TEXT);
pg.types.setTypeParser(pg.types.builtins.DATE, TEXT);
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl === undefined || databaseUrl === '') {
  console.error('DATABASE_URL is required (the baseline runs on PostgreSQL only)');
  process.exit(1);
}
// pg's default pool size (10), as api-externa's DB_POOL_MAX default.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const WHERE = `c.empresa_id = $1 AND NOT c.excluido AND c.vencimento BETWEEN $2 AND $3`;

// Cedentes are named only from a record of the matching type, of the same company and not
// deleted (else nome is null); an `outro` cedente has no id and its free text as nome. Users
// sit in the central tables, the same database on a default deployment: joined like the rest.
const PAGE_SQL = `
SELECT c.id,
       c.cedente_tipo,
       CASE WHEN c.cedente_tipo = 'outro' THEN NULL ELSE c.cedente_id END AS cedente_id,
       CASE c.cedente_tipo
         WHEN 'outro' THEN c.cedente_nome
         WHEN 'cliente' THEN cl.nome_exibicao
         WHEN 'fornecedor' THEN fo.nome
         WHEN 'pre_cliente' THEN pc.nome
         WHEN 'usuario' THEN us.nome
       END AS cedente_nome,
       c.descricao,
       c.valor,
       c.vencimento,
       CASE WHEN c.data_pagamento IS NOT NULL THEN 'pago'
            WHEN c.vencimento < (now() AT TIME ZONE 'America/Sao_Paulo')::date THEN 'vencido'
            ELSE 'aberto' END AS status,
       c.data_pagamento,
       to_char(c.atualizado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS atualizado_em
  FROM contas_receber c
  LEFT JOIN clientes cl ON c.cedente_tipo = 'cliente' AND cl.id = c.cedente_id AND cl.empresa_id = c.empresa_id AND NOT cl.excluido
  LEFT JOIN fornecedores fo ON c.cedente_tipo = 'fornecedor' AND fo.id = c.cedente_id AND fo.empresa_id = c.empresa_id AND NOT fo.excluido
  LEFT JOIN pre_clientes pc ON c.cedente_tipo = 'pre_cliente' AND pc.id = c.cedente_id AND pc.empresa_id = c.empresa_id AND NOT pc.excluido
  LEFT JOIN usuarios us ON c.cedente_tipo = 'usuario' AND us.id = c.cedente_id AND us.empresa_id = c.empresa_id AND NOT us.excluido
 WHERE ${WHERE}
 ORDER BY c.vencimento DESC, c.id DESC
 LIMIT $4 OFFSET $5`;

const COUNT_SQL = `SELECT count(*) AS total FROM contas_receber c WHERE ${WHERE}`;

interface Row {
  id: number;
  cedente_tipo: string;
  cedente_id: number | null;
  cedente_nome: string | null;
  descricao: string | null;
  valor: string;
  vencimento: string;
  status: string;
  data_pagamento: string | null;
  atualizado_em: string;
}

interface Query {
  data_inicio?: string;
  data_fim?: string;
  pagina?: string;
  por_pagina?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function positive(text: string | undefined, fallback: number, max: number): number | null {
  if (text === undefined) return fallback;
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
}

const app = Fastify();

app.get('/v1/contas-receber', async (request, reply) => {
  const q = request.query as Query;
  const empresaId = positive(request.headers['x-bench-empresa'] as string | undefined, 0, Number.MAX_SAFE_INTEGER);
  const pagina = positive(q.pagina, 1, 1_000_000);
  const porPagina = positive(q.por_pagina, 50, 200);
  if (
    empresaId === null ||
    empresaId === 0 ||
    pagina === null ||
    porPagina === null ||
    !DATE.test(q.data_inicio ?? '') ||
    !DATE.test(q.data_fim ?? '')
  ) {
    return reply.code(400).send({ erro: 'parâmetros inválidos' });
  }
  const where = [empresaId, q.data_inicio, q.data_fim];
  const [page, count] = await Promise.all([
    pool.query<Row>(PAGE_SQL, [...where, porPagina, (pagina - 1) * porPagina]),
    pool.query<{ total: number }>(COUNT_SQL, where),
  ]);
  const total = count.rows[0]?.total ?? 0;
  return {
    data: page.rows.map((r) => ({
      id: r.id,
      cedente: { tipo: r.cedente_tipo, id: r.cedente_id, nome: r.cedente_nome },
      descricao: r.descricao,
      valor: Number(r.valor),
      vencimento: r.vencimento,
      status: r.status,
      data_pagamento: r.data_pagamento,
      atualizado_em: r.atualizado_em,
    })),
    meta: { pagina, por_pagina: porPagina, total, total_paginas: Math.ceil(total / porPagina) },
  };
});

const address = await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.stdout.write(`${JSON.stringify({ msg: 'listening', url: address })}\n`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void app
      .close()
      .then(() => pool.end())
      .finally(() => process.exit(0));
  });
}
