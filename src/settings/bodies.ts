import { Type, type Static } from 'typebox';
import { credentialNameProblem, MAX_NAME_LENGTH } from '../credentials/credential-name.ts';
import { MAX_ALLOWED_IPS } from '../credentials/credentials.service.ts';
import { MAX_PUBLIC_KEY_LENGTH } from '../credentials/public-key.ts';
import { parseAllowEntry } from '../domain/ip-allowlist.ts';
import { MAX_WEBHOOK_URL_LENGTH } from '../domain/limits.ts';
import { isNotifiableResource, NOTIFIABLE_RESOURCES } from '../domain/notification-resources.ts';
import { carriesSensitiveScope, isScope } from '../domain/scopes.ts';
import { isRealDate } from '../time/calendar.ts';
import { todayInSaoPaulo } from '../time/sao-paulo-date.ts';
import { mensagem, type BodyDefinition } from './body-errors.ts';
import { KEY_PROBLEMS } from './key-problems.ts';

/*
 * The JSON bodies of the settings API (docs/settings-api.md), as TypeBox schemas validated at the
 * edge, before any service runs: every offending field gets its own pt-BR item in `detalhes`,
 * each list entry its own (`allowed_ips[1]`), so the page can show each error beside its field.
 * `mensagem` annotations (body-errors.ts) give the text of a type error; refinements carry their own.
 */

const MAX_PASSWORD_LENGTH = 1024;
// Bounds only: the address is looked up as typed, and any password is checked by the KDF.
const MAX_EMAIL_LENGTH = 254;

const Name = Type.Refine(
  Type.Refine(
    Type.String(mensagem('Informe um nome para a credencial.')),
    (name) => credentialNameProblem(name.trim()) !== 'length',
    () => `O nome deve ter de 1 a ${MAX_NAME_LENGTH} caracteres.`,
  ),
  (name) => credentialNameProblem(name.trim()) !== 'hidden',
  () => 'O nome não pode ter quebras de linha, caracteres de controle nem de direção de texto.',
);

const unknownScope = (value: unknown): string => `Escopo desconhecido: ${JSON.stringify(value)}.`;

const Scopes = Type.Array(Type.Refine(Type.String(mensagem(unknownScope)), isScope, unknownScope), {
  minItems: 1,
  ...mensagem((_value, keyword) => (keyword === 'minItems' ? 'Escolha ao menos um escopo.' : 'Informe a lista de escopos.')),
});

const AllowedIp = Type.Refine(
  Type.Refine(
    Type.String(mensagem('Cada linha deve ser um texto.')),
    (entry) => entry.trim() !== '',
    () => 'Linha vazia: remova-a.',
  ),
  (entry) => entry.trim() === '' || parseAllowEntry(entry) !== null,
  (entry) => `"${entry.trim()}" não é um endereço IP nem uma rede CIDR válida (ex.: 203.0.113.7 ou 203.0.113.0/24).`,
);

const AllowedIps = Type.Array(AllowedIp, {
  maxItems: MAX_ALLOWED_IPS,
  ...mensagem((_value, keyword) =>
    keyword === 'maxItems' ? `No máximo ${MAX_ALLOWED_IPS} endereços ou redes.` : 'Informe a lista de IPs permitidos (pode ser vazia).',
  ),
});

/** null: no expiry. A date is valid until the end of that day in São Paulo (D32), so today is the earliest. */
const Expires = Type.Union(
  [
    Type.Refine(
      Type.Refine(Type.String(), isRealDate, () => 'Use uma data existente no formato AAAA-MM-DD, ou null para não expirar.'),
      (date) => !isRealDate(date) || date >= todayInSaoPaulo(),
      () => 'A data de validade não pode estar no passado.',
    ),
    Type.Null(),
  ],
  mensagem('Use uma data existente no formato AAAA-MM-DD, ou null para não expirar.'),
);

/** Absent, null and "" all mean "not given"; whether it is needed is decided by the rules or the service. */
const SenhaAtual = Type.Union([Type.String({ maxLength: MAX_PASSWORD_LENGTH }), Type.Null()], mensagem('Senha atual inválida.'));

