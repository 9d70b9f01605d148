"""The display's server: the standard library's threaded HTTP server, one thread per
connection, Server-Sent Events for the live updates, no framework.

Every `moderator` command is its own process that appends to the game's log, so the server
watches the files: every 250 ms it looks at the game's size and time, which game is the
newest, and the live signals; on a change it loads the game once, draws the page's data once,
and wakes every stream. An undo is a new state with a higher revision, never a step back, and
a stream that reconnects simply gets the current state first.

Routes live under a random token (`/t/<token>/`): the page, `events`, `state.json`,
`qr.svg` and the reveal's `audio/<file>`. The token and the port are kept with the games
(`display.json`), so a restarted display serves the same address and open pages reconnect by
themselves. Everything else gets a translated "the address changed" page (404), every method
but GET and HEAD is 405, and nothing on any route writes.

Hostile or broken clients cost nothing that pages with the token need: one thread reads every
new connection's request head without blocking (a bounded buffer, a short deadline) and only
a head that names the token and a `Host` of this computer is handed to a thread of the capped
pool; the rest is answered or cut within a second. Paths are compared, never opened, and no
error in a connection reaches the host's terminal.
"""

from __future__ import annotations

import contextlib
import errno
import hmac
import io
import ipaddress
import json
import os
import secrets
import selectors
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
LOOK = 1.0  # seconds between looks at whether a quiet stream's screen has gone
RETRY_MS = 2000  # how soon a browser reconnects a broken stream
HEAD_TIMEOUT = 5.0  # seconds a client with the token has to send its whole request head
STRANGER_TIMEOUT = 1.0  # seconds any other connection is given, answered or not
IO_TIMEOUT = 10.0  # seconds a single write may block
MAX_CONNECTIONS = 100  # requests with the token served at once; more get 503
MAX_PENDING = 256  # connections still sending their head; the oldest is cut for a new one
MAX_LINE = 8 * 1024  # bytes of a request line
MAX_HEAD = 16 * 1024  # bytes of a whole request head
PORTS_TRIED = 20  # the default port and the next ones, if taken
ADDRESS_FILE = "display.json"  # the kept token and port, next to the games

HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token must not leak to another site
    "X-Frame-Options": "DENY",
}


class Table:
    """The game the display follows and what the screens show now, shared by every thread."""

    def __init__(self, game_id: str | None, lang: str | None, show_votes: bool | None,
                 on_torn=None) -> None:
        self.game_id, self.lang, self.show_votes = game_id, lang, show_votes
        self.on_torn = on_torn  # called with (game, path) when a torn line is set aside
        self.changed = threading.Condition()
        self.revision = 0
        self.data: dict | None = None
        self.update: dict | None = None  # the event for `data`, without its timer
        self.stopping = False
        self.torn: dict | None = None  # the torn line set aside, until the next action
        self.listeners = 0  # streams of screens with their sound on
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
        data = self._with_torn(data)
        data["speech"] = seen[-1] and json.loads(seen[-1])
        if data == self.data:
            return False
        with self.changed:
            self.revision += 1
            self.data = data
            self.update = page.event(data, self.revision, None)
            self.changed.notify_all()
        return True

    def _with_torn(self, data: dict) -> dict:
        """Keep the news of a torn line set aside on the page until the next action of that
        game is recorded; tell the display's terminal once."""
        aside = data.pop("set_aside", None)
        actions = data.pop("actions", None)
        if aside:
            self.torn = {"game": data["game"], "path": aside, "actions": actions}
            if self.on_torn:
                with contextlib.suppress(Exception):
                    self.on_torn(data["game"], aside)
        elif self.torn and (data.get("game") != self.torn["game"]
                            or actions != self.torn["actions"]):
            self.torn = None
        # the page names the game only: the file's path on this computer is the host's business
        data["torn"] = {"game": self.torn["game"]} if self.torn else None
        return data

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
        speech = live.speech()
        return wanted, ids[-1:], stat, signals, speech and json.dumps(speech, sort_keys=True)

    def language(self) -> str:
        """The language the screens speak: the one asked for, else the game's."""
        from moderator import i18n

        with self.changed:
            data = self.data
        return self.lang or (data or {}).get("lang") or i18n.choose()

    def listening(self, change: int) -> None:
        """A stream with the sound on began (+1) or ended (-1): the commands that read aloud
        learn how many screens listen."""
        with self.changed:  # written under the lock, so the last count written is the last
            self.listeners += change
            live.screens_listening(self.listeners)

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


