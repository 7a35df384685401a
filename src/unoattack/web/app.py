"""The FastAPI application: REST endpoints, the WebSocket endpoint and the static page.

``create_app(Settings(...))`` builds an app; ``unoattack serve`` runs it with uvicorn.
The OpenAPI page is at ``/docs``; docs/protocol.md describes the WebSocket protocol.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import segno
from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from unoattack.engine import LAUNCHER_MODELS, Record
from unoattack.rules import EDITION_NAMES, Edition
from unoattack.rules.edition import (  # the option menus, shared with the engine's checks
    LAUNCHER_EFFECTS,
    OPTION_CHOICES,
    OPTION_RANGES,
    WILD_CUSTOM_EFFECTS,
)
from unoattack.web.address import invite_base
from unoattack.web.house_rules import deck_cards, house_rules
from unoattack.web.manager import Connection, Settings, TableManager
from unoattack.web.presets import presets
from unoattack.web.protocol import (
    BOT_LEVELS,
    BOT_PACES,
    MAX_CHAT,
    MAX_MESSAGE_BYTES,
    MAX_NAME,
    AddBot,
    CreateTable,
    Hello,
    HostCommand,
    Join,
    MessageError,
    Reclaim,
    SetPace,
    parse_client_message,
    protocol_schema,
)
from unoattack.web.store import Store
from unoattack.web.table import Setup, TableError

log = logging.getLogger("unoattack.web")

#: Seconds a new connection has to say hello.
HELLO_TIMEOUT = 10.0
#: Messages refused in a row by the rate limiter before the connection is closed.
MAX_STRIKES = 100

STATIC = Path(str(resources.files("unoattack.web").joinpath("static")))
#: The languages of the page (static/i18n.js).
PAGE_LANGUAGES = ("en", "fr")

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; media-src 'self' data:; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)


class Created(BaseModel):
    code: str
    invite: str
    host_token: str
    seat: int | None
    token: str | None


class Joined(BaseModel):
    seat: int
    token: str


class _BodyLimit:
    """Pure ASGI middleware: a request body larger than ``limit`` bytes is refused with
    413 before any route reads it (a declared length at once; a streamed body as soon as
    it passes the limit), so that nobody can make the server read megabytes."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        response = JSONResponse(
            {"code": "too_large", "detail": f"the request body is larger than {self.limit} bytes"},
            status_code=413,
        )
        await response({"type": "http"}, _no_body, send)


async def _no_body() -> Message:
    return {"type": "http.request", "body": b"", "more_body": False}


#: A WebSocket's path: ``/ws/{code}``.
_SOCKET_PATH = re.compile(r"/ws/([^/]+)")


