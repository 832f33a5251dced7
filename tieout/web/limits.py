"""The request-size limit: 413 for a body over ``max_body`` bytes, before any route reads it."""

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi.responses import Response

from tieout.web.responses import error_response

__all__ = ["ASGIApp", "BodyLimit"]

_TOO_LARGE = "the request body is over the limit of {limit} bytes"

ASGIApp = Callable[
    [MutableMapping[str, Any], Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]],
    Awaitable[None],
]


class BodyLimit:
    """413 for a body over ``limit`` bytes: by its Content-Length, and by what actually arrives."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[Any]],
        send: Callable[[Any], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                if not value.isdigit():
                    await _send(
                        send, error_response(400, "Content-Length is not a number of bytes")
                    )
                    return
                if int(value) > self.limit:
                    await _send(send, error_response(413, _TOO_LARGE.format(limit=self.limit)))
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await _send(send, error_response(413, _TOO_LARGE.format(limit=self.limit)))
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Any:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _send(send: Callable[[Any], Awaitable[None]], response: Response) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": response.status_code,
            "headers": response.raw_headers,
        }
    )
    await send({"type": "http.response.body", "body": response.body})
