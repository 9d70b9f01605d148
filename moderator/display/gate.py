"""The connection gate: the listening socket, and the one thread that reads every new
connection's request head before any thread is spent on it.

Hostile or broken clients cost nothing that pages with a token need: the gate reads each head
without blocking (a bounded buffer, a short deadline) and only a head that names one of the
tokens in the routing table and a `Host` of this computer is handed to a thread of the capped
pool, which answers it (`routes.Handler`) with its body, which the gate reads too (a small one,
said by its Content-Length); the rest is answered or cut within a second. Paths are compared,
never opened, and no error in a connection reaches the host's terminal.
"""

from __future__ import annotations

import contextlib
import hmac
import ipaddress
import selectors
import socket
import threading
import time
from collections.abc import Mapping
from http import HTTPStatus
from http.server import ThreadingHTTPServer
from typing import NamedTuple

from moderator.display import respond
from moderator.display.host import HOST, Remote
from moderator.display.routes import TABLE, Handler, Routes
from moderator.display.watcher import Table


class Limits(NamedTuple):
    """What a client is allowed before it is answered or cut off."""

    head_timeout: float  # seconds a client with a token has to send its whole request head
    stranger_timeout: float  # seconds any other connection is given, answered or not
    max_connections: int  # requests with a token served at once; more get 503
    max_pending: int  # connections still sending their head; the oldest is cut for a new one
    max_line: int  # bytes of a request line
    max_head: int  # bytes of a whole request head
    max_body: int  # bytes of a request's body (what the host's page posts is small)


class _Pending:
    """A connection whose request head is still coming in."""

    __slots__ = ("address", "data", "draining", "ours", "since", "sock")

    def __init__(self, sock: socket.socket, address: object, since: float) -> None:
        self.sock, self.address, self.since = sock, address, since
        self.data = b""
        self.ours: bool | None = None  # the request line names a token
        self.draining = False  # answered; what still arrives is read and dropped