class _WebSockets:
    """Pure ASGI middleware, outermost: the game's WebSockets (``/ws/{code}``) are served
    here, on the ASGI server's own ``send`` and ``receive``. FastAPI's routing would
    keep some twenty coroutines and their closures alive per socket for its whole
    match, which the garbage collector scans again and again, and would wrap each
    message in layers that only watch HTTP responses (web/outbox.py)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            found = _SOCKET_PATH.fullmatch(scope["path"])
            if found is not None:
                cluster = getattr(scope["app"].state, "cluster", None)
                if cluster is not None:
                    await cluster.serve_link(scope, receive, send, found[1])
                else:
                    await _socket(scope, receive, send, found[1])
                return
        await self.app(scope, receive, send)


class _SecurityHeaders:
    """Pure ASGI middleware: security headers on every HTTP response (not /docs' CSP,
    whose page loads Swagger UI from a CDN)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        csp = not path.startswith(("/docs", "/redoc"))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if csp:
                    headers["Content-Security-Policy"] = CSP
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "no-referrer"
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(settings: Settings | None = None, store: Store | None = None) -> FastAPI:
    """The web application. Tables are loaded from the store (by replay) at startup."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = store or Store(settings.db_url)
        manager = TableManager(db, settings)
        app.state.manager = manager
        cluster = None
        if settings.redis_url:  # one of several processes: a table loads when this one takes it
            from unoattack.web.cluster import Cluster

            cluster = await Cluster.start(app, manager)
        else:
            count = manager.load()
            log.info("loaded %d tables from %s", count, db.url)
        manager.defer_commits()
        manager.resume()
        try:
            yield
        finally:
            if cluster is not None:
                db.flush_actions()  # before the leases go
                await cluster.stop()
            manager.shutdown()
            if store is None:
                db.close()

    app = FastAPI(
        title="UNO Attack! web server",
        version="1",
        description=(
            "Create a table, join it, add bots, start the match; then play over the "
            "WebSocket at `/ws/{code}` (see docs/protocol.md; `GET /api/protocol` gives the "
            "JSON schema of the client messages)."
        ),
        lifespan=lifespan,
    )
    if settings.redis_url:  # innermost: a call is forwarded once the limits have judged it
        from unoattack.web.cluster import ClusterRouter

        app.add_middleware(ClusterRouter)
    app.add_middleware(_BodyLimit, limit=settings.max_body)
    app.add_middleware(_SecurityHeaders)  # outside the body limit: on its refusals too
    app.add_middleware(_WebSockets)
    app.state.settings = settings

    def manager_of(request: Request | WebSocket) -> TableManager:
        manager: TableManager = request.app.state.manager
        return manager

    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        body: dict[str, Any] = {"code": exc.code, "detail": exc.message}
        if exc.details:
            body["details"] = exc.details
        return JSONResponse(body, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # FastAPI's own answer echoes each error's input, and a body holding NaN or
        # Infinity (which the JSON parser reads) cannot be written back as JSON: it
        # failed with a 500. Where and what is wrong is enough.
        errors = [{k: v for k, v in e.items() if k != "input"} for e in exc.errors()]
        return JSONResponse({"detail": jsonable_encoder(errors)}, status_code=422)

    # ------------------------------------------------------------------ pages

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/t/{code}", include_in_schema=False)
    async def table_page(code: str) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ------------------------------------------------------------------ REST

    @app.get("/api/options", tags=["tables"])
    async def options() -> dict[str, Any]:
        """What a new table may choose: editions and their rules, launchers, bot levels."""
        editions = []
        for name in EDITION_NAMES:
            edition = Edition.load(name)
            editions.append(
                {
                    "name": name,
                    "title": edition.title,
                    # The page names the edition in its language from the edition's data,
                    # as the terminal game does (one source for the titles).
                    "titles": {lang: edition.title_in(lang) for lang in PAGE_LANGUAGES},
                    "description": edition.description,
                    "descriptions": {lang: edition.description_in(lang) for lang in PAGE_LANGUAGES},
                    "options": edition.to_dict()["options"],
                    "house_rules": house_rules(edition),
                    "presets": presets(edition),
                    "cards": deck_cards(edition),
                }
            )
        choices: dict[str, list[str]] = {k: list(v) for k, v in OPTION_CHOICES.items()}
        choices["wild_custom_effect"] = [
            e if e not in ("hit:N", "attack:N") else e.replace("N", "2")
            for e in WILD_CUSTOM_EFFECTS
        ]
        return {
            "editions": editions,
            "choices": choices,
            "ranges": {k: list(v) for k, v in OPTION_RANGES.items()},
            "launcher_effects": list(LAUNCHER_EFFECTS),
            "launchers": [m for m in LAUNCHER_MODELS if m != "scripted"],
            "bot_levels": list(BOT_LEVELS),
            "bot_paces": list(BOT_PACES),
            "seats": [2, 10],
            "allow_seed": settings.allow_seed,
            "limits": {"name": MAX_NAME, "chat": MAX_CHAT, "message_bytes": MAX_MESSAGE_BYTES},
        }

    @app.get("/api/protocol", tags=["protocol"])
    async def protocol() -> dict[str, Any]:
        """The JSON schema of the messages a client sends over the WebSocket."""
        return protocol_schema()

    @app.post("/api/tables", tags=["tables"], status_code=201)
    async def create_table(body: CreateTable, request: Request) -> Created:
        """Create a table in the lobby. Keep ``host_token`` (host commands) and ``token``
        (the host's own seat, when ``host_name`` is given)."""
        if body.seed is not None and not settings.allow_seed:
            raise TableError("no_seed", "this server deals with its own seeds", 422)
        if body.launcher.strip().lower().startswith("scripted") and not settings.allow_seed:
            # A scripted launcher's outcomes are known in advance, like a chosen seed.
            raise TableError("no_scripted", "this server does not allow a scripted launcher", 422)
        manager_of(request).check_rate("create", _address(request))
        options: dict[str, Any] = dict(body.options)
        if body.scoring_mode is not None:
            options["scoring_mode"] = body.scoring_mode
        if body.target_score is not None:
            options["target_score"] = body.target_score
        setup = Setup(
            edition=body.edition,
            options=options,
            launcher=body.launcher,
            seed=body.seed if body.seed is not None else secrets.randbits(62),
            turn_timer=body.turn_timer,
            hints=body.hints,
            bot_pace=body.bot_pace,
        )
        manager = manager_of(request)
        table, host_token, token = manager.create(setup, body.seats, body.host_name)
        base = invite_url(request, settings)
        return Created(
            code=table.code,
            invite=f"{base}/t/{table.code}",
            host_token=host_token,
            seat=0 if token else None,
            token=token,
        )

    @app.get("/api/tables/{code}/invite.svg", tags=["tables"])
    async def invite_qr(code: str, request: Request) -> Response:
        """The table's invite link as a QR code (SVG), for a phone's camera."""
        table = manager_of(request).get(code)
        link = f"{invite_url(request, settings)}/t/{table.code}"
        return Response(
            invite_svg(link), media_type="image/svg+xml", headers={"Cache-Control": "no-cache"}
        )

    @app.get("/api/tables/{code}", tags=["tables"])
    async def get_table(code: str, request: Request) -> dict[str, Any]:
        """The table's public state: rules, seats (who is there, away, a bot)."""
        return manager_of(request).get(code).public()

    @app.post("/api/tables/{code}/join", tags=["tables"])
    async def join(code: str, body: Join, request: Request) -> Joined:
        """Sit at an empty seat with a display name; keep the token to act and come back."""
        manager = manager_of(request)
        manager.check_rate("join", _address(request))
        seat, token = manager.join(code, body.name, body.seat)
        return Joined(seat=seat, token=token)

    @app.post("/api/tables/{code}/reclaim", tags=["tables"])
    async def reclaim(code: str, body: Reclaim, request: Request) -> Joined:
        """Take your seat on this device with the seat's rejoin code (your other device
        then watches); keep the new token."""
        seat, token = manager_of(request).reclaim(code, body.rejoin)
        return Joined(seat=seat, token=token)

    @app.post("/api/tables/{code}/seats/{seat}/bot", tags=["host"])
    async def add_bot(code: str, seat: int, body: AddBot, request: Request) -> dict[str, Any]:
        """Host: put a bot in an empty seat."""
        manager = manager_of(request)
        manager.add_bot(code, body.host_token, seat, body.level)
        return manager.get(code).public()

    @app.post("/api/tables/{code}/seats/{seat}/remove", tags=["host"])
    async def remove_seat(
        code: str, seat: int, body: HostCommand, request: Request
    ) -> dict[str, Any]:
        """Host, before the start: remove a seat (the seats after it move up)."""
        manager = manager_of(request)
        manager.remove_seat(code, body.host_token, seat)
        return manager.get(code).public()

    @app.post("/api/tables/{code}/seats/{seat}/kick", tags=["host"])
    async def kick(code: str, seat: int, body: HostCommand, request: Request) -> dict[str, Any]:
        """Host: remove a player; during a match a bot takes the seat over."""
        manager = manager_of(request)
        manager.kick(code, body.host_token, seat)
        return manager.get(code).public()

    @app.post("/api/tables/{code}/seats/{seat}/readmit", tags=["host"])
    async def readmit(code: str, seat: int, body: HostCommand, request: Request) -> dict[str, Any]:
        """Host, during the match: give a seat back to the player a bot replaced."""
        manager = manager_of(request)
        manager.readmit(code, body.host_token, seat)
        return manager.get(code).public()

    @app.post("/api/tables/{code}/pace", tags=["host"])
    async def set_pace(code: str, body: SetPace, request: Request) -> dict[str, Any]:
        """Host, in the lobby or during the match: how quickly the bots play (``quick``,
        ``normal`` or ``relaxed``: the server's bot delay halved, as is, or doubled)."""
        manager = manager_of(request)
        manager.set_pace(code, body.host_token, body.pace)
        return manager.get(code).public()

    @app.post("/api/tables/{code}/start", tags=["host"])
    async def start(code: str, body: HostCommand, request: Request) -> dict[str, Any]:
        """Host: deal the match (every seat must hold a player or a bot)."""
        manager = manager_of(request)
        manager.start(code, body.host_token)
        return manager.get(code).public()

    @app.post("/api/tables/{code}/rematch", tags=["host"])
    async def rematch(code: str, body: HostCommand, request: Request) -> dict[str, Any]:
        """Host, after the match: a new match at the same table (same seats and link, a
        fresh seed); every page at the table moves to it."""
        manager = manager_of(request)
        manager.rematch(code, body.host_token)
        return manager.get(code).public()

    @app.get("/api/tables/{code}/replay", tags=["replay"])
    async def replay(
        code: str,
        request: Request,
        step: Annotated[int, Query(ge=0)] = 0,
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, Any]:
        """After the match: the game after ``step`` actions, as your seat (token in the
        ``X-Seat-Token`` header) or a spectator saw it, with that step's action and events."""
        return manager_of(request).replay(code, step, x_seat_token)

    @app.get("/api/tables/{code}/record", tags=["replay"])
    async def record(code: str, request: Request) -> Response:
        """After the match: the game record (``unoattack verify`` checks it)."""
        table = manager_of(request).get(code)
        if table.status != "over" or table.game is None:
            raise TableError("not_over", "the record opens when the match is over")
        text = Record.from_game(table.game).to_json()
        return Response(text, media_type="application/json")

    return app


def _address(request: Request) -> str:
    """The client's address (behind a proxy, uvicorn's ``--forwarded-allow-ips`` makes
    it the client's rather than the proxy's)."""
    return request.client.host if request.client is not None else "unknown"


def _peek_ref(raw: str | bytes) -> int | None:
    """The ``ref`` of a message the server will not read in full (over the rate), when
    it is a JSON object no larger than a message may be, with an integer ``ref``."""
    if len(raw) > MAX_MESSAGE_BYTES:
        return None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: arrays nested a thousand deep
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    return ref if isinstance(ref, int) and not isinstance(ref, bool) else None


def invite_svg(link: str) -> bytes:
    """``link`` as a QR code: an SVG file, black on white for every phone's camera."""
    out = io.BytesIO()
    segno.make(link, error="m").save(
        out, kind="svg", scale=4, dark="#111", light="#fff", xmldecl=False
    )
    return out.getvalue()


def invite_url(request: Request, settings: Settings) -> str:
    """The start of the invite links given to whoever sent ``request`` (no final /)."""
    base = invite_base(request.url.hostname, settings.public_url, settings.lan_url)
    return base or str(request.base_url).rstrip("/")


async def _socket(scope: Scope, receive: Receive, send: Send, code: str) -> None:
    """One player's (or spectator's) WebSocket at table ``code``, from accept to close."""
    websocket = WebSocket(scope, receive=receive, send=send)
    await websocket.accept()
    manager: TableManager = scope["app"].state.manager
    settings = manager.settings
    try:
        table = manager.get(code)
    except TableError as exc:
        await websocket.send_json({"type": "error", "code": exc.code, "message": exc.message})
        await websocket.close(code=4404)
        return
    conn = Connection(send, table, settings, manager.store.flush_actions)
    host = websocket.url.hostname
    conn.invite_base = invite_base(host, settings.public_url, settings.lan_url)
    manager.attach(conn)
    try:
        await _serve(manager, receive, conn)
    finally:
        manager.detach(conn)  # closes the socket once its last messages are out
        assert conn.outbox is not None
        await conn.outbox.finished()


async def _serve(manager: TableManager, receive: Receive, conn: Connection) -> None:
    """Read the client's messages until it leaves (on the ASGI server's own ``receive``:
    after the accept, Starlette's adds only bookkeeping)."""
    while not conn.closed:
        try:
            if conn.hello:
                message = await receive()
            else:
                message = await asyncio.wait_for(receive(), HELLO_TIMEOUT)
        except TimeoutError:
            manager.error(conn, "no_hello", "say hello first")
            return
        if message["type"] == "websocket.disconnect":
            return
        raw: str | bytes | None = message.get("text")
        if raw is None:
            raw = message.get("bytes") or b""
        if not conn.limiter.allow():
            conn.strikes += 1
            ref = _peek_ref(raw)
            if conn.strikes > MAX_STRIKES:
                manager.error(conn, "rate_limited", "too many messages: goodbye", ref)
                return
            manager.error(conn, "rate_limited", "too many messages: slow down", ref)
            continue
        conn.strikes = 0
        try:
            msg = parse_client_message(raw)
        except MessageError as exc:
            code = "too_large" if "larger than" in str(exc) else "malformed"
            manager.error(conn, code, str(exc))
            continue
        if isinstance(msg, Hello):
            manager.hello(conn, msg)
        elif not conn.hello:
            manager.error(conn, "no_hello", "say hello first")
        else:
            manager.handle(conn, msg)
