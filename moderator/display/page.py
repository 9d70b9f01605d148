"""The page itself: one HTML document with its CSS and a little JavaScript inline (no CDN, no
build step), and the table drawn as an HTML fragment from the page's data (`view`).

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

from moderator import codec
from moderator.display.parts import MARKS, OUTCOMES, OVER, SECTIONS, SHOWN, TOKENS, in_play
from moderator.i18n import catalogue, t
from moderator.rules import tables
from moderator.rules.modules import import_slices

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
    if data["last"]:
        parts.append(_last(data["last"]))
    if over:
        parts += [drawn(status, names, lang) for drawn in in_play(OVER, status)]
    if data["spies_were"]:
        spies = t(lang, "display.spies_were", names=", ".join(data["spies_were"]))
        parts.append(f'<p class="spies-were">{escape(spies)}</p>')
    if data.get("resistance_were"):
        loyal = t(lang, "display.resistance_were", names=", ".join(data["resistance_were"]))
        parts.append(f'<p class="resistance-were">{escape(loyal)}</p>')
    parts.append('<div class="columns"><div class="column">')
    parts += [_missions(data), _score(status, lang)]
    if not over:
        parts += [_track(status, data["warnings"], lang), _leaders(status, names, lang)]
    parts.append('</div><div class="column">')
    if data["show_votes"] and status["proposals"]:
        parts.append(_votes(status, names, lang))
    elif not data["show_votes"]:
        parts.append(f'<p class="note">{escape(t(lang, "display.votes_hidden"))}</p>')
    parts += [drawn(status, names, lang) for drawn in in_play(SECTIONS, status)]
    tokens = _tokens(status, names, lang)
    if tokens:
        parts.append(tokens)
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
    with the modules' marks (`parts.MARKS`, `parts.OUTCOMES`)."""
    proposals = status["proposals"]
    marks, outcomes = list(in_play(MARKS, status)), list(in_play(OUTCOMES, status))
    head = "".join(f'<th scope="col" data-col="{n}">{p["mission"]}.{p["attempt"]}</th>'
                   for n, p in enumerate(proposals))
    rows = []
    for seat, name in enumerate(names, start=1):
        cells: list[str] = []
        for p in proposals:
            yes = seat in p["approve"]
            classes = ["yes" if yes else "no"]
            cell_marks = ""
            if seat == p["leader"]:
                classes.append("lead")
                cell_marks += f'<span class="mark">{LEADER}</span>'
            if seat in p["team"]:
                classes.append("team")
            for mark in marks:
                shown = mark.marks(p, seat, lang)
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
    title = escape(t(lang, "display.votes"))
    return (f'<section class="votes"><h2>{title}</h2><div class="grid">'
            f'<table id="votes"><thead><tr><td></td>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>'
            f'<p class="older" id="older" hidden></p>'
            f'<p class="legend">{escape(legend)}</p></section>')


def _tokens(status: dict, names: list[str], lang: str) -> str:
    """What the modules put on the table for everyone to see: the tokens in front of players,
    then the cards shown face up."""
    lines = (line(status, names, lang) for line in (*in_play(TOKENS, status),
                                                     *in_play(SHOWN, status)))
    rows = [row for row in lines if row]
    if not rows:
        return ""
    return '<section class="tokens">' + "".join(f"<p>{escape(r)}</p>" for r in rows) + "</section>"


# -- what each event carries ---------------------------------------------------------------


def event(data: dict, revision: int, seconds_left: float | None) -> dict:
    """One update for the screens: the fragment, what a screen reader announces, whether the
    screen goes dark, and the timer (from the seconds left now: each screen counts down from
    when it receives it, so its clock need not agree with the host's)."""
    lang = data["lang"]
    announce = [data["banner"], *(line["text"] for line in data.get("last", []))]
    timer = None
    if data["timer"] is not None and seconds_left is not None:
        timer = {"left_ms": round(seconds_left * 1000),
                 "warning_ms": round(data["timer"]["warning"] * 1000),
                 "running": t(lang, "display.timer_running", left="{left}"),
                 "over": t(lang, "display.timer_over", over="{over}")}
    spoken = data.get("speech")
    speech = None
    if spoken:
        speech = {"text": spoken["text"],
                  "url": f"audio/{audio_name(spoken)}" if spoken.get("audio") else None}
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
        "timer": timer,
        "state": data,
    }


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

