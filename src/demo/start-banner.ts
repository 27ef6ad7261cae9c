/**
 * What `npm start` prints for a person after its `listening` line (README, "Try it"): where the
 * API, the settings area and the reference are, and on the embedded store how to get a demo
 * secret again. With JSON logs on PostgreSQL the output stays JSON lines only, for log collectors;
 * in a terminal the banner is framed, so that it stands out from the log lines around it.
 */
import { loadConfig } from '../config/config.ts';
import type { CreatedCredential } from '../credentials/credentials.service.ts';
import { DEMO_LOGINS } from './demo-dataset/index.ts';

/** A shell word as typed: quoted only when it holds more than plain path characters. */
const shellWord = (text: string): string => (/^[\w./:@%+=-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`);

/**
 * The command that prints a new secret for the demo credential. The CLI finds the store as the
 * server does, so a DATA_DIR other than the default is passed on.
 */
function rotateCommand(dataDir: string, clientId: string): string {
  const env = dataDir === loadConfig({}).dataDir ? '' : `DATA_DIR=${shellWord(dataDir)} `;
  return `${env}npm run -s cli -- credentials rotate ${clientId}`;
}

function addresses(url: string): string[] {
  return [
    `API:            ${url}/v1  (tokens: POST ${url}/v1/oauth/token)`,
    `Settings area:  ${url}/settings  (company users manage their API credentials)`,
    `API reference:  ${url}/docs`,
  ];
}

/** In a terminal on PostgreSQL: the addresses only (the demo data and credential are the embedded store's). */
export function addressesBanner(url: string): string {
  return ['', ...addresses(url), ''].join('\n');
}

const RULE_WIDTH = 100;

/**
 * The banner as a terminal shows it: between two rules, under a heading in bold (when `color`),
 * so that it reads as the end of the start and not as one more log line.
 */
export function framed(banner: string, store: string, color: boolean): string {
  const bold = (text: string) => (color ? `\u001b[1m${text}\u001b[22m` : text);
  const rule = '═'.repeat(RULE_WIDTH);
  const body = banner.replace(/^\n+|\n+$/g, '').split('\n');
  return ['', rule, bold(`api-externa is ready (${store} store)`), '', ...body, rule, ''].join('\n');
}

/** Printed once, on the first start of a never-initialised embedded store. */
export function demoBanner(url: string, dataDir: string, credential: CreatedCredential): string {
  return [
    '',
    'Demo data loaded. Demo API credential (all scopes of company 1) — the secret is shown only now:',
    `  client_id:     ${credential.client_id}`,
    `  client_secret: ${credential.client_secret}`,
    '',
    'Get a token:',
    `  curl -u ${credential.client_id}:${credential.client_secret} -d grant_type=client_credentials ${url}/v1/oauth/token`,
    '',
    ...addresses(url),
    '',
    'Demo users of the settings area:',
    ...DEMO_LOGINS.map(
      (l) =>
        `  ${l.email} / ${l.senha}${l.apiExterna ? '  (administrator, permission API Externa)' : '  (without the API Externa permission)'}`,
    ),
    '',
    'Lost the secret? A new one (the old one and its tokens stop working at once):',
    `  ${rotateCommand(dataDir, credential.client_id)}`,
    '',
  ].join('\n');
}

/**
 * Printed on every other start of the embedded store. `demoClientId`: the demo credential, when
 * it is still active; its secret is not kept anywhere, so the way back to one is a rotation.
 */
export function startBanner(url: string, dataDir: string, demoClientId: string | null): string {
  return [
    '',
    ...addresses(url),
    ...(demoClientId === null
      ? []
      : [
          '',
          `The demo credential ${demoClientId} showed its secret on the first start only. Lost it? A new one`,
          '(the old one and its tokens stop working at once; the command works while the server runs):',
          `  ${rotateCommand(dataDir, demoClientId)}`,
        ]),
    '',
  ].join('\n');
}
