import { sql } from 'kysely';

/**
 * D32: a credential expiring on day D is valid until 23:59:59.999 of D in America/Sao_Paulo.
 * One SQL predicate over the credential aliased `c`, used wherever validity is decided (token
 * checks, client authentication, the status shown to people), so they can never disagree.
 */
export const CREDENTIAL_NOT_EXPIRED = `(c.expires_on IS NULL OR now() < ((c.expires_on + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'))`;

/** CREDENTIAL_NOT_EXPIRED in a Kysely query. */
export const credentialNotExpired = sql<boolean>`${sql.raw(CREDENTIAL_NOT_EXPIRED)}`;
