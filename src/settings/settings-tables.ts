import type { ColumnType, Kysely } from 'kysely';
import type { CentralDatabase } from '../store/tables.ts';

/** settings_sessions (migration central/0002_settings.sql). */
// Type aliases, not interfaces: Kysely's withTables wants types with implicit index signatures.
export type SettingsSessionsTable = {
  id_hash: Buffer;
  usuario_id: number;
  csrf_token: string;
  ip: string | null;
  user_agent: string | null;
  created_at: ColumnType<string, string | undefined, string>;
  last_seen_at: ColumnType<string, string | undefined, string>;
  expires_at: string;
};

export type SettingsTables = {
  settings_sessions: SettingsSessionsTable;
};

export type SettingsDatabase = CentralDatabase & SettingsTables;

/** The central database seen with the settings area's own tables, declared here with their migration. */
export function settingsDb(db: Kysely<CentralDatabase>): Kysely<SettingsDatabase> {
  return db.withTables<SettingsTables>();
}
