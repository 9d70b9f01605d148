"""The page itself: one HTML document with its CSS and a little JavaScript inline (no CDN, no
build step; both kept in `static/`), and the table drawn as an HTML fragment from the page's
data (`view`).

The server sends the fragment on every change; the script only swaps it in, announces the
change to screen readers and counts the timer down. Every name and text is escaped: players'
names are typed by the host. Every mark has a symbol as well as a colour, so the page reads
the same for a colour-blind player and on a washed-out TV.
"""

from __future__ import annotations

import base64
import hashlib
import json
from html import escape

from moderator import codec, resources
from moderator.display import view
from moderator.display.parts import Display, marks_of, outcomes_of
from moderator.i18n import catalogue, speaking, t
from moderator.rules import tables

SUCCESS, FAIL, APPROVE, REJECT = "✔", "✘", "✓", "✗"
LEADER, TWO_FAILS = "♛", "2✘"
#: How many of the next leaders the page names.
NEXT_LEADERS = 3


# -- the table, as a fragment -------------------------------------------------------------


def render(data: dict) -> str:
    """The table as an HTML fragment: what `main` holds."""
    lang = data["lang"]
    banner = f'<p class="banner" id="banner">{escape(data["banner"])}</p>'
    if data["kind"] == "error":
        return f'<div class="error">{banner}</div>'
    status, names = data["status"], data["status"]["players"]
    over = status["phase"] == "game_over"
    parts = [_heading(data), banner.replace('class="banner"', 'class="banner over"') if over
             else banner]
    if data.get("torn"):
        torn = t(lang, "display.torn", game=data["torn"]["game"])
        parts.append(f'<p class="torn warning" id="torn">{escape(torn)}</p>')
    # a vote's voters are in the grid's newest column: said once, where there is room
    shown = [line for line in data["last"] if not line["voters"]]
    if shown:
        parts.append(_last(shown))
    displays = Display.in_play(status["modules"])  # the modules' parts, in their order
    if over:
        parts += [part.over(status, names, lang) for part in displays]
    if data["spies_were"]:
        spies = t(lang, "display.spies_were", names=", ".join(data["spies_were"]))
        parts.append(f'<p class="spies-were">{escape(spies)}</p>')
    if data.get("resistance_were"):
        loyal = t(lang, "display.resistance_were", names=", ".join(data["resistance_were"]))
        parts.append(f'<p class="resistance-were">{escape(loyal)}</p>')
    if data["after"]:  # the board beside the game in review and tonight's tally
        parts += ['<div class="after"><div class="column">', _missions(data),
                  _score(status, lang), '</div><div class="column">', _steps(data),
                  "</div></div>"]
        return "".join(parts)
    # the game as it stands on the left (the modules' cards and tokens too), its history on
    # the right: the vote grid, with room for as many proposals as the screen's width allows
    parts.append('<div class="columns"><div class="column">')
    parts += [_missions(data), _score(status, lang)]
    if not over:
        parts += [_track(status, data["warnings"], lang), _leaders(status, names, lang)]
    parts += [part.section(status, names, lang) for part in displays]
    tokens = _tokens(status, names, lang)
    if tokens:
        parts.append(tokens)
    parts.append('</div><div class="column">')
    if data["show_votes"] and status["proposals"]:
        parts.append(_votes(status, names, lang))
    elif not data["show_votes"]:
        parts.append(f'<p class="note">{escape(t(lang, "display.votes_hidden"))}</p>')
    parts.append("</div></div>")
    return "".join(parts)


def _heading(data: dict) -> str:
    lang, status = data["lang"], data["status"]
    extras = [t(lang, f"variant.{v}") for v in status["variants"]]
    extras += [t(lang, f"module.{m}") for m in status["modules"]]
    line = t(lang, "status.heading", game=status["game"], count=len(status["players"]))
    if extras:
        line += " · " + ", ".join(extras)
    return f'<p class="heading">{escape(line)}</p>'


def _last(lines: list[dict]) -> str:
    items = "".join(
        f'<li{_tone(line["tone"])}>{escape(line["text"])}</li>' for line in lines)
    return f'<ul class="last" id="last">{items}</ul>'


