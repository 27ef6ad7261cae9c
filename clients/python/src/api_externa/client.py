"""O cliente da API Externa v1: token, novas tentativas, páginas, feeds e exportações."""

from __future__ import annotations

import base64
import http.client
import json
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, Union

from .errors import ApiExternaError, api_error_of, export_error_of, oauth_error_of

QueryValue = Union[str, int, float, bool, None]
Json = Dict[str, Any]
_ErrorOf = Callable[[int, Dict[str, str], bytes], ApiExternaError]


def _form_encode(value: str) -> str:
    """application/x-www-form-urlencoded, como o RFC 6749 §2.3.1 pede para cada metade do Basic."""
    return urllib.parse.quote_plus(value, safe="*").replace("~", "%7E")


def _query_text(value: QueryValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _lower_headers(message: Any) -> Dict[str, str]:
    return {str(k).lower(): str(v) for k, v in message.items()}


def _backoff(retry: int) -> float:
    """Sem Retry-After (um 503 pode não trazê-lo): 1 s, 2 s, 4 s, ..."""
    return float(2**retry)


class ApiExterna:
    """Um cliente da API Externa v1 para uma credencial.

    Pede e renova o próprio token (antes de expirar, e uma vez depois de um 401), espera o
    ``Retry-After`` de um 429 ou 503 e tenta de novo, percorre páginas e feeds e lança erros
    tipados (``ApiExternaError``). Pode ser compartilhado entre threads.
    """

    def __init__(
        self,
        base_url: str,
        client_id: str,
        client_secret: Optional[str] = None,
        *,
        private_key: Any = None,
        algorithm: Optional[str] = None,
        scope: Optional[List[str]] = None,
        timeout: float = 30.0,
        max_retries: int = 3,
        max_retry_delay: float = 60.0,
        token_renewal_margin: float = 60.0,
    ) -> None:
        """
        :param base_url: o endereço da API, por exemplo ``https://api.example.com/v1`` (a origem sozinha também serve).
        :param client_secret: o segredo da credencial, enviado por HTTP Basic. Dê ele ou ``private_key``.
        :param private_key: no lugar do segredo, a chave privada de uma credencial criada com chave
            pública (``private_key_jwt``): o PEM (``str`` ou ``bytes``, sem senha) ou uma chave já
            carregada pelo pacote ``cryptography``, que este caminho exige.
        :param algorithm: com ``private_key``: ``"RS256"``, ``"PS256"`` ou ``"ES256"``; por padrão
            RS256 para uma chave RSA e ES256 para uma EC P-256.
        :param scope: escopos a pedir; por padrão todos os da credencial.
        :param timeout: limite, em segundos, de cada requisição; numa exportação, de cada leitura do corpo.
        :param max_retries: novas tentativas depois de um 429 ou 503 (0 desliga).
        :param max_retry_delay: a espera mais longa antes de tentar de novo, em segundos; quando o
            ``Retry-After`` pede mais, o erro é lançado na hora.
        :param token_renewal_margin: o token é renovado estes segundos antes de expirar.
        """
        base = base_url.rstrip("/")
        self._origin = base[: -len("/v1")] if base.endswith("/v1") else base
        if (client_secret is None) == (private_key is None):
            raise ValueError("informe client_secret ou private_key (um dos dois)")
        self._client_id = client_id
        self._client_secret = client_secret
        self._signer: Any = None
        if private_key is not None:
            # Importado só aqui: o caminho do segredo não depende do pacote cryptography.
            from ._assertion import AssertionSigner

            self._signer = AssertionSigner(client_id, private_key, algorithm)
        self._scope = None if scope is None else list(scope)
        self._timeout = timeout
        self._max_retries = max_retries
        self._max_retry_delay = max_retry_delay
        self._margin = token_renewal_margin
        self._opener = urllib.request.build_opener()
        self._lock = threading.Lock()
        self._cached: Optional[Tuple[str, float]] = None  # (token, instante monotônico de renovação)

        self.clientes = Resource(self, "clientes")
        self.ordens_servico = Resource(self, "ordens-servico")
        self.contas_receber = ListResource(self, "contas-receber")
        self.contas_pagar = ListResource(self, "contas-pagar")
        self.boletos = ListResource(self, "boletos")
        self.produtos = Resource(self, "produtos")
        self.servicos = Resource(self, "servicos")

    # -- token ---------------------------------------------------------------------------------

    def token(self) -> Json:
        """``POST /v1/oauth/token``: um token novo, que as chamadas seguintes reutilizam até pouco antes de expirar."""
        form = {"grant_type": "client_credentials"}
        if self._scope is not None:
            form["scope"] = " ".join(self._scope)
        response = self._respond(
            lambda: self._oauth_request("/v1/oauth/token", form, accept="application/json"), oauth_error_of
        )
        with response:
            token: Json = json.loads(response.read().decode("utf-8"))
        self._cached = (token["access_token"], time.monotonic() + float(token["expires_in"]) - self._margin)
        return token

    def revoke(self, token: Optional[str] = None) -> None:
        """``POST /v1/oauth/revoke`` (RFC 7009): revoga na hora, em toda instância da API, um token desta credencial.

        Sem argumento, o token que o cliente tem, que ele então esquece (a próxima chamada pede outro);
        sem token nenhum, não faz nada. O servidor responde igual quer o token fosse desta credencial ou não.
        """
        target = token
        if target is None:
            cached = self._cached
            if cached is None:
                return
            target = cached[0]
        form = {"token": target}
        response = self._respond(lambda: self._oauth_request("/v1/oauth/revoke", form), oauth_error_of)
        with response:
            response.read()
        with self._lock:
            if self._cached is not None and self._cached[0] == target:
                self._cached = None

    def _oauth_request(self, path: str, form: Dict[str, str], accept: Optional[str] = None) -> urllib.request.Request:
        """Um pedido ao endpoint de token ou de revogação, com a autenticação do cliente.

        O segredo vai por HTTP Basic; uma chave assina uma asserção nova no corpo, a cada tentativa:
        repetida, ela repetiria o ``jti`` e seria recusada.
        """
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if accept is not None:
            headers["Accept"] = accept
        if self._signer is not None:
            # A URL do endpoint de token é uma audiência que os dois endpoints aceitam (RFC 7523 §3).
            form = {**form, **self._signer.fields(f"{self._origin}/v1/oauth/token")}
        else:
            basic = base64.b64encode(
                f"{_form_encode(self._client_id)}:{_form_encode(self._client_secret or '')}".encode("utf-8")
            ).decode("ascii")
            headers["Authorization"] = f"Basic {basic}"
        return urllib.request.Request(
            f"{self._origin}{path}",
            data=urllib.parse.urlencode(form).encode("ascii"),
            method="POST",
            headers=headers,
        )

    def _access_token(self) -> str:
        cached = self._cached
        if cached is not None and time.monotonic() < cached[1]:
            return cached[0]
        # Chamadas simultâneas esperam um só pedido de token.
        with self._lock:
            cached = self._cached
            if cached is not None and time.monotonic() < cached[1]:
                return cached[0]
            return str(self.token()["access_token"])

    # -- requisições ---------------------------------------------------------------------------

    def get(self, path: str, **query: QueryValue) -> Any:
        """Um GET qualquer da API (``/v1/...``), com token, novas tentativas e erros tipados; devolve o JSON."""
        response = self._authorized(path, query, "application/json")
        with response:
            return json.loads(response.read().decode("utf-8"))

    def _authorized(self, path: str, query: Dict[str, QueryValue], accept: str) -> http.client.HTTPResponse:
        """Um GET de dados até a sua resposta 2xx, corpo por ler: o chamador a fecha."""
        params = {k: _query_text(v) for k, v in query.items() if v is not None}
        url = f"{self._origin}{path}"
        if params:
            url += "?" + urllib.parse.urlencode(params)
        renewed = False
        while True:
            token = self._access_token()
            request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}", "Accept": accept})
            try:
                return self._respond(lambda: request, api_error_of)
            except ApiExternaError as err:
                # Um token pode ser revogado (segredo trocado) ou expirar antes do previsto: um novo, uma vez.
                if renewed or err.status != 401:
                    raise
                renewed = True
                with self._lock:
                    if self._cached is not None and self._cached[0] == token:
                        self._cached = None

    def _respond(
        self, build: Callable[[], urllib.request.Request], error_of: _ErrorOf
    ) -> http.client.HTTPResponse:
        """Envia a requisição que ``build`` monta (de novo a cada tentativa) e devolve a resposta 2xx;
        429 e 503 são tentados de novo até max_retries vezes."""
        retry = 0
        while True:
            try:
                response: http.client.HTTPResponse = self._opener.open(build(), timeout=self._timeout)
                return response
            except urllib.error.HTTPError as failure:
                with failure:
                    body = failure.read()
                    error = error_of(failure.code, _lower_headers(failure.headers), body)
            if error.status not in (429, 503) or retry >= self._max_retries:
                raise error
            delay = float(error.retry_after) if error.retry_after is not None else _backoff(retry)
            if delay > self._max_retry_delay:
                raise error
            time.sleep(delay)
            retry += 1


