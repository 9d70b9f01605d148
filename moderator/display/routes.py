"""The routes: what each address answers, by what its token may reach.

Every address is `/t/<token>/<path>`. The routing table (`Gate.reach`) maps each token to its
`Routes`, the paths that token reaches; the gate lets through only a request that names one of
the tokens, and `Handler` answers it from that token's routes alone, so one token can never
reach another's paths. A page with a token of its own is its routes (a mapping like `TABLE`,
its answers written as the ones below) and one more entry in the table `server.start` builds.

The table's token reaches its page, `events`, `state.json`, `qr.svg`, `silence.wav` and the
reveal's `audio/<file>`, all read-only. An unknown path gets the translated "the address
changed" page (404), a known one asked with a method it does not take 405, and nothing here
writes.
"""

from __future__ import annotations

import contextlib
import hmac
import io
import socket
from collections.abc import Callable, Mapping
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from typing import TYPE_CHECKING, NamedTuple
from urllib.parse import urlsplit

from moderator import live
from moderator.display import page, respond

if TYPE_CHECKING:
    from pathlib import Path

    from moderator.display.gate import Gate

PING = 15.0  # seconds between keep-alive comments on a quiet stream
LOOK = 1.0  # seconds between looks at whether a quiet stream's screen has gone
RETRY_MS = 2000  # how soon a browser reconnects a broken stream
IO_TIMEOUT = 10.0  # seconds a single write may block


class Route(NamedTuple):
    """What answers one path: a function of the request, and the methods it takes (HEAD
    wherever GET is)."""

    answer: Callable[[Handler], None]
    methods: tuple[str, ...] = ("GET", "HEAD")


#: A token's routes, by the path after `/t/<token>/`; a path ending in "/" answers every
#: name under it (`Handler.name`).
Routes = Mapping[str, Route]


class Handler(BaseHTTPRequestHandler):
    """One request the gate let through, in a thread of the pool: its head is read already."""

    server: Gate
    server_version = "moderator"
    sys_version = ""
    protocol_version = "HTTP/1.0"  # one request per connection: nothing to keep alive
    timeout = IO_TIMEOUT
    query = ""  # the address's query, once routed
    name = ""  # the name under a route that answers a folder (`audio/<name>`)

    def setup(self) -> None:
        super().setup()
        self.rfile = io.BytesIO(self.server.head_of(self.request))  # read whole by the gate

    def log_message(self, format: str, *args: object) -> None:
        """Requests are not logged: the host's terminal shows the address, nothing else."""

    def __getattr__(self, name: str):
        """Every method (do_GET, do_POST, do_FOO, …) is routed; the route says which it
        takes."""
        if name.startswith("do_"):
            return self._route
        raise AttributeError(name)

    @property
    def body(self) -> bool:
        """Whether the answer has a body: not for HEAD."""
        return getattr(self, "command", None) != "HEAD"

    def send(self, answer: bytes) -> None:
        self.wfile.write(answer)

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """The parser's own refusals (a malformed request line, too many headers), in the
        same words as every other."""
        self.close_connection = True
        with contextlib.suppress(OSError):
            self.send(respond.plain(HTTPStatus(code), body=self.body))

    def _route(self) -> None:
        split = urlsplit(self.path)
        parts = split.path.split("/")
        token = parts[2] if len(parts) >= 3 and parts[:2] == ["", "t"] else ""
        # the token is compared in constant time, nothing is ever opened
        routes = next((reached for known, reached in self.server.reach.items()
                       if hmac.compare_digest(token.encode(), known.encode())), None)
        if routes is None:
            return self._moved()
        if len(parts) == 3:  # the address typed without its last slash
            return self._answer(respond.plain(HTTPStatus.MOVED_PERMANENTLY,
                                              {"Location": f"/t/{token}/"}, self.body))
        path = "/".join(parts[3:])
        folder, slash, self.name = path.partition("/")
        route = routes.get(folder + slash) if slash else routes.get(path)
        if route is None:
            return self._moved()
        if self.command not in route.methods:
            return self._answer(respond.plain(HTTPStatus.METHOD_NOT_ALLOWED,
                                              {"Allow": ", ".join(route.methods)}, self.body))
        self.query = split.query
        with contextlib.suppress(OSError):  # the client went away
            route.answer(self)

    def _moved(self) -> None:
        self._answer(respond.moved(self.server.table.language(), self.body))

    def _answer(self, answer: bytes) -> None:
        with contextlib.suppress(OSError):
            self.send(answer)

    def gone(self) -> bool:
        """Whether the client closed its end: a screen that left frees its thread at once,
        not at the next write."""
        import select

        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            return bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True