STYLE = """
:root { color-scheme: dark; --bg: #0b0d12; --panel: #161a23; --text: #f4f4f6; --dim: #b7bcc8;
  --res: #6cb6ff; --spy: #ff7272; --yes: #63e27f; --warn: #ffd84d; --team: #2a3f66; }
* { box-sizing: border-box; }
html { font-size: clamp(17px, 0.95vw + 0.9vh, 64px); overflow-x: hidden; }
body { margin: 0; background: var(--bg); color: var(--text);
  font-family: system-ui, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; line-height: 1.3; }
main { padding: 0.8rem 1rem 0.5rem; max-width: 120rem; margin: 0 auto; }
h2 { font-size: 0.85rem; font-weight: 600; letter-spacing: 0.06em; text-transform: uppercase;
  color: var(--dim); margin: 0.9rem 0 0.35rem; }
h3 { font-size: 0.9rem; color: var(--dim); margin: 0.5rem 0 0.2rem; }
p { margin: 0.25rem 0; }
.heading { color: var(--dim); font-size: 0.9rem; }
.banner { font-size: 1.45rem; font-weight: 700; margin: 0.4rem 0 0.5rem; padding: 0.6rem 0.8rem;
  background: var(--panel); border-left: 0.35rem solid var(--warn); border-radius: 0.3rem; }
.banner.over { border-left-color: var(--res); font-size: 1.7rem; }
.error .banner { border-left-color: var(--spy); }
.last { list-style: none; margin: 0.2rem 0; padding: 0; font-size: 1.05rem; }
.last li { margin: 0.1rem 0; }
.resistance { color: var(--res); } .spies { color: var(--spy); } .warning { color: var(--warn); }
.spies-were { font-size: 1.3rem; color: var(--spy); font-weight: 700; }
.columns { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0 2rem; }
.column { min-width: 0; }
.torn { border: 0.15rem solid var(--warn); border-radius: 0.3rem; padding: 0.3rem 0.6rem; }
.named { font-size: 1.3rem; font-weight: 700; }
.resistance-were { font-size: 1.3rem; color: var(--res); font-weight: 700; }
.older { color: var(--dim); font-size: 0.8rem; }
main, .banner, .last li, .leaders p, .plot li { overflow-wrap: anywhere; }
@media (min-width: 62em) and (min-aspect-ratio: 5/4) {
  .columns { grid-template-columns: minmax(0, 1fr) minmax(0, 1.15fr); } }
.missions { display: flex; gap: 0.5rem; list-style: none; padding: 0; margin: 0; }
.mission { flex: 1 1 0; min-width: 0; aspect-ratio: 1 / 1.1; border: 0.18rem solid var(--dim);
  border-radius: 50%; display: flex; flex-direction: column; align-items: center;
  justify-content: center; position: relative; max-width: 7.5rem; }
.mission .number { position: absolute; top: -0.15rem; left: 0; font-size: 0.75rem;
  color: var(--dim); }
.mission .size { font-size: 1.9rem; font-weight: 800; line-height: 1; }
.mission .two, .two-legend b { font-size: 0.75rem; color: var(--warn); white-space: nowrap; }
.two-legend { color: var(--dim); font-size: 0.8rem; }
.mission .result { font-size: 1.1rem; font-weight: 800; min-height: 1.2em; }
.mission .fails { font-size: 0.8rem; margin-left: 0.1em; }
.mission.current { border-color: var(--warn); border-width: 0.3rem; }
.mission.success { background: #173a66; border-color: var(--res); }
.mission.success .result { color: var(--res); }
.mission.fail { background: #5a1a1f; border-color: var(--spy); }
.mission.fail .result { color: var(--spy); }
.mission.success .size, .mission.fail .size { opacity: 0.55; }
.score { font-size: 1.5rem; font-weight: 700; display: flex; gap: 1.5rem; margin: 0.7rem 0 0; }
.score b { font-size: 2rem; }
.slots { display: inline-flex; gap: 0.35rem; vertical-align: middle; }
.slot { width: 1.4rem; height: 1.4rem; border-radius: 50%; border: 0.16rem solid var(--dim); }
.slot.filled { background: var(--spy); border-color: var(--spy); }
.slot.last { border-color: var(--spy); border-style: dashed; }
#vote-track { font-size: 1.05rem; }
.track p { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3rem 0.8rem; }
.warning { font-weight: 700; font-size: 1.1rem; }
.leaders p { font-size: 1.2rem; margin: 0.35rem 0; }
.leaders b { font-size: 1.45rem; }
.label { color: var(--dim); font-size: 0.95rem; margin-right: 0.3em; }
.grid { overflow: hidden; max-width: 100%; }
table { border-collapse: separate; border-spacing: 0.15rem; font-size: 1.05rem; }
th { text-align: left; font-weight: 600; white-space: nowrap; padding: 0.1rem 0.4rem 0.1rem 0; }
thead th { color: var(--dim); font-size: 0.8rem; text-align: center; }
tbody th { max-width: 8em; overflow: hidden; text-overflow: ellipsis; }
.gone { display: none; }
td { text-align: center; min-width: 2.1em; padding: 0.12rem 0.2rem; border-radius: 0.25rem;
  font-weight: 800; }
td.yes { color: var(--yes); } td.no { color: var(--spy); }
td.team { background: var(--team); outline: 0.1rem solid var(--res); }
td .mark { font-size: 0.7em; color: var(--warn); margin-right: 0.1em; }
tr.outcome th { color: var(--dim); }
tr.outcome td.yes { color: var(--res); }
.legend, .note { color: var(--dim); font-size: 0.8rem; }
.plot ul { margin: 0.1rem 0; padding-left: 1.2rem; font-size: 1.05rem; }
.tokens p { font-size: 1rem; }
#timer { font-size: 1.6rem; font-weight: 800; font-variant-numeric: tabular-nums;
  margin: 0.3rem 1rem; padding: 0.3rem 0.8rem; border-radius: 0.3rem; background: var(--panel);
  display: inline-block; }
#timer[hidden] { display: none; }
#timer.warn { color: var(--bg); background: var(--warn); }
#timer.over { color: var(--bg); background: var(--spy); }
footer { display: flex; align-items: center; gap: 0.8rem; padding: 0.5rem 1rem 1rem;
  color: var(--dim); font-size: 0.75rem; max-width: 120rem; margin: 0 auto; }
@media (min-width: 62em) and (min-aspect-ratio: 5/4) {
  body:not(.dark) { display: grid; grid-template-columns: minmax(0, 1fr) 8rem;
    grid-template-rows: auto 1fr; min-height: 100vh; }
  #timer { grid-column: 1; } main { grid-column: 1; grid-row: 2; width: 100%; }
  footer { grid-column: 2; grid-row: 1 / 3; flex-direction: column; justify-content: flex-end;
    text-align: center; padding: 0.6rem; } }
footer svg { width: 5.5rem; height: auto; background: #fff; border-radius: 0.2rem; }
#sound { font: inherit; font-size: 0.9rem; padding: 0.4rem 0.7rem; border-radius: 0.3rem;
  border: 0.12rem solid var(--warn); background: var(--panel); color: var(--text);
  cursor: pointer; }
#sound[aria-pressed="true"] { border-color: var(--yes); }
#spoken { display: none; }
body.speaking #spoken { display: block; position: fixed; left: 5vw; right: 5vw; bottom: 8vh;
  font-size: clamp(1.5rem, 5vmin, 6rem); line-height: 1.25; text-align: center;
  color: #8a8a8a; overflow-wrap: anywhere; }
body.speaking:not(.dark) #spoken { color: var(--text); background: var(--panel);
  padding: 0.6em; border-radius: 0.3rem; }
.conn { display: none; color: var(--warn); }
body.offline .conn { display: inline; }
#dark { display: none; }
body.dark { background: #000; }
body.dark main, body.dark footer, body.dark #timer { display: none; }
body.dark #dark { display: flex; height: 100vh; align-items: center; justify-content: center;
  color: #2a2a2a; font-size: 2rem; overflow: hidden; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 30em) { .banner { font-size: 1.2rem; } .mission .size { font-size: 1.5rem; } }
"""

