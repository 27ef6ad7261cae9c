#!/usr/bin/env bash
# Obtém um token de acesso com uma credencial de chave pública (private_key_jwt), usando só
# openssl e curl: monta o JWT, assina com a chave privada e o envia ao endpoint de token.
#
# Uso:   CLIENT_ID=ae_live_... ./token-com-chave.sh privada.pem https://api.exemplo.com.br [escopos]
# Saída: a resposta JSON do endpoint de token (access_token, token_type, expires_in, scope).
#
# A chave privada é RSA (2048 bits ou mais: assina RS256) ou EC P-256 (ES256); a pública
# correspondente é a que foi cadastrada na credencial. Para criar um par EC P-256:
#   openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out privada.pem
#   openssl pkey -in privada.pem -pubout -out publica.pem
set -euo pipefail

KEY=${1:?informe o arquivo da chave privada (PEM)}
BASE_URL=${2:?informe o endereço da API, por exemplo https://api.exemplo.com.br}
SCOPE=${3:-}
: "${CLIENT_ID:?defina CLIENT_ID com o client id da credencial}"
TOKEN_URL="${BASE_URL%/}/v1/oauth/token"

b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }

if openssl pkey -in "$KEY" -noout -text 2>/dev/null | grep -q 'prime256v1'; then ALG=ES256; else ALG=RS256; fi

NOW=$(date +%s)
# jti único a cada pedido (uma asserção não vale duas vezes) e exp curto (no máximo 5 minutos).
HEADER=$(printf '{"alg":"%s","typ":"JWT"}' "$ALG" | b64url)
PAYLOAD=$(printf '{"iss":"%s","sub":"%s","aud":"%s","iat":%d,"exp":%d,"jti":"%s"}' \
  "$CLIENT_ID" "$CLIENT_ID" "$TOKEN_URL" "$NOW" "$((NOW + 60))" "$(openssl rand -hex 16)" | b64url)
SIGNING_INPUT="$HEADER.$PAYLOAD"

if [ "$ALG" = ES256 ]; then
  # O openssl assina ECDSA em DER; o JWS quer os inteiros r e s, 32 bytes cada, lado a lado.
  HEX=$(printf '%s' "$SIGNING_INPUT" | openssl dgst -sha256 -sign "$KEY" | openssl asn1parse -inform DER |
    awk -F: '/INTEGER/ { v = $NF; sub(/^(00)+/, "", v); while (length(v) < 64) v = "0" v; printf "%s", v }')
  SIGNATURE=$(printf '%b' "$(printf '%s' "$HEX" | sed 's/../\\x&/g')" | b64url)
else
  SIGNATURE=$(printf '%s' "$SIGNING_INPUT" | openssl dgst -sha256 -sign "$KEY" | b64url)
fi

curl --silent --show-error \
  --data-urlencode grant_type=client_credentials \
  ${SCOPE:+--data-urlencode "scope=$SCOPE"} \
  --data-urlencode client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer \
  --data-urlencode "client_assertion=$SIGNING_INPUT.$SIGNATURE" \
  "$TOKEN_URL"
echo
