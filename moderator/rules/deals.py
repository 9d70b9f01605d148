"""What the public record proves: the deals of the Character cards it still allows.

A deal is who was dealt a spy's card (rules.md §1.1) and where the modules' Character cards
that the record can speak about went (a Chief Fail card is the spy Chief's, §6.1; the
Commander shows their card at the Assassination, §5.1; a Switch Allegiance card turns the
Defectors, §5.2). Each module names those cards (`Module.dealt_cards`); a card no fact ever
speaks of is left out, so a deal is what the table could tell apart.

The game keeps the deals its record allows, fact by fact: each mission's revealed cards
(resistance members must play Success, spies may play either, §1.5; the modules say who may
show their own cards, `Module.mission_cards`), each card a player showed, each change of
sides. A record no deal allows is refused with the reason, from the record; a game saved
before this check loads with the deals given up at its first impossible fact.

Kept small for the engine's hot path (random games are a benchmark): while no module card
has to be placed, the deals are a bit set over the spy sets of the player count, and the spy
sets a fact allows are worked out once per fact and kept with the setup's table (random games
meet the same teams and counts again and again). A module card is placed only when a fact
first speaks of it. Cards of one kind are alike, and every placed card is placed with all its
copies, so each remaining deal stands for the same number of ways to place the cards not
placed yet: counts and shares stay exact.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any, NamedTuple

from moderator.rules.errors import ImpossibleRecord
from moderator.rules.flow import Limit

if TYPE_CHECKING:
    from fractions import Fraction

#: The count of ordinary Fail cards among a mission's revealed cards (its input's name).
FAILS = "fails"

#: (the kind of the action that brought a fact, the mission it came with or after: 0 before
#: any mission).
Event = tuple[str, int]


class Dealt(NamedTuple):
    """A Character card the record can speak about: its side as dealt, and how many."""

    card: str
    spy: bool
    copies: int


class Play(NamedTuple):
    """On a mission, a holder of `card` may show a card of `kind` (the count input that
    reports it) instead of Success; with `instead_of_fail` never an ordinary Fail; not from
    the seats in the mask `barred` (the Watch token's holder)."""

    card: str
    kind: str
    instead_of_fail: bool = False
    barred: int = 0


# -- facts: what the record says, each from one action ------------------------------------------


class Reveal(NamedTuple):
    """A mission's revealed cards (rules.md §1.5): the seats whose cards were revealed (the
    team, less a card taken out), each kind's count, fails first, the module cards that
    matter here, and the seat made to switch, whose card shows the one not played."""

    event: Event
    revealed: int
    counts: tuple[tuple[str, int], ...]
    plays: tuple[Play, ...] = ()
    switched: int = 0

    def needs(self) -> tuple[str, ...]:
        return tuple([play.card for play in self.plays]) if self.plays else ()


class Holds(NamedTuple):
    """A shown card: the player at `seat` holds one of `cards` (or, with `holds` False, none
    of them)."""

    event: Event
    seat: int
    cards: tuple[str, ...]
    holds: bool = True

    def needs(self) -> tuple[str, ...]:
        return self.cards


class Allegiance(NamedTuple):
    """Who plays for the spies now, among the seats in the mask `seats`: the sides entered
    after the game, or a claim a player made."""

    event: Event
    spies: int
    seats: int

    def needs(self) -> tuple[str, ...]:
        return ()


class Turn(NamedTuple):
    """The holders of `cards` play for the other side from now on (a Switch Allegiance card,
    the Blame): it rules nothing out."""

    event: Event
    cards: tuple[str, ...]

    def needs(self) -> tuple[str, ...]:
        return self.cards


Fact = Reveal | Holds | Allegiance | Turn


class Proof(NamedTuple):
    """The fact after which these seats were proven spies and loyal, and have stayed so (and
    its place among the record's facts)."""

    fact: Fact
    spies: tuple[int, ...]
    loyal: tuple[int, ...]
    at: int = 0


# -- the setup's table ---------------------------------------------------------------------------


class Table:
    """What every game of a setup shares: the spy sets, the cards that can be placed, and the
    spy sets each fact allows, worked out once. Shared, never copied: equal to another
    table of the same setup. (A plain class: a dataclass's generated code costs every
    command's start-up.)"""

    def __init__(self, players: int, spies: int, cards: tuple[Dealt, ...]) -> None:
        self.players, self.spies, self.cards = players, spies, cards
        #: every spy set as a seat mask, in a fixed order
        self.sets = tuple(sum(1 << s for s in chosen)
                          for chosen in combinations(range(players), spies))
        self.allowed: dict[tuple[Any, ...], int] = {}
        self._holding: tuple[int, ...] = ()
        self._index: dict[int, int] = {}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Table) and (other.players, other.spies, other.cards) == (
            self.players, self.spies, self.cards)

    def __hash__(self) -> int:
        return hash((self.players, self.spies, self.cards))

    def __repr__(self) -> str:
        return f"Table({self.players}, {self.spies}, {self.cards!r})"

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        return self

    def card(self, name: str) -> Dealt:
        return next(c for c in self.cards if c.card == name)

    def allowing(self, fact: Fact) -> int:
        """The spy sets (a bit set of indices) that allow a fact needing no placed card."""
        key = fact[1:]  # what it says, not when
        found = self.allowed.get(key)
        if found is None:
            if len(self.allowed) > 50_000:
                self.allowed.clear()
            found, judge = 0, _judge(fact, {})
            for index, spies in enumerate(self.sets):
                if judge(spies, (spies,)) is None:
                    found |= 1 << index
            self.allowed[key] = found
        return found

    def holding(self, seat: int) -> int:
        """The spy sets (a bit set of indices) in which `seat` is a spy: what one who
        reasons over the deals counts with (the simulator's players)."""
        if not self._holding:
            self._holding = tuple(sum(1 << i for i, spies in enumerate(self.sets)
                                      if spies >> s & 1) for s in range(self.players))
        return self._holding[seat]

    def index(self, spies: int) -> int:
        """Where a spy set (a seat mask) stands among `sets`."""
        if not self._index:
            self._index = {spies: i for i, spies in enumerate(self.sets)}
        return self._index[spies]


