"""The names the whole engine shares: phases, sides, and the checks every action makes.

A leaf: it imports nothing of the engine, so the base game and every module can use it
without import circles.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from itertools import combinations
from typing import Any, NamedTuple

from moderator.rules.errors import RuleError

# Phases, as named in `status --json` (design.md §4). The module phases: `watch` (Rogue: the
# leader hands the Watch token to a team member), `rogue_claim` (the spy Rogue may claim the
# win at the third failure), `loyalty` (Defector: a Loyalty card opens rounds 3-5),
# `examination` (Inquisitor, after missions 2-4), `investigation` and `accusation` (Hunter),
# `plot_draw` and `plot_give` (The Plot Thickens: the round's first steps), `assassination`
# (Commander, after the third success).
PROPOSAL, VOTE, WATCH, MISSION, GAME_OVER = "proposal", "vote", "watch", "mission", "game_over"
ROGUE_CLAIM, ASSASSINATION = "rogue_claim", "assassination"
LOYALTY, EXAMINATION = "loyalty", "examination"
INVESTIGATION, ACCUSATION = "investigation", "accusation"
PLOT_DRAW, PLOT_GIVE = "plot_draw", "plot_give"

#: The phases of a round in play: a leader holds the token.
PLAYING = frozenset({
    EXAMINATION, INVESTIGATION, LOYALTY, PLOT_DRAW, PLOT_GIVE, PROPOSAL, VOTE, WATCH, MISSION,
})
#: A team has been proposed and awaits its vote or its mission.
TEAM_CHOSEN = frozenset({VOTE, WATCH, MISSION})
#: The phases before the round's team is proposed.
BEFORE_TEAM = frozenset({EXAMINATION, INVESTIGATION, LOYALTY, PLOT_DRAW, PLOT_GIVE, PROPOSAL})

RESISTANCE, SPIES = "resistance", "spies"
RESISTANCE_ROGUE, SPY_ROGUE = "resistance-rogue", "spy-rogue"
FULL, PARTIAL = "full", "partial"  # a full victory, or a Rogue's share of their team's


_TABLES = {players: frozenset(range(players)) for players in range(1, 11)}
_INT, _NONE = frozenset({int}), frozenset[int]()


def seat_set(players: int, seats: tuple[object, ...]) -> frozenset[int]:
    """The seats given, as a set: every one a real seat, none twice, else refused with the
    first wrong one named, in order. (The usual case runs on set operations alone: the
    engine checks seats at every action.)"""
    try:
        unique = frozenset(seats)
        if len(unique) == len(seats) and unique <= _TABLES.get(players, _NONE) and \
                set(map(type, seats)) <= _INT:  # a bool is no seat
            return unique  # type: ignore[return-value]
    except TypeError:  # an unhashable "seat": named below
        pass
    seen: set[object] = set()
    for seat in seats:
        if type(seat) is not int or not 0 <= seat < players:
            raise RuleError("errors.seat_range", seat=seat, players=players)
        if seat in seen:
            raise RuleError("errors.player_twice", seat=seat)
        seen.add(seat)
    raise AssertionError(seats)  # unreachable: a set that failed has a wrong seat


def check_seats(players: int, seats: tuple[object, ...]) -> None:
    """Every seat a real one, none twice."""
    seat_set(players, seats)


def could_play(holders: int, revealed: Iterable[tuple[int, Collection[int]]]) -> bool:
    """Could `holders` players, each playing at most one such card on a mission, have played
    the cards revealed? `revealed` has, for each mission, how many such cards it revealed and
    who could have played one there (rules.md §7, §13.1: Rogue Success, Chief Fail and Reverse
    cards are told apart on the table, and only their characters play them)."""
    needs = [(count, frozenset(seats)) for count, seats in revealed if count]
    if not needs:
        return True
    if any(count > min(holders, len(seats)) for count, seats in needs):
        return False
    candidates = sorted(frozenset().union(*(seats for _, seats in needs)))
    return any(
        all(count <= len(seats.intersection(chosen)) for count, seats in needs)
        for size in range(1, min(holders, len(candidates)) + 1)
        for chosen in combinations(candidates, size)
    )


class Limit(NamedTuple):
    """One rule on a value the host gives: `allows(value)`, else the refusal `code`. (A
    named tuple: every action makes a few.)"""

    allows: Callable[[Any], bool]
    code: str
    params: tuple[tuple[str, object], ...] = ()

    def check(self, value: object) -> None:
        if not self.allows(value):
            raise RuleError(self.code, **dict(self.params))


def limit(allows: Callable[[Any], bool], code: str, **params: object) -> Limit:
    return Limit(allows, code, tuple(params.items()))


class Input:
    """Something the current step asks the host for, and what the rules allow.

    `name` is the action's field (`fails`, `switched`, `sergeant`, …); `kind` says what its
    values are (`seat`, `seats`, `count`, `mission`, `card`, `shown`); `choices` are the
    values the rules allow now, given the answers before it (seats are 0-based; None is
    "nobody"); `size` > 1 asks for that many of the choices at once (a team); `default` is
    the value when the host says nothing. The same limits that make the choices refuse a
    wrong value, so what the host is offered and what the engine accepts never drift apart.
    The choices are worked out only when asked for: checking a value needs the limits alone.
    """

    __slots__ = ("_choices", "candidates", "default", "kind", "limits", "name", "size")

    def __init__(self, name: str, kind: str, candidates: Iterable[Any], size: int = 1,
                 limits: tuple[Limit, ...] = (), default: Any = None) -> None:
        self.name, self.kind, self.size = name, kind, size
        self.candidates, self.limits, self.default = candidates, limits, default
        self._choices: tuple[Any, ...] | None = None

    @property
    def choices(self) -> tuple[Any, ...]:
        if self._choices is None:
            limits = self.limits
            self._choices = tuple(c for c in self.candidates
                                  if all(rule.allows(c) for rule in limits))
        return self._choices

    def check(self, value: object) -> None:
        for rule in self.limits:
            rule.check(value)

    def narrowed(self, extra: tuple[Limit, ...]) -> Input:
        """The same input with more limits (another module's)."""
        return Input(self.name, self.kind, self.candidates, self.size, self.limits + extra,
                     self.default)

    def __repr__(self) -> str:
        return f"Input({self.name!r}, {self.kind!r}, choices={self.choices!r})"


def ask(name: str, candidates: Iterable[Any], *limits: Limit, kind: str = "seat",
        default: Any = None) -> Input:
    """An input whose choices are the candidates every limit allows."""
    return Input(name, kind, candidates, 1, limits, default)
