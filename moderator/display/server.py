"""The display's server: the standard library's threaded HTTP server, one thread per
connection, Server-Sent Events for the live updates, no framework.

Every `moderator` command is its own process that appends to the game's log, so the server
watches the files: every 250 ms it looks at the game's size and time, which game is the
newest, and the live signals; on a change it loads the game once, draws the page's data once,
and wakes every stream. An undo is a new state with a higher revision, never a step back, and
a stream that reconnects simply gets the current state first.

Routes live under a random token (`/t/<token>/`): the page, `events`, `state.json` and
`qr.svg`. Everything else is 404, every method but GET and HEAD is 405, and nothing on any
route writes. Hostile or broken clients cost little: connections are capped, a request head
must arrive whole within a few seconds (a slowloris client is cut off), the stdlib's header
limits answer oversized headers with 431, paths are compared, never opened, and no error in
a connection reaches the host's terminal.
"""

from __future__ import annotations

import contextlib
import errno
import hmac
import json
import secrets
import socket
import threading
import time
from collections.abc import Iterator
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

from moderator import live, store
from moderator.display import page, view

POLL = 0.25  # seconds between looks at the files
PING = 15.0  # seconds between keep-alive comments on a quiet stream
RETRY_MS = 2000  # how soon a browser reconnects a broken stream
HEAD_TIMEOUT = 5.0  # seconds a client has to send its whole request head
IO_TIMEOUT = 10.0  # seconds a single read or write may block
MAX_CONNECTIONS = 100  # at once; more are closed on arrival
PORTS_TRIED = 20  # the default port and the next ones, if taken

HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token must not leak to another site
    "X-Frame-Options": "DENY",
}


class Table:
    """The game the display follows and what the screens show now, shared by every thread."""

    def __init__(self, game_id: str | None, lang: str | None, show_votes: bool | None) -> None:
        self.game_id, self.lang, self.show_votes = game_id, lang, show_votes
        self.changed = threading.Condition()
        self.revision = 0
        self.data: dict | None = None
        self.update: dict | None = None  # the event for `data`, without its timer
        self.stopping = False
        self._seen: object = None
        self.theme: str | None = None  # --theme: else the game's own

    def refresh(self) -> bool:
        """Look at the files once; True if the screens have something new to show."""
        seen = self._fingerprint()
        if seen == self._seen:
            return False
        try:
            data = view.of_game(self.game_id, self.lang, self.show_votes, self.theme)
        except Exception as error:  # the page says what went wrong; the server goes on
            data = view.failure(self.lang, "errors.internal", {"what": type(error).__name__})
        self._seen = seen
        if data == self.data:
            return False
        with self.changed:
            self.revision += 1
            self.data = data
            self.update = page.event(data, self.revision, None)
            self.changed.notify_all()
        return True

    def _fingerprint(self) -> tuple:
        """What the page depends on, cheaply: which game, its file's size and time, whether a
        newer game exists, and the live signals."""
        ids = store.game_ids()
        wanted = self.game_id or (ids[-1] if ids else None)
        try:
            info = store.path_of(wanted).stat() if wanted else None
            stat = (info.st_size, info.st_mtime_ns, info.st_ino) if info else None
        except OSError:
            stat = None
        signals = json.dumps(live.read(wanted), sort_keys=True) if wanted else None
        return wanted, ids[-1:], stat, signals

    def current(self) -> tuple[int, dict | None]:
        """The revision and its event, with the timer as it stands this moment."""
        with self.changed:
            revision, update, data = self.revision, self.update, self.data
        if update is None or data is None or data["timer"] is None:
            return revision, update
        timed = page.event(data, revision, view.seconds_left(data["timer"]))["timer"]
        return revision, {**update, "timer": timed}

    def wait(self, after: int, timeout: float) -> None:
        with self.changed:
            self.changed.wait_for(lambda: self.revision != after or self.stopping, timeout)

    def stop(self) -> None:
        with self.changed:
            self.stopping = True
            self.changed.notify_all()


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64

    def __init__(self, address: tuple[str, int], table: Table, token: str, qr_svg: str) -> None:
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, Handler)
        self.table, self.token, self.qr_svg = table, token, qr_svg
        self._lock = threading.Lock()
        self._open = 0
        self._heads: dict[socket.socket, float] = {}  # connections still sending their head

    def process_request(self, request, client_address) -> None:
        with self._lock:
            full = self._open >= MAX_CONNECTIONS
            if not full:
                self._open += 1
                self._heads[request] = time.monotonic()
        if full:
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._closed(request)
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._closed(request)

    def _closed(self, request) -> None:
        with self._lock:
            self._open -= 1
            self._heads.pop(request, None)

    def head_read(self, request) -> None:
        with self._lock:
            self._heads.pop(request, None)

    def reap(self, now: float | None = None) -> None:
        """Cut off the clients that have not sent a whole request head in time."""
        now = time.monotonic() if now is None else now
        with self._lock:
            late = [s for s, since in self._heads.items() if now - since > HEAD_TIMEOUT]
            for request in late:
                del self._heads[request]
        for request in late:
            with contextlib.suppress(OSError):
                request.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request, client_address) -> None:
        """A client that breaks its own connection is not the host's business."""

    @property
    def connections(self) -> int:
        with self._lock:
            return self._open


