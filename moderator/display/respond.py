"""Every answer the display gives, written in one place: the status line, the headers each
answer carries, the body. The gate answers a connection it turns away with these bytes, and a
route answers a request with them, so a page, a refusal and a stream all say the same about
caching, framing and where the token may go.

The server speaks HTTP/1.0, one request per connection: every answer ends its connection.
"""

from __future__ import annotations

from collections.abc import Mapping
from email.utils import formatdate
from http import HTTPStatus

from moderator.display import page

HTML = "text/html; charset=utf-8"
PLAIN = "text/plain; charset=utf-8"

#: What every answer carries.
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token must not leak to another site
    "X-Frame-Options": "DENY",
    "Connection": "close",
}


def head(status: HTTPStatus, content_type: str, length: int | None,
         extra: Mapping[str, str] | None = None) -> bytes:
    """The status line and headers; no length for a stream that runs until it is closed."""
    lines = [f"HTTP/1.0 {status.value} {status.phrase}", "Server: moderator",
             f"Date: {formatdate(usegmt=True)}", f"Content-Type: {content_type}"]
    if length is not None:
        lines.append(f"Content-Length: {length}")
    lines += [f"{name}: {value}" for name, value in {**HEADERS, **(extra or {})}.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def answer(status: HTTPStatus, content_type: str, data: bytes,
           extra: Mapping[str, str] | None = None, body: bool = True) -> bytes:
    """A whole answer; without its body for a HEAD request."""
    return head(status, content_type, len(data), extra) + (data if body else b"")


def plain(status: HTTPStatus, extra: Mapping[str, str] | None = None,
          body: bool = True) -> bytes:
    """A status and nothing else to say: `405 Method Not Allowed`, as text."""
    return answer(status, PLAIN, f"{status.value} {status.phrase}\n".encode(), extra, body)


def moved(lang: str, body: bool = True) -> bytes:
    """An old or mistyped address: the page that says so in the table's language, still a
    404, with nothing of the game on it."""
    return answer(HTTPStatus.NOT_FOUND, HTML, page.moved(lang).encode(),
                  {"Content-Security-Policy": page.POLICY}, body)


def full(lang: str, count: int, body: bool = True) -> bytes:
    """Every place taken: the page that says so in the table's language, a 503 that says
    when to ask again."""
    return answer(HTTPStatus.SERVICE_UNAVAILABLE, HTML, page.full(lang, count).encode(),
                  {"Content-Security-Policy": page.POLICY,
                   "Retry-After": str(page.FULL_RETRY)}, body)