# -- the table's page --------------------------------------------------------------------------


def table_page(request: Handler) -> None:
    """The page as first served, the current state drawn in."""
    _, update = request.server.table.current()
    html = page.document(update, request.server.qr_svg) if update else ""
    request.send(respond.answer(HTTPStatus.OK, respond.HTML, html.encode(),
                                {"Content-Security-Policy": page.POLICY}, request.body))


def state(request: Handler) -> None:
    """The current state, once (what a page that lost its stream asks for)."""
    _, update = request.server.table.current()
    request.send(respond.answer(HTTPStatus.OK, "application/json",
                                page.as_json(update).encode(), body=request.body))


def qr_code(request: Handler) -> None:
    """The address's code; none for an address only this computer opens."""
    if not request.server.qr_svg:
        return request.send(respond.plain(HTTPStatus.NOT_FOUND, body=request.body))
    request.send(respond.answer(HTTPStatus.OK, "image/svg+xml",
                                request.server.qr_svg.encode(), body=request.body))


def events(request: Handler) -> None:
    """The event stream: the current state at once, then every change, a ping when quiet,
    until the client leaves or the server stops."""
    request.send(respond.head(HTTPStatus.OK, "text/event-stream; charset=utf-8", None))
    if not request.body:
        return
    table, sent = request.server.table, None
    sound = "sound=1" in request.query.split("&")
    if sound:
        table.listening(+1)
    try:
        request.send(f"retry: {RETRY_MS}\n\n".encode())
        quiet = 0.0
        while not table.stopping:
            revision, update = table.current()
            if revision != sent and update is not None:
                frame = f"id: {revision}\nevent: state\ndata: {page.as_json(update)}\n\n"
                request.send(frame.encode())
                sent, quiet = revision, 0.0
            elif quiet >= PING:
                request.send(b": ping\n\n")
                quiet = 0.0
            request.wfile.flush()
            table.wait(sent or 0, LOOK)
            quiet += LOOK
            if request.gone():
                return
    finally:
        if sound:
            table.listening(-1)


def silence(request: Handler) -> None:
    """A tenth of a second of silence: what the "sound on" tap plays to unlock audio."""
    request.send(respond.answer(HTTPStatus.OK, "audio/wav", silence_wav(), body=request.body))


def audio(request: Handler) -> None:
    """The audio of the line being read aloud now, and only that: the name in the address
    is the line's, the file is the one the reading process named, inside the voice cache."""
    spoken = live.speech()
    found = _cached(spoken.get("audio") if spoken else None)
    if found is None or spoken is None or request.name != page.audio_name(spoken):
        return request.send(respond.plain(HTTPStatus.NOT_FOUND, body=request.body))
    kind = "audio/mpeg" if found.suffix == ".mp3" else "audio/wav"
    request.send(respond.answer(HTTPStatus.OK, kind, found.read_bytes(), body=request.body))


#: What the table's token reaches.
TABLE: Routes = {
    "": Route(table_page),
    "events": Route(events),
    "state.json": Route(state),
    "qr.svg": Route(qr_code),
    "silence.wav": Route(silence),
    "audio/": Route(audio),
}


def _cached(audio: object) -> Path | None:
    """The voice cache's file `audio` names, or None: nothing outside the cache is served."""
    if not isinstance(audio, str):
        return None
    from pathlib import Path

    from moderator.voice import cache

    try:
        root = (cache.root() / "voice").resolve()
        path = Path(audio).resolve()
    except (OSError, RuntimeError):
        return None
    if not path.is_relative_to(root) or path.suffix not in (".wav", ".mp3") or not path.is_file():
        return None
    return path


def silence_wav() -> bytes:
    import wave

    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(8000)
        out.writeframes(b"\0\0" * 800)
    return buffer.getvalue()
