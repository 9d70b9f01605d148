"""The table's screen after a game: the game in review and tonight's tally, a step at a time.

Between games the table looks up from putting the cards away; the screen walks through what
happened and what it proved, one round at a time (`moderator review`: its timeline, the deals
of the cards left after each mission, what the public record proved, and once the sides are
entered with `moderator roles`, the truth beside it), then the night so far (`moderator
night`). The screen turns the steps by itself, every screen at the same step, each step as
long as it takes to read, with its number shown (`Table.current` says how far the turning is).

Nothing here works anything out: the review and the tally are the records' (records/review.py,
records/nights.py), their sentences narration's. Only what the whole table may see: no claim
(`review --assume`) is ever made here, the truth only once the sides were entered for the
newest game, and the night only while no game is running.
"""

from __future__ import annotations

from collections.abc import Iterable

from moderator import store
from moderator.i18n import capitalised, listed, t
from moderator.records import review as reviewed
from moderator.records.wording import TEAMS, night_game, night_heading, role_name, worded
from moderator.session import Session

#: The most lines of sentences one step shows; more go on to a step of their own.
LINES = 5
#: How long a step stays: a few seconds to look up, then time to read each word (a table reads
#: aloud and points at the screen, slower than one reader), within bounds.
LOOK, PER_WORD, SHORTEST, LONGEST = 6.0, 0.4, 10, 45
#: The actions a round's vote grid shows: not said again in words beside it.
IN_THE_GRID = frozenset({"propose", "vote"})


def steps(current: Session, lang: str, show_votes: bool, newest: bool,
          games: list) -> list[dict]:
    """The steps after the game `current` (over): its rounds, what the record proved and how,
    the truth (only for the newest game), then the tally of tonight's `games` (`tonight_games`,
    given only for the newest game: then no other is running)."""
    done = reviewed.review(current, lang)
    shown = [*_rounds(done, lang, show_votes, len(current.names)), *_proof(done, lang)]
    if newest and done.truth is not None:
        spies = [done.names[s] for s in sorted(done.truth.spies)]
        title = t(lang, "review.truth.heading", spies=listed(lang, spies))
        shown += _text(lang, "review", title, done.truth.explain)
    if games:
        shown += tonight(lang, games)
    count = len(shown)
    for number, step in enumerate(shown, start=1):
        step["counter"] = t(lang, "display.step", step=number, count=count)
        step["seconds"] = _seconds(step)
    return shown


def tonight_games() -> list:
    """Tonight's games (`moderator night`): none once `night --new` was said."""
    from moderator.records import ledger, nights

    return nights.tonight(ledger.saved_games()[0], store.new_night_pending() is not None)


def tonight(lang: str, games: list) -> list[dict]:
    """Tonight's tally as steps: the games and wins by side, each player's wins, the best
    record in each role; each game in its own theme's words (a night may mix them)."""
    from moderator.records import nights

    summary = nights.tally(games)
    themes = sorted({game["theme"] for game in summary["games"]})
    heading = night_heading(lang, summary)
    lines = [night_game(lang, game) for game in summary["games"]]
    over = summary["over"]
    wins = [_bar(worded(themes, t, lang, f"records.winner.{who}"),
                 [(n, who if who in TEAMS else "alone")], over, str(n))
            for who, n in summary["wins"].items()] if over else []
    found = [_step("tonight", heading, lines[-LINES:], wins)]
    players = [row for row in summary["players"] if row["sides_known"]]
    unknown = sum(1 for game in summary["games"] if game["over"] and not game["sides_known"])
    missing = [t(lang, "records.night.sides_missing", count=unknown)] if unknown else []
    if players:
        most = max(row["sides_known"] for row in players)
        found.append(_step("tonight", worded(themes, t, lang, "records.night.players"),
                           missing, [_bar(row["name"], [
                               *((row["by_side"][side], side) for side in TEAMS),
                               (row["sides_known"] - row["wins"], "lost")], most,
                               t(lang, "records.night.player_note", wins=row["wins"],
                                 count=row["sides_known"])) for row in players]))
        found[-1]["legend"] = [[side, worded(themes, t, lang, f"records.legend.{side}")]
                               for side in TEAMS]
    else:
        found[0]["lines"] += missing
    best = [t(lang, "records.night.best_line", role=role_name(lang, row["role"], row["themes"]),
              names=", ".join(row["names"]), wins=row["wins"], count=row["games"])
            for row in summary["best"]]
    found += _text(lang, "tonight", t(lang, "records.night.best"), best)
    return found


# -- the review's steps -----------------------------------------------------------------------


def _rounds(done: reviewed.Review, lang: str, show_votes: bool, players: int) -> list[dict]:
    """Each round: its proposals as the vote grid (where the table plays with the vote
    history; else said in words without the votes), and the rest in words."""
    found = []
    hidden = IN_THE_GRID if show_votes else frozenset({"vote"})
    for number, lines in done.rounds:
        said = [capitalised(line.text.strip()) for line in lines if line.action not in hidden]
        title = reviewed.round_title(lang, number, lines)
        for at, chunk in enumerate(_chunks(said) if said else [[]]):
            step = _step("review", _continued(lang, title, at), chunk)
            if show_votes and not at:
                step["mission"] = number  # the grid of this round's proposals
                step["grid"] = players
            found.append(step)
    return found


def _proof(done: reviewed.Review, lang: str) -> list[dict]:
    """What the record proved, with each player's share of the deals left as a bar; then how
    deals were ruled out, a few sentences a step."""
    deals = done.deals
    lines = [t(lang, "review.impossible", line=done.impossible)] if done.impossible else []
    lines += reviewed.proved(lang, done.names, deals)
    bars = [_bar(name, [(round(100 * share), "spies")], 100, reviewed.percent(share))
            for name, share in zip(done.names, deals.shares(), strict=True)] if deals.left else []
    found = [_step("review", t(lang, "review.proved"), lines, bars)]
    return found + _text(lang, "review", t(lang, "review.how").rstrip(": "), done.explain)


# -- steps --------------------------------------------------------------------------------------


def _step(part: str, title: str, lines: list[str], bars: list[dict] | None = None) -> dict:
    """One step: which part of the page it belongs to (`review`, `tonight`), its title, its
    sentences and its bars."""
    return {"part": part, "title": title, "lines": lines, "bars": bars or [], "legend": [],
            "mission": None, "grid": 0}


def _bar(label: str, parts: Iterable[tuple[int, str]], whole: int, note: str) -> dict:
    """A bar: a label, its parts (a count and its kind: a side, `alone`, `lost`) out of
    `whole`, and the number said beside it."""
    return {"label": label, "parts": [[count, kind] for count, kind in parts if count],
            "whole": whole, "note": note}


def _text(lang: str, part: str, title: str, lines: list[str]) -> list[dict]:
    """Sentences under a title, a few a step."""
    return [_step(part, _continued(lang, title, at), chunk)
            for at, chunk in enumerate(_chunks(lines))]


def _continued(lang: str, title: str, at: int) -> str:
    """A title, and on the steps after its first, that it goes on."""
    return t(lang, "display.continued", title=title) if at else title


def _chunks(lines: list[str]) -> list[list[str]]:
    return [lines[at:at + LINES] for at in range(0, len(lines), LINES)]


def _seconds(step: dict) -> int:
    """How long a step stays: to look up, then to read its words, its bars and its grid."""
    words = sum(len(text.split()) for text in (step["title"], *step["lines"]))
    words += 3 * len(step["bars"]) + (step["grid"] * 2 if step["grid"] else 0)
    return round(min(LONGEST, max(SHORTEST, LOOK + PER_WORD * words)))
