/** Receivables and payables (`contas`) share one shape and these vocabularies (spec "Receivable and payable"). */

/** Derived when read (D19): `pago` when paid, else `vencido` when due before today (D15), else `aberto`. */
export const CONTA_STATUS = ['aberto', 'pago', 'vencido'] as const;
export type ContaStatus = (typeof CONTA_STATUS)[number];

/** Who a conta is owed by or to; `outro` is free text without an id (D22). The tables' CHECK has the same list. */
export const CEDENTE_TIPOS = ['cliente', 'fornecedor', 'usuario', 'pre_cliente', 'outro'] as const;
export type CedenteTipo = (typeof CEDENTE_TIPOS)[number];