def _tone(tone: str | None) -> str:
    return f' class="{tone}"' if tone else ""


def _missions(data: dict) -> str:
    lang = data["lang"]
    spaces = []
    for space in data["board"]:
        classes = ["mission", space["result"] or "open"] + (["current"] if space["current"] else [])
        if space["result"] == "success":
            mark = SUCCESS
        elif space["result"] == "fail":
            mark = FAIL
        else:
            mark = ""
        fails = f'<span class="fails">{space["fails"]}</span>' if space["fails"] else ""
        two = f'<span class="two">{TWO_FAILS}</span>' if space["two_fails"] else ""
        label = t(lang, "display.mission_label", mission=space["mission"], count=space["size"])
        if space["two_fails"]:
            label += " " + t(lang, "display.two_fails")
        spaces.append(
            f'<li class="{" ".join(classes)}" aria-label="{escape(label)}">'
            f'<span class="number">{space["mission"]}</span>'
            f'<span class="size">{space["size"]}</span>{two}'
            f'<span class="result">{mark}{fails}</span></li>')
    legend = ""
    if any(space["two_fails"] for space in data["board"]):
        legend = (f'<p class="two-legend"><b>{TWO_FAILS}</b> '
                  f'{escape(t(lang, "display.two_fails"))}</p>')
    title = escape(t(lang, "display.missions"))
    return (f'<section class="board"><h2>{title}</h2><ol class="missions">{"".join(spaces)}'
            f"</ol>{legend}</section>")


def _score(status: dict, lang: str) -> str:
    score = status["score"]
    return (
        '<p class="score">'
        f'<span class="resistance">{escape(t(lang, "display.resistance"))} '
        f'<b id="score-resistance">{score["resistance"]}</b></span>'
        f'<span class="spies">{escape(t(lang, "display.spies"))} '
        f'<b id="score-spies">{score["spies"]}</b></span></p>')


def _track(status: dict, warnings: list[str], lang: str) -> str:
    count, limit = status["vote_track"], tables.MAX_REJECTIONS
    slots = "".join(
        f'<span class="slot{" filled" if n <= count else ""}{" last" if n == limit else ""}">'
        "</span>" for n in range(1, limit + 1))
    text = t(lang, "display.rejected", count=count, limit=limit)
    warning = ""
    if "fifth_proposal" in warnings:  # one more rejection and the spies win
        warning = (f'<p class="warning" id="last-chance">'
                   f'{escape(t(lang, "status.last_chance"))}</p>')
    return (f'<section class="track"><h2>{escape(t(lang, "display.vote_track"))}</h2>'
            f'<p><span class="slots" aria-hidden="true">{slots}</span> '
            f'<span id="vote-track">{escape(text)}</span></p>{warning}</section>')


def _leaders(status: dict, names: list[str], lang: str) -> str:
    if status["leader"] is None:
        return ""
    leader = names[codec.seat(status["leader"])]
    following = [names[s] for s in codec.seats(status["next_leaders"][:NEXT_LEADERS])]
    rows = [f'<p class="leader">{LEADER} {_label(t(lang, "display.leader"))} '
            f'<b id="leader">{escape(leader)}</b></p>']
    if following:
        rows.append(f'<p class="next">{_label(t(lang, "display.then"))} '
                    f'{escape(" → ".join(following))}</p>')
    if status["team"]:
        team = ", ".join(names[s] for s in codec.seats(status["team"]))
        rows.append(f'<p class="team">{_label(t(lang, "display.team"))} '
                    f'<b id="team">{escape(team)}</b></p>')
    return f'<section class="leaders">{"".join(rows)}</section>'


def _label(text: str) -> str:
    return f'<span class="label">{escape(text)}</span>'


def _votes(status: dict, names: list[str], lang: str) -> str:
    """Players by proposals: who led, who was on the team, how each voted, and the outcome,
    with the modules' marks (`parts.marks_of`, `parts.outcomes_of`)."""
    grid, legend = _grid(status, status["proposals"], names, lang, "votes")
    title = escape(t(lang, "display.votes"))
    return (f'<section class="votes"><h2>{title}</h2><div class="grid">{grid}</div>'
            f'<p class="older" id="older" hidden></p>'
            f'<p class="legend">{escape(legend)}</p></section>')