SCRIPT = """
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var deadline = null, texts = null, said = "", last = null;
  var source = null, sound = false, player = null, playing = null;
  function clock(s) {
    var w = Math.ceil(s);
    return Math.floor(w / 60) + ":" + String(w % 60).padStart(2, "0");
  }
  function tick() {
    var box = $("timer");
    if (deadline === null) { box.hidden = true; return; }
    var left = (deadline - performance.now()) / 1000;
    box.hidden = false;
    box.classList.toggle("over", left <= 0);
    box.classList.toggle("warn", left > 0 && left * 1000 <= texts.warning_ms);
    box.textContent = left > 0 ? texts.running.replace("{left}", clock(left))
                               : texts.over.replace("{over}", clock(-left));
  }
  // The vote grid shows the newest proposals that fit its width and says how many are hidden.
  function fitVotes() {
    var table = $("votes"), note = $("older");
    if (!table || !last) { return; }
    var cells = table.querySelectorAll("[data-col]"), count = 0, hidden = 0, i;
    for (i = 0; i < cells.length; i++) {
      cells[i].classList.remove("gone");
      count = Math.max(count, +cells[i].dataset.col + 1);
    }
    var box = table.parentNode;
    while (table.offsetWidth > box.clientWidth && hidden < count - 1) {
      var old = table.querySelectorAll('[data-col="' + hidden + '"]');
      for (i = 0; i < old.length; i++) { old[i].classList.add("gone"); }
      hidden++;
    }
    note.hidden = hidden === 0;
    var form = hidden === 1 ? last.older.one : last.older.other;
    note.textContent = form.replace("{count}", hidden);
  }
  // A screen wider than tall cannot scroll: the type shrinks until everything fits.
  function fit() {
    var root = document.documentElement;
    root.style.fontSize = "";
    fitVotes();
    if (innerWidth <= innerHeight || document.body.classList.contains("dark")) { return; }
    var size = parseFloat(getComputedStyle(root).fontSize);
    for (var n = 0; n < 30 && root.scrollHeight > innerHeight && size > 6; n++) {
      size *= 0.94;
      root.style.fontSize = size + "px";
      fitVotes();
    }
  }
  function speak(s) {
    var line = s.speech;
    $("spoken").textContent = line ? line.text : "";
    document.body.classList.toggle("speaking", !!line);
    if (!sound || !player) { return; }
    if (!line || !line.url) { if (playing) { player.pause(); playing = null; } return; }
    if (line.url !== playing) {
      playing = line.url;
      player.src = line.url;
      player.play().catch(function () {});
    }
  }
  function show(s) {
    last = s;
    document.documentElement.lang = s.lang;
    document.title = s.title;
    $("table").innerHTML = s.html;
    $("dark").textContent = s.eyes_closed;
    document.body.classList.toggle("dark", s.dark);
    var words = s.dark ? s.eyes_closed : s.announce;
    if (words !== said) { $("announce").textContent = words; said = words; }
    deadline = s.timer ? performance.now() + s.timer.left_ms : null;
    texts = s.timer;
    $("sound").textContent = sound ? s.sound.on : s.sound.off;
    tick();
    fit();
    speak(s);
    document.body.dataset.revision = s.revision;
  }
  // A broken stream the browser gave up on (a restarted display, a new address): ask until
  // the server answers, then listen again, or load the page that says the address changed.
  function check() {
    fetch("state.json", {cache: "no-store"}).then(function (r) {
      if (r.status === 404) { location.reload(); }
      else if (r.ok) { connect(); }
      else { setTimeout(check, 2000); }
    }, function () { setTimeout(check, 2000); });
  }
  function connect() {
    if (source) { source.close(); }
    source = new EventSource(sound ? "events?sound=1" : "events");
    source.addEventListener("state", function (e) {
      document.body.classList.remove("offline");
      show(JSON.parse(e.data));
    });
    source.onerror = function () {
      document.body.classList.add("offline");
      if (source.readyState === 2) { source.close(); setTimeout(check, 2000); }
    };
  }
  $("sound").addEventListener("click", function () {
    if (sound) { return; }
    player = new Audio("silence.wav");  // one tap unlocks the sound, as browsers require
    player.play().catch(function () {});
    sound = true;
    $("sound").setAttribute("aria-pressed", "true");
    if (last) { $("sound").textContent = last.sound.on; }
    connect();
  });
  addEventListener("resize", fit);
  fit();
  connect();
  setInterval(tick, 250);
})();
"""


