import type { KeyProblem } from '../credentials/public-key.ts';
import { MIN_RSA_KEY_BITS } from '../domain/client-auth.ts';

/** What the settings API says of a public key it refuses (credentials/public-key.ts), beside the field. */
export const KEY_PROBLEMS: Record<KeyProblem, string> = {
  empty: 'Cole a chave pública do integrador (PEM ou JWK).',
  unreadable: 'Não foi possível ler a chave: cole uma chave pública em PEM (-----BEGIN PUBLIC KEY-----) ou em JWK (JSON).',
  private:
    'Esta é uma chave PRIVADA: ela não deve sair do servidor do integrador. Cole apenas a chave pública correspondente, e peça ao integrador que gere um novo par de chaves, pois esta pode ter sido exposta.',
  several: 'Cole uma única chave pública.',
  'unsupported-type': 'Tipo de chave não aceito: use RSA (2048 bits ou mais) ou EC P-256.',
  'short-rsa': `Chave RSA curta demais: use ${MIN_RSA_KEY_BITS} bits ou mais.`,
  'unsupported-curve': 'Curva não aceita: use EC P-256 (ES256).',
  'unsupported-alg': 'O campo "alg" do JWK deve ser RS256, PS256 ou ES256.',
  'alg-mismatch': 'O campo "alg" do JWK não corresponde ao tipo da chave.',
};
