"""What each simulated player makes of the record.

What the record proves is the engine's: the deals it still allows (`game.deals`, the same
reckoning the engine refuses an impossible record with), as a bit set over the spy sets of
the table. Each player narrows it by what they know themselves (their own card, what the
reveal showed them, a card shown to them), each piece an `Allegiance` fact about the deals,
worked out by the deals' own table. The players' sense adds the rest, seat by seat, in
log-odds: whom the table follows (each player's votes against and for the teams a player was
on, and their words after a mission, weighed by how well that voter's votes matched the
missions played: the table listens to those who look informed, the Commander among them),
and each resistance player's feeling about each other player, which drifts as each draws
their own conclusions from each mission.

Fast enough to ask at every vote: counts over the spy sets are bit counts, a player's
reading is worked out once per state of the record and kept, and the reading of the votes
is folded in once per mission.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from moderator.rules.deals import Allegiance

if TYPE_CHECKING:
    from moderator.rules import Game
    from moderator.rules.deals import Deals, Table
    from moderator.simulate.table import View

#: A player's reading of the record: the sets they reason over, how many, per seat the share
#: of them that make that seat a spy, how likely a spy the player takes it for all told, and
#: how much less likely a team is safe with that seat on it than the sets alone say.
Reading = tuple[int, int, list[float], list[float], list[float]]
#: What a reading starts from: the sets, how many, per seat the share of them that make that
#: seat a spy, and that share in log-odds (None: the sets settle it either way).
Counted = tuple[int, int, list[float], list[float | None]]

#: A private fact about the deals carries no event of the record.
_PRIVATE = ("private", 0)
#: The table's reading is kept as that of a reader at no seat who knows nothing.
_TABLE = (-1, 0)


class Belief:
    """Every player's reading of one game's record."""

    def __init__(self, game: Game, views: Sequence[View], rng: random.Random,
                 follow: float, drift: float = 0.0, hint: float = 0.0,
                 speaks: float = 0.0) -> None:
        table = game.deals.table
        self.table, self.players = table, game.players
        self.holding = tuple(table.holding(s) for s in range(game.players))
        self.every = (1 << len(table.sets)) - 1
        players = game.players
        self.folded = 0  # missions read so far
        self.follow, self.drift, self.rng = follow, drift, rng
        self.stance = [[0.0] * players for _ in range(players)]  # voter -> seat: rejected
        self.score = [0] * players  # how often a voter's vote matched the mission played
        self.heard = 0  # votes read so far
        self.said = [0.0] * players  # what the table makes of the votes, per seat
        # after each mission each resistance player may speak against the players they take
        # for spies (`hint` as strong as a vote against them, said with the chance `speaks`),
        # the Commander against the spies they saw: heard by everyone, the Assassin too
        # (`spoken`: whom each player spoke against)
        self.hint, self.speaks, self.views = hint, speaks, views
        self.spoken: list[list[int]] = [[] for _ in range(players)]
        # a resistance player's feeling about each other player, from none at first (spies
        # know)
        self.gut = [None if view.spy else [0.0] * players for view in views]
        self._still = [0.0] * players  # the feeling of one who has none
        self._deals: Deals | None = None
        self._public = self.every
        self._known: dict[int, tuple[int, int]] = {}  # seat -> (told, bits)
        # per set of spy sets a reader reasons over, what is counted of it: kept for the
        # game (a mission without a Fail card often leaves the record's sets as they were)
        self._shares: dict[int, Counted] = {}
        # per reader: the reading, kept while the deals stay (the table's: `_TABLE`)
        self._read: dict[tuple[int, int], Reading] = {}

    # -- the deals ------------------------------------------------------------------------

    def public(self, game: Game) -> int:
        """The spy sets the record allows (every one, should the record be impossible)."""
        deals = game.deals
        if deals is not self._deals:
            self._deals = deals
            self._public = deals.spy_bits() or self.every
            folded = self._fold(game)
            self._read.clear()
            if folded:  # the votes, talked over once the missions show who was right
                self._hear(game)
                self._listen()
                if self.hint:  # what the players say of the missions just played
                    self._speak(game)
                    self._listen()
        return self._public

    def known(self, view: View) -> int:
        """The spy sets that fit what `view` knows of its own."""
        kept = self._known.get(view.seat)
        if kept is not None and kept[0] == view.told:
            return kept[1]
        bits = self.every
        for seats, spies in view.known:
            bits &= _exactly(self.table, seats, spies)
        self._known[view.seat] = (view.told, bits)
        return bits

    def _bits(self, view: View, game: Game) -> int:
        """The sets a player reasons over: the record's, narrowed by what they know."""
        public = self.public(game)
        mine = self.known(view)
        return public & mine or mine or public

    # -- readings -------------------------------------------------------------------------

    def reading(self, view: View, game: Game, pretend: bool = False) -> Reading:
        """How `view` reads the record (`Reading`). With `pretend` the player reads it as
        the table does, knowing nothing of their own: a spy judging how a team looks, the
        Commander hiding what they saw."""
        self.public(game)
        return self._reader(view, game, pretend)

    def _reader(self, view: View, game: Game, pretend: bool) -> Reading:
        """`reading`, once the record is read (`public`): worked out once for what the
        reader knows in each state of the record (what was said is read with the record)."""
        if pretend:
            return self._table()
        key = (view.seat, view.told)
        found = self._read.get(key)
        if found is None:
            found = self._read[key] = self._reading(
                self._counted(self._bits(view, game)), self.gut[view.seat])
        return found

    def _table(self) -> Reading:
        """The table's reading: the record's sets and what the table makes of what was
        said, for someone who knows nothing of their own."""
        found = self._read.get(_TABLE)
        if found is None:
            found = self._read[_TABLE] = self._reading(self._counted(self._public), None)
        return found

    def named(self, view: View, game: Game, pretend: bool, team: Iterable[int]) -> bool:
        """Whether what the reader knows proves another member of the team a spy: a player
        they would name at the table, not a doubt."""
        shares = self.reading(view, game, pretend)[2]
        return any(shares[seat] == 1.0 for seat in team if seat != view.seat)

    def suspicion(self, view: View, game: Game, pretend: bool = False) -> list[float]:
        """Per seat, how likely a spy `view` takes that player for."""
        return self.reading(view, game, pretend)[3]

    def looks(self, game: Game) -> list[float]:
        """Per seat, how likely a spy the record and its reading make that player, for
        someone who knows nothing of their own (how a spy judges how they look)."""
        self.public(game)
        return self._table()[3]

    def _odds(self, view: View, game: Game) -> list[float]:
        """Per seat, how likely a spy `view` takes that player for, in log-odds (infinite
        where the record and what they know settle it)."""
        _, _, shares, odds = self._counted(self._bits(view, game))
        gut = self.gut[view.seat]
        return [(math.inf if share else -math.inf) if lo is None else lo + said + moved
                for share, lo, said, moved in zip(shares, odds, self.said,
                                                  self._still if gut is None else gut,
                                                  strict=True)]

    def _counted(self, bits: int) -> Counted:
        """A reader's sets, how many, per seat the share of them that make it a spy, and
        that share in log-odds (None: sure either way), kept for the game."""
        counted = self._shares.get(bits)
        if counted is None:
            total = bits.bit_count()
            share, odds = _shares(total)
            counts = list(map(int.bit_count, map(bits.__and__, self.holding)))
            counted = self._shares[bits] = (bits, total, list(map(share.__getitem__, counts)),
                                           list(map(odds.__getitem__, counts)))
        return counted

    def _reading(self, counted: Counted, gut: list[float] | None) -> Reading:
        """A reader's reading: the share of their sets that make each seat a spy
        (`_counted`), moved in log-odds by the table's reading and their `gut`."""
        bits, total, shares, odds = counted
        said, exp = self.said, math.exp
        moved = gut if gut is not None else self._still
        seen = shares.copy()  # a seat the sets settle keeps its share
        factor = [1.0] * len(shares)
        each = zip(odds, said, moved, shares, strict=True)
        for seat, (lo, heard, feeling, share) in enumerate(each):
            if lo is not None:
                likely = seen[seat] = 1.0 / (1.0 + exp(-(lo + heard + feeling)))
                factor[seat] = (1.0 - likely) / (1.0 - share)
        return bits, total, shares, seen, factor

    def safe(self, view: View, game: Game, team: Iterable[int], needed: int,
             pretend: bool = False) -> float:
        """How likely `view` takes the team to hold fewer spies than the Fail cards that fail
        it (`safes`)."""
        return self.safes(game, tuple(team), needed, ((view, pretend),))[0]

    def safes(self, game: Game, team: Sequence[int], needed: int,
              readers: Iterable[tuple[View, bool]]) -> list[float]:
        """How likely each reader (a view, and whether it `pretend`s: `reading`) takes the
        team to hold fewer spies than the Fail cards that fail it: exact over the sets they
        reason over, then moved by their reading of each other member. All of a vote's
        voters at once: what they share is worked out once."""
        self.public(game)
        held, read, reader = self.holding, self._read.get, self._reader
        anyone = None  # the sets too many spies on the team for it to be safe, once asked
        outside = -1.0  # as the table takes it from off the team: the same for all who pretend
        found = []
        for view, pretend in readers:
            me = view.seat
            if pretend and outside >= 0.0 and me not in team:
                found.append(outside)
                continue
            bits, total, _, _, factor = read(_TABLE if pretend else (me, view.told)) \
                or reader(view, game, pretend)
            others: Sequence[int] = team
            if me in team:  # the others on it
                others = [seat for seat in team if seat != me]
                one, two = _spied(held, others)
                unsafe = two if needed > 1 else one
            else:
                if anyone is None:
                    one, two = _spied(held, team)
                    anyone = two if needed > 1 else one
                unsafe = anyone
            likely = (bits & ~unsafe).bit_count() / total
            if likely:
                for seat in others:
                    likely *= factor[seat]
            found.append(likely if likely < 1.0 else 1.0)
            if pretend and others is team:
                outside = found[-1]
        return found

    def bests(self, view: View, game: Game, pretend: bool, others: Sequence[int], size: int,
              needed: int) -> tuple[float, float]:
        """How likely `view` takes the safest teams of `size` they could name to be safe
        (`safes`): themselves with the `others` they trust most, and those others alone
        (ties as `others` are ordered). Both at once: the second adds one player's sets to
        the first."""
        self.public(game)
        bits, total, _, seen, factor = self._reader(view, game, pretend)
        order = sorted(others, key=seen.__getitem__)  # a stable sort keeps the tie order
        held, others = self.holding, order[:size - 1]
        one, two = _spied(held, others)
        last = held[order[size - 1]]
        mine = (bits & ~(two if needed > 1 else one)).bit_count() / total
        theirs = (bits & ~((two | one & last) if needed > 1 else one | last)).bit_count() \
            / total
        if mine:
            for seat in others:
                mine *= factor[seat]
        if theirs:
            for seat in order[:size]:
                theirs *= factor[seat]
        return (mine if mine < 1.0 else 1.0), (theirs if theirs < 1.0 else 1.0)

    def exposure(self, seat: int, game: Game, team: Iterable[int], fails: int) -> float:
        """How likely a spy the record would make `seat` once `team` revealed `fails` Fail
        cards (what a spy weighs before failing a mission)."""
        bits, held = self.public(game), self.holding
        if fails:
            bits = sum_at_least(bits, [held[m] for m in team], fails)
        total = bits.bit_count()
        if not total:
            return 1.0
        share = (bits & held[seat]).bit_count() / total
        if share <= 0.0 or share >= 1.0:
            return share
        return chance(log_odds(share) + self.said[seat])

    # -- the table's reading of the record ------------------------------------------------

    def _fold(self, game: Game) -> bool:
        """Read the missions played since the last reading, with the votes on their teams:
        whether there were any."""
        missions = game.missions
        if len(missions) == self.folded:
            return False
        approved = [p for p in game.proposals if p.approved]
        for number in range(self.folded, len(missions)):
            mission = missions[number]
            proposal = approved[number] if number < len(approved) else None
            team = set(mission.team)
            voters = proposal.approvals if proposal is not None else None
            if self.drift:  # each resistance player draws their own conclusions: a step
                # drawn evenly with the spread `drift` (the steps of a game add up to
                # about a normal draw; one such step is several times faster to draw)
                rand, width = self.rng.random, self.drift * math.sqrt(12.0)
                for me, feeling in enumerate(self.gut):
                    if feeling is not None:
                        feeling[:] = [f if seat == me else f + (rand() - 0.5) * width
                                      for seat, f in enumerate(feeling)]
            if voters is not None:  # whose vote the mission bore out
                score = self.score
                for seat in range(self.players):
                    if seat not in team:
                        score[seat] += 1 if (seat in voters) == mission.succeeded else -1
        self.folded = len(missions)
        return True

    def _speak(self, game: Game) -> None:
        """Who speaks against whom after a mission: each resistance player with the chance
        `speaks`, against as many players as there are spies, those they take for spies
        most (the Commander: the spies they saw). Spies speak through their votes alone
        here: a simplification (docs/simulation.md)."""
        for view in self.views:
            if view.spy or self.rng.random() >= self.speaks:
                continue
            if view.named_spies:
                accused = sorted(view.spies_known())
            else:  # by the log-odds of their reading (the same order, without the chances)
                odds = self._odds(view, game)
                accused = sorted([s for s in range(self.players) if s != view.seat],
                                 key=odds.__getitem__, reverse=True)[:game.spies]
            for seat in accused:
                self.stance[view.seat][seat] += self.hint
            self.spoken[view.seat] += accused

    def _hear(self, game: Game) -> None:
        """Read the votes held since the last reading: a vote against a team is a word
        against each other member, a vote for it one for them."""
        proposals, stance = game.proposals, self.stance
        for number in range(self.heard, len(proposals)):
            proposal = proposals[number]
            if proposal.approvals is None:
                break
            self.heard += 1
            team, approvals = proposal.team, proposal.approvals
            weight = 1.0 / len(team)
            for voter in range(self.players):
                # the leader's team is their word for each member: it counts twice
                word = -2 * weight if voter == proposal.leader else \
                    -weight if voter in approvals else weight
                row = stance[voter]
                for seat in team:
                    if seat != voter:
                        row[seat] += word

    def _listen(self) -> None:
        """What the table makes of the votes: each voter's words, weighed by how well their
        votes matched the missions so far (from 1, for a voter nothing bore out yet)."""
        follow = self.follow
        said = [0.0] * self.players
        for score, row in zip(self.score, self.stance, strict=True):
            weight = follow * max(score, 0)
            if weight:
                said = [heard + weight * word for heard, word in zip(said, row, strict=True)]
        self.said = said


