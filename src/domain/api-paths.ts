/** The base path of the data API (D1) and the token endpoint on it. */
export const API_BASE_PATH = '/v1';
export const TOKEN_PATH = `${API_BASE_PATH}/oauth/token`;
/** Token revocation (D58, RFC 7009). */
export const REVOKE_PATH = `${API_BASE_PATH}/oauth/revoke`;
