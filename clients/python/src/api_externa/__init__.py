"""Cliente Python da API Externa v1 (somente leitura). Só a biblioteca padrão."""

from .client import ApiExterna, ChangeFeed, Export, ListResource, Resource
from .errors import ApiExternaError, Detalhe, OAuthError
from .webhook import WebhookVerificationError, verify_webhook

__all__ = [
    "ApiExterna",
    "ApiExternaError",
    "ChangeFeed",
    "Detalhe",
    "Export",
    "ListResource",
    "OAuthError",
    "Resource",
    "WebhookVerificationError",
    "verify_webhook",
]
__version__ = "0.1.0"
