"""The names the whole engine shares: phases, sides, and the checks every action makes.

A leaf: it imports nothing of the engine, so the base game and every module can use it
without import circles.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from itertools import combinations
from typing import Any, NamedTuple

from moderator.rules.errors import RuleError

# The base game's phases, as named in `status --json` (design.md §4). A module's own steps are
# phases it declares in its file (`Module.phases`), each with where it sits in the game.
PROPOSAL, VOTE, MISSION, GAME_OVER = "proposal", "vote", "mission", "game_over"

# Where a module's step sits, which says what holds while it is due (a leader holds the token,
# a team awaits its mission, the round's mission is named).
#: Between two missions, before the next round opens; the next leader holds the token.
BETWEEN = "between"
#: A new round's step before its leader acts (rules.md §13.1: a Strong Leader may still be
#: declared); the round's mission is not named yet.
OPENING = "opening"
#: The round's leader's first steps, before the team, for the round's mission.
LEADING = "leading"
#: Between the team's approval and its mission.
APPROVED = "approved"
#: Outside any round: nobody leads (a claim, an assassination, an accusation).
OUTSIDE = "outside"


class Phases(NamedTuple):
    """The phases that share a property, made of the base game's and of what every module
    declares of its steps (`Module.phases`): the base game asks these, never a module's."""

    playing: frozenset[str]  # a round in play: a leader holds the token
    team_chosen: frozenset[str]  # a team has been proposed and awaits its vote or mission
    before_team: frozenset[str]  # before the round's team is proposed
    named: frozenset[str]  # the round's mission is named (without Targeting)
    opening: frozenset[str]  # a new round's steps before its leader acts

    @classmethod
    def of(cls, declared: Iterable[Mapping[str, str]]) -> Phases:
        """The sets, from each module's phases and where they sit."""
        at: dict[str, set[str]] = {BETWEEN: set(), OPENING: set(), LEADING: set(),
                                   APPROVED: set(), OUTSIDE: set()}
        for phases in declared:
            for phase, where in phases.items():
                at[where].add(phase)
        before = {PROPOSAL} | at[BETWEEN] | at[OPENING] | at[LEADING]
        chosen = {VOTE, MISSION} | at[APPROVED]
        return cls(frozenset(before | chosen), frozenset(chosen), frozenset(before),
                   frozenset({PROPOSAL} | at[LEADING]), frozenset(at[OPENING]))


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

    def allows(self, value: object) -> bool:
        """Whether `value` is among the choices, asking the limits of it alone (the choices
        ask them of every candidate: for a mission's count, the deals of each)."""
        if self._choices is not None:
            return value in self._choices
        return value in self.candidates and all(rule.allows(value) for rule in self.limits)

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
