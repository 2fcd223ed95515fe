"""The ASGI application: :func:`create_app` wires the REST API, the WebSocket and the runtime.

OpenAPI is served at ``/openapi.json`` and its documentation at ``/docs``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from pydantic import BaseModel

import croupier
from croupier.server.api import ApiError, api_error_response
from croupier.server.api import router as api_router
from croupier.server.api_house import router as house_router
from croupier.server.db import RECORD_DOWN, Database, record_down, record_down_errors
from croupier.server.runtime import Server, ServerSettings
from croupier.server.web.routes import router as web_router
from croupier.server.ws import router as ws_router

__all__ = ["ERROR_RESPONSES", "create_app"]


class ErrorBody(BaseModel):
    """Every refusal of the API: a code, a message, and for a rule the article."""

    error: str
    message: str
    article: str | None = None


#: the refusals any route of the API may answer (documented in /openapi.json)
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": text}
    for status, text in (
        (400, "a bad request (a field, the JSON, a command the protocol refuses)"),
        (401, "no session, or a wrong name or password"),
        (403, "not allowed for this role, or a cookie request without its CSRF header"),
        (404, "no such table or round"),
        (409, "refused by the rules (the article is named) or a conflict"),
        (413, "the body is over the size limit"),
        (423, "the account is locked"),
        (503, "the server cannot serve now (a table out of service, too many requests)"),
    )
}


def create_app(
    settings: ServerSettings,
    *,
    announce: Callable[[str], None] | None = None,
    database: Database | None = None,
) -> FastAPI:
    """The application of one server process (started and stopped with the ASGI lifespan);
    ``database`` if the caller opened (and locked) it already."""
    server = Server(settings, announce=announce, database=database)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    app = FastAPI(
        title="croupier",
        version=croupier.__version__,
        description="Live tables of Macau's official casino games: REST and WebSocket.",
        lifespan=lifespan,
    )
    app.state.server = server
    app.include_router(api_router, responses=ERROR_RESPONSES)
    app.include_router(house_router, responses=ERROR_RESPONSES)
    app.include_router(ws_router)
    app.include_router(web_router)  # the web tables' pages and static files (docs/web.md)

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return api_error_response(exc)

    async def _record_down(_request: Request, exc: Exception) -> JSONResponse:
        """The database out of reach (restarting, connections cut): 503, try again; any other
        error of the same class is raised on (a 500, its traceback in the log)."""
        if not record_down(exc):
            raise exc
        return JSONResponse({"error": "unavailable", "message": RECORD_DOWN}, status_code=503)

    for kind in record_down_errors():
        app.add_exception_handler(kind, _record_down)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in exc.errors()
        )
        return JSONResponse(
            {"error": "bad-request", "message": problems or "invalid request"}, status_code=400
        )

    def openapi() -> dict[str, Any]:
        """FastAPI's schema, less the 422 it adds to every route: a bad request is answered
        400 with the error body (the handler above), and the schema must say what is sent."""
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title,
                version=app.version,
                description=app.description,
                routes=app.routes,
            )
            for path in schema.get("paths", {}).values():
                for operation in path.values():
                    operation.get("responses", {}).pop("422", None)
            for name in ("HTTPValidationError", "ValidationError"):
                schema.get("components", {}).get("schemas", {}).pop(name, None)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    limit = settings.max_message_bytes

    @app.middleware("http")
    async def _body_limit(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            return JSONResponse(
                {"error": "too-large", "message": f"a request body is at most {limit} bytes"},
                status_code=413,
            )
        return await call_next(request)

    return app