class ListResource:
    """Um recurso com listagem (``list``, ``pages``, ``all``), feed (``changes``, ``cursor_now``) e exportação (``export``)."""

    def __init__(self, client: ApiExterna, name: str) -> None:
        self._client = client
        self._path = f"/v1/{name}"

    def list(self, **query: QueryValue) -> Json:
        """Uma página: ``data`` e ``meta`` (pagina, por_pagina, total, total_paginas)."""
        page: Json = self._client.get(self._path, **query)
        return page

    def pages(self, **query: QueryValue) -> Iterator[Json]:
        """Todas as páginas, de ``pagina`` (padrão 1) à última, com os mesmos filtros, uma por vez."""
        pagina = int(query.pop("pagina", None) or 1)
        while True:
            page = self.list(**query, pagina=pagina)
            yield page
            # Páginas por deslocamento: um registro criado ou excluído no meio desloca as seguintes.
            if pagina >= int(page["meta"]["total_paginas"]):
                return
            pagina += 1

    def all(self, **query: QueryValue) -> Iterator[Json]:
        """Todos os registros da listagem, página após página (uma requisição por página, quando preciso)."""
        for page in self.pages(**query):
            yield from page["data"]

    def changes(self, cursor: Optional[str] = None, **query: QueryValue) -> "ChangeFeed":
        """O feed de alterações a partir de ``cursor`` (sem cursor: do começo, uma sincronização completa)."""
        return ChangeFeed(lambda at: self._client.get(f"{self._path}/alteracoes", **query, cursor=at), cursor)

    def cursor_now(self) -> str:
        """O cursor do fim do feed neste momento (``a_partir=agora``), para uma cópia carregada de outro jeito."""
        page = self._client.get(f"{self._path}/alteracoes", a_partir="agora")
        return str(page["meta"]["proximo_cursor"])

    def export(self, **query: QueryValue) -> "Export":
        """A exportação: todos os registros atuais numa resposta NDJSON lida linha a linha; depois ``cursor`` e ``total``."""
        client = self._client
        path = f"{self._path}/exportacao"
        return Export(lambda: client._authorized(path, query, "application/x-ndjson, application/json"))


