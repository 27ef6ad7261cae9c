import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { OPERATOR } from '../credentials/audit.ts';
import { listCredentials, type CredentialRow } from '../credentials/credentials.query.ts';
import {
  createCredential,
  createKeyCredential,
  replaceCredentialKey,
  revokeCredential,
  rotateSecret,
} from '../credentials/credentials.service.ts';
import { KEY_PROBLEM_TEXT, readPublicKey, type ClientKey } from '../credentials/public-key.ts';
import { parseInteger } from '../domain/integer.ts';
import { registerCredentialAudit } from './credential-audit.command.ts';
import { credentialDocument, scopeList } from './credential-document.ts';
import { registerCredentialUpdate } from './credential-update.command.ts';
import type { WithStore } from './with-store.ts';
import { emit, UsageError } from './output.ts';

function companyId(text: string): number {
  const id = parseInteger(text, 1);
  if (id === null) throw new UsageError(`--company must be a positive integer, got "${text}"`);
  return id;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

interface CreateOptions {
  company: string;
  name: string;
  scopes: string;
  allowIp: string[];
  expires?: string;
  publicKey?: string;
  json?: boolean;
}

/** What `create` prints of the new credential besides its secret (interfaces.md). */
function createdDocument(created: CredentialRow) {
  return {
    client_id: created.client_id,
    auth_method: created.auth_method,
    ...(created.key_thumbprint === null ? {} : { key_thumbprint: created.key_thumbprint }),
    company: created.empresa_id,
    name: created.name,
    scopes: created.scopes,
    allowed_ips: created.allowed_ips,
    expires: created.expires,
    status: created.status,
    created_at: created.created_at,
  };
}

/** The secret right after the client id, where the operator looks for it. */
function withSecret(document: ReturnType<typeof createdDocument>, clientSecret: string) {
  const { client_id, ...rest } = document;
  return { client_id, client_secret: clientSecret, ...rest };
}

const summary = (created: CredentialRow): string[] => [
  `  client_id:     ${created.client_id}`,
  `  scopes:        ${created.scopes.join(' ')}`,
  `  allowed IPs:   ${created.allowed_ips.join(', ') || '(any)'}`,
  `  expires:       ${created.expires ?? 'never'}`,
];

/** The public key in a PEM or JWK file (D57); a refused one is a usage error that says why. */
async function keyFromFile(path: string): Promise<ClientKey> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new UsageError(`--public-key: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  const key = await readPublicKey(text);
  if ('problem' in key) throw new UsageError(`--public-key: ${KEY_PROBLEM_TEXT[key.problem]}`);
  return key;
}

export function registerCredentialsCommands(program: Command, withStore: WithStore): void {
  const credentials = program.command('credentials').description('manage API credentials (acts as the operator; audited)');

  credentials
    .command('create')
    .description('create a credential; its secret is printed only now (with --public-key it has none)')
    .requiredOption('--company <id>', 'company id')
    .requiredOption('--name <text>', 'a name for the integration')
    .requiredOption('--scopes <list>', 'comma-separated scopes, e.g. clientes:ler,os:ler')
    .option('--allow-ip <ip-or-cidr>', 'allowed source address or CIDR network (repeatable)', collect, [])
    .option('--expires <YYYY-MM-DD>', 'valid until the end of this day (America/Sao_Paulo)')
    .option('--public-key <file>', "authenticate with private_key_jwt: the integrator's public key, PEM or JWK")
    .option('--json', 'print one JSON document')
    .action(async (opts: CreateOptions) =>
      withStore(async (store) => {
        const input = {
          empresaId: companyId(opts.company),
          name: opts.name,
          scopes: scopeList(opts.scopes),
          allowedIps: opts.allowIp,
          expires: opts.expires ?? null,
        };
        if (opts.publicKey !== undefined) {
          const key = await keyFromFile(opts.publicKey);
          const created = await createKeyCredential(store.central, input, key, OPERATOR);
          emit(Boolean(opts.json), createdDocument(created), () =>
            [
              `Created credential "${created.name}" for company ${created.empresa_id}, authenticated with a key (private_key_jwt).`,
              ...summary(created),
              `  key:           ${created.key_thumbprint} (RFC 7638 thumbprint)`,
              'There is no secret: the integration signs its token requests with its private key.',
            ].join('\n'),
          );
          return;
        }
        const created = await createCredential(store.central, input, OPERATOR);
        emit(Boolean(opts.json), withSecret(createdDocument(created), created.client_secret), () =>
          [
            `Created credential "${created.name}" for company ${created.empresa_id}.`,
            `  client_id:     ${created.client_id}`,
            `  client_secret: ${created.client_secret}`,
            ...summary(created).slice(1),
            'The secret is shown only now: store it in the integration server.',
          ].join('\n'),
        );
      }),
    );

  credentials
    .command('list')
    .description("list a company's credentials (never a secret)")
    .requiredOption('--company <id>', 'company id')
    .option('--json', 'print one JSON document')
    .action(async (opts: { company: string; json?: boolean }) =>
      withStore(async (store) => {
        const rows = await listCredentials(store.central, companyId(opts.company));
        const list = rows.map(credentialDocument);
        emit(Boolean(opts.json), { credentials: list }, () =>
          list.length === 0
            ? 'No credentials.'
            : list
                .map(
                  (c) =>
                    `${c.client_id}  ${c.status.padEnd(7)}  ${c.name}  [${c.scopes.join(' ')}]  last used: ${c.last_used_at ?? 'never'}`,
                )
                .join('\n'),
        );
      }),
    );

  registerCredentialUpdate(credentials, withStore);

  credentials
    .command('rotate <client_id>')
    .description('generate a new secret (printed only now); every earlier token stops working at once')
    .option('--json', 'print one JSON document')
    .action(async (clientId: string, opts: { json?: boolean }) =>
      withStore(async (store) => {
        const rotated = await rotateSecret(store.central, clientId, OPERATOR);
        emit(
          Boolean(opts.json),
          rotated,
          () => `New secret for ${rotated.client_id}: ${rotated.client_secret}\nEarlier tokens are revoked.`,
        );
      }),
    );

  credentials
    .command('replace-key <client_id>')
    .description('give a key credential a new public key; every earlier token stops working at once')
    .requiredOption('--public-key <file>', 'the new public key, PEM or JWK')
    .option('--json', 'print one JSON document')
    .action(async (clientId: string, opts: { publicKey: string; json?: boolean }) =>
      withStore(async (store) => {
        const key = await keyFromFile(opts.publicKey);
        const row = await replaceCredentialKey(store.central, clientId, key, OPERATOR);
        emit(
          Boolean(opts.json),
          { client_id: row.client_id, auth_method: row.auth_method, key_thumbprint: row.key_thumbprint },
          () => `New key for ${row.client_id}: ${row.key_thumbprint}\nEarlier tokens are revoked.`,
        );
      }),
    );

  credentials
    .command('revoke <client_id>')
    .description('revoke a credential for good; its tokens stop working at once')
    .option('--json', 'print one JSON document')
    .action(async (clientId: string, opts: { json?: boolean }) =>
      withStore(async (store) => {
        const revoked = await revokeCredential(store.central, clientId, OPERATOR);
        emit(Boolean(opts.json), revoked, () => `Revoked ${revoked.client_id}.`);
      }),
    );

  registerCredentialAudit(credentials, withStore);
}