class _Pending:
    """A connection whose request head is still coming in."""

    __slots__ = ("address", "data", "draining", "ours", "since", "sock")

    def __init__(self, sock: socket.socket, address: object, since: float) -> None:
        self.sock, self.address, self.since = sock, address, since
        self.data = b""
        self.ours: bool | None = None  # the request line names the token
        self.draining = False  # answered; what still arrives is read and dropped


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def __init__(self, address: tuple[str, int], table: Table, token: str, qr_svg: str) -> None:
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        self._wake_r, self._wake_w = socket.socketpair()  # before a bind that may fail
        super().__init__(address, Handler)
        self.table, self.token, self.qr_svg = table, token, qr_svg
        self._lock = threading.Lock()
        self._open = 0
        self._heads: dict[socket.socket, bytes] = {}  # admitted, for their handler to read
        self._pending: dict[socket.socket, _Pending] = {}
        self._quit = threading.Event()
        self._finished = threading.Event()
        self.names = _own_names()

    # -- the gate: one thread reads every request head, without blocking --

    def serve_forever(self, poll_interval: float = 0.2) -> None:
        self._finished.clear()
        selector = selectors.DefaultSelector()
        self.socket.setblocking(False)
        selector.register(self.socket, selectors.EVENT_READ, None)
        selector.register(self._wake_r, selectors.EVENT_READ, "wake")
        try:
            while not self._quit.is_set():
                for key, _ in selector.select(min(poll_interval, 0.1)):
                    if key.data is None:
                        self._accept(selector)
                    elif key.data == "wake":
                        with contextlib.suppress(OSError):
                            self._wake_r.recv(64)
                    else:
                        self._feed(selector, key.data)
                self._expire(selector)
        finally:
            for pending in list(self._pending.values()):
                self._drop(selector, pending)
            selector.close()
            self._finished.set()

    def shutdown(self) -> None:
        self._quit.set()
        with contextlib.suppress(OSError):
            self._wake_w.send(b"x")
        self._finished.wait(5)

    def server_close(self) -> None:
        super().server_close()
        for end in (self._wake_r, self._wake_w):
            end.close()

    def _accept(self, selector: selectors.BaseSelector) -> None:
        for _ in range(64):  # a burst at a time; the rest on the next round
            try:
                sock, address = self.socket.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:  # out of descriptors, a client gone: try again next round
                return
            if len(self._pending) >= MAX_PENDING:  # the oldest waits longest: it goes
                self._drop(selector, next(iter(self._pending.values())))
            sock.setblocking(False)
            pending = _Pending(sock, address, time.monotonic())
            self._pending[sock] = pending
            selector.register(sock, selectors.EVENT_READ, pending)

    def _feed(self, selector: selectors.BaseSelector, pending: _Pending) -> None:
        try:
            chunk = pending.sock.recv(8192)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:
            return self._drop(selector, pending)
        if pending.draining:
            return
        pending.data += chunk
        data = pending.data
        line_end = data.find(b"\n")
        if line_end < 0:
            if len(data) > MAX_LINE:
                self._answer(selector, pending, HTTPStatus.REQUEST_URI_TOO_LONG)
            return
        if pending.ours is None:
            pending.ours = self._names_token(data[:line_end])
        end = _head_end(data)
        if end < 0:
            if len(data) > MAX_HEAD:
                self._answer(selector, pending, HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
            return
        if not _host_allowed(_header(data[:end], b"host"), self.names):
            return self._answer(selector, pending, HTTPStatus.MISDIRECTED_REQUEST)
        if not pending.ours:
            return self._answer(selector, pending, HTTPStatus.NOT_FOUND)
        self._admit(selector, pending, data[:end])

    def _names_token(self, line: bytes) -> bool:
        """Whether the request line's path is under /t/<token>/ (compared in constant time)."""
        words = line.split()
        if len(words) < 2:
            return False
        parts = words[1].split(b"/")
        return len(parts) >= 3 and parts[:2] == [b"", b"t"] and hmac.compare_digest(
            parts[2], self.token.encode())

    def _admit(self, selector: selectors.BaseSelector, pending: _Pending, head: bytes) -> None:
        with self._lock:
            full = self._open >= MAX_CONNECTIONS
            if not full:
                self._open += 1
                self._heads[pending.sock] = head
        if full:
            return self._answer(selector, pending, HTTPStatus.SERVICE_UNAVAILABLE)
        selector.unregister(pending.sock)
        del self._pending[pending.sock]
        pending.sock.setblocking(True)
        try:
            self.process_request(pending.sock, pending.address)
        except Exception:
            self._closed(pending.sock)
            self.shutdown_request(pending.sock)

    def _answer(self, selector: selectors.BaseSelector, pending: _Pending,
                status: HTTPStatus) -> None:
        """Answer a connection that gets no thread, then read and drop what it still sends
        until its time is up, so the answer is not lost to a reset."""
        if status == HTTPStatus.NOT_FOUND:
            body = page.moved(self.table.language()).encode()
            kind = "text/html; charset=utf-8"
        else:
            body = f"{status.value} {status.phrase}\n".encode()
            kind = "text/plain; charset=utf-8"
        head = (f"HTTP/1.0 {status.value} {status.phrase}\r\nServer: moderator\r\n"
                f"Content-Type: {kind}\r\nContent-Length: {len(body)}\r\n"
                + "".join(f"{k}: {v}\r\n" for k, v in HEADERS.items())
                + "Connection: close\r\n\r\n")
        with contextlib.suppress(OSError):
            pending.sock.send(head.encode() + (b"" if _method(pending.data) == b"HEAD" else body))
            pending.sock.shutdown(socket.SHUT_WR)
        pending.draining, pending.data = True, b""

    def _expire(self, selector: selectors.BaseSelector) -> None:
        now = time.monotonic()
        for pending in list(self._pending.values()):
            limit = HEAD_TIMEOUT if pending.ours and not pending.draining else STRANGER_TIMEOUT
            if now - pending.since > limit:
                self._drop(selector, pending)

    def _drop(self, selector: selectors.BaseSelector, pending: _Pending) -> None:
        self._pending.pop(pending.sock, None)
        with contextlib.suppress(KeyError, ValueError, OSError):
            selector.unregister(pending.sock)
        with contextlib.suppress(OSError):
            pending.sock.close()

    # -- the pool of threads for requests with the token --

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._closed(request)

    def _closed(self, request) -> None:
        with self._lock:
            self._open -= 1
            self._heads.pop(request, None)

    def head_of(self, request) -> bytes:
        with self._lock:
            return self._heads.pop(request, b"")

    def handle_error(self, request, client_address) -> None:
        """A client that breaks its own connection is not the host's business."""

    @property
    def connections(self) -> int:
        """Requests with the token being served, and connections still sending a head."""
        with self._lock:
            return self._open + len(self._pending)


def _head_end(data: bytes) -> int:
    """Where the request head ends (the blank line included), or -1 while it is incomplete."""
    for mark in (b"\r\n\r\n", b"\n\n"):
        found = data.find(mark)
        if found >= 0:
            return found + len(mark)
    return -1


def _method(data: bytes) -> bytes:
    return data.split(b" ", 1)[0]


def _header(head: bytes, name: bytes) -> bytes | None:
    for line in head.split(b"\n")[1:]:
        key, colon, value = line.partition(b":")
        if colon and key.strip().lower() == name:
            return value.strip()
    return None


def _own_names() -> set[str]:
    """The names this computer answers to, besides IP literals: a page opened by any other
    name came through someone else's DNS (a rebinding attack)."""
    name = socket.gethostname().lower().rstrip(".")
    return {"localhost", name, name.split(".")[0], f"{name.split('.')[0]}.local"}


def _host_allowed(value: bytes | None, names: set[str]) -> bool:
    """A `Host` header that is an IP literal, `localhost` or this computer's name (with any
    port); none at all is an HTTP/1.0 client's right."""
    if value is None:
        return True
    try:
        host = value.decode("ascii").strip().lower()
    except UnicodeDecodeError:
        return False
    if host.startswith("["):
        literal, bracket, _ = host[1:].partition("]")
        host = literal if bracket else ""
    elif host.count(":") == 1:
        host = host.partition(":")[0]
    host = host.rstrip(".")
    if not host:
        return False
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return host in names
    return True


class Handler(BaseHTTPRequestHandler):
    server: Server
    server_version = "moderator"
    sys_version = ""
    protocol_version = "HTTP/1.0"  # one request per connection: nothing to keep alive
    timeout = IO_TIMEOUT

    def setup(self) -> None:
        super().setup()
        self.rfile = io.BytesIO(self.server.head_of(self.request))  # read whole by the gate

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
        split = urlsplit(self.path)
        parts = split.path.split("/")
        # /t/<token>/<what>: the token is compared in constant time, nothing is ever opened
        if len(parts) < 3 or parts[:2] != ["", "t"] or not hmac.compare_digest(
                parts[2].encode(), self.server.token.encode()):
            return self._moved(body)
        rest = "/".join(parts[3:]) if len(parts) > 3 else None
        if rest is None:
            return self._plain(HTTPStatus.MOVED_PERMANENTLY,
                               {"Location": f"/t/{self.server.token}/"}, body=body)
        self.query = split.query
        route = {"": self._page, "events": self._events, "state.json": self._state,
                 "qr.svg": self._qr, "silence.wav": self._silence}.get(rest)
        if route is None and rest.startswith("audio/"):
            route = self._audio
        if route is None:
            return self._moved(body)
        with contextlib.suppress(OSError):  # the client went away
            route(body)

    def _moved(self, body: bool) -> None:
        """An old or mistyped address: say so in the table's language, still a 404."""
        html = page.moved(self.server.table.language()).encode()
        self.send_response(HTTPStatus.NOT_FOUND)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(html)))
        for name, value in {**HEADERS, "Content-Security-Policy": page.POLICY}.items():
            self.send_header(name, value)
        self.end_headers()
        if body:
            with contextlib.suppress(OSError):
                self.wfile.write(html)

    def _silence(self, body: bool) -> None:
        """A tenth of a second of silence: what the "sound on" tap plays to unlock audio."""
        self._send("audio/wav", _silence(), body)

    def _audio(self, body: bool) -> None:
        """The audio of the line being read aloud now, and only that: the name in the
        address is the line's, the file is the one the reading process named, inside the
        voice cache."""
        spoken = live.speech()
        wanted = self.path.split("?")[0].rsplit("/", 1)[-1]
        audio = _cached(spoken.get("audio") if spoken else None)
        if audio is None or spoken is None or wanted != page.audio_name(spoken):
            return self._plain(HTTPStatus.NOT_FOUND, body=body)
        kind = "audio/mpeg" if audio.suffix == ".mp3" else "audio/wav"
        self._send(kind, audio.read_bytes(), body)

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
        sound = "sound=1" in getattr(self, "query", "").split("&")
        if sound:
            table.listening(+1)
        try:
            self.wfile.write(f"retry: {RETRY_MS}\n\n".encode())
            quiet = 0.0
            while not table.stopping:
                revision, update = table.current()
                if revision != sent and update is not None:
                    frame = f"id: {revision}\nevent: state\ndata: {page.as_json(update)}\n\n"
                    self.wfile.write(frame.encode())
                    sent, quiet = revision, 0.0
                elif quiet >= PING:
                    self.wfile.write(b": ping\n\n")
                    quiet = 0.0
                self.wfile.flush()
                table.wait(sent or 0, LOOK)
                quiet += LOOK
                if self._gone():
                    return
        finally:
            if sound:
                table.listening(-1)

    def _gone(self) -> bool:
        """Whether the client closed its end: a screen that left frees its thread at once,
        not at the next write."""
        import select

        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            return bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True


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

    def serve_forever(self) -> None:
        self.server.serve_forever(poll_interval=0.2)

    def close(self) -> None:
        """Stop watching, end every stream and close the listening socket."""
        self._stop.set()
        self.table.stop()
        self.server.server_close()


