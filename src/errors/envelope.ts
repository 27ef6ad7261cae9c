import type { ErrorCode } from './catalogue.ts';
import { CATALOGUE } from './catalogue.ts';
import type { Detalhe } from './coded-error.ts';

export interface ErrorEnvelope {
  erro: { codigo: ErrorCode; mensagem: string; detalhes: Detalhe[]; request_id: string };
}

export function envelope(codigo: ErrorCode, requestId: string, detalhes: Detalhe[] = [], mensagem?: string): ErrorEnvelope {
  return { erro: { codigo, mensagem: mensagem ?? CATALOGUE[codigo].mensagem, detalhes, request_id: requestId } };
}