def _grid(status: dict, proposals: list[dict], names: list[str], lang: str,
          ident: str) -> tuple[str, str]:
    """The vote grid of `proposals` (table `ident`), and its legend."""
    marks, outcomes = marks_of(status), outcomes_of(status)
    head = "".join(f'<th scope="col" data-col="{n}">{p["mission"]}.{p["attempt"]}</th>'
                   for n, p in enumerate(proposals))
    rows = []
    for seat, name in enumerate(names):
        number = codec.number(seat)  # as the status numbers the players
        cells: list[str] = []
        for p in proposals:
            yes = number in p["approve"]
            classes = ["yes" if yes else "no"]
            cell_marks = ""
            if number == p["leader"]:
                classes.append("lead")
                cell_marks += f'<span class="mark">{LEADER}</span>'
            if number in p["team"]:
                classes.append("team")
            for mark in marks:
                shown = mark.marks(p, number, lang)
                if shown:
                    cell_marks += f'<span class="mark">{escape(shown)}</span>'
            vote = APPROVE if yes else REJECT
            cells.append(f'<td class="{" ".join(classes)}" data-col="{len(cells)}">'
                         f'{cell_marks}{vote}</td>')
        rows.append(f'<tr><th scope="row">{escape(name)}</th>{"".join(cells)}</tr>')
    outcome: list[str] = []
    for column, p in enumerate(proposals):  # a module's outcome (a cancelled approval) first
        changed = [cell for o in outcomes if (cell := o.cell(p, names, lang, column)) is not None]
        outcome.append(changed[0] if changed else
                       f'<td class="{"yes" if p["approved"] else "no"}" '
                       f'data-col="{column}">{SUCCESS if p["approved"] else FAIL}</td>')
    rows.append(f'<tr class="outcome"><th scope="row">{escape(t(lang, "display.outcome"))}</th>'
                f'{"".join(outcome)}</tr>')
    legend = t(lang, "display.votes_legend", leader=LEADER, approve=APPROVE, reject=REJECT)
    explained = [m.legend for m in marks] + [o.legend for o in outcomes]  # cells, then outcomes
    for line in (legend_line(proposals, lang) for legend_line in explained):
        if line:
            legend += " · " + line
    return (f'<table id="{ident}"><thead><tr><td></td>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>', legend)


def _steps(data: dict) -> str:
    """The steps after the game (`after.steps`), each a section of its own: the page's script
    shows one at a time, as long as each says, every screen at the same one."""
    lang, status = data["lang"], data["status"]
    sections = []
    for number, step in enumerate(data["after"]):
        part = escape(t(lang, f"display.after_{step['part']}"))
        body = [f'<h2>{part} <span class="counter">{escape(step["counter"])}</span></h2>'
                f'<h3>{escape(step["title"])}</h3>']
        played = [p for p in status["proposals"] if p["mission"] == step["mission"]]
        if played:
            body.append('<div class="grid">'
                        f'{_grid(status, played, status["players"], lang, f"round-{number}")[0]}'
                        "</div>")
        if step["lines"]:
            body.append("<ul>" + "".join(f"<li>{escape(line)}</li>" for line in step["lines"])
                        + "</ul>")
        if step["bars"]:
            body.append(_bars(step["bars"]))
        if step["legend"]:
            body.append(_swatches(step["legend"]))
        hidden = " hidden" if number else ""
        sections.append(f'<section class="step" data-seconds="{step["seconds"]}"{hidden}>'
                        f'{"".join(body)}<div class="dwell"></div></section>')
    return f'<div class="steps" id="after">{PATTERNS}{"".join(sections)}</div>'


def _bars(bars: list[dict]) -> str:
    """Bars with their labels and numbers, each part in its kind's colour and pattern (a
    spy's part striped, for a screen or an eye that tells no red from blue), drawn in SVG:
    the page's policy allows no inline style."""
    rows = []
    for bar in bars:
        whole, drawn, x = max(bar["whole"], 1), [], 0
        for count, kind in bar["parts"]:
            drawn.append(f'<rect class="{kind}" x="{100 * x / whole:.2f}%" '
                         f'width="{100 * count / whole:.2f}%" height="100%"/>')
            x += count
        rows.append(f'<tr><th scope="row">{escape(bar["label"])}</th><td class="bar">'
                    f'<svg aria-hidden="true"><rect class="rest" width="100%" height="100%"/>'
                    f'{"".join(drawn)}</svg></td><td class="note">{escape(bar["note"])}</td>'
                    "</tr>")
    return f'<table class="bars"><tbody>{"".join(rows)}</tbody></table>'


