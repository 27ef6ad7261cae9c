/** One logged request (D59): what the company may see of it, and nothing that authenticates. */
export interface RequestLogEntry {
  empresaId: number;
  /** when the request arrived (epoch ms) */
  at: number;
  credentialId: number | null;
  clientId: string;
  method: string;
  /** path and query as sent */
  path: string;
  status: number;
  /** the error code of a non-2xx answer: the data envelope's `codigo`, or OAuth's `error` */
  codigo: string | null;
  durationMs: number;
  ip: string;
  requestId: string;
  bytes: number | null;
}

/** D59's status classes, as the settings view and `logs search` filter by them. */
export const STATUS_CLASSES = ['2xx', '4xx', '429', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export const isStatusClass = (value: unknown): value is StatusClass => STATUS_CLASSES.includes(value as StatusClass);
