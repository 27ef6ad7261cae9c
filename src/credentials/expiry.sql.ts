import { sql } from 'kysely';

/**
 * D32: a credential expiring on day D is valid until 23:59:59.999 of D in America/Sao_Paulo.
 * One SQL predicate over the credential aliased `c`, used wherever validity is decided (token
 * checks, client authentication, the status shown to people), so they can never disagree.
 */
export const credentialNotExpired = sql<boolean>`(c.expires_on IS NULL OR now() < ((c.expires_on + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'))`;
