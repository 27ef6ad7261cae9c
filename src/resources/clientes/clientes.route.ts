import { insufficientScope } from '../../auth/data-guard.ts';
import { pageOf } from '../../domain/paging.ts';
import type { Detalhe } from '../../errors/coded-error.ts';
import type { DataRouteContext } from '../../contract/data-route.ts';
import { sortOf } from '../../contract/pagination.ts';
import type { ParamSpecs } from '../../contract/params.ts';
import { splitPairs } from '../../contract/query-string.ts';
import { resourceRoutes } from '../../contract/resource-routes.ts';
import { clientesQuery, clientesSpec } from './clientes.query.ts';
import { clienteExample, ClienteSchema, clientesDetailParams, clientesListParams } from './clientes.schema.ts';

const CONTACT_SCOPE = 'clientes:contato:ler';

/**
 * D13: `incluir=contato`, or a `documento` filter, without `clientes:contato:ler` is 403 naming
 * that scope. Checked on the raw query, before values are validated (scope precedes parameters,
 * D4). `documento` asks for contact data only where it is a parameter — the list; on the detail
 * it is an unknown parameter like any other (D8), so 400 whatever the token's scopes.
 */
function requireContactScopeIfAsked(ctx: DataRouteContext<ParamSpecs>, params: ParamSpecs): void {
  const filtersByDocumento = Object.hasOwn(params, 'documento');
  const asked = splitPairs(ctx.rawQuery).some(
    (p) => (p.name === 'documento' && filtersByDocumento) || (p.name === 'incluir' && p.value === 'contato'),
  );
  if (asked && !ctx.principal.scopes.has(CONTACT_SCOPE)) throw insufficientScope(CONTACT_SCOPE);
}

/** D12: CPF or CNPJ with or without punctuation, matched by its digits. */
const documentDigits = (documento: string): string => documento.replace(/[.\-/\s]/g, '');

function documentoProblems(documento: string | undefined): Detalhe[] {
  if (documento === undefined || /^(\d{11}|\d{14})$/.test(documentDigits(documento))) return [];
  return [{ campo: 'documento', mensagem: 'Informe um CPF (11 dígitos) ou CNPJ (14 dígitos), com ou sem pontuação.' }];
}

export const clientesRoutes = resourceRoutes({
  url: '/v1/clientes',
  scope: 'clientes:ler',
  tag: {
    name: 'Clientes',
    description:
      'Clientes da empresa (pessoas físicas e jurídicas). Documento, e-mails, telefones e endereço só vêm com `incluir=contato`, ' +
      'que exige o escopo `clientes:contato:ler`.',
  },
  record: { name: 'Cliente', schema: ClienteSchema, example: clienteExample },
  name: 'Clientes',
  plural: 'clientes',
  params: clientesDetailParams,
  note: 'Com `incluir=contato` (escopo `clientes:contato:ler`), os registros trazem os campos de contato.',
  precheck: requireContactScopeIfAsked,
  spec: (_ctx, p) => clientesSpec(p.incluir === 'contato'),
  list: {
    description:
      'Clientes da empresa da credencial, paginados. Padrão: somente ativos, ordenados por `id` crescente. ' +
      'Clientes excluídos nunca aparecem. Os campos de contato só vêm com `incluir=contato`, que exige o escopo `clientes:contato:ler`.',
    params: clientesListParams,
    check: (p) => documentoProblems(p.documento),
    query(ctx, p) {
      const filter = {
        nome: p.nome,
        cidade: p.cidade,
        ativo: p.ativo,
        documentoDigitos: p.documento === undefined ? undefined : documentDigits(p.documento),
      };
      return clientesQuery(ctx.principal.empresaId, filter, sortOf(clientesListParams, p), pageOf(p));
    },
  },
  detail: {
    singular: 'um cliente',
    description:
      'Um cliente pelo id, ativo ou inativo. Id inexistente, de cliente excluído ou de outra empresa: 404 `recurso_nao_encontrado`. ' +
      'Aceita só o parâmetro `incluir`, com as mesmas regras da lista.',
    params: clientesDetailParams,
  },
});