@lru_cache(maxsize=4096)
def _exactly(table: Table, seats: int, spies: int) -> int:
    """The spy sets of the setup's `table` with exactly `spies` spies among the seats in the
    mask `seats`: the sets that allow one of the `Allegiance` facts it stands for. Kept:
    every game of a setup asks the same (each player's own card)."""
    allowing, found = table.allowing, 0
    for chosen in combinations(_seats(seats), spies):
        found |= allowing(Allegiance(_PRIVATE, sum(1 << s for s in chosen), seats))
    return found


@cache
def _shares(total: int) -> tuple[list[float], list[float | None]]:
    """For a reader with `total` sets, per count of them that make a seat a spy: the share
    they are, and the share in log-odds (None: sure either way). Kept: a reading asks ten
    of each, many times a game."""
    shares = [count / total for count in range(total + 1)]
    return shares, [log_odds(share) if 0.0 < share < 1.0 else None for share in shares]


def _spied(held: Sequence[int], members: Iterable[int]) -> tuple[int, int]:
    """The sets with at least one of the members a spy, and with at least two (`held`: each
    seat's sets): a team of them is unsafe with as many spies as the Fail cards that fail
    it, one or two (rules.md §1.5)."""
    one = two = 0
    for seat in members:
        two |= one & held[seat]
        one |= held[seat]
    return one, two


def log_odds(share: float) -> float:
    """A chance strictly between 0 and 1 in log-odds."""
    return math.log(share / (1.0 - share))


def chance(odds: float) -> float:
    """Log-odds as a chance."""
    return 1.0 / (1.0 + math.exp(-odds))


def sum_at_least(bits: int, members: list[int], count: int) -> int:
    """The sets among `bits` with at least `count` of the members' sets (bit sets) holding
    them."""
    if count == 1:
        some = 0
        for one in members:
            some |= one
        return bits & some
    found = 0
    for chosen in combinations(members, count):
        both = bits
        for one in chosen:
            both &= one
        found |= both
    return found


def _seats(mask: int) -> list[int]:
    return [s for s in range(mask.bit_length()) if mask >> s & 1]
