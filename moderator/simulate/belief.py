"""Suspicion from the public record: every way the spies could be seated, weighed by what
the table has seen (exact over at most C(10, 4) = 210 seatings, as careful players reason).

A seating that would have revealed fewer Fail cards than a mission showed is all but ruled
out; spies on a mission that succeeded are less likely (spies usually fail); a failed
mission makes those who approved it from off the team more suspect, and a mission that
succeeded those who rejected it. Each player then keeps only the seatings that fit what
they know themselves (their own card, the reveal, cards shown to them).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from moderator.rules import Game, Mission, Proposal
    from moderator.simulate.table import View

#: How much a seating's weight changes per spy in it for each thing the table saw.
HIDDEN_FAIL = 0.01  # fewer spies on the team than Fail cards revealed: (almost) impossible
SPY_PASSED = 0.45  # a spy on a team that succeeded
APPROVED_FAILURE = 1.5  # a spy among those off the team who approved a team that failed
REJECTED_SUCCESS = 1.3  # a spy among those who rejected a team that succeeded


class Belief:
    """The weight of every seating of the spies given the public record of one game."""

    def __init__(self, players: int, spies: int) -> None:
        self.players = players
        seatings = list(combinations(range(players), spies))
        self.seatings = [sum(1 << s for s in c) for c in seatings]
        self.members = dict(zip(self.seatings, seatings, strict=True))
        self.weights = [1.0] * len(self.seatings)
        self.missions = 0  # missions folded in
        self.guts: dict[int, dict[int, float]] = {}  # a player's prior per seating
        self._kept: dict[tuple[int, int, int], tuple[list[tuple[int, float]], float]] = {}
        self._suspected: dict[tuple[int, int, int], list[float]] = {}

    def feel(self, seat: int, feeling: list[float]) -> None:
        """A player's gut feeling: how much more (or less) likely they take each seat for a
        spy before any evidence, as a factor on every seating that holds it."""
        members = self.members
        self.guts[seat] = {m: _product(feeling[s] for s in members[m]) for m in self.seatings}

    def update(self, game: Game) -> None:
        """Fold in the missions played since the last update, with their votes."""
        missions = game.missions
        if len(missions) == self.missions:
            return
        approved = [p for p in game.proposals if p.approved]
        for number in range(self.missions, len(missions)):
            self._fold(missions[number], approved[number] if number < len(approved) else None)
        self.missions = len(missions)

    def _fold(self, mission: Mission, proposal: Proposal | None) -> None:
        team = sum(1 << s for s in mission.team)
        fails = mission.fails + mission.chief_fail
        approvals = None if proposal is None else proposal.approvals
        voters = 0 if approvals is None else sum(1 << s for s in approvals)
        off = voters & ~team
        rejecters = ((1 << self.players) - 1) & ~voters if approvals is not None else 0
        weights = self.weights
        for i, seating in enumerate(self.seatings):
            on = (seating & team).bit_count()
            if on < fails:
                weights[i] *= HIDDEN_FAIL
            elif fails == 0:
                weights[i] *= SPY_PASSED ** on * REJECTED_SUCCESS ** (
                    seating & rejecters).bit_count()
            else:
                weights[i] *= APPROVED_FAILURE ** (seating & off).bit_count()

    def kept(self, view: View | None) -> tuple[list[tuple[int, float]], float]:
        """The seatings that fit what `view` knows (all of them for the public), weighed by
        the record and the player's gut feeling, and their total weight."""
        key = (-1, 0, self.missions) if view is None else (view.seat, view.told, self.missions)
        found = self._kept.get(key)
        if found is None:
            pairs = list(zip(self.seatings, self.weights, strict=True))
            if view is not None:
                gut = self.guts.get(view.seat)
                if gut is not None:
                    pairs = [(m, w * gut[m]) for m, w in pairs]
                for seats, k in view.known:
                    fits = [(m, w) for m, w in pairs if (m & seats).bit_count() == k]
                    if not fits:  # what they know contradicts the record: trust neither
                        break
                    pairs = fits
            found = self._kept[key] = (pairs, sum(w for _, w in pairs) or 1.0)
        return found

    def suspicion(self, view: View | None) -> list[float]:
        """Per seat, how likely a spy it is."""
        key = (-1, 0, self.missions) if view is None else (view.seat, view.told, self.missions)
        found = self._suspected.get(key)
        if found is None:
            pairs, total = self.kept(view)
            sums, members = [0.0] * self.players, self.members
            for seating, weight in pairs:
                for seat in members[seating]:
                    sums[seat] += weight
            found = self._suspected[key] = [f / total for f in sums]
        return found

    def safe(self, view: View | None, team: tuple[int, ...] | list[int], needed: int) -> float:
        """How likely the team holds fewer spies than the Fail cards that fail it."""
        mask = sum(1 << s for s in team)
        pairs, total = self.kept(view)
        if needed == 1:
            return sum(w for m, w in pairs if not m & mask) / total
        return sum(w for m, w in pairs if (m & mask).bit_count() < needed) / total


def _product(factors: Iterable[float]) -> float:
    found = 1.0
    for factor in factors:
        found *= factor
    return found