def _swatches(legend: list[list[str]]) -> str:
    """A bar chart's legend: each kind's swatch and its name."""
    return '<p class="legend">' + " ".join(
        f'<span class="swatch"><svg aria-hidden="true"><rect class="{kind}" width="100%" '
        f'height="100%"/></svg>{escape(name)}</span>' for kind, name in legend) + "</p>"


#: The spies' stripes, one pattern for every bar of the page.
PATTERNS = ('<svg class="patterns" aria-hidden="true"><defs><pattern id="stripes" width="8" '
            'height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
            '<rect class="stripe" width="8" height="8"/><rect class="gap" width="3" '
            'height="8"/></pattern></defs></svg>')


def _tokens(status: dict, names: list[str], lang: str) -> str:
    """What the modules put on the table for everyone to see: the tokens in front of players,
    then the cards shown face up."""
    parts = Display.in_play(status["modules"])
    lines = [*(part.tokens(status, names, lang) for part in parts),
             *(part.shown(status, names, lang) for part in parts)]
    rows = [row for row in lines if row]
    if not rows:
        return ""
    return '<section class="tokens">' + "".join(f"<p>{escape(r)}</p>" for r in rows) + "</section>"


# -- what each event carries ---------------------------------------------------------------


def event(data: dict, revision: int, seconds_left: float | None) -> dict:
    """One update for the screens: the fragment, what a screen reader announces, whether the
    screen goes dark, and the timer (from the seconds left now: each screen counts down from
    when it receives it, so its clock need not agree with the host's). Drawn in the words of
    the theme the page's data was made in, whatever thread draws it."""
    with speaking(data.get("theme")):
        return _event(data, revision, seconds_left)


def _event(data: dict, revision: int, seconds_left: float | None) -> dict:
    lang = data["lang"]
    announce = [data["banner"], *(line["text"] for line in data.get("last", []))]
    spoken = data.get("speech")
    speech = None
    if spoken:
        speech = {"text": spoken["text"],
                  "url": f"audio/{spoken['audio']}" if spoken["audio"] else None}
    return {
        "revision": revision,
        "lang": lang,
        "title": title(data),
        "speech": speech,
        "older": catalogue(lang)["display.older_hidden"],
        "sound": {"off": t(lang, "display.sound_off"), "on": t(lang, "display.sound_on")},
        "dark": data["dark"],
        "eyes_closed": t(lang, "display.eyes_closed"),
        "html": render(data),
        "announce": " ".join(announce),
        "timer": timer(data, seconds_left),
        "state": data,
    }


def timer(data: dict, seconds_left: float | None = None) -> dict | None:
    """The discussion timer a screen counts down: from the seconds left at this moment (by
    default), and the words it shows running and over (in the theme of the page's data)."""
    shown = data.get("timer")
    if shown is None:
        return None
    left = view.seconds_left(shown) if seconds_left is None else seconds_left
    lang = data["lang"]
    with speaking(data.get("theme")):
        return {"left_ms": round(left * 1000), "warning_ms": round(shown["warning"] * 1000),
                "running": t(lang, "display.timer_running", left="{left}"),
                "over": t(lang, "display.timer_over", over="{over}")}


def heard(spoken: dict) -> dict:
    """What the screens get of the line read aloud now (`live.speech`): its words and the
    name its audio is fetched by, never where the audio is kept on this computer (a path
    that names the host's account, and may not even be text)."""
    return {"text": spoken["text"], "audio": audio_name(spoken) if spoken.get("audio") else None}


def audio_name(spoken: dict) -> str:
    """The name a screen fetches a spoken line by: new for every line said, even the same
    line again, so no screen plays an old one from its cache."""
    said = str(spoken.get("said", "")).replace(".", "-")
    suffix = ".mp3" if str(spoken.get("audio", "")).endswith(".mp3") else ".wav"
    return f"{spoken.get('line')}-{said}{suffix}"


