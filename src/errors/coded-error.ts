import { CATALOGUE, ERRORS, type ErrorCode, type OAuthErrorCode, type SettingsErrorCode } from './catalogue.ts';

export interface Detalhe {
  campo: string;
  mensagem: string;
}

/** An error answered in the data envelope. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly codigo: ErrorCode,
    readonly detalhes: Detalhe[] = [],
    readonly headers: Record<string, string> = {},
    mensagem?: string,
  ) {
    super(mensagem ?? ERRORS[codigo].mensagem);
    this.status = ERRORS[codigo].status;
  }
}

/**
 * An error of the settings area (`/settings/api/`), answered in the same envelope with the
 * settings codes. Kept apart from ApiError so a data route cannot answer a settings code.
 */
export class SettingsError extends Error {
  readonly status: number;
  constructor(
    readonly codigo: SettingsErrorCode,
    readonly detalhes: Detalhe[] = [],
    readonly headers: Record<string, string> = {},
    mensagem?: string,
  ) {
    super(mensagem ?? CATALOGUE[codigo].mensagem);
    this.status = CATALOGUE[codigo].status;
  }
}

/** An error answered by the token endpoint in the OAuth shape `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: OAuthErrorCode,
    // RFC 6749 5.2 allows printable ASCII without `"` and `\` only (D39): no accents here.
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export function badRequest(detalhes: Detalhe[]): ApiError {
  return new ApiError('requisicao_invalida', detalhes);
}