class Handler(BaseHTTPRequestHandler):
    server: Server
    server_version = "moderator"
    sys_version = ""
    protocol_version = "HTTP/1.0"  # one request per connection: nothing to keep alive
    timeout = IO_TIMEOUT

    def parse_request(self) -> bool:
        parsed = super().parse_request()  # reads the request line's headers too
        self.server.head_read(self.request)
        return parsed

    def log_message(self, format: str, *args: object) -> None:
        """Requests are not logged: the host's terminal shows the address, nothing else."""

    def __getattr__(self, name: str):
        """Any method but GET and HEAD (do_POST, do_PUT, do_FOO, …) is refused with 405."""
        if name.startswith("do_"):
            return self._not_allowed
        raise AttributeError(name)

    def do_GET(self) -> None:
        self._route(body=True)

    def do_HEAD(self) -> None:
        self._route(body=False)

    def _not_allowed(self) -> None:
        self._plain(HTTPStatus.METHOD_NOT_ALLOWED, {"Allow": "GET, HEAD"}, body=True)

    def _route(self, body: bool) -> None:
        parts = urlsplit(self.path).path.split("/")
        # /t/<token>/<what>: the token is compared in constant time, nothing is ever opened
        if len(parts) < 3 or parts[:2] != ["", "t"] or not hmac.compare_digest(
                parts[2].encode(), self.server.token.encode()):
            return self._plain(HTTPStatus.NOT_FOUND, body=body)
        rest = "/".join(parts[3:]) if len(parts) > 3 else None
        if rest is None:
            return self._plain(HTTPStatus.MOVED_PERMANENTLY,
                               {"Location": f"/t/{self.server.token}/"}, body=body)
        route = {"": self._page, "events": self._events, "state.json": self._state,
                 "qr.svg": self._qr}.get(rest)
        if route is None:
            return self._plain(HTTPStatus.NOT_FOUND, body=body)
        with contextlib.suppress(OSError):  # the client went away
            route(body)

    def _send(self, content_type: str, data: bytes, body: bool, extra: dict | None = None) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in {**HEADERS, **(extra or {})}.items():
            self.send_header(name, value)
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _plain(self, status: HTTPStatus, extra: dict | None = None, body: bool = True) -> None:
        data = f"{status.value} {status.phrase}\n".encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        for name, value in {**HEADERS, **(extra or {})}.items():
            self.send_header(name, value)
        self.end_headers()
        if body:
            with contextlib.suppress(OSError):
                self.wfile.write(data)

    def _page(self, body: bool) -> None:
        _, update = self.server.table.current()
        html = page.document(update, self.server.qr_svg) if update else ""
        self._send("text/html; charset=utf-8", html.encode(), body,
                   {"Content-Security-Policy": page.POLICY})

    def _state(self, body: bool) -> None:
        _, update = self.server.table.current()
        self._send("application/json", page.as_json(update).encode(), body)

    def _qr(self, body: bool) -> None:
        self._send("image/svg+xml", self.server.qr_svg.encode(), body)

    def _events(self, body: bool) -> None:
        """The event stream: the current state at once, then every change, a ping when
        quiet, until the client leaves or the server stops."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        for name, value in HEADERS.items():
            self.send_header(name, value)
        self.end_headers()
        if not body:
            return
        table, sent = self.server.table, None
        self.wfile.write(f"retry: {RETRY_MS}\n\n".encode())
        while not table.stopping:
            revision, update = table.current()
            if revision != sent and update is not None:
                frame = f"id: {revision}\nevent: state\ndata: {page.as_json(update)}\n\n"
                self.wfile.write(frame.encode())
                sent = revision
            else:
                self.wfile.write(b": ping\n\n")
            self.wfile.flush()
            table.wait(sent or 0, PING)


# -- running it -----------------------------------------------------------------------------


class Display:
    """A running display: the server, the thread that watches the files, and its address."""

    def __init__(self, server: Server, host: str) -> None:
        self.server, self.table = server, server.table
        self.port = server.server_address[1]
        self.url = f"http://{_url_host(host)}:{self.port}/t/{server.token}/"
        self._stop = threading.Event()
        self._watcher = threading.Thread(target=self._watch, name="display-watch", daemon=True)
        self._watcher.start()

    def _watch(self) -> None:
        while not self._stop.wait(POLL):
            with contextlib.suppress(Exception):  # a look that fails is tried again
                self.table.refresh()
            self.server.reap()

    def serve_forever(self) -> None:
        self.server.serve_forever(poll_interval=0.2)

    def close(self) -> None:
        """Stop watching, end every stream and close the listening socket."""
        self._stop.set()
        self.table.stop()
        self.server.server_close()


def start(host: str, port: int, game_id: str | None = None, lang: str | None = None,
          show_votes: bool | None = None, url_host: str | None = None,
          tries: int = PORTS_TRIED, theme: str | None = None) -> Display:
    """Bind to `host`:`port` (or the next free port of `tries`; 0: any) and start watching.
    `url_host` is the address the table types or scans (`host` unless it is 0.0.0.0)."""
    table = Table(game_id, lang, show_votes)
    table.theme = theme
    table.refresh()
    token = secrets.token_urlsafe(12)
    for candidate in range(port, port + tries) if port else [0]:
        try:
            server = Server((host, candidate), table, token, "")
            break
        except OSError as error:
            if error.errno != errno.EADDRINUSE or candidate == port + tries - 1:
                raise
    display = Display(server, url_host or host)
    server.qr_svg = qr(display.url).svg_inline(scale=4, border=2, dark="#000", light="#fff",
                                               omitsize=True)
    return display


def qr(url: str):
    import segno

    return segno.make(url, error="m")


@contextlib.contextmanager
def running(host: str = "127.0.0.1", port: int = 0, **options) -> Iterator[Display]:
    """A display served from a background thread, for as long as the block runs."""
    display = start(host, port, **options)
    thread = threading.Thread(target=display.serve_forever, name="display-serve", daemon=True)
    thread.start()
    try:
        yield display
    finally:
        display.server.shutdown()
        display.close()
        thread.join(5)


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host