class Resource(ListResource):
    """Um recurso que também tem detalhe (``get``)."""

    def get(self, id: int, **query: QueryValue) -> Json:
        """Um registro pelo id (404 ``recurso_nao_encontrado`` quando não existe para esta empresa)."""
        body = self._client.get(f"{self._path}/{urllib.parse.quote(str(id), safe='')}", **query)
        record: Json = body["data"]
        return record


class ChangeFeed:
    """Uma leitura do feed de alterações: ``for entrada in feed`` traz cada alteração desde o cursor.

    Depois do laço, ``feed.cursor`` é de onde continuar da próxima vez: guarde-o com os dados. O
    cursor só avança depois de uma página cujas entradas foram todas entregues: um laço
    interrompido (``break``, uma exceção ao aplicar uma entrada) deixa o cursor no começo daquela
    página, e continuar dele repete entradas em vez de pular alguma (aplicar de novo não faz mal).
    """

    def __init__(self, read: Callable[[Optional[str]], Json], cursor: Optional[str]) -> None:
        self._read = read
        self._cursor = cursor

    @property
    def cursor(self) -> Optional[str]:
        """De onde continuar: o cursor dado, até a leitura passar de uma página; None numa leitura do começo ainda não iniciada."""
        return self._cursor

    def __iter__(self) -> Iterator[Json]:
        while True:
            page = self._read(self._cursor)
            yield from page["data"]
            self._cursor = page["meta"]["proximo_cursor"]
            if not page["meta"]["tem_mais"]:
                return


