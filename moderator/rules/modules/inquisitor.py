"""Inquisitor (rules.md §2.3, §5.4): the token starts to the first leader's right; after
missions 2, 3 and 4 its holder examines a player who never held it, and the token passes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moderator.rules.actions import Action, Seat
from moderator.rules.errors import RuleError
from moderator.rules.flow import OPENING, Input
from moderator.rules.module import Given, Module

if TYPE_CHECKING:
    from moderator.rules.modules import Game


#: The token holder examines a player after missions 2-4 (rules.md §2.3).
EXAMINATION = "examination"

#: After these missions the token holder examines a player (never after mission 1).
EXAMINED_AFTER = (2, 3, 4)


def first_holder(first_leader: int, players: int) -> int:
    """The player to the first leader's right: the last to lead in a full rotation."""
    return (first_leader - 1) % players


def examinations_due(game: Game) -> int:
    """How many examinations the missions played so far call for. Under Targeting the
    setting `inquisitor-targeting-timing` counts completed missions (default) or the tableau
    spaces played (rules.md §2.1, §13)."""
    if game.targeting and game.setting("inquisitor-targeting-timing") == "mission-spaces":
        return sum(m.mission in EXAMINED_AFTER for m in game.missions)
    return sum(k <= len(game.missions) for k in EXAMINED_AFTER)


#: What an examination shows (rules.md §2.3), as `card_shown` says it.
LOYALTY_CARD, CHARACTER_CARD = "loyalty", "character"


def card_shown(game: Game) -> str:
    """What the examined player hands over: the Inquisitor Loyalty card of their side where a
    module's special character must stay hidden, else their Character card (rules.md §2.3)."""
    hidden = any(module.hidden_characters for module in game.config.in_play)
    return LOYALTY_CARD if hidden else CHARACTER_CARD


def allegiance_asked(game: Game) -> bool:
    """Does an examination say which side a Defector plays for now or at the start? Only
    with characters in the game that change sides (rules.md §13.1
    `inquisitor-defector-allegiance`)."""
    return any(module.changes_sides for module in game.config.in_play)


class Examine(Action):
    """The Inquisitor looks at a player's loyalty and passes the token (rules.md §2.3)."""

    kind, step = "examine", EXAMINATION
    player: Seat

    def apply(self, game: Game) -> Game:
        return examine(game, self.player)


class Inquisitor(Module):
    id = "inquisitor"
    actions = (Examine,)
    phases = {EXAMINATION: OPENING}
    #: rules.md §2.3: one source plays it only at 7+; §14.3.5: Lady of the Lake at 7 or more.
    recommended_from = 7

    def start(self, game: Game) -> None:
        game._put(inquisitors=(first_holder(game.first_leader, game.players),))

    def due(self, game: Game, step: str) -> bool:
        return examinations_due(game) > len(game.inquisitors) - 1

    def phase_inputs(self, game: Game, given: Given) -> tuple[Input, ...]:
        if game.phase != EXAMINATION:
            return ()
        never = tuple(s for s in range(game.players) if s not in game.inquisitors)
        return (Input("player", "seat", never),)


def examine(game: Game, seat: int) -> Game:
    """The token holder examines a player who never held the token; it passes to them."""
    game._expect(EXAMINATION)
    game._check_seats((seat,))
    if seat in game.inquisitors:
        raise RuleError("errors.inquisitor_held", seat=seat)
    done = game._copy()
    done._put(inquisitors=game.inquisitors + (seat,))
    done._next()
    return done