export const PASSWORD_NEEDED = 'Confirme sua senha atual: esta credencial tem ou passa a ter escopos sensíveis.';

export const passwordGiven = (senha: string | null | undefined): senha is string => typeof senha === 'string' && senha !== '';

/** A public key as pasted (PEM or JWK); what it holds is read by the service (credentials/public-key.ts). */
const PublicKey = Type.String({
  minLength: 1,
  maxLength: MAX_PUBLIC_KEY_LENGTH,
  ...mensagem((_value, keyword) =>
    keyword === 'maxLength' ? `A chave deve ter no máximo ${MAX_PUBLIC_KEY_LENGTH} caracteres.` : KEY_PROBLEMS.empty,
  ),
});

/**
 * POST /settings/api/credentials. `allowed_ips` and `expires` may be left out (none, never); with
 * `public_key` the credential authenticates with that key and has no secret (D57).
 */
export const CreateCredentialBody = {
  schema: Type.Object(
    {
      name: Name,
      scopes: Scopes,
      allowed_ips: Type.Optional(AllowedIps),
      expires: Type.Optional(Expires),
      public_key: Type.Optional(PublicKey),
      senha_atual: Type.Optional(SenhaAtual),
    },
    { additionalProperties: false },
  ),
  // Sensitive scopes need the current password (spec "Authentication"): known from the body alone here.
  rules(body) {
    const scopes = Array.isArray(body.scopes) ? body.scopes : [];
    const senha = body.senha_atual;
    if (carriesSensitiveScope(scopes) && (senha === undefined || senha === null || senha === '')) {
      return [{ campo: 'senha_atual', mensagem: PASSWORD_NEEDED }];
    }
    return [];
  },
} satisfies BodyDefinition;

const CHANGEABLE = ['name', 'scopes', 'allowed_ips', 'expires'] as const;

/** PATCH /settings/api/credentials/{client_id}: any of the fields, at least one. */
export const ChangeCredentialBody = {
  schema: Type.Object(
    {
      name: Type.Optional(Name),
      scopes: Type.Optional(Scopes),
      allowed_ips: Type.Optional(AllowedIps),
      expires: Type.Optional(Expires),
      senha_atual: Type.Optional(SenhaAtual),
    },
    { additionalProperties: false },
  ),
  rules(body) {
    if (CHANGEABLE.some((field) => body[field] !== undefined)) return [];
    return [{ campo: 'corpo', mensagem: `Informe ao menos um dos campos: ${CHANGEABLE.join(', ')}.` }];
  },
} satisfies BodyDefinition;

/** POST .../rotate: only `senha_atual`, when the credential is sensitive. */
export const RotateBody = {
  schema: Type.Object({ senha_atual: Type.Optional(SenhaAtual) }, { additionalProperties: false }),
} satisfies BodyDefinition;

/** POST .../replace-key (D57): the new public key, and `senha_atual` when the credential is sensitive. */
export const ReplaceKeyBody = {
  schema: Type.Object({ public_key: PublicKey, senha_atual: Type.Optional(SenhaAtual) }, { additionalProperties: false }),
} satisfies BodyDefinition;

/** POST .../revoke, DELETE .../session, and a webhook's rotate-secret, test and DELETE: `{}`. */
export const EmptyBody = { schema: Type.Object({}, { additionalProperties: false }) } satisfies BodyDefinition;

/*
 * Notification endpoints (webhooks). The edge checks what holds whatever the server's settings and
 * the credential are: a URL that parses, without user, password or fragment, within the service's
 * length; known resource names. The rest is the service's (endpoints.service.ts): `https://` and a
 * public address unless WEBHOOKS_ALLOW_PRIVATE, and resources the credential's scopes read.
 */

const URL_NEEDED = 'Informe a URL que recebe as notificações (https://...).';

