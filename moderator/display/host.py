"""The host's address: the page the host records the game from, on their own phone.

Its token is a second entry in the routing table (`HOST`, beside the table's `TABLE`), longer
than the table's and never shown on the table's page. What it offers and how an answer
becomes an action is the host ring's (`moderator.host`); this file serves it, and guards
every request that acts:

- only POST acts, and only from the host's page: its Origin must be this server (the `Host`
  it named), and it must carry a page token (`hostpage.PAGE_HEADER`) that this display gave
  a page it served. A foreign page can do neither without CORS, which is never answered;
- a body is small (the gate reads at most `Limits.max_body` bytes), JSON, and its answers
  are checked against the questions the step asks now;
- each request carries an id of its own and is done once: a copy changes nothing; and each
  names the game and the log's length it was chosen at, so a page that another page, guided
  play or a command has moved on is refused with "the game has moved on";
- requests are rate-limited, and everything the gate does for the table's page (caps,
  deadlines, the `Host` check) holds here too.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from moderator import store
from moderator.display import hostpage, page, respond
from moderator.display.routes import LOOK, PING, RETRY_MS, Route, Routes
from moderator.i18n import t
from moderator.rules import VOTE, RuleError

if TYPE_CHECKING:
    from moderator.display.routes import Handler
    from moderator.display.watcher import Table
    from moderator.host import Host

#: Pages whose token is honoured: the newest ones served (a phone reloading makes a new one).
PAGES = 16
#: Request ids remembered, to refuse a copy of one.
REQUESTS = 1024
#: Requests that act, per second on average, and at once: far more than a host taps.
RATE, BURST = 5.0, 20.0

class Refused(Exception):
    """A request turned away before anything was recorded: its status and why (an i18n
    key, or the words already said)."""

    def __init__(self, status: HTTPStatus, key: str, said: str | None = None) -> None:
        super().__init__(key)
        self.status, self.key, self.said = status, key, said


class Remote:
    """What the host's address keeps while the display runs: the pages served, the requests
    seen, the rate, and the host ring's remote (`Host`, loaded with the first page)."""

    def __init__(self, table: Table, say_on: str | None = None) -> None:
        self.table, self.say_on = table, say_on
        self._pages: OrderedDict[str, None] = OrderedDict()
        self._requests: OrderedDict[str, None] = OrderedDict()
        self._guard = threading.Lock()
        self._tokens, self._filled = BURST, time.monotonic()
        self._host: Host | None = None

    @property
    def host(self) -> Host:
        if self._host is None:
            from moderator.host import Host

            self._host = Host(self.table.lang, self.table.theme, self.say_on)
        return self._host

    # -- the guard -----------------------------------------------------------------------------

    def issue(self) -> str:
        """A new page's token."""
        token = secrets.token_urlsafe(16)
        with self._guard:
            self._pages[token] = None
            while len(self._pages) > PAGES:
                self._pages.popitem(last=False)
        return token

    def _page_known(self, token: str) -> bool:
        with self._guard:
            return any([hmac.compare_digest(token.encode(), known.encode())
                        for known in self._pages])

    def _in_time(self) -> bool:
        """One more request within the rate (a token bucket)."""
        with self._guard:
            now = time.monotonic()
            self._tokens = min(BURST, self._tokens + (now - self._filled) * RATE)
            self._filled = now
            if self._tokens < 1:
                return False
            self._tokens -= 1
            return True

    def _first(self, request_id: object) -> bool:
        """Whether this request id is new (and remember it)."""
        if not isinstance(request_id, str) or not 16 <= len(request_id) <= 64 or \
                not all(c.isalnum() or c in "-_" for c in request_id):
            raise Refused(HTTPStatus.BAD_REQUEST, "host.unfit")
        with self._guard:
            if request_id in self._requests:
                return False
            self._requests[request_id] = None
            while len(self._requests) > REQUESTS:
                self._requests.popitem(last=False)
        return True

    def posted(self, request: Handler) -> dict:
        """The body of a request that acts, once it has passed every check."""
        headers = request.headers
        host, origin = headers.get("Host"), headers.get("Origin")
        if not host or origin is None or not hmac.compare_digest(
                origin.encode(), f"http://{host}".encode()):
            raise Refused(HTTPStatus.FORBIDDEN, "host.forbidden")
        if headers.get("Sec-Fetch-Site", "same-origin") != "same-origin":
            raise Refused(HTTPStatus.FORBIDDEN, "host.forbidden")
        if not self._page_known(headers.get(hostpage.PAGE_HEADER, "")):
            raise Refused(HTTPStatus.FORBIDDEN, "host.forbidden")
        if headers.get_content_type() != "application/json":
            raise Refused(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "host.unfit")
        if not self._in_time():
            raise Refused(HTTPStatus.TOO_MANY_REQUESTS, "host.too_many")
        try:
            body = json.loads(request.rfile.read(int(headers.get("Content-Length", 0))))
        except (ValueError, UnicodeDecodeError):
            raise Refused(HTTPStatus.BAD_REQUEST, "host.unfit") from None
        if not isinstance(body, dict):
            raise Refused(HTTPStatus.BAD_REQUEST, "host.unfit")
        if not self._first(body.get("request")):
            raise Refused(HTTPStatus.CONFLICT, "host.replayed")
        return body

    # -- what the page shows ------------------------------------------------------------------

    def update(self) -> dict:
        """The host page's parts as they are now: what a stream sends and an action answers."""
        from moderator import live
        from moderator.display import view

        table, host = self.table, self.host
        try:
            with host.game(table.game_id) as (current, lang):
                game_id = current.game_id
                newest = store.game_ids()[-1:] == [game_id]
                data = view.snapshot(current, lang, table.show_votes, live.read(game_id),
                                     newest)
                at = (game_id, current.history.lines)
                ran = host.step(current, lang)
                describe = ""
                if ran.action is not None:
                    from moderator import narration

                    describe = narration.describe_action(lang, current.names, ran.action)
                return {
                    "key": hostpage.key(at), "lang": lang,
                    "title": t(lang, "host.title", game=game_id),
                    "status": hostpage.status(data),
                    "step": hostpage.step(ran, at, lang, current.game.phase == VOTE,
                                          describe),
                    "tools": hostpage.tools(lang, host.history(current, lang),
                                            host.timer(current), host.reading_shown(current)),
                    "timer": page.timer(data), "dark": bool(data["dark"]),
                }
        except store.StoreError as error:
            failed = view.failure(table.lang, error.code, error.params)
        except Exception as error:  # the page says what went wrong; the server goes on
            failed = view.failure(table.lang, "errors.internal", {"what": type(error).__name__})
        lang = failed["lang"]
        return {"key": "", "lang": lang, "title": t(lang, "host.title_plain"),
                "status": hostpage.status(failed), "step": hostpage.step(None, ("", 0), lang,
                                                                         False),
                "tools": '<section id="tools"></section>', "timer": None, "dark": False}

    def said(self, error: RuleError | store.StoreError, names: list[str], lang: str) -> str:
        """A refusal as guided play says it: the command line's words, the players by name,
        and no command to type (the page has none)."""
        from moderator.narration.refusals import said

        return said(error.code, error.params, names, lang, typed=False)


