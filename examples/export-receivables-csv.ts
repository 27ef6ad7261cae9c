// Exports a year of receivables (GET /v1/contas-receber) to a CSV file with the TypeScript client,
// showing a progress bar on stderr. The same walk with curl is in docs/api.md ("Exportar um ano de
// contas a receber"); both write the same file.
//
//   API_CLIENT_ID=... API_CLIENT_SECRET=... \
//     node --import tsx examples/export-receivables-csv.ts http://127.0.0.1:3000/v1 2025 contas-receber-2025.csv
//
// The CSV (RFC 4180: comma-separated, CRLF-free `\n` lines, fields quoted when they hold a comma,
// a quote or a line break) keeps the API's values as they are: amounts as JSON numbers with a dot
// (`1234.56`, not the pt-BR `1.234,56`), dates `YYYY-MM-DD`, empty for null. A spreadsheet set to
// pt-BR should import it with "." as the decimal separator.
import fs from 'node:fs';
import cliProgress from 'cli-progress';
import { ApiExternaClient, type ContaReceber } from '../clients/typescript/src/index.ts';

const COLUMNS = [
  'id',
  'cedente_tipo',
  'cedente_id',
  'cedente_nome',
  'descricao',
  'valor',
  'vencimento',
  'status',
  'data_pagamento',
] as const;

function field(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function row(c: ContaReceber): string {
  return [c.id, c.cedente.tipo, c.cedente.id, c.cedente.nome, c.descricao, c.valor, c.vencimento, c.status, c.data_pagamento]
    .map(field)
    .join(',');
}

async function main(): Promise<void> {
  const [baseUrl, year, output] = process.argv.slice(2);
  const clientId = process.env.API_CLIENT_ID;
  const clientSecret = process.env.API_CLIENT_SECRET;
  if (!baseUrl || !year || !/^\d{4}$/.test(year) || !output || !clientId || !clientSecret) {
    console.error('usage: API_CLIENT_ID=... API_CLIENT_SECRET=... export-receivables-csv.ts <base-url> <year> <output.csv>');
    process.exit(2);
  }

  const client = new ApiExternaClient({ baseUrl, clientId, clientSecret, scope: ['contas-receber:ler'] });
  const file = fs.createWriteStream(output);
  file.write(`${COLUMNS.join(',')}\n`);
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: 'contas a receber {bar} {value}/{total}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );

  // The whole year in one period (at most 12 months), in id order so that pages do not overlap.
  const query = { data_inicio: `${year}-01-01`, data_fim: `${year}-12-31`, ordenar_por: 'id', ordem: 'asc', por_pagina: 100 } as const;
  let written = 0;
  for await (const page of client.contasReceber.pages(query)) {
    if (page.meta.pagina === 1) bar.start(page.meta.total, 0);
    for (const conta of page.data) file.write(`${row(conta)}\n`);
    written += page.data.length;
    bar.update(written);
  }
  bar.stop();
  await new Promise<void>((resolve, reject) => file.end((err?: Error | null) => (err ? reject(err) : resolve())));
  console.error(`${written} contas a receber de ${year} em ${output}`);
}

try {
  await main();
} catch (err) {
  // ApiError / OAuthError carry the API's code and request id in their message.
  console.error(`\n${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
