// What the page checks of a pasted public key before sending it (the server checks it all again,
// src/settings/key-problems.ts): that there is one, and that it is not a PEM private key — which
// is then never sent anywhere.

/** The server's words for a private key (src/settings/key-problems.ts, `private`). */
const PRIVATE_KEY =
  'Esta é uma chave PRIVADA: ela não deve sair do servidor do integrador. Cole apenas a chave pública correspondente, e peça ao integrador que gere um novo par de chaves, pois esta pode ter sido exposta.';

/**
 * @param {string} text the textarea's value
 * @returns {string | null} what is wrong with it, or null
 */
export function publicKeyProblem(text) {
  if (text.trim() === '') return 'Cole a chave pública do integrador (PEM ou JWK).';
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) return PRIVATE_KEY;
  return null;
}