_TABLES: dict[tuple[int, int, tuple[Dealt, ...]], Table] = {}


def table(players: int, spies: int, cards: Iterable[Dealt]) -> Table:
    """The table of a setup (one per player count and cards that matter)."""
    cards = tuple(cards)
    key = (players, spies, cards)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = Table(players, spies, cards)
    return found


# -- the deals --------------------------------------------------------------------------------


class Deals(NamedTuple):
    """The deals the record allows so far (immutable, like the game).

    While no card is placed, `alive` is a bit set over the table's spy sets; once one is,
    `found` holds each deal as (spy set as dealt, holders of each placed card), in the order
    of `placed`. `turned` are the placed cards whose holders play for the other side now.
    `broken` is the index of the first fact no deal allowed, in a game saved before the
    check (then nothing is ruled out from it on; sides entered after the game that no deal
    allows add no fact, and leave the proof as it was)."""

    table: Table
    alive: int
    found: frozenset[tuple[int, ...]] | None = None
    placed: tuple[str, ...] = ()
    turned: frozenset[str] = frozenset()
    facts: tuple[Fact, ...] = ()
    broken: int | None = None

    @classmethod
    def start(cls, table: Table) -> Deals:
        return cls(table, (1 << len(table.sets)) - 1)

    # -- the record ----------------------------------------------------------------------------

    def allows(self, fact: Fact) -> bool:
        """Does some deal left allow this fact too? Always, once the record is impossible."""
        if self.found is None and self.broken is None and not self.turned and not fact.needs():
            return bool(self.alive & self.table.allowing(fact))
        if self.broken is not None or isinstance(fact, Turn):
            return True
        key = (id(self), fact)  # the same question is asked again and again of a game
        kept = _ALLOWS.get(key)
        if kept is None:  # one deal is enough: placed one at a time, not all first
            cards = tuple(c for c in fact.needs() if c not in self.placed)
            shape = self._replace(placed=self.placed + cards)
            judge = shape._judging(fact)
            kept = _ALLOWS[_room(_ALLOWS, key)] = (self, any(
                judge(deal) is None for deal in self._grown(cards)))
        return kept[1]

    def learn(self, fact: Fact) -> Deals:
        """The deals left once the fact is known (none, if it was not allowed: `empty`)."""
        if self.found is None and self.broken is None and not self.turned and (
                not fact.plays if type(fact) is Reveal else not fact.needs()):
            # the hot path: a bit set, and the fact's spy sets kept with the table
            return tuple.__new__(Deals, (self.table, self.alive & self.table.allowing(fact),
                                         None, (), self.turned, self.facts + (fact,), None))
        if self.broken is not None:
            return self._replace(facts=self.facts + (fact,))
        placed = self._placing(fact.needs())
        if isinstance(fact, Turn):
            return placed._replace(turned=placed.turned ^ frozenset(fact.cards),
                                   facts=self.facts + (fact,))
        judge = placed._judging(fact)
        kept = frozenset(d for d in placed._deals() if judge(d) is None)
        return placed._replace(found=kept, facts=self.facts + (fact,))

    @property
    def empty(self) -> bool:
        """Does no deal allow the record (a fact just learned that none allowed)?"""
        return self.broken is None and not (self.alive if self.found is None else self.found)

    def given_up(self) -> Deals:
        """The deals of a record that is already impossible: the next fact is kept, and
        nothing is ruled out from it on."""
        return self if self.broken is not None else self._replace(broken=len(self.facts))

    @property
    def impossible(self) -> bool:
        """Is the record itself impossible (a fact no deal allowed)?"""
        return self.broken is not None and self.broken < len(self.facts)

    # -- what it proves ----------------------------------------------------------------------------

    @property
    def total(self) -> int:
        """How many deals the setup allows."""
        return len(self.table.sets) * _ways(self.table, ())

    @property
    def left(self) -> int:
        """How many deals the record still allows (0 once it is impossible)."""
        if self.impossible:
            return 0
        if self.found is None:
            return self.alive.bit_count() * _ways(self.table, ())
        return len(self.found) * _ways(self.table, self.placed)

    def spy_bits(self) -> int:
        """The sets of players who play for the spies now in some deal left, as a bit set
        over the table's `sets` (0 once the record is impossible). Kept per deals: the
        simulator's players ask it of every state they reason about."""
        if self.impossible:
            return 0
        if self.found is None:
            return self.alive
        key = (id(self), "bits")
        kept = _BITS.get(key)
        if kept is None:
            index, found = self.table.index, 0
            for spies in self._now():
                found |= 1 << index(spies)
            kept = _BITS[_room(_BITS, key)] = (self, found)
        return kept[1]

    def spy_sets(self) -> dict[frozenset[int], int]:
        """Each set of players who play for the spies now, with the deals that make it."""
        counted: dict[int, int] = {}
        for group in self._now():
            counted[group] = counted.get(group, 0) + 1
        weight = _ways(self.table, self.placed)
        return {_seats(mask): n * weight for mask, n in counted.items()}

    def spy_counts(self) -> tuple[int, ...]:
        """Per seat, in how many of the deals left that player plays for the spies now."""
        counts = [0] * self.table.players
        for spies in self._now():
            for seat in _seats(spies):
                counts[seat] += 1
        weight = _ways(self.table, self.placed)
        return tuple(n * weight for n in counts)

    def shares(self) -> tuple[Fraction, ...]:
        """Per seat, the share of the deals left in which that player is a spy now."""
        from fractions import Fraction  # only asked after a game: kept off every command's start

        left = self.left
        return tuple(Fraction(n, left) if left else Fraction(0) for n in self.spy_counts())

    def proven(self) -> tuple[frozenset[int], frozenset[int]]:
        """The players proven spies, and those proven loyal, now (none once impossible)."""
        every, anywhere = (1 << self.table.players) - 1, 0
        all_of = every
        found = False
        for spies in self._now():
            found = True
            all_of &= spies
            anywhere |= spies
        if not found:
            return frozenset(), frozenset()
        return _seats(all_of), _seats(every & ~anywhere)

    def history(self) -> tuple[Deals, ...]:
        """The deals before any fact and after each one, made again from the facts."""
        deals = Deals.start(self.table)
        steps = [deals]
        for index, fact in enumerate(self.facts):
            if index == self.broken:
                deals = deals.given_up()
            deals = deals.learn(fact)
            steps.append(deals)
        return tuple(steps)

    def proofs(self, about: Iterable[int] | None = None) -> tuple[Proof, ...]:
        """The seats proven now, grouped by the fact after which each was proven and has
        stayed so, in the record's order; with `about`, only the facts that proved one of
        those seats (with everything they proved)."""
        wanted = set(range(self.table.players) if about is None else about)
        since: dict[int, tuple[int, bool]] = {}  # seat -> (fact index, spy)
        steps = self.history()
        for index, deals in enumerate(steps[1:]):
            spies, loyal = deals.proven()
            for seat in range(self.table.players):
                side = True if seat in spies else False if seat in loyal else None
                if side is None:
                    since.pop(seat, None)
                elif since.get(seat, (0, not side))[1] != side:
                    since[seat] = (index, side)
        grouped: dict[int, tuple[list[int], list[int]]] = {}
        for seat, (index, spy) in sorted(since.items()):
            grouped.setdefault(index, ([], []))[0 if spy else 1].append(seat)
        return tuple(Proof(self.facts[i], tuple(s), tuple(lo), i)
                     for i, (s, lo) in sorted(grouped.items()) if wanted.intersection(s + lo))

    def against(self, fact: Fact) -> Fact | None:
        """The first fact of the record after which no deal allows `fact` too (sides said
        after the game, a claim), where the sides then were those of now."""
        for index, deals in enumerate(self.history()[1:]):
            if deals.turned == self.turned and not deals.allows(fact):
                return self.facts[index]
        return None

    def ruled_out(self, fact: Fact) -> dict[tuple[str, str], int]:
        """How many of the deals left a fact would rule out, by why: (kind, "fewer") where
        the revealed seats held fewer able to show that many of a kind, (kind, "more") where
        more had to show it, ("card", "holds") for a shown card."""
        if self.broken is not None or isinstance(fact, Turn):
            return {}
        placed = self._placing(fact.needs())
        judge = placed._judging(fact)
        weight = _ways(self.table, placed.placed)
        out: dict[tuple[str, str], int] = {}
        for deal in placed._deals():
            why = judge(deal)
            if why is not None:
                out[why] = out.get(why, 0) + weight
        return out

    def allowed_counts(self, fact: Reveal, kind: str, most: int) -> tuple[int, ...]:
        """The counts of `kind` up to `most` that some deal allows with the rest of `fact`."""
        return tuple(n for n in range(most + 1)
                     if self.allows(fact._replace(counts=_with(fact.counts, kind, n))))

    # -- inside ------------------------------------------------------------------------------------

    def _deals(self) -> Iterable[tuple[int, ...]]:
        if self.found is not None:
            return self.found
        sets = self.table.sets
        return ((sets[i],) for i in _seats(self.alive))

    def _now(self) -> Iterable[int]:
        """Each deal's spies as they play now."""
        if self.impossible:
            return
        for deal in self._deals():
            yield self._spies_now(deal)

    def _spies_now(self, deal: tuple[int, ...]) -> int:
        spies = deal[0]
        for card in self.turned:
            spies ^= deal[1 + self.placed.index(card)]
        return spies

    def _judging(self, fact: Fact) -> Callable[[tuple[int, ...]], tuple[str, str] | None]:
        """What rules on one of these deals for a fact (`_judge`, with its cards found)."""
        index = {card: 1 + i for i, card in enumerate(self.placed)}
        judge = _judge(fact, index)
        turned = tuple(index[card] for card in self.turned)
        if not turned:
            return lambda deal: judge(deal[0], deal)

        def now(deal: tuple[int, ...]) -> tuple[str, str] | None:
            spies = deal[0]
            for at in turned:
                spies ^= deal[at]
            return judge(spies, deal)
        return now

    def _placing(self, cards: Iterable[str]) -> Deals:
        """The same deals with these cards placed too: each deal becomes one per way of
        dealing them to free seats of their side (kept: asked again of the same deals)."""
        cards = tuple(c for c in cards if c not in self.placed)
        if not cards:
            return self
        key = (id(self), cards)
        kept = _PLACED.get(key)
        if kept is None:
            kept = _PLACED[_room(_PLACED, key)] = (self, self._placed(cards))
        return kept[1]

    def _placed(self, cards: tuple[str, ...]) -> Deals:
        return self._replace(found=frozenset(self._grown(cards)),
                             placed=self.placed + cards)

    def _grown(self, cards: tuple[str, ...]) -> Iterator[tuple[int, ...]]:
        """Each deal with these cards dealt to free seats of their side, in every way, one at
        a time."""
        every = (1 << self.table.players) - 1
        dealt = [self.table.card(name) for name in cards]

        def grow(deal: tuple[int, ...], rest: list[Dealt]) -> Iterator[tuple[int, ...]]:
            if not rest:
                yield deal
                return
            card, taken = rest[0], 0
            for holders in deal[1:]:
                taken |= holders
            side = deal[0] if card.spy else every & ~deal[0]
            for chosen in combinations(sorted(_seats(side & ~taken)), card.copies):
                yield from grow((*deal, sum(1 << s for s in chosen)), rest[1:])
        for deal in self._deals():
            yield from grow(deal, dealt)


