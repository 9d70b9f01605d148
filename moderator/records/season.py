"""The season: what the saved games add up to.

Wins count only games that are over, by who won outright (a side, or a Rogue alone, rules.md
§7); partial victories are not wins. A player's wins by side count only games whose sides
were entered after the game (`moderator roles`), since the tool never learns a hidden role
during play. Players are recognised by name across games (case and accents as typed,
Unicode-normalised); the numbered names a game gets without --names are nobody in particular
and are left out.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: Who can win outright, in the order they are shown: the two sides, then a Rogue alone.
SIDES = ("resistance", "spies", "resistance-rogue", "spy-rogue")
RESISTANCE, SPIES = SIDES[:2]
#: The words a game is played in unless its setup names a theme (rules.md §14.4).
UNTHEMED = "resistance"


@dataclass(frozen=True)
class Played:
    """One saved game, as the season sees it: plain facts, so that a finished game's can be
    kept between runs (`moderator.records.ledger`) instead of replaying it every time."""

    game_id: str
    created: str
    players: int
    modules: str  # the module set as one id, see `modules_key`
    over: bool
    won_by: str | None  # who won outright, once the game is over
    reason: str | None
    names: tuple[str | None, ...]  # None for a numbered name ("Player 3")
    spies: frozenset[int] | None  # seats, when the sides were entered after the game
    theme: str = UNTHEMED  # the words it was played in (rules.md §14.4: the same game)

    @classmethod
    def of(cls, game_id: str, created: str, game, names: tuple[str | None, ...],
           spies: frozenset[int] | None, theme: str = UNTHEMED) -> Played:
        """The facts of a replayed game (a `moderator.rules.Game`)."""
        from moderator.rules import GAME_OVER

        over = game.phase == GAME_OVER
        won_by = next(who for who, victory in game.winners if victory == "full") if over \
            else None
        return cls(game_id, created, game.players, modules_key(game), over, won_by,
                   game.reason, tuple(names), spies, theme)

    def facts(self) -> tuple:
        """Everything as plain data; `Played(*facts)` gives it back."""
        return tuple(vars(self).values())


def modules_key(game) -> str:
    """A module set as one id: `commander+rogue`, or `base` for none."""
    return "+".join(sorted(game.modules)) or "base"


def _fold(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold().strip()


def season(games: Iterable[Played], unreadable: Sequence[str] = ()) -> dict:
    """Wins by side and reason, by player count, by module set, and per player; `unreadable`
    are the ids of saved games that could not be read. `themes` says in whose words the
    finished games were played: all of them, and those counted by each winner, reason and
    module set, so that a season of several themes names each game in its own words."""
    games = list(games)
    over = [g for g in games if g.over]
    wins, reasons = Counter(g.won_by for g in over), Counter(g.reason for g in over)
    by_players: dict[int, Counter] = {}
    by_modules: dict[str, Counter] = {}
    for g in over:
        by_players.setdefault(g.players, Counter())[g.won_by] += 1
        by_modules.setdefault(g.modules, Counter())[g.won_by] += 1
    dates = sorted(g.created[:10] for g in games)
    return {
        "games": len(games) + len(unreadable),
        "over": len(over),
        "in_progress": len(games) - len(over),
        "unreadable": list(unreadable),
        "from": dates[0] if dates else None,
        "to": dates[-1] if dates else None,
        "wins": _sides(wins),
        "reasons": dict(reasons.most_common()),
        "by_players": [{"players": n, "games": sum(c.values()), "wins": _sides(c)}
                       for n, c in sorted(by_players.items())],
        "by_modules": [{"modules": key, "games": sum(c.values()), "wins": _sides(c),
                        "themes": _themes(g for g in over if g.modules == key)}
                       for key, c in sorted(by_modules.items(),
                                            key=lambda item: (item[0] != "base", item[0]))],
        "players": players(over),
        "themes": {
            "all": _themes(over),
            "wins": {who: _themes(g for g in over if g.won_by == who) for who in wins},
            "reasons": {why: _themes(g for g in over if g.reason == why) for why in reasons},
        },
    }


def _themes(games: Iterable[Played]) -> list[str]:
    """The themes of `games`, the game's own words first."""
    return sorted({g.theme for g in games}, key=lambda theme: (theme != UNTHEMED, theme))


def _sides(counts: Counter) -> dict[str, int]:
    """Both sides always, a Rogue only when one has won alone."""
    return {side: counts[side] for side in SIDES if side in (RESISTANCE, SPIES) or counts[side]}


def players(over: list[Played]) -> list[dict]:
    """Per player: games played, and with the sides entered, games and wins on each side."""
    table: dict[str, dict] = {}
    for g in over:
        for seat, name in enumerate(g.names):
            if name is None:
                continue
            row = table.setdefault(_fold(name), {
                "name": name, "games": 0, "sides_known": 0,
                "resistance": {"games": 0, "wins": 0}, "spies": {"games": 0, "wins": 0},
            })
            row["games"] += 1
            if g.spies is None:
                continue
            side = SPIES if seat in g.spies else RESISTANCE
            row["sides_known"] += 1
            row[side]["games"] += 1
            row[side]["wins"] += g.won_by == side
    return sorted(table.values(), key=lambda row: (-row["games"], _fold(row["name"])))
