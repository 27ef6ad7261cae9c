// Where the API is, as an integrator's server reaches it: this page's own origin (the settings
// area and the API are served by the same server), the API base and its token endpoint
// (src/domain/api-paths.ts; the settings e2e tests check the two agree).

const API_BASE_PATH = '/v1';
const TOKEN_PATH = API_BASE_PATH + '/oauth/token';

/** This server's origin and `/v1`. */
export function apiBaseUrl() {
  return window.location.origin + API_BASE_PATH;
}

/** This server's origin and `/v1/oauth/token`. */
export function tokenUrl() {
  return window.location.origin + TOKEN_PATH;
}

/**
 * A ready command that gets a token: the credentials by HTTP Basic (`-u`), never in the URL or
 * the body. Client ids and secrets use only `A-Z a-z 0-9 _ -`, which no shell reads specially.
 * `-g` keeps curl from reading the brackets of an IPv6 address as a URL pattern.
 * @param {string} clientId
 * @param {string} secret
 * @returns {string}
 */
export function curlLine(clientId, secret) {
  const globOff = window.location.hostname.startsWith('[') ? ' -g' : '';
  return 'curl' + globOff + ' -u ' + clientId + ':' + secret + ' -d grant_type=client_credentials ' + tokenUrl();
}