# -- the routes ---------------------------------------------------------------------------------


def _remote(request: Handler) -> Remote:
    remote = request.server.remote
    assert remote is not None  # the host's token is in the table only with its remote
    return remote


def host_page(request: Handler) -> None:
    """The page as first served, its state drawn in, with a page token of its own."""
    remote = _remote(request)
    html = hostpage.document(remote.update(), remote.issue())
    request.send(respond.answer(HTTPStatus.OK, respond.HTML, html.encode(),
                                {"Content-Security-Policy": hostpage.POLICY}, request.body))


def host_events(request: Handler) -> None:
    """The host page's stream: its parts at once, then whenever the game's files change (an
    action from anywhere, the reveal, the timer), a ping when quiet."""
    request.send(respond.head(HTTPStatus.OK, "text/event-stream; charset=utf-8", None))
    if not request.body:
        return
    remote, table = _remote(request), _remote(request).table
    request.send(f"retry: {RETRY_MS}\n\n".encode())
    seen, sent, quiet, number = None, None, 0.0, 0
    while not table.stopping:
        looked = table.looked
        if looked != seen:
            update = remote.update()
            if update != sent:
                number += 1
                frame = f"id: {number}\nevent: state\ndata: {_json(update)}\n\n"
                request.send(frame.encode())
                sent, quiet = update, 0.0
            seen = looked
        elif quiet >= PING:
            request.send(b": ping\n\n")
            quiet = 0.0
        request.wfile.flush()
        table.wait_look(looked, LOOK)
        quiet += LOOK
        if request.gone():
            return


