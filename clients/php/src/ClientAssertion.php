<?php

declare(strict_types=1);

namespace ApiExterna;

/**
 * Autenticação do cliente com chave privada (`private_key_jwt`, RFC 7523 §2.2): em vez de um
 * segredo, cada pedido de token ou de revogação leva um JWT curto assinado pela chave privada da
 * credencial. Com ext-openssl: RS256 e ES256 (o openssl_sign do PHP não faz RSA-PSS, então PS256 não).
 *
 * @internal
 */
final class ClientAssertion
{
    public const TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
    /** A API recusa um exp a mais de 5 minutos; um minuto deixa folga para uma requisição lenta. */
    private const LIFETIME_SECONDS = 60;

    public readonly string $algorithm;

    private function __construct(private readonly string $clientId, private readonly \OpenSSLAsymmetricKey $key, string $algorithm)
    {
        $this->algorithm = $algorithm;
    }

    /**
     * @param \OpenSSLAsymmetricKey|string $privateKey o PEM (PKCS#8, PKCS#1 ou SEC1, sem senha) ou uma chave do openssl_pkey_get_private
     * @throws \InvalidArgumentException uma chave ilegível, de um tipo que a API não aceita, ou um algoritmo que ela não faz
     */
    public static function create(string $clientId, \OpenSSLAsymmetricKey|string $privateKey, ?string $algorithm): self
    {
        if (!extension_loaded('openssl')) {
            throw new \InvalidArgumentException('privateKey: autenticar com chave privada requer a extensão openssl do PHP');
        }
        $key = is_string($privateKey) ? openssl_pkey_get_private($privateKey) : $privateKey;
        $details = $key === false ? false : openssl_pkey_get_details($key);
        if ($key === false || $details === false) {
            throw new \InvalidArgumentException('privateKey: chave privada ilegível (PEM sem senha): ' . (openssl_error_string() ?: ''));
        }
        $allowed = match (true) {
            $details['type'] === OPENSSL_KEYTYPE_RSA => ['RS256'],
            $details['type'] === OPENSSL_KEYTYPE_EC && ($details['ec']['curve_name'] ?? '') === 'prime256v1' => ['ES256'],
            default => throw new \InvalidArgumentException('privateKey: a API aceita chaves RSA (2048 bits ou mais) ou EC P-256'),
        };
        if ($algorithm !== null && !in_array($algorithm, $allowed, true)) {
            $extra = $algorithm === 'PS256' ? ' (RSA-PSS não existe no openssl_sign do PHP: use RS256, que a mesma chave faz)' : '';
            throw new \InvalidArgumentException("algorithm: esta chave assina com {$allowed[0]}, não com {$algorithm}{$extra}");
        }
        return new self($clientId, $key, $algorithm ?? $allowed[0]);
    }

    /**
     * Os campos que autenticam um pedido: uma asserção nova, com um `jti` novo (um repetido é recusado).
     *
     * @return array{client_assertion_type: string, client_assertion: string}
     */
    public function fields(string $audience): array
    {
        $now = time();
        $claims = [
            'iss' => $this->clientId,
            'sub' => $this->clientId,
            'aud' => $audience,
            'iat' => $now,
            'exp' => $now + self::LIFETIME_SECONDS,
            'jti' => bin2hex(random_bytes(16)),
        ];
        $input = self::base64url(json_encode(['alg' => $this->algorithm, 'typ' => 'JWT'], JSON_THROW_ON_ERROR))
            . '.' . self::base64url(json_encode($claims, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES));
        if (!openssl_sign($input, $signature, $this->key, OPENSSL_ALGO_SHA256)) {
            throw new \RuntimeException('falha ao assinar a asserção: ' . (openssl_error_string() ?: ''));
        }
        if ($this->algorithm === 'ES256') {
            $signature = self::rawEcdsa($signature);
        }
        return ['client_assertion_type' => self::TYPE, 'client_assertion' => $input . '.' . self::base64url($signature)];
    }

    /**
     * openssl_sign dá a assinatura ECDSA em DER (SEQUENCE de dois INTEGER); o JWS quer r‖s, 32 bytes
     * cada (RFC 7518 §3.4). Um INTEGER em DER tem um 0 à esquerda quando o bit alto está ligado, e
     * nenhum zero à esquerda além desse: cada um é cortado ou completado até 32 bytes.
     */
    public static function rawEcdsa(string $der): string
    {
        $offset = 2; // SEQUENCE e o seu tamanho (menos de 128 bytes para P-256)
        $raw = '';
        for ($i = 0; $i < 2; $i++) {
            if (ord($der[$offset]) !== 0x02) {
                throw new \RuntimeException('assinatura ECDSA inesperada');
            }
            $length = ord($der[$offset + 1]);
            $integer = ltrim(substr($der, $offset + 2, $length), "\x00");
            $raw .= str_pad($integer, 32, "\x00", STR_PAD_LEFT);
            $offset += 2 + $length;
        }
        return $raw;
    }

    private static function base64url(string $bytes): string
    {
        return rtrim(strtr(base64_encode($bytes), '+/', '-_'), '=');
    }
}