#: Answers kept for the deals that asked (by identity, the deals kept alive with them).
_ALLOWS: dict[tuple[int, Fact], tuple[Deals, bool]] = {}
_PLACED: dict[tuple[int, tuple[str, ...]], tuple[Deals, Deals]] = {}
_BITS: dict[tuple[int, str], tuple[Deals, int]] = {}


def _room(kept: dict[Any, Any], key: Any) -> Any:
    """`key`, once the store has room for it: a few dozen answers, for the step being asked
    (each keeps its deals alive, which may be thousands)."""
    if len(kept) > 64:
        kept.clear()
    return key


Judge = Callable[[int, tuple[int, ...]], "tuple[str, str] | None"]


def _judge(fact: Fact, index: dict[str, int]) -> Judge:
    """What rules on one deal (its spies now, and the deal, whose placed cards' holders are at
    `index`) for a fact: why it does not allow the fact, or None if it does. The one place a
    mission's cards are checked against a deal."""
    if isinstance(fact, Holds):
        seat, holds = fact.seat, fact.holds
        at = tuple(index[card] for card in fact.cards)
        return lambda spies, deal: None if any(
            deal[i] >> seat & 1 for i in at) == holds else ("card", "holds")
    if isinstance(fact, Allegiance):
        seats, said = fact.seats, fact.spies
        return lambda spies, deal: None if spies & seats == said else ("side", "holds")
    if isinstance(fact, Turn):
        return lambda spies, deal: None
    revealed, counts, plays = fact.revealed, fact.counts, fact.plays
    switched = fact.switched & revealed
    fails = dict(counts)[FAILS]
    if not plays and not switched and len(counts) == 1:
        # the loyal play Success, spies either (rules.md §1.5): no more Fail cards than spies
        return lambda spies, deal: None if (spies & revealed).bit_count() >= fails \
            else FEWER_FAILS
    kinds = [kind for kind, _ in counts]  # the fails first
    # each play: where its card's holders are, the count it shows in (-1: none counted), if
    # instead of an ordinary Fail, who may show it
    specs = tuple((index[p.card], kinds.index(p.kind) if p.kind in kinds else -1,
                   p.instead_of_fail, revealed & ~p.barred) for p in plays)
    wanted = tuple(enumerate(n for _, n in counts))

    def judge(spies: int, deal: tuple[int, ...]) -> tuple[str, str] | None:
        may = [0] * len(kinds)  # who may show a card of each kind counted
        can_fail, showing = spies & revealed, 0  # spies may Fail, the loyal only Succeed
        for at, kind, instead, allowed in specs:
            held = deal[at]
            showing |= held & allowed
            if kind >= 0:
                may[kind] |= held & allowed
            if instead:
                can_fail &= ~held
        may[0] |= can_fail
        must = 0
        if switched:  # shows the card not played: the loyal's Success becomes a Fail (§8)
            if not (switched & (can_fail | showing)):
                must = switched
            may[0] |= switched
        for kind, count in wanted:
            if may[kind].bit_count() < count:
                return (kinds[kind], "fewer")
        if must.bit_count() > fails:
            return (FAILS, "more")
        return None
    return judge


