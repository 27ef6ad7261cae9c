import type { Direction, Page } from '../../domain/paging.ts';
import type { ListQuery, ListSpec } from '../../store/list/list-spec.ts';
import type { SqlPiece } from '../../store/list/sql-params.ts';
import { likeContains, utcText } from '../../store/sql.ts';
import type { CLIENTES_SORTS } from './clientes.schema.ts';

export interface ClientesFilter {
  nome?: string;
  cidade?: string;
  ativo: boolean;
  documentoDigitos?: string;
}

const ENDERECO_KEYS = ['logradouro', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'cep'] as const;

/**
 * The contact fields (only with `incluir=contato`, D13), in the API's order: empty e-mails dropped
 * (D21), phones in their stored order, the address with every key or null.
 */
const CONTATO = `,
    r.documento,
    ARRAY(SELECT u.e FROM unnest(r.emails) WITH ORDINALITY AS u(e, n) WHERE btrim(u.e) <> '' ORDER BY u.n) AS emails,
    (SELECT coalesce('[' || string_agg(
        (SELECT row_to_json(t)::text FROM (SELECT e.v ->> 'tipo' AS tipo, e.v ->> 'numero' AS numero) t), ',' ORDER BY e.n) || ']', '[]')::json
       FROM jsonb_array_elements(r.telefones) WITH ORDINALITY AS e(v, n)) AS telefones,
    CASE WHEN r.endereco IS NULL OR jsonb_typeof(r.endereco) = 'null' THEN NULL
      ELSE (SELECT row_to_json(a) FROM (SELECT ${ENDERECO_KEYS.map((k) => `r.endereco ->> '${k}' AS ${k}`).join(', ')}) a) END AS endereco`;

/** The customer record as PostgreSQL writes it: the name as shown (D21), the datetime in UTC (D18). */
const record = (contato: boolean) => `(SELECT row_to_json(x)::text FROM (SELECT
    r.id,
    r.nome_exibicao AS nome,
    r.tipo_pessoa,
    r.ativo,
    ${utcText('r.data_cadastro')} AS data_cadastro,
    ${utcText('r.atualizado_em')} AS atualizado_em${contato ? CONTATO : ''}) x)`;

const BASIC = record(false);
const WITH_CONTATO = record(true);

/** Sorting by name uses its normalised form (ADR 0003): case and accents do not move a customer. */
export function clientesSpec(contato: boolean): ListSpec {
  return {
    table: 'clientes',
    sorts: {
      nome: { column: 'r.nome_ordem', type: 'text', nullable: false },
      data_cadastro: { column: 'r.data_cadastro', type: 'timestamptz', nullable: true },
    },
    record: () => (contato ? WITH_CONTATO : BASIC),
  };
}

export function clientesQuery(
  empresaId: number,
  filter: ClientesFilter,
  sort: { field: (typeof CLIENTES_SORTS)[number]; direction: Direction },
  page: Page,
): ListQuery {
  const { nome, cidade, ativo, documentoDigitos } = filter;
  const conditions: SqlPiece[] = [(p) => `r.ativo = ${p.add(ativo)}`];
  // D11: contains, case- and accent-insensitive; served by the trigram index (tenant 0005).
  if (nome !== undefined) conditions.push((p) => `r.nome_busca LIKE '%' || busca_normalizada(${p.add(likeContains(nome))}) || '%'`);
  if (cidade !== undefined) conditions.push((p) => `r.cidade_busca = busca_normalizada(${p.add(cidade)})`);
  if (documentoDigitos !== undefined) conditions.push((p) => `r.documento_digitos = ${p.add(documentoDigitos)}`);
  return { empresaId, conditions, filterKey: JSON.stringify([nome, cidade, ativo, documentoDigitos]), sort, page };
}
