"""Defector module (rules.md §5.2): a Loyalty deck of 3 No Change and 2 Switch Allegiance
cards, one revealed at the start of rounds 3, 4 and 5; an odd number of Switch cards makes
the two Defectors play for the other side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moderator.rules.actions import Action
from moderator.rules.deals import Turn
from moderator.rules.errors import RuleError
from moderator.rules.flow import OPENING, Input
from moderator.rules.module import Deck, Given, Module

if TYPE_CHECKING:
    from moderator.rules.modules import Game


#: A Loyalty card opens rounds 3-5 (rules.md §5.2).
LOYALTY = "loyalty"

NO_CHANGE, SWITCH = "no-change", "switch"
#: The two Defectors' Character cards, whose holders change sides together (§5.2).
DEFECTORS = ("resistance-defector", "spy-defector")
CARDS = (NO_CHANGE, SWITCH)
DECK = (NO_CHANGE,) * 3 + (SWITCH,) * 2
FIRST_ROUND = 3  # the first round that opens with a Loyalty card


def due(revealed: tuple[str, ...], missions_done: int) -> bool:
    """Is a Loyalty card due now, at the start of round `missions_done + 1`?"""
    return missions_done >= FIRST_ROUND - 1 and len(revealed) < missions_done - 1


def refusal(revealed: tuple[str, ...], card: str) -> str | None:
    """Why `card` cannot be the next card off the deck (an i18n key), or None."""
    if card not in CARDS:
        return "errors.loyalty_unknown"
    if revealed.count(card) >= DECK.count(card):
        return "errors.loyalty_none_left"
    return None


def switched(revealed: tuple[str, ...]) -> bool:
    """An odd number of Switch cards: the two Defectors now play for the other side."""
    return revealed.count(SWITCH) % 2 == 1


def left(revealed: tuple[str, ...]) -> list[str]:
    """The cards still in the deck, in no particular order."""
    deck = list(DECK)
    for card in revealed:
        deck.remove(card)
    return deck


class RevealLoyalty(Action):
    """The round's Loyalty card is turned over (rules.md §5.2)."""

    kind, step = "loyalty", LOYALTY
    card: str

    def apply(self, game: Game) -> Game:
        return reveal_loyalty(game, self.card)


class Defector(Module):
    id = "defector"
    actions = (RevealLoyalty,)
    phases = {LOYALTY: OPENING}
    hidden_characters = True
    changes_sides = True
    dealt_cards = frozenset(DEFECTORS)

    def due(self, game: Game, step: str) -> bool:
        return due(game.loyalty, len(game.missions))

    def deck(self, game: Game, step: str) -> Deck | None:
        return Deck("loyalty", DECK, game.loyalty, 1) if step == LOYALTY else None

    def phase_inputs(self, game: Game, given: Given) -> tuple[Input, ...]:
        if game.phase != LOYALTY:
            return ()
        return (Input("card", "card", tuple(c for c in CARDS if c in left(game.loyalty))),)


def reveal_loyalty(game: Game, card: str) -> Game:
    """The top Loyalty card, revealed to everyone (rules.md §5.2)."""
    game._expect(LOYALTY)
    problem = refusal(game.loyalty, card)
    if problem:
        raise RuleError(problem, card=card, cards=", ".join(CARDS))
    done = game._copy()
    done._put(loyalty=game.loyalty + (card,))
    if card == SWITCH:  # the Defectors play for the other side from now on
        done._put(deals=game.deals.learn(Turn((RevealLoyalty.kind, len(game.missions)),
                                              DEFECTORS)))
    done._next()
    return done
