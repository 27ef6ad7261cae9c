import type { Scope } from '../domain/scopes.ts';
import { CATALOGUE, type DataErrorCode, type ErrorCode, type SettingsErrorCode } from './catalogue.ts';

export interface Detalhe {
  campo: string;
  mensagem: string;
}

/**
 * The detail of a scope 403: the scope the operation needs, in the body as well as in the
 * challenge (D36), for a client that logs only the body, and what to do about it.
 */
export const missingScopeDetail = (scope: Scope): Detalhe => ({
  campo: 'scope',
  mensagem: `Esta operação exige o escopo ${scope}. Inclua-o na credencial (Configurações › Integrações › API Externa) e obtenha um novo token.`,
});

export interface CodedErrorOptions {
  /** replaces the catalogue's message for this occurrence (still pt-BR, D37) */
  mensagem?: string;
  /** whole seconds the caller should wait before trying again (rate limits) */
  retryAfter?: number;
  /** the authentication challenge the caller must answer (WWW-Authenticate, D36) */
  challenge?: string;
}

/**
 * A failure named by a catalogue code, with what to correct (`detalhes`, one item per field,
 * D37). It says what went wrong, not how to answer: the plugin that serves the request turns it
 * into a status and a body (errors/catalogue.ts, http/failure.ts), so the code that raises it —
 * a service, a query, a guard — knows nothing of HTTP.
 */
export class CodedError<C extends ErrorCode = ErrorCode> extends Error {
  readonly retryAfter: number | undefined;
  readonly challenge: string | undefined;

  constructor(
    readonly codigo: C,
    readonly detalhes: Detalhe[] = [],
    options: CodedErrorOptions = {},
  ) {
    super(options.mensagem ?? CATALOGUE[codigo].mensagem);
    this.retryAfter = options.retryAfter;
    this.challenge = options.challenge;
  }
}

/** A failure of a data request (`/v1/...`): only the data codes compile here. */
export class DataError extends CodedError<DataErrorCode> {}

/** A failure of the settings area: its own codes plus not-found, internal and unavailable. */
export class SettingsError extends CodedError<SettingsErrorCode> {}

export function badRequest(detalhes: Detalhe[]): DataError {
  return new DataError('requisicao_invalida', detalhes);
}