FEWER_FAILS = (FAILS, "fewer")


def _ways(table: Table, placed: tuple[str, ...]) -> int:
    """In how many ways the cards not placed yet can be dealt, the same for every deal."""
    ways = 1
    for spy, seats in ((True, table.spies), (False, table.players - table.spies)):
        free = seats - sum(c.copies for c in table.cards if c.spy == spy and c.card in placed)
        for card in table.cards:
            if card.spy == spy and card.card not in placed:
                ways *= comb(free, card.copies)
                free -= card.copies
    return ways


def _seats(mask: int) -> frozenset[int]:
    return frozenset(s for s in range(mask.bit_length()) if mask >> s & 1)


def _with(counts: tuple[tuple[str, int], ...], kind: str,
          count: int) -> tuple[tuple[str, int], ...]:
    return tuple((k, count if k == kind else n) for k, n in counts)


def mask(seats: Iterable[int]) -> int:
    """Seats as a bit set (a team's, kept: the engine's hot path asks for the same teams)."""
    if type(seats) is tuple:
        found = _MASKS.get(seats)
        if found is None:
            if len(_MASKS) > 20_000:
                _MASKS.clear()
            found = _MASKS[seats] = sum(1 << s for s in seats)
        return found
    return sum(1 << s for s in seats)


