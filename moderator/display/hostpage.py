"""The host's page as HTML: made for a phone held in one hand, its style and script package
files of their own (`static/host.css`, `static/host.js`).

Three parts change: the table as the host needs it at a glance (`status`, drawn from the
table's own page data: what the whole table sees, nothing more), the step with its question
(`step`), and what is always at hand (`tools`). A choice is sent as its index, never as its
value. Every name and text is escaped: players' names are typed by the host.
"""

from __future__ import annotations

import json
from html import escape
from typing import TYPE_CHECKING

from moderator import codec, resources
from moderator.display.page import COUNTDOWN, clock, digest
from moderator.i18n import t
from moderator.rules import tables

if TYPE_CHECKING:
    from moderator.host import Step

STYLE = resources.data(__package__, "static/host.css").decode("utf-8")
SCRIPT = COUNTDOWN + resources.data(__package__, "static/host.js").decode("utf-8")

#: Only the page's own style and script run, and it talks to its own server alone.
POLICY = (f"default-src 'none'; style-src {digest(STYLE)}; script-src {digest(SCRIPT)}; "
          "connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; "
          "frame-ancestors 'none'")

#: The header a host page sends its page token in (a foreign page can neither read the token
#: nor send the header: no CORS).
PAGE_HEADER = "X-Moderator-Page"


def status(data: dict) -> str:
    """What the table sees, as the host needs it: the score, the vote track, who leads, the
    last action's result, and what comes now."""
    lang = data["lang"]
    banner = f'<p class="banner" id="now">{escape(data["banner"])}</p>'
    if data["kind"] == "error":
        return f'<header id="status">{banner}</header>'
    state = data["status"]
    score, names = state["score"], state["players"]
    facts = [f'<span class="resistance">{escape(t(lang, "display.resistance"))} '
             f'<b>{score["resistance"]}</b></span>',
             f'<span class="spies">{escape(t(lang, "display.spies"))} '
             f'<b>{score["spies"]}</b></span>']
    if state["phase"] != "game_over":
        track = t(lang, "display.rejected", count=state["vote_track"],
                  limit=tables.MAX_REJECTIONS)
        facts.append(f'<span id="track">{escape(track)}</span>')
    if state["leader"] is not None:
        leader = names[codec.seat(state["leader"])]
        facts.append(f'<span>{escape(t(lang, "display.leader"))} <b id="leader">'
                     f'{escape(leader)}</b></span>')
    last = "".join(f'<li class="{line["tone"] or ""}">{escape(line["text"])}</li>'
                   for line in data["last"])
    return (f'<header id="status"><p class="facts">{" · ".join(facts)}</p>'
            + (f'<ul class="last" id="last">{last}</ul>' if last else "")
            + f"{banner}</header>")


def step(ran: Step | None, at: tuple[str, int], lang: str, voting: bool,
         describe: str = "") -> str:
    """The step: its heading and lines, then its next question with the choices as buttons
    (a list to tick ends with a button that says what it records), or, for a step that asks
    nothing, the button that records it (`describe`)."""
    if ran is None:
        return '<section id="step"></section>'
    game, log = at
    parts = [f'<section id="step" data-key="{escape(key(at))}" data-game="{escape(game)}" '
             f'data-log="{log}" data-answers="{escape(json.dumps(ran.answers))}">']
    if ran.title:
        parts.append(f"<h2>{escape(ran.title)}</h2>")
    parts += [f'<p class="said {escape(style)}">{escape(text)}</p>' for text, style in ran.lines]
    asked = ran.asked
    if asked is not None:
        parts.append(_question(asked, lang, voting))
    elif ran.action is not None:
        parts.append(f'<div class="choices"><button type="button" class="record" data-record>'
                     f'{escape(t(lang, "host.record", text=describe))}</button></div>')
    if ran.answers:
        parts.append(f'<button type="button" class="again" data-again>'
                     f'{escape(t(lang, "host.again"))}</button>')
    parts.append("</section>")
    return "".join(parts)


def key(at: tuple[str, int]) -> str:
    """What a step's answers were chosen for: the game and its log's length."""
    return f"{at[0]}:{at[1]}"


