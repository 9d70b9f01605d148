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
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

#: Who can win outright, in the order they are shown: the two sides, then a Rogue alone.
SIDES = ("resistance", "spies", "resistance-rogue", "spy-rogue")
RESISTANCE, SPIES = SIDES[:2]
#: The words a game is played in unless its setup names a theme (rules.md §14.4).
UNTHEMED = "resistance"
#: Games a player needs in a role to be on its leaderboard, and two players together on one
#: side to be a pair: fewer say nothing about anyone.
ROLE_GAMES, PAIR_GAMES = 3, 3


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
    #: each seat's special Character card where it was entered after the game, "" where not;
    #: empty when none was
    characters: tuple[str, ...] = ()
    last: str = ""  # when its last action was recorded (the sides entered after it aside)
    new_night: bool = False  # `night --new` said that a new night begins with it
    imported: bool = False  # played at another table (`moderator import`)
    lang: str = ""  # the language it was played in (its setup's)

    @classmethod
    def of(cls, game_id: str, created: str, game, names: tuple[str | None, ...],
           spies: frozenset[int] | None, theme: str = UNTHEMED,
           characters: tuple[str, ...] = (), last: str = "", new_night: bool = False,
           imported: bool = False, lang: str = "") -> Played:
        """The facts of a replayed game (a `moderator.rules.Game`)."""
        from moderator.rules import GAME_OVER

        over = game.phase == GAME_OVER
        won_by = next(who for who, victory in game.winners if victory == "full") if over \
            else None
        return cls(game_id, created, game.players, modules_key(game), over, won_by,
                   game.reason, tuple(names), spies, theme, tuple(characters),
                   last or created, new_night, imported, lang)

    def side_of(self, seat: int) -> str | None:
        """The side a seat was on, where the sides were entered after the game."""
        if self.spies is None:
            return None
        return SPIES if seat in self.spies else RESISTANCE

    def won(self, seat: int) -> bool | None:
        """Whether a seat won outright: its side, or its own Rogue card alone (rules.md §7);
        None where the sides are not known."""
        side = self.side_of(seat)
        if side is None:
            return None
        return self.won_by in (side, self.characters[seat] if self.characters else side)

    def facts(self) -> tuple:
        """Everything as plain data; `Played(*facts)` gives it back."""
        return tuple(vars(self).values())


def language(games: Sequence[Played]) -> str | None:
    """The language a season is told in: the one its games were played in; when they differ,
    the one most of them were played in, a tie going to the newest of those games (the
    table's latest choice). None without a game that says its language."""
    spoken = [game.lang for game in games if game.lang]
    if not spoken:
        return None
    counts = Counter(spoken)
    most = max(counts.values())
    return next(lang for lang in reversed(spoken) if counts[lang] == most)


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
        "by_role": leaderboards(over),
        "pairs": pairs(over),
    }


def _themes(games: Iterable[Played]) -> list[str]:
    """The themes of `games`, the game's own words first."""
    return sorted({g.theme for g in games}, key=lambda theme: (theme != UNTHEMED, theme))


def _sides(counts: Counter) -> dict[str, int]:
    """Both sides always, a Rogue only when one has won alone."""
    return {side: counts[side] for side in SIDES if side in (RESISTANCE, SPIES) or counts[side]}


def seated(games: Iterable[Played]) -> Iterator[tuple[Played, int, str]]:
    """Every named player of every game: (the game, their seat, their name)."""
    for g in games:
        for seat, name in enumerate(g.names):
            if name is not None:
                yield g, seat, name


def players(over: list[Played]) -> list[dict]:
    """Per player: games played, and with the sides entered, games and wins on each side."""
    table: dict[str, dict] = {}
    for g, seat, name in seated(over):
        row = table.setdefault(_fold(name), {
            "name": name, "games": 0, "sides_known": 0,
            "resistance": {"games": 0, "wins": 0}, "spies": {"games": 0, "wins": 0},
        })
        row["games"] += 1
        if g.spies is not None:
            side = SPIES if seat in g.spies else RESISTANCE
            row["sides_known"] += 1
            row[side]["games"] += 1
            row[side]["wins"] += g.won_by == side
    return sorted(table.values(), key=lambda row: (-row["games"], _fold(row["name"])))


def roles_of(g: Played, seat: int) -> list[str]:
    """The roles a seat held in a game, as far as they were entered: its side, and its
    special Character card."""
    side = g.side_of(seat)
    if side is None:
        return []
    card = g.characters[seat] if g.characters else ""
    return [side, card] if card else [side]


def role_records(over: list[Played]) -> dict[str, dict[str, dict]]:
    """Per role (the sides first, then the cards by id), per player (folded name): games
    and wins in that role, the themes of those games, and the side it was played on."""
    found: dict[str, dict[str, dict]] = {}
    for g, seat, name in seated(over):
        for role in roles_of(g, seat):
            row = found.setdefault(role, {}).setdefault(_fold(name), {
                "name": name, "games": 0, "wins": 0, "themes": set(), "side": g.side_of(seat)})
            row["games"] += 1
            row["wins"] += g.won(seat) is True
            row["themes"].add(g.theme)
    return dict(sorted(found.items(), key=lambda item: _role_order(item[0])))


def _role_order(role: str) -> tuple[int, str]:
    return (SIDES.index(role), "") if role in SIDES else (len(SIDES), role)


def leaderboards(over: list[Played]) -> list[dict]:
    """Per role (each side, each special Character card entered after the game), the players
    with at least `ROLE_GAMES` games in it: wins and games, the best rate first."""
    boards = []
    for role, rows in role_records(over).items():
        ranked = sorted((r for r in rows.values() if r["games"] >= ROLE_GAMES),
                        key=lambda r: (-r["wins"] / r["games"], -r["wins"], _fold(r["name"])))
        if ranked:
            themes = sorted({theme for r in rows.values() for theme in r["themes"]})
            side = Counter(r["side"] for r in rows.values()).most_common(1)[0][0]
            boards.append({"role": role, "side": side, "themes": themes, "players": [
                {"name": r["name"], "games": r["games"], "wins": r["wins"]} for r in ranked]})
    return boards


def pairs(over: list[Played]) -> list[dict]:
    """Two players on the same side, in the games whose sides were entered: how often that
    side won, for every pair with at least `PAIR_GAMES` such games, the best rate first."""
    together: dict[tuple[str, str], dict] = {}
    for g in over:
        named = [(seat, name) for _, seat, name in seated([g])]
        for i, (seat, name) in enumerate(named):
            for other, partner in named[i + 1:]:
                side = g.side_of(seat)
                if side is None or side != g.side_of(other):
                    continue
                first, second = sorted((name, partner), key=_fold)
                row = together.setdefault((_fold(first), _fold(second)), {
                    "names": [first, second], "games": 0, "wins": 0})
                row["games"] += 1
                row["wins"] += g.won_by == side
    return sorted((row for row in together.values() if row["games"] >= PAIR_GAMES),
                  key=lambda r: (-r["wins"] / r["games"], -r["games"], r["names"]))

