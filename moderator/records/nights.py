"""The night: the games a table plays in one evening, and what they add up to.

A game belongs to the night of the game before it when it starts within `HOURS` of that
game's last action (the sides entered after a game aside: they may come the next morning);
`moderator night --new` starts a new night by hand, kept in the setup line of the next game
created (`session.NEW_NIGHT`). Games imported from another table are not part of this table's
nights. Everything here is worked out from the saved games each time, never stored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import datetime, timedelta, timezone

from moderator.records.season import (
    RESISTANCE, SPIES, Played, _fold, _sides, role_records, seated,
)

#: The longest pause between two games of one night: a game that starts later after the
#: last action of the game before it begins a new night.
HOURS = 6


EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def _time(stamp: str) -> datetime | None:
    """A time stamp of a game file (UTC where a hand-edited one names no zone)."""
    try:
        moment = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def order(games: Iterable[Played]) -> list[Played]:
    """Games in the order they were started (their ids where two started the same second)."""
    return sorted(games, key=lambda g: (_time(g.created) or EPOCH, g.created, g.game_id))


def nights(games: Iterable[Played]) -> list[list[Played]]:
    """This table's games, night by night, oldest first."""
    found: list[list[Played]] = []
    before: Played | None = None
    for game in order(g for g in games if not g.imported):
        if before is None or game.new_night or _apart(before, game):
            found.append([])
        found[-1].append(game)
        before = game
    return found


def _apart(before: Played, game: Played) -> bool:
    """Whether `game` started more than `HOURS` after the last action of `before`."""
    last, start = _time(before.last or before.created), _time(game.created)
    if last is None or start is None:
        return False
    return start - last > timedelta(hours=HOURS)


def tonight(games: Iterable[Played], new_pending: bool = False) -> list[Played]:
    """The latest night's games; none once `night --new` has been said and no game has
    started since."""
    every = nights(games)
    return [] if new_pending or not every else every[-1]


def tally(games: list[Played]) -> dict:
    """A night's games, wins by side and how, each player's games and wins (their side's
    outright wins, from the sides entered after each game), and the night's best record in
    each role: each side, and each special Character card entered (`moderator roles`)."""
    over = [g for g in games if g.over]
    wins = Counter(g.won_by for g in over)
    return {
        "games": [_game(g) for g in games],
        "over": len(over),
        "from": games[0].created if games else None,
        "to": max((g.last or g.created for g in games), default=None),
        "wins": _sides(wins),
        "reasons": dict(Counter(g.reason for g in over).most_common()),
        "players": _players(over),
        "best": best(over),
    }


def _game(g: Played) -> dict:
    return {"game": g.game_id, "created": g.created, "players": g.players,
            "modules": g.modules, "theme": g.theme, "over": g.over, "won_by": g.won_by,
            "reason": g.reason, "sides_known": g.spies is not None}


def _players(over: list[Played]) -> list[dict]:
    """Each named player: games, games whose sides are known, wins (and on which side)."""
    table: dict[str, dict] = {}
    for g, seat, name in seated(over):
        row = table.setdefault(_fold(name), {
            "name": name, "games": 0, "wins": 0, "sides_known": 0,
            "by_side": {RESISTANCE: 0, SPIES: 0}})
        row["games"] += 1
        side = g.side_of(seat)
        if side is not None:
            row["sides_known"] += 1
            if g.won(seat):
                row["wins"] += 1
                row["by_side"][side] += 1
    return sorted(table.values(), key=lambda r: (-r["wins"], -r["games"], _fold(r["name"])))


def best(over: list[Played]) -> list[dict]:
    """The night's best record in each role held: the most wins, then the fewest games
    (every player tied on both is named); the sides first, then the cards; with the themes
    of the games it was held in (a role is shown in each one's words)."""
    rows = []
    for role, players in role_records(over).items():
        top = max(players.values(), key=lambda r: (r["wins"], -r["games"]))
        if not top["wins"]:
            continue
        tied = [r["name"] for r in players.values()
                if (r["wins"], r["games"]) == (top["wins"], top["games"])]
        themes = sorted({theme for r in players.values() for theme in r["themes"]})
        rows.append({"role": role, "names": sorted(tied, key=_fold), "wins": top["wins"],
                     "games": top["games"], "themes": themes})
    return rows