_MASKS: dict[tuple[int, ...], int] = {}


# -- refusals ---------------------------------------------------------------------------------


class RecordLimit(Limit):
    """A limit that no deal allows: its refusal is an `ImpossibleRecord` whose parameters say,
    from the record, why (made only when it refuses)."""

    __slots__ = ()

    def check(self, value: object) -> None:
        if not self.allows(value):
            why: Any = dict(self.params)["why"]  # the parameters, made only now
            raise ImpossibleRecord(self.code, **why(value))


def record_limit(deals: Deals, fact: Callable[[Any], Fact | None], code: str,
                 why: Callable[[Any], dict[str, object]]) -> Limit:
    """The limit that a value makes a fact some deal left allows (None: no fact to check)."""
    def allows(value: Any) -> bool:
        made = fact(value)
        return made is None or deals.allows(made)
    return RecordLimit(allows, code, (("why", why),))


def holds_refusal(deals: Deals, fact: Fact | None) -> dict[str, object]:
    """The parameters of a refusal of a shown card or of sides: the seat, and the proofs of
    the seats it speaks of."""
    if isinstance(fact, Holds):
        return {"seat": fact.seat, "proofs": deals.proofs([fact.seat])}
    if isinstance(fact, Allegiance):
        return {"proofs": deals.proofs(_seats(fact.seats)), "against": deals.against(fact)}
    return {}
