import type { Command } from 'commander';
import { OPERATOR } from '../credentials/audit.ts';
import { listCredentials } from '../credentials/credentials.query.ts';
import { createCredential, revokeCredential, rotateSecret } from '../credentials/credentials.service.ts';
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

export function registerCredentialsCommands(program: Command, withStore: WithStore): void {
  const credentials = program.command('credentials').description('manage API credentials (acts as the operator; audited)');

  credentials
    .command('create')
    .description('create a credential; its secret is printed only now')
    .requiredOption('--company <id>', 'company id')
    .requiredOption('--name <text>', 'a name for the integration')
    .requiredOption('--scopes <list>', 'comma-separated scopes, e.g. clientes:ler,os:ler')
    .option('--allow-ip <ip-or-cidr>', 'allowed source address or CIDR network (repeatable)', collect, [])
    .option('--expires <YYYY-MM-DD>', 'valid until the end of this day (America/Sao_Paulo)')
    .option('--json', 'print one JSON document')
    .action(async (opts: { company: string; name: string; scopes: string; allowIp: string[]; expires?: string; json?: boolean }) =>
      withStore(async (store) => {
        const created = await createCredential(
          store.central,
          {
            empresaId: companyId(opts.company),
            name: opts.name,
            scopes: scopeList(opts.scopes),
            allowedIps: opts.allowIp,
            expires: opts.expires ?? null,
          },
          OPERATOR,
        );
        const document = {
          client_id: created.client_id,
          client_secret: created.client_secret,
          company: created.empresa_id,
          name: created.name,
          scopes: created.scopes,
          allowed_ips: created.allowed_ips,
          expires: created.expires,
          status: created.status,
          created_at: created.created_at,
        };
        emit(Boolean(opts.json), document, () =>
          [
            `Created credential "${created.name}" for company ${created.empresa_id}.`,
            `  client_id:     ${created.client_id}`,
            `  client_secret: ${created.client_secret}`,
            `  scopes:        ${created.scopes.join(' ')}`,
            `  allowed IPs:   ${created.allowed_ips.join(', ') || '(any)'}`,
            `  expires:       ${created.expires ?? 'never'}`,
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
