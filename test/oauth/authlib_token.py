"""Gets a token with Authlib's private_key_jwt client authentication, as a Python integrator would.

Arguments: client id, private key PEM file, token endpoint URL, JWS algorithm. Prints the token
response's access_token and token_type as one JSON line; an OAuth error ends with a traceback.

Authlib signs assertions valid for an hour unless told otherwise; the API accepts at most five
minutes, so each assertion is given its own exp — the one line the guide tells Authlib users to add.
"""
import json
import sys
import time

from authlib.integrations.requests_client import OAuth2Session
from authlib.oauth2.rfc7523 import PrivateKeyJWT


class ShortLivedPrivateKeyJWT(PrivateKeyJWT):
    def sign(self, auth, token_endpoint):
        self.claims = {'exp': int(time.time()) + 60}
        return super().sign(auth, token_endpoint)


client_id, key_file, token_url, alg = sys.argv[1:5]
with open(key_file, encoding='utf-8') as f:
    private_key = f.read()
auth = ShortLivedPrivateKeyJWT(token_url, alg=alg)
session = OAuth2Session(client_id, private_key, token_endpoint_auth_method=auth, scope='clientes:ler')
token = session.fetch_token(token_url, grant_type='client_credentials')
print(json.dumps({'access_token': token['access_token'], 'token_type': token['token_type']}))
