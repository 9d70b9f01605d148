"""A client for the host page's tests without a browser: the page as a phone loads it, and
its requests as its script sends them (`static/host.js`), with every header a test may want
to leave out or forge.

A module of its own (not the conftest) so that test files import it by a name no other test
folder uses.
"""

from __future__ import annotations

import json
import re
import secrets
from html import unescape
from html.parser import HTMLParser
from urllib.parse import urlsplit

from display_client import get

#: The header a host page sends its page token in.
PAGE = "X-Moderator-Page"


class _Step(HTMLParser):
    """The step's question and its choices, read from the page's HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.question, self.kind = "", ""
        self.choices: list[str] = []
        self.buttons: list[str] = []
        self._in: str | None = None
        self._text = ""

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "div" and "data-kind" in found:
            self.kind = found["data-kind"]
        if tag == "p" and found.get("id") == "ask":
            self._in, self._text = "ask", ""
        if tag == "button":
            self._in = "choice" if "data-i" in found else "button"
            self._text = ""

    def handle_endtag(self, tag):
        if self._in == "ask" and tag == "p":
            self.question, self._in = self._text.strip(), None
        elif self._in in ("choice", "button") and tag == "button":
            (self.choices if self._in == "choice" else self.buttons).append(
                " ".join(self._text.split()))
            self._in = None

    def handle_data(self, data):
        if self._in:
            self._text += data


class HostPage:
    """The host's page, loaded once; `post` sends what its script would."""

    def __init__(self, url: str) -> None:
        self.url = url
        parts = urlsplit(url)
        self.netloc, self.path = parts.netloc, parts.path
        status, headers, body = get(url)
        assert status == 200, status
        self.served = headers  # the headers the page came with
        self.html = body.decode()
        self.token = re.search(r'<meta name="page" content="([^"]+)"', self.html).group(1)
        self.last: dict = {}

    # -- what the page shows ----------------------------------------------------------------

    def _step_html(self) -> str:
        found = re.search(r'<section id="step".*?</section>', self.html, re.S)
        return found.group(0) if found else ""

    @property
    def at(self) -> tuple[str, int, list]:
        """The game, the log's length and the answers the step shown was made for."""
        step = self._step_html()
        game = re.search(r'data-game="([^"]*)"', step).group(1)
        log = int(re.search(r'data-log="(\d+)"', step).group(1))
        answers = json.loads(unescape(re.search(r'data-answers="([^"]*)"', step).group(1)))
        return game, log, answers

    def step(self) -> _Step:
        parsed = _Step()
        parsed.feed(self._step_html())
        return parsed

    def text(self) -> str:
        """The page's words, without its markup."""
        return " ".join(unescape(re.sub(r"<[^>]+>", " ", self.html)).split())

    # -- what the page sends ------------------------------------------------------------------

    def headers(self, changed: dict | None = None) -> dict:
        """The headers the page's script sends; `changed` replaces some, or drops them (None)."""
        given = {"Content-Type": "application/json", "Origin": f"http://{self.netloc}",
                 PAGE: self.token}
        for name, value in (changed or {}).items():
            if value is None:
                given.pop(name, None)
            else:
                given[name] = value
        return given

    def body(self, fields: dict | None = None, made_for: tuple[str, int] | None = None,
             request_id: str | None = None) -> bytes:
        """What the page's script sends: the game and log's length the step shown was made
        for (or `made_for`), a new request id (or `request_id`), and `fields`."""
        game, log, _ = self.at
        if made_for is not None:
            game, log = made_for
        sent = {"game": game, "log": log, "request": request_id or secrets.token_hex(16),
                **(fields or {})}
        return json.dumps(sent).encode()

    def post(self, route: str, fields: dict | None = None, *, headers: dict | None = None,
             raw: bytes | None = None, made_for: tuple[str, int] | None = None,
             request_id: str | None = None) -> tuple[int, dict]:
        """One request as the page's script sends it (see `headers` and `body`); the page
        takes in what comes back."""
        sent = raw if raw is not None else self.body(fields, made_for, request_id)
        status, _, answer = get(self.url + route, "POST", self.headers(headers), sent)
        try:
            reply = json.loads(answer)
        except ValueError:
            reply = {"raw": answer.decode(errors="replace")}
        self.last = {"status": status, "reply": reply}
        if "update" in reply:
            update = reply["update"]
            self.html = update["status"] + update["step"] + update["tools"]
        elif "step" in reply:
            self.html = reply["step"] + re.sub(r'<section id="step".*?</section>', "",
                                               self.html, flags=re.S)
        return status, reply

    def answer(self, *answers) -> tuple[int, dict]:
        return self.post("act", {"answers": self.at[2] + list(answers)})

    def tap(self, title: str) -> tuple[int, dict]:
        """The choice whose words are `title` (or begin with it), as a finger taps it."""
        return self.answer(self.choice(title))

    def tick(self, *titles: str) -> tuple[int, dict]:
        """The choices of a list, then the button under it."""
        return self.answer([self.choice(title) for title in titles])

    def choice(self, title: str) -> int:
        choices = self.step().choices
        exact = [i for i, shown in enumerate(choices) if shown == title]
        found = exact or [i for i, shown in enumerate(choices) if shown.startswith(title)]
        assert len(found) == 1, (title, choices)
        return found[0]