class Gate(ThreadingHTTPServer):
    """The display's HTTP server: the gate thread (`serve_forever`) and the pool of threads
    that answer what it lets through. `reach` is the routing table: each token and the
    routes it reaches."""

    daemon_threads = True
    request_queue_size = 128

    def __init__(self, address: tuple[str, int], table: Table, reach: Mapping[str, Routes],
                 limits: Limits) -> None:
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        self._wake_r, self._wake_w = socket.socketpair()  # before a bind that may fail
        super().__init__(address, Handler)
        self.table, self.reach, self.limits = table, reach, limits
        self.qr_svg = ""  # the QR code of the table's address, once it is known
        self.remote: Remote | None = None  # what the host's address keeps, once started
        self._lock = threading.Lock()
        self._open = 0
        self._heads: dict[socket.socket, bytes] = {}  # admitted requests, for their handler
        self._pending: dict[socket.socket, _Pending] = {}
        self._quit = threading.Event()
        self._finished = threading.Event()
        self.names = _own_names()

    @property
    def token(self) -> str:
        """The table's token: the one its address and QR code carry."""
        return next(token for token, routes in self.reach.items() if routes is TABLE)

    @property
    def host_token(self) -> str:
        """The host's token: the address only the display's terminal shows."""
        return next(token for token, routes in self.reach.items() if routes is HOST)

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
            if len(self._pending) >= self.limits.max_pending:  # the oldest waits longest
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
        data, limits = pending.data, self.limits
        line_end = data.find(b"\n")
        if line_end < 0 or line_end > limits.max_line:
            if line_end > limits.max_line or len(data) > limits.max_line:
                self._answer(selector, pending, HTTPStatus.REQUEST_URI_TOO_LONG)
            return
        if pending.ours is None:
            pending.ours = self._names_token(data[:line_end])
        end = _head_end(data)
        if end < 0 or end > limits.max_head:  # a head too large, however fast it came
            if end > limits.max_head or len(data) > limits.max_head:
                self._answer(selector, pending, HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
            return
        head = data[:end]
        if not _host_allowed(_header(head, b"host"), self.names):
            return self._answer(selector, pending, HTTPStatus.MISDIRECTED_REQUEST)
        if not pending.ours:
            return self._answer(selector, pending, HTTPStatus.NOT_FOUND)
        length, refusal = _body_length(head, limits.max_body)
        if refusal is not None:
            return self._answer(selector, pending, refusal)
        if len(data) < end + length:
            return  # the body is still coming, within the head's time
        self._admit(selector, pending, data[:end + length])

    def _names_token(self, line: bytes) -> bool:
        """Whether the request line's path is under /t/<token>/ for a token in the routing
        table (each compared in constant time)."""
        words = line.split()
        if len(words) < 2:
            return False
        parts = words[1].split(b"/")
        if len(parts) < 3 or parts[:2] != [b"", b"t"]:
            return False
        return any([hmac.compare_digest(parts[2], token.encode()) for token in self.reach])

    def _admit(self, selector: selectors.BaseSelector, pending: _Pending,
               request: bytes) -> None:
        with self._lock:
            full = self._open >= self.limits.max_connections
            if not full:
                self._open += 1
                self._heads[pending.sock] = request
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
        body = _method(pending.data) != b"HEAD"
        if status == HTTPStatus.NOT_FOUND:
            answer = respond.moved(self.table.language(), body)
        elif status == HTTPStatus.SERVICE_UNAVAILABLE:  # every place taken: said in words
            answer = respond.full(self.table.language(), self.limits.max_connections, body)
        else:
            answer = respond.plain(status, body=body)
        with contextlib.suppress(OSError):
            pending.sock.send(answer)
            pending.sock.shutdown(socket.SHUT_WR)
        pending.draining, pending.data = True, b""

    def _expire(self, selector: selectors.BaseSelector) -> None:
        now = time.monotonic()
        for pending in list(self._pending.values()):
            waiting = pending.ours and not pending.draining
            limit = self.limits.head_timeout if waiting else self.limits.stranger_timeout
            if now - pending.since > limit:
                self._drop(selector, pending)

    def _drop(self, selector: selectors.BaseSelector, pending: _Pending) -> None:
        self._pending.pop(pending.sock, None)
        with contextlib.suppress(KeyError, ValueError, OSError):
            selector.unregister(pending.sock)
        with contextlib.suppress(OSError):
            pending.sock.close()

    # -- the pool of threads for requests with a token --

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
        """The request the gate read for an admitted connection, its head and body (once)."""
        with self._lock:
            return self._heads.pop(request, b"")

    def handle_error(self, request, client_address) -> None:
        """A client that breaks its own connection is not the host's business."""

    @property
    def connections(self) -> int:
        """Requests with a token being served, and connections still sending a head."""
        with self._lock:
            return self._open + len(self._pending)


def _head_end(data: bytes) -> int:
    """Where the request head ends (the blank line included), or -1 while it is incomplete."""
    for mark in (b"\r\n\r\n", b"\n\n"):
        found = data.find(mark)
        if found >= 0:
            return found + len(mark)
    return -1


def _body_length(head: bytes, most: int) -> tuple[int, HTTPStatus | None]:
    """How many bytes of body follow the head, or why the request is refused: a body sent
    in chunks (no length to check before reading it), or longer than `most`. A POST must say
    its length, even of nothing."""
    if _header(head, b"transfer-encoding") is not None:
        return 0, HTTPStatus.LENGTH_REQUIRED
    said = _header(head, b"content-length")
    if said is None:
        return 0, HTTPStatus.LENGTH_REQUIRED if _method(head) == b"POST" else None
    if not said.isdigit() or len(said) > 9:
        return 0, HTTPStatus.BAD_REQUEST
    if int(said) > most:
        return 0, HTTPStatus.REQUEST_ENTITY_TOO_LARGE
    return int(said), None


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