def _digest(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


#: Only the page's own style and script run; it may talk to its own server, nothing else.
POLICY = (f"default-src 'none'; style-src {_digest(STYLE)}; script-src {_digest(SCRIPT)}; "
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
        timer_text = (update["timer"]["running"].replace("{left}", _clock(left)) if left > 0
                      else update["timer"]["over"].replace("{over}", _clock(-left)))
    hidden = "" if timer_text else " hidden"
    join = escape(t(lang, "display.join"))
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
        f'<footer>{qr_svg}<span>{join}</span>'
        f'<button id="sound" type="button" aria-pressed="false">'
        f'{escape(update["sound"]["off"])}</button>'
        f'<span class="conn">{escape(t(lang, "display.reconnecting"))}</span></footer>'
        f"<script>{SCRIPT}</script></body></html>"
    )


def moved(lang: str) -> str:
    """The page for an old or mistyped address (sent with status 404): what happened and what
    to do, in the table's language, with nothing of the game on it."""
    heading, text = t(lang, "display.moved_title"), t(lang, "display.moved")
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="dark"><meta name="referrer" content="no-referrer">'
        f"<title>{escape(heading)}</title><style>{STYLE}</style></head><body><main>"
        f'<p class="banner" id="moved">{escape(heading)}</p><p>{escape(text)}</p>'
        "</main></body></html>")


def _clock(seconds: float) -> str:
    whole = int(-(-seconds // 1))
    return f"{whole // 60}:{whole % 60:02d}"


def as_json(update: dict | None) -> str:
    return json.dumps(update, ensure_ascii=False, separators=(",", ":"))


import_slices("moderator.display.parts")  # each module's part of the page, if it has one
