"""The table around a simulated game: the cards dealt, and what each player knows.

The engine never learns a role (rules/game.py); the table does, as a real table does: it
deals the Character cards and runs the reveal (the same script `moderator.scripts` speaks,
rules.md §9), and later hands a player what a card shows them (a Plot card's Loyalty card,
a look at a Mission card). Each player's `View` holds only that; the players decide from it
and the public record (the game).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from moderator.rules import Game
from moderator.rules.setup import SPY_CHARACTERS
from moderator.scripts import Step, for_game

#: Characters whose side changes when the Defectors switch (rules.md §5.2).
DEFECTORS = frozenset({"resistance-defector", "spy-defector"})


@dataclass
class View:
    """What one player knows: their own card, and what they learned as counts of spies among
    groups of seats ("exactly k of these seats are spies": the reveal's thumbs, a Loyalty card
    shown, a Mission card seen). A spy knows itself as one spy among `{seat}`."""

    seat: int
    character: str
    spy: bool
    known: list[tuple[int, int]] = field(default_factory=list)  # (seats as a bit mask, spies)
    told: int = 0  # how often `known` grew: players keep what they work out per version
    named_spies: bool = False  # a resistance player the reveal showed spies (the Commander)
    _spies: tuple[int, frozenset[int]] = field(  # (told, spies known), kept
        default=(-1, frozenset()), compare=False, repr=False)

    def learn(self, seats: Iterable[int], spies: int) -> None:
        mask = sum(1 << s for s in set(seats))
        if (mask, spies) not in self.known:
            self.known.append((mask, spies))
            self.told += 1

    def spies_known(self) -> frozenset[int]:
        """Seats this player knows for certain to be spies (kept until they learn more)."""
        if self._spies[0] != self.told:
            self._spies = (self.told, frozenset(
                s for mask, k in self.known if k and k == mask.bit_count()
                for s in _seats(mask)))
        return self._spies[1]


def _seats(mask: int) -> Iterable[int]:
    seat = 0
    while mask:
        if mask & 1:
            yield seat
        mask >>= 1
        seat += 1


#: The reveal script of each setup played so far (a run plays thousands of games of one).
_SCRIPTS: dict[tuple[object, ...], tuple[Step, ...]] = {}


def _script(game: Game) -> tuple[Step, ...]:
    """The reveal script of the game's setup, worked out once per setup."""
    key = (game.players, game.modules, game.variants, game.roles, game.house_rules)
    found = _SCRIPTS.get(key)
    if found is None:
        found = _SCRIPTS[key] = for_game(game)
    return found


class Table:
    """The dealt cards of one game, and every player's view."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        players = game.players
        # The spies first, in the engine's random order (the benchmark's tight loop deals
        # the same way), then the special characters shuffled onto each side's seats.
        spies = rng.sample(range(players), game.spies)
        resistance = [s for s in range(players) if s not in spies]
        cards = {s: "spy" for s in spies} | {s: "resistance" for s in resistance}
        specials = [c for c, n in game.config.deck for _ in range(n)
                    if c not in ("spy", "resistance")]
        if specials:
            for side in (spies, resistance):
                seats = list(side)
                rng.shuffle(seats)
                wanted = [c for c in specials if (c in SPY_CHARACTERS) == (side is spies)]
                cards.update(zip(seats, wanted, strict=False))
        self.cards: dict[int, str] = cards
        self.spies = frozenset(spies)
        # each player knows their own card: as many spies among {seat} as they are
        self.views = [View(s, cards[s], s in self.spies, [(1 << s, int(s in self.spies))], 1)
                      for s in range(players)]
        self._reveal(game)

    def _reveal(self, game: Game) -> None:
        """Who saw whom in the reveal (rules.md §9): whoever has their eyes open in a step
        sees the others open and the thumbs up, and knows from the script's words how many
        of those characters are spies (the Body Guard's two thumbs hold one spy when the
        False Commander is in the game)."""
        seats_of: dict[str, list[int]] = {}
        for seat, card in self.cards.items():
            seats_of.setdefault(card, []).append(seat)
        for step in _script(game):
            if not step.open:
                continue
            seen = {s for role in {*step.open, *step.thumb} for s in seats_of.get(role, ())}
            for role in step.open:
                for seat in seats_of.get(role, ()):
                    others = seen - {seat}
                    view, spies = self.views[seat], sum(s in self.spies for s in others)
                    view.learn(others, spies)
                    view.named_spies |= not view.spy and 0 < spies == len(others)

    def seat_of(self, character: str) -> int | None:
        return next((s for s, c in self.cards.items() if c == character), None)

    def plays_spy(self, seat: int, game: Game) -> bool:
        """Whether the player plays Fail cards now: a Defector after the switch plays for the
        other side (rules.md §5.2)."""
        spy = seat in self.spies
        return not spy if self.cards[seat] in DEFECTORS and game.defectors_switched else spy

    def show_loyalty(self, seat: int, to: int) -> None:
        """`to` sees `seat`'s Loyalty (or Character) card (a Plot card, rules.md §3.4)."""
        self.views[to].learn((seat,), int(seat in self.spies))

    def hand(self, seat: int, game: Game, chief_fail: bool) -> tuple[str, ...]:
        """The Mission cards a player may choose from, by their character (success first):
        a spy plays Fail; a spy Chief plays Chief Fail instead where the table has Chief Fail
        cards (`chief_fail`: at 7+, rules.md §6.1); both
        Reversers hold Reverse, and the Spy Reverser never plays Fail (§6.2); the resistance
        Rogue holds Rogue Success (§7). Whether the cards revealed add up is the engine's."""
        card = self.cards[seat]
        if card == "spy-chief" and chief_fail:
            return ("success", "chief_fail")
        if card in ("resistance-reverser", "spy-reverser"):
            return ("success", "reverse")
        if card == "resistance-rogue":
            return ("success", "rogue_success")
        return ("success", "fail") if self.plays_spy(seat, game) else ("success",)

    def shown(self, seat: int, accuser_spies: bool, choices: tuple[str, ...]) -> str:
        """What an accused player's card shows the accusing Hunter: a Chief of the other
        side, the Coordinator to the spy Hunter, or neither (rules.md §6.1)."""
        card = self.cards[seat]
        if card == ("resistance-chief" if accuser_spies else "spy-chief"):
            return "chief"
        if card == "coordinator" and "coordinator" in choices:
            return "coordinator"
        return "not-chief"