class Export:
    """Uma exportação: ``for registro in exp`` envia a requisição e traz cada registro conforme chega.

    O corpo é lido uma linha por vez, nunca inteiro. Depois do laço, ``exp.cursor`` é o cursor do
    feed logo depois do instante da exportação e ``exp.total`` o número de registros. Uma resposta
    sem a linha de fim, com uma linha que não é JSON ou com um total diferente dos registros
    entregues lança ``ApiExternaError`` (``exportacao_incompleta`` ou ``resposta_inesperada``)
    depois dos registros já entregues: exporte de novo desde o começo. Nada é tentado de novo depois
    que a resposta começou. Cada novo laço sobre o mesmo objeto é uma nova exportação.
    """

    def __init__(self, open_answer: Callable[[], http.client.HTTPResponse]) -> None:
        self._open = open_answer
        self._cursor: Optional[str] = None
        self._total: Optional[int] = None

    @property
    def cursor(self) -> Optional[str]:
        """O cursor do feed da linha de fim, depois de um laço que leu a resposta inteira; None até lá."""
        return self._cursor

    @property
    def total(self) -> Optional[int]:
        """O número de registros, da linha de fim (conferido com os entregues); None até lá."""
        return self._total

    def __iter__(self) -> Iterator[Json]:
        self._cursor = None
        self._total = None
        response = self._open()
        request_id = response.headers.get("x-request-id")

        def fail(codigo: str, mensagem: str) -> ApiExternaError:
            return export_error_of(codigo, mensagem, request_id)

        number = 0
        yielded = 0
        end: Optional[Json] = None
        # Fechar a resposta (também num break ou numa exceção) encerra a exportação no servidor.
        with response:
            while True:
                try:
                    raw = response.readline()
                except socket.timeout:
                    raise
                except (OSError, http.client.HTTPException) as err:
                    raise fail(
                        "exportacao_incompleta", f"A conexão caiu depois de {yielded} registros, antes da linha de fim."
                    ) from err
                if raw == b"":
                    break
                if not raw.endswith(b"\n"):
                    raise fail(
                        "exportacao_incompleta",
                        f"A exportação terminou no meio de uma linha, depois de {yielded} registros.",
                    )
                number += 1
                if end is not None:
                    raise fail("resposta_inesperada", f"A exportação tem uma linha ({number}) depois da linha de fim.")
                source = raw[:-1].decode("utf-8", errors="replace")
                try:
                    value = json.loads(source)
                except ValueError as err:
                    raise fail(
                        "resposta_inesperada", f"A linha {number} da exportação não é JSON: {source[:80]}"
                    ) from err
                if not isinstance(value, dict):
                    raise fail(
                        "resposta_inesperada", f"A linha {number} da exportação não é um objeto JSON: {source[:80]}"
                    )
                if "fim" in value:
                    if not _is_end(value):
                        raise fail("resposta_inesperada", f"A linha de fim da exportação está malformada: {source[:200]}")
                    end = value
                else:
                    yielded += 1
                    yield value
        if end is None:
            raise fail(
                "exportacao_incompleta", f"A exportação terminou sem a linha de fim, depois de {yielded} registros."
            )
        if end["total"] != yielded:
            raise fail("exportacao_incompleta", f"A linha de fim informa {end['total']} registros, mas vieram {yielded}.")
        self._total = int(end["total"])
        self._cursor = str(end["proximo_cursor"])


def _is_end(value: Json) -> bool:
    total = value.get("total")
    return (
        value.get("fim") is True
        and isinstance(total, int)
        and not isinstance(total, bool)
        and isinstance(value.get("proximo_cursor"), str)
    )