function urlProblem(text: string): string | null {
  if (text.trim() === '') return URL_NEEDED;
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return `A URL deve ter no máximo ${MAX_WEBHOOK_URL_LENGTH} caracteres.`;
  if (!URL.canParse(text)) return 'URL inválida: use o endereço completo, como https://erp.exemplo.com.br/notificacoes.';
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'A URL deve começar com https://.';
  if (url.username !== '' || url.password !== '') return 'A URL não pode conter usuário nem senha.';
  if (url.hash !== '' || text.includes('#')) return 'A URL não pode ter fragmento (#...).';
  return null;
}

const WebhookUrl = Type.Refine(
  Type.String(mensagem(URL_NEEDED)),
  (text) => urlProblem(text) === null,
  (text) => urlProblem(text) ?? URL_NEEDED,
);

const unknownResource = (value: unknown): string =>
  `Recurso desconhecido: ${JSON.stringify(value)}. Use: ${NOTIFIABLE_RESOURCES.map((r) => r.recurso).join(', ')}.`;

const WebhookResources = Type.Array(Type.Refine(Type.String(mensagem(unknownResource)), isNotifiableResource, unknownResource), {
  minItems: 1,
  maxItems: NOTIFIABLE_RESOURCES.length,
  ...mensagem((_value, keyword) =>
    keyword === 'minItems'
      ? 'Escolha ao menos um recurso.'
      : keyword === 'maxItems'
        ? `No máximo ${NOTIFIABLE_RESOURCES.length} recursos.`
        : 'Informe a lista de recursos a acompanhar.',
  ),
});

export const WEBHOOK_PASSWORD_NEEDED = 'Confirme sua senha atual para cadastrar uma notificação ou mudar a URL dela.';

/** POST .../webhooks: the current password always (creating an endpoint is a sensitive change). */
export const CreateWebhookBody = {
  schema: Type.Object(
    { url: WebhookUrl, resources: WebhookResources, senha_atual: Type.Optional(SenhaAtual) },
    { additionalProperties: false },
  ),
  rules(body) {
    return passwordGiven(body.senha_atual as string | null | undefined)
      ? []
      : [{ campo: 'senha_atual', mensagem: WEBHOOK_PASSWORD_NEEDED }];
  },
} satisfies BodyDefinition;

const WEBHOOK_CHANGEABLE = ['url', 'resources', 'active'] as const;

/** PATCH .../webhooks/{id}: any of the fields, at least one; `senha_atual` when the URL changes (known from the saved one). */
export const ChangeWebhookBody = {
  schema: Type.Object(
    {
      url: Type.Optional(WebhookUrl),
      resources: Type.Optional(WebhookResources),
      active: Type.Optional(Type.Boolean(mensagem('Use true para ativar ou false para pausar.'))),
      senha_atual: Type.Optional(SenhaAtual),
    },
    { additionalProperties: false },
  ),
  rules(body) {
    if (WEBHOOK_CHANGEABLE.some((field) => body[field] !== undefined)) return [];
    return [{ campo: 'corpo', mensagem: `Informe ao menos um dos campos: ${WEBHOOK_CHANGEABLE.join(', ')}.` }];
  },
} satisfies BodyDefinition;

/** POST /settings/api/session. */
export const SignInBody = {
  schema: Type.Object(
    {
      email: Type.Refine(
        Type.String(mensagem('Informe seu e-mail.')),
        (email) => email.trim() !== '' && email.trim().length <= MAX_EMAIL_LENGTH,
        () => 'Informe seu e-mail.',
      ),
      senha: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH, ...mensagem('Informe sua senha.') }),
    },
    { additionalProperties: false },
  ),
} satisfies BodyDefinition;

export type CreateCredentialInput = Static<typeof CreateCredentialBody.schema>;
export type ChangeCredentialInput = Static<typeof ChangeCredentialBody.schema>;
export type RotateInput = Static<typeof RotateBody.schema>;
export type ReplaceKeyInput = Static<typeof ReplaceKeyBody.schema>;
export type CreateWebhookInput = Static<typeof CreateWebhookBody.schema>;
export type ChangeWebhookInput = Static<typeof ChangeWebhookBody.schema>;
