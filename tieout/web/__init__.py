"""The HTTP API (``tieout serve``): FastAPI over the same jobs the CLI runs, behind API keys."""

from tieout.web.app import DEFAULT_MAX_BODY, create_app, openapi_document

__all__ = ["DEFAULT_MAX_BODY", "create_app", "openapi_document"]