def _question(asked, lang: str, voting: bool) -> str:
    choices = []
    pressed = ' aria-pressed="false"' if asked.kind == "some" else ""
    for index, (choice, player) in enumerate(zip(asked.choices, asked.players, strict=True)):
        value = choice.value
        counted = type(value) is int and not player  # a number of cards, a mission
        label = (f'<span class="number">{value}</span> <span>{escape(choice.title)}</span>'
                 if counted else escape(choice.title))
        kind = "player" if player else ("count" if counted else "word")
        choices.append(f'<button type="button" class="choice {kind}" data-i="{index}"'
                       f"{pressed}>{label}</button>")
    confirm = ""
    if asked.kind == "some":
        labels = {n: _ticked(lang, n, asked.sizes, voting) for n in range(len(choices) + 1)}
        disabled = "" if 0 in asked.sizes else " disabled"
        confirm = (f'<button type="button" class="confirm" data-confirm{disabled} '
                   f'data-sizes="{escape(json.dumps(asked.sizes))}" '
                   f'data-labels="{escape(json.dumps(labels, ensure_ascii=False))}">'
                   f"{escape(labels[0])}</button>")
    return (f'<div class="question" data-kind="{asked.kind}">'
            f'<p class="ask" id="ask">{escape(asked.question)}</p>'
            f'<div class="choices {asked.kind}">{"".join(choices)}</div>{confirm}</div>')


def _ticked(lang: str, count: int, sizes: list[int], voting: bool) -> str:
    """What the button under a list says it records, for each number ticked."""
    if voting:
        return t(lang, "host.all_approve") if count == 0 else t(lang, "host.rejected",
                                                                 count=count)
    if len(sizes) == 1:
        return t(lang, "host.ticked_of", count=count, size=sizes[0])
    return t(lang, "host.ticked", count=count)


def tools(lang: str, history: dict, timer: float | None, reading: dict | None) -> str:
    """Always at hand: undo and redo saying what they take back, the discussion timer, the
    reveal before the game (and its stop while it is read)."""
    buttons = []
    for move in ("undo", "redo"):
        if history[move]:
            buttons.append(f'<button type="button" data-post="{move}">'
                           f'{escape(t(lang, f"host.{move}", text=history[move]))}</button>')
    if timer is not None:
        length = t(lang, "host.timer", time=clock(timer))
        buttons.append(f'<button type="button" data-post="timer">{escape(length)}</button>')
    if reading and reading["running"]:
        buttons.append(f'<button type="button" class="stop" data-post="stop">'
                       f'{escape(t(lang, "host.reveal_stop"))}</button>')
    elif reading:
        buttons.append(f'<button type="button" data-post="reveal">'
                       f'{escape(t(lang, "host.reveal"))}</button>')
    notices = "".join(f'<p class="said">{escape(text)}</p>'
                      for text in (reading or {}).get("notices", []))
    return f'<section id="tools">{"".join(buttons)}{notices}</section>'


def paragraphs(lines: list[tuple[str, str]]) -> str:
    """Lines with their styles (a rules answer, what an action did), as paragraphs."""
    return "".join(f'<p class="said {escape(style)}">{escape(text)}</p>' for text, style in lines)


def document(update: dict, page_token: str) -> str:
    """The whole page as first served, its state drawn in; `page_token` goes with every
    request it makes."""
    lang = update["lang"]
    dark = ' class="dark"' if update["dark"] else ""
    texts = {"failed": t(lang, "host.failed"), "eyes_closed": t(lang, "display.eyes_closed")}
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="dark"><meta name="referrer" content="no-referrer">'
        f'<meta name="page" content="{escape(page_token)}">'
        f"<title>{escape(update['title'])}</title><style>{STYLE}</style></head>"
        f'<body{dark} data-texts="{escape(json.dumps(texts, ensure_ascii=False))}">'
        f'<div id="dark"><p>{escape(texts["eyes_closed"])}</p>'
        f'<button type="button" class="stop" data-post="stop">'
        f'{escape(t(lang, "host.reveal_stop"))}</button></div>'
        f'<main>{update["status"]}'
        f'<div id="timer" role="timer" hidden></div>'
        f'<p id="notice" role="status" aria-live="polite"></p>'
        f'{update["step"]}{update["tools"]}'
        f'<details id="rules"><summary>{escape(t(lang, "host.rules"))}</summary>'
        f'<input id="query" type="text" maxlength="200" autocomplete="off" '
        f'placeholder="{escape(t(lang, "host.rules_hint"))}">'
        f'<button type="button" data-post="rules">{escape(t(lang, "host.rules_ask"))}</button>'
        f'<div id="answer"></div></details>'
        f'<p class="conn">{escape(t(lang, "display.reconnecting"))}</p></main>'
        f"<script>{SCRIPT}</script></body></html>")