def start(host: str, port: int, game_id: str | None = None, lang: str | None = None,
          show_votes: bool | None = None, url_host: str | None = None,
          tries: int = PORTS_TRIED, theme: str | None = None, new_address: bool = False,
          on_torn=None) -> Display:
    """Bind to `host`:`port` (or the next free port of `tries`; 0: any) and start watching.
    `url_host` is the address the table types or scans (`host` unless it is 0.0.0.0). The
    token kept with the games is served again, unless `new_address`; the token and port
    served are kept for the next start."""
    table = Table(game_id, lang, show_votes, on_torn)
    table.theme = theme
    table.refresh()
    token = None if new_address else kept().get("token")
    token = token or secrets.token_urlsafe(12)
    for candidate in range(port, port + tries) if port else [0]:
        try:
            server = Server((host, candidate), table, token, "")
            break
        except OSError as error:
            if error.errno != errno.EADDRINUSE or candidate == port + tries - 1:
                raise
    display = Display(server, url_host or host)
    keep(token, display.port)
    server.qr_svg = qr(display.url).svg_inline(scale=4, border=2, dark="#000", light="#fff",
                                               omitsize=True)
    return display


def kept() -> dict:
    """The address kept with the games: {"token", "port"}, or {} when none (or damaged)."""
    try:
        data = json.loads((store.games_dir() / ADDRESS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    token, port = data.get("token"), data.get("port")
    return {"token": token if isinstance(token, str) and _token_like(token) else None,
            "port": port if isinstance(port, int) and 0 < port < 65536 else None}


def _token_like(token: str) -> bool:
    return 8 <= len(token) <= 64 and all(c.isalnum() or c in "-_" for c in token)


def keep(token: str, port: int) -> None:
    """Keep the address for the next start; a folder that cannot be written costs only that."""
    folder = store.games_dir()
    temporary = folder / f".{ADDRESS_FILE}.{os.getpid()}.tmp"
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps({"token": token, "port": port}), encoding="utf-8")
        os.replace(temporary, folder / ADDRESS_FILE)
    with contextlib.suppress(OSError):
        temporary.unlink(missing_ok=True)


def _cached(audio: object):
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


def _silence() -> bytes:
    import wave

    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(8000)
        out.writeframes(b"\0\0" * 800)
    return buffer.getvalue()



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

