"""How saved games ended and the roles their players held, in the words of each game's theme:
said by `stats` and `night` at the terminal and by the table's screen between games, so both
rings ask here. Kept beside the records (not in `narration`, which loads the rules): `stats`
over finished games reads no rule.

A season or a night may mix themes; each game is named in its own words ("Resistance /
Good" where the games differ), so these take the themes to speak in, never the one in use.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

from moderator.i18n import has, speaking, t
from moderator.records.season import SIDES

#: The two sides; any other winner is a character who wins alone (rules.md §7).
TEAMS = SIDES[:2]


def worded(themes: list[str] | None, say: Callable[..., str], *args: Any) -> str:
    """What `say(*args)` says in the words of each of `themes`, joined where they differ
    ("Resistance / Good"): a season of several themes names each game in its own words.
    None: in the words spoken now."""
    if not themes:
        return say(*args)
    said = []
    for theme in themes:
        with speaking(theme):
            said.append(say(*args))
    return " / ".join(dict.fromkeys(said))


def reason(lang: str, why: str) -> str:
    """A reason's short label; a module's reason without one, in full or as its id."""
    for key in (f"records.reason.{why}", f"reason.{why}"):
        if has(lang, key):
            return t(lang, key)
    return why


def ended(lang: str, game: dict) -> str:
    """How a game of a night (`nights.tally`) ended, in its own theme's words, or that it is
    still being played."""
    with speaking(game["theme"]):
        if not game["over"]:
            return t(lang, "records.night.running")
        return t(lang, "records.night.result", winner=t(lang, f"records.winner.{game['won_by']}"),
                 reason=reason(lang, game["reason"]))


def role_name(lang: str, role: str, themes) -> str:
    """A side or a Character card in the words of each theme its games were played in
    (`Commander / Merlin` in a season that mixes them)."""
    key = f"records.winner.{role}" if role in TEAMS else f"character.{role}"
    return worded(list(themes), t, lang, key)


def local(stamp: str) -> datetime:
    """A game file's time stamp in this computer's time (UTC where it names no zone)."""
    moment = datetime.fromisoformat(stamp)
    return (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).astimezone()


def night_heading(lang: str, summary: dict) -> str:
    """The night's heading: its day in the language's way of writing a date, when it began,
    how many games and how many of them are over."""
    start = local(summary["from"])
    return t(lang, "records.night.heading", count=len(summary["games"]), over=summary["over"],
             date=start.strftime(t(lang, "records.night.date")), time=start.strftime("%H:%M"))


def night_game(lang: str, game: dict) -> str:
    """One game of the night (`nights.tally`): when it began, how it ended, how many played."""
    return t(lang, "records.night.game", time=local(game["created"]).strftime("%H:%M"),
             result=ended(lang, game), players=game["players"])
