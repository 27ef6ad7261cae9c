import type { Command } from 'commander';
import { listCredentialEvents, type AuditEvent } from '../credentials/audit.query.ts';
import { existingCredential } from '../credentials/credentials.service.ts';
import type { WithStore } from './with-store.ts';
import { emit } from './output.ts';

function actorText(event: AuditEvent): string {
  const { actor } = event;
  if (actor.type === 'operator') return 'the operator';
  const who = actor.type === 'usuario' ? `user ${actor.id ?? '?'}${actor.nome === null ? '' : ` (${actor.nome})`}` : 'anonymous';
  return event.ip === null ? who : `${who} from ${event.ip}`;
}

function eventLine(event: AuditEvent): string {
  const details = Object.keys(event.details).length === 0 ? '' : `  ${JSON.stringify(event.details)}`;
  return `${event.created_at}  ${event.action}  by ${actorText(event)}${details}`;
}

/** `credentials audit`: a credential's audit trail, newest first, as the settings page shows it. */
export function registerCredentialAudit(credentials: Command, withStore: WithStore): void {
  credentials
    .command('audit <client_id>')
    .description("a credential's audit trail, newest first: who created, changed, rotated or revoked it (never a secret)")
    .option('--json', 'print one JSON document')
    .action(async (clientId: string, opts: { json?: boolean }) =>
      withStore(async (store) => {
        const row = await existingCredential(store.central, clientId);
        const events = await listCredentialEvents(store.central, row.empresa_id, row.id);
        emit(Boolean(opts.json), { client_id: row.client_id, company: row.empresa_id, events }, () =>
          [`Audit trail of ${row.client_id} ("${row.name}", company ${row.empresa_id}), newest first:`, ...events.map(eventLine)].join(
            '\n',
          ),
        );
      }),
    );
}
