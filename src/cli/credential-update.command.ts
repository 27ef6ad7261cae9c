import type { Command } from 'commander';
import { OPERATOR } from '../credentials/audit.ts';
import { updateCredential, type CredentialChanges } from '../credentials/credentials.service.ts';
import { credentialDocument, scopeList } from './credential-document.ts';
import type { WithStore } from './with-store.ts';
import { emit, UsageError } from './output.ts';

interface UpdateOptions {
  name?: string;
  scopes?: string;
  /** the new allowlist; false: `--no-allow-ip` (any address) */
  allowIp?: string[] | false;
  /** false: `--no-expires` */
  expires?: string | false;
  json?: boolean;
}

const collect = (value: string, previous: string[] | false | undefined): string[] => [...(previous || []), value];

/**
 * Commander keeps whichever of `--x` and `--no-x` comes last, silently; both at once say two
 * opposite things, so the command refuses them.
 */
function refuseBoth(command: Command, flag: string): Command {
  const given = new Set<string>();
  return command
    .on(`option:${flag}`, () => given.add(flag))
    .on(`option:no-${flag}`, () => given.add(`no-${flag}`))
    .hook('preAction', () => {
      if (given.size > 1) throw new UsageError(`--${flag} and --no-${flag} contradict each other: give one of them`);
    });
}

function changesOf(opts: UpdateOptions): CredentialChanges {
  const changes: CredentialChanges = {
    ...(opts.name === undefined ? {} : { name: opts.name }),
    ...(opts.scopes === undefined ? {} : { scopes: scopeList(opts.scopes) }),
    ...(opts.allowIp === undefined ? {} : { allowedIps: opts.allowIp || [] }),
    ...(opts.expires === undefined ? {} : { expires: opts.expires || null }),
  };
  if (Object.keys(changes).length === 0)
    throw new UsageError('nothing to change: give --name, --scopes, --allow-ip, --no-allow-ip, --expires or --no-expires');
  return changes;
}

/**
 * `credentials update`: what the settings page's edit form changes, as the operator. The page asks
 * a company user for their password before a sensitive scope is granted or kept; the operator acts
 * with the server's own authority, so no password is asked here. Audited as `credential.update`.
 */
export function registerCredentialUpdate(credentials: Command, withStore: WithStore): void {
  const command = credentials
    .command('update <client_id>')
    .description("change a credential's name, scopes, allowed IPs or expiry; applies from the very next request (audited)")
    .option('--name <text>', 'a new name')
    .option('--scopes <list>', 'the new comma-separated scopes (replaces them all)')
    .option('--allow-ip <ip-or-cidr>', 'the new allowlist, one address or CIDR network each time (replaces it; repeatable)', collect)
    .option('--no-allow-ip', 'empty the allowlist: any address may use the credential')
    .option('--expires <YYYY-MM-DD>', 'valid until the end of this day (America/Sao_Paulo)')
    .option('--no-expires', 'remove the expiry date')
    .option('--json', 'print one JSON document');
  refuseBoth(command, 'allow-ip');
  refuseBoth(command, 'expires');
  command.action(async (clientId: string, opts: UpdateOptions) => {
    const changes = changesOf(opts);
    await withStore(async (store) => {
      const updated = await updateCredential(store.central, clientId, changes, OPERATOR);
      const document = { ...credentialDocument(updated), company: updated.empresa_id };
      emit(Boolean(opts.json), document, () =>
        [
          `Credential ${updated.client_id} ("${updated.name}", company ${updated.empresa_id}) now has:`,
          `  scopes:      ${updated.scopes.join(' ')}`,
          `  allowed IPs: ${updated.allowed_ips.join(', ') || '(any)'}`,
          `  expires:     ${updated.expires ?? 'never'}`,
          `  status:      ${updated.status}`,
          'This applies from the very next request, to tokens already issued too.',
        ].join('\n'),
      );
    });
  });
}