def _acting(answer: Callable[[Remote, dict], dict]) -> Callable[[Handler], None]:
    """A route that acts: the guard first, then `answer`; a refusal by the rules or the
    store in the command line's words, with the page as it is now."""
    def route(request: Handler) -> None:
        remote = _remote(request)
        try:
            body = remote.posted(request)
            status, reply = HTTPStatus.OK, answer(remote, body)
        except Refused as refused:
            status = refused.status
            reply = {"refused": refused.said or t(remote.table.language(), refused.key)}
        except (RuleError, store.StoreError) as error:
            status = HTTPStatus.CONFLICT if error.code == "errors.moved_on" else \
                HTTPStatus.UNPROCESSABLE_ENTITY
            reply = {"refused": _said(remote, error), "update": remote.update()}
        except Exception as error:  # the page says so; the server goes on
            status = HTTPStatus.INTERNAL_SERVER_ERROR
            reply = {"refused": t(remote.table.language(), "errors.internal",
                                  what=type(error).__name__)}
        request.send(respond.answer(status, "application/json", _json(reply).encode(),
                                    body=request.body))
    return route


def _said(remote: Remote, error: RuleError | store.StoreError) -> str:
    """A refusal in words, the players named as the command line names them."""
    try:
        with remote.host.game(remote.table.game_id) as (current, lang):
            return remote.said(error, current.names, lang)
    except (RuleError, store.StoreError):
        return remote.said(error, [], remote.table.language())


def _made_for(body: dict) -> tuple[str, int]:
    game, log = body.get("game"), body.get("log")
    if not isinstance(game, str) or type(log) is not int:
        raise Refused(HTTPStatus.BAD_REQUEST, "host.unfit")
    return game, log


def act(remote: Remote, body: dict) -> dict:
    """The page's answers to the step: its next question, or the action recorded."""
    from moderator.host.remote import Unfit

    answers = body.get("answers")
    if not isinstance(answers, list):
        raise Refused(HTTPStatus.BAD_REQUEST, "host.unfit")
    host = remote.host
    with host.game(remote.table.game_id, _made_for(body)) as (current, lang):
        try:
            ran, done = host.answer(current, lang, answers)
        except Unfit as unfit:
            raise Refused(HTTPStatus.UNPROCESSABLE_ENTITY, "host.unfit", unfit.reason
                          ) from None
        if done is None:
            at = (current.game_id, current.history.lines)
            return {"step": hostpage.step(ran, at, lang, current.game.phase == VOTE)}
        notice = hostpage.paragraphs(ran.lines)
    return {"notice": notice, "update": remote.update()}


def _moved(kind: str) -> Callable[[Remote, dict], dict]:
    def move(remote: Remote, body: dict) -> dict:
        host = remote.host
        with host.game(remote.table.game_id, _made_for(body)) as (current, lang):
            said = host.move(current, lang, kind)
        return {"notice": hostpage.paragraphs([(said, "bold")]), "update": remote.update()}
    return move


def timer(remote: Remote, body: dict) -> dict:
    host = remote.host
    with host.game(remote.table.game_id, _made_for(body)) as (current, _):
        host.start_timer(current)
    return {"update": remote.update()}


def reveal(remote: Remote, body: dict) -> dict:
    host = remote.host
    with host.game(remote.table.game_id, _made_for(body)) as (current, lang):
        host.reveal(current, lang)
    return {"update": remote.update()}


def stop(remote: Remote, body: dict) -> dict:
    remote.host.stop_reveal()
    return {"update": remote.update()}


def rules(remote: Remote, body: dict) -> dict:
    """A rules question: answered, never recorded."""
    query = body.get("query")
    if not isinstance(query, str) or len(query) > 200:
        raise Refused(HTTPStatus.BAD_REQUEST, "host.unfit")
    host = remote.host
    with host.game(remote.table.game_id) as (current, lang):
        return {"rules": hostpage.paragraphs(host.look_up(current, lang, query.strip()))}


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


POST = ("POST",)

#: What the host's token reaches: the page and its stream, and what acts, by POST only.
HOST: Routes = {
    "": Route(host_page),
    "events": Route(host_events),
    "act": Route(_acting(act), POST),
    "undo": Route(_acting(_moved("undo")), POST),
    "redo": Route(_acting(_moved("redo")), POST),
    "timer": Route(_acting(timer), POST),
    "reveal": Route(_acting(reveal), POST),
    "stop": Route(_acting(stop), POST),
    "rules": Route(_acting(rules), POST),
}
