"""The table display's server: started, kept at its address, and stopped. The standard
library's threaded HTTP server, one thread per connection, Server-Sent Events for the live
updates, no framework.

It is put together from one file per idea: `watcher` keeps what the screens show current
from the game's files, `gate` reads every connection's request head before a thread is spent
on it, `routes` answers each token's paths, and `respond` writes every answer. This file holds
what a client is allowed (`Limits`), the routing table of the tokens, and the addresses: the
table's, a random token (`/t/<token>/`), and the host's, a longer one whose page records the
game (`host`), with the port, kept with the games (`display.json`), so a restarted display
serves the same addresses and open pages reconnect by themselves.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import threading
from collections.abc import Iterator

from moderator import live, store
from moderator.display import network
from moderator.display.gate import Gate, Limits
from moderator.display.host import HOST, Remote
from moderator.display.routes import RETRY_MS, TABLE
from moderator.display.routes import silence_wav as _silence
from moderator.display.watcher import POLL, Table

#: The names `moderator display` and the display's tests know the server by.
__all__ = ["ADDRESS_FILE", "POLL", "RETRY_MS", "Display", "PortsTaken", "_silence", "keep",
           "kept", "qr", "running", "start"]

HEAD_TIMEOUT = 5.0  # seconds a client with a token has to send its whole request head
STRANGER_TIMEOUT = 1.0  # seconds any other connection is given, answered or not
MAX_CONNECTIONS = 100  # requests with a token served at once; more get 503
MAX_PENDING = 256  # connections still sending their head; the oldest is cut for a new one
MAX_LINE = 8 * 1024  # bytes of a request line
MAX_HEAD = 16 * 1024  # bytes of a whole request head
MAX_BODY = 4 * 1024  # bytes of a request's body: the host page's answers are a few dozen
PORTS_TRIED = 20  # the default port and the next ones, if taken
ADDRESS_FILE = "display.json"  # the kept token and port, next to the games
LAST_PORT = 65535


class PortsTaken(OSError):
    """Every port tried, from `first` to `last`, is taken."""

    def __init__(self, first: int, last: int) -> None:
        super().__init__(errno.EADDRINUSE, f"ports {first} to {last} are taken")
        self.first, self.last = first, last


class Display:
    """A running display: the server, the thread that watches the files, and its address."""

    def __init__(self, server: Gate, host: str) -> None:
        self.server, self.table = server, server.table
        self.port = server.server_address[1]
        self.url = f"http://{_url_host(host)}:{self.port}/t/{server.token}/"
        self.host_url = f"http://{_url_host(host)}:{self.port}/t/{server.host_token}/"
        self._stop = threading.Event()
        self._watcher = threading.Thread(target=self.table.watch, args=(self._stop,),
                                         name="display-watch", daemon=True)
        self._watcher.start()

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
          on_torn=None, say_on: str | None = None) -> Display:
    """Bind to `host`:`port` (or the next free port of `tries`; 0: any) and start watching.
    `url_host` is the address the table types or scans (`host` unless it is 0.0.0.0). The
    tokens kept with the games are served again, unless `new_address`; the tokens and port
    served are kept for the next start. `say_on` is where a reveal started from the host's
    page is heard."""
    table = Table(game_id, lang, show_votes, on_torn)
    table.theme = theme
    table.refresh()
    address = {} if new_address else kept()
    token = address.get("token") or secrets.token_urlsafe(12)
    host_token = address.get("host") or secrets.token_urlsafe(16)  # 128 bits
    limits = Limits(HEAD_TIMEOUT, STRANGER_TIMEOUT, MAX_CONNECTIONS, MAX_PENDING, MAX_LINE,
                    MAX_HEAD, MAX_BODY)
    last = min(port + tries - 1, LAST_PORT) if port else 0  # no port beyond the last one
    for candidate in range(port, last + 1) if port else [0]:
        try:
            # the routing table: each token and what it reaches
            server = Gate((host, candidate), table, {token: TABLE, host_token: HOST}, limits)
            break
        except OSError as error:
            if error.errno != errno.EADDRINUSE:
                raise
            if candidate == last:
                raise PortsTaken(port, last) from None
    server.remote = Remote(table, say_on)
    display = Display(server, url_host or host)
    keep(token, display.port, host_token)
    if not network.local(url_host or host):  # a code to scan is for phones
        server.qr_svg = qr(display.url).svg_inline(scale=4, border=2, dark="#000",
                                                   light="#fff", omitsize=True)
    return display


def kept() -> dict:
    """The addresses kept with the games: {"token", "host", "port"}, or {} when none (or
    damaged)."""
    data = live.load(store.games_dir() / ADDRESS_FILE)  # never a FIFO, never too deep
    token, host, port = data.get("token"), data.get("host"), data.get("port")
    return {"token": token if isinstance(token, str) and _token_like(token) else None,
            "host": host if isinstance(host, str) and _token_like(host) and len(host) >= 22
            and host != token else None,
            "port": port if isinstance(port, int) and 0 < port < 65536 else None}


def _token_like(token: str) -> bool:
    """A token an address can carry as it is: ASCII letters, digits, - and _ (any other
    letter would reach the server percent-encoded, and match no page)."""
    return 8 <= len(token) <= 64 and all(c.isascii() and (c.isalnum() or c in "-_")
                                         for c in token)


def keep(token: str, port: int, host: str) -> None:
    """Keep the addresses for the next start, readable by this account only (the tokens are
    the table's keys, the host's records the game); a folder that cannot be written costs
    only that."""
    folder = store.games_dir()
    temporary = folder / f".{ADDRESS_FILE}.{os.getpid()}.tmp"
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        temporary.unlink(missing_ok=True)  # a new file gets the mode below
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with open(fd, "w", encoding="utf-8") as handle:
            handle.write(json.dumps({"token": token, "host": host, "port": port}))
        os.replace(temporary, folder / ADDRESS_FILE)
    with contextlib.suppress(OSError):
        temporary.unlink(missing_ok=True)


def qr(url: str):
    """The QR code of an address, for the page's corner and the host's terminal."""
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