def title(data: dict) -> str:
    if data["kind"] == "error":
        return t(data["lang"], "display.title_plain")
    return t(data["lang"], "display.title", game=data["game"])


# -- the document --------------------------------------------------------------------------

#: The page's style and script, package files of their own (`static/`), read as the package
#: is: from a folder or a frozen build alike. The countdown is shared with the host's page.
STYLE = resources.data(__package__, "static/page.css").decode("utf-8")
COUNTDOWN = resources.data(__package__, "static/timer.js").decode("utf-8")
SCRIPT = COUNTDOWN + resources.data(__package__, "static/page.js").decode("utf-8")


def digest(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


#: Only the page's own style and script run; it may talk to its own server, nothing else.
POLICY = (f"default-src 'none'; style-src {digest(STYLE)}; script-src {digest(SCRIPT)}; "
          "connect-src 'self'; img-src 'self'; media-src 'self'; base-uri 'none'; "
          "form-action 'none'; frame-ancestors 'none'")


def document(update: dict, qr_svg: str) -> str:
    """The whole page as first served: the current state drawn in, so it shows at once, and
    the script that keeps it current."""
    lang = update["lang"]
    dark = ' class="dark"' if update["dark"] else ""
    timer_text = ""
    if update["timer"] is not None:
        left = update["timer"]["left_ms"] / 1000
        timer_text = (update["timer"]["running"].replace("{left}", clock(left)) if left > 0
                      else update["timer"]["over"].replace("{over}", clock(-left)))
    hidden = "" if timer_text else " hidden"
    # a code to scan, with its words, only where a phone can reach the address
    join = f'{qr_svg}<span>{escape(t(lang, "display.join"))}</span>' if qr_svg else ""
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="dark"><meta name="referrer" content="no-referrer">'
        f"<title>{escape(update['title'])}</title><style>{STYLE}</style></head>"
        f'<body{dark} data-revision="{update["revision"]}">'
        f'<div id="dark" aria-hidden="true">{escape(update["eyes_closed"])}</div>'
        f'<div id="timer" role="timer"{hidden}>{escape(timer_text)}</div>'
        f'<main id="table">{update["html"]}</main>'
        f'<div id="announce" class="sr-only" aria-live="polite" aria-atomic="true"></div>'
        f'<div id="spoken" aria-live="polite"></div>'
        f'<footer>{join}'
        f'<button id="sound" type="button" aria-pressed="false">'
        f'{escape(update["sound"]["off"])}</button>'
        f'<span class="conn">{escape(t(lang, "display.reconnecting"))}</span></footer>'
        f"<script>{SCRIPT}</script></body></html>"
    )


def moved(lang: str) -> str:
    """The page for an old or mistyped address (sent with status 404): what happened and what
    to do, in the table's language, with nothing of the game on it."""
    return _notice(lang, "moved", t(lang, "display.moved_title"), t(lang, "display.moved"))


#: Seconds before a screen turned away for want of a place asks again.
FULL_RETRY = 15


def full(lang: str, count: int) -> str:
    """The page for a screen beyond the display's limit (sent with status 503): it says so,
    with nothing of the game on it, and asks again by itself."""
    return _notice(lang, "full", t(lang, "display.full_title"),
                   t(lang, "display.full", count=count),
                   f'<meta http-equiv="refresh" content="{FULL_RETRY}">')


def _notice(lang: str, ident: str, heading: str, text: str, extra: str = "") -> str:
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="dark"><meta name="referrer" content="no-referrer">'
        f"{extra}<title>{escape(heading)}</title><style>{STYLE}</style></head><body><main>"
        f'<p class="banner" id="{ident}">{escape(heading)}</p><p>{escape(text)}</p>'
        "</main></body></html>")


def clock(seconds: float) -> str:
    whole = int(-(-seconds // 1))
    return f"{whole // 60}:{whole % 60:02d}"


def as_json(update: dict | None) -> str:
    return json.dumps(update, ensure_ascii=False, separators=(",", ":"))

