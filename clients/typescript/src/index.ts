export { ApiExternaClient, ChangeFeed, Export, type CallOptions, type ClientOptions } from './client.ts';
export type { ExportablePrivateKey, KeyAlgorithm, PrivateKeyInput } from './client-assertion.ts';
export { ApiError, OAuthError, type Detalhe } from './errors.ts';
export { verifyWebhook, WebhookVerificationError, type NotificationEvent, type VerifyOptions, type WebhookHeaders } from './webhook.ts';
export type {
  Boleto,
  Cliente,
  ContaPagar,
  ContaReceber,
  ExportEnd,
  ExportPath,
  ExportQuery,
  ExportRecord,
  FeedEntry,
  FeedPath,
  FeedQuery,
  ItemOf,
  ListQuery,
  OrdemServico,
  Page,
  PageMeta,
  Produto,
  RecordOf,
  Servico,
  TokenResponse,
} from './types.ts';
export type { paths } from './openapi.ts';
