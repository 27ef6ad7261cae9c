import { CATALOGUE, type AnyErrorCode } from './catalogue.ts';
import type { Detalhe } from './api-error.ts';

export interface ErrorEnvelope {
  erro: { codigo: AnyErrorCode; mensagem: string; detalhes: Detalhe[]; request_id: string };
}

export function envelope(codigo: AnyErrorCode, requestId: string, detalhes: Detalhe[] = [], mensagem?: string): ErrorEnvelope {
  return { erro: { codigo, mensagem: mensagem ?? CATALOGUE[codigo].mensagem, detalhes, request_id: requestId } };
}
