"""Commander module (rules.md §5.1): after the third success the Assassin names the player
they take for the Commander; the Commander then shows their card, which the rules make them
reveal. Named right, the spies win."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from moderator.rules.actions import Action, Seat
from moderator.rules.deals import Holds, holds_refusal, record_limit
from moderator.rules.errors import RuleError
from moderator.rules.flow import OUTSIDE, RESISTANCE, SPIES, Input
from moderator.rules.module import Given, Module

if TYPE_CHECKING:
    from moderator.rules.modules import Game


#: The Assassin names the Commander after the third success (rules.md §5.1).
ASSASSINATION = "assassination"
COMMANDER = "commander"


class Assassination(NamedTuple):
    target: int
    commander: int


class Assassinate(Action):
    """The Assassin names the Commander; the revealed Commander is `commander` (§5.1)."""

    kind, step = "assassinate", ASSASSINATION
    target: Seat
    commander: Seat

    def apply(self, game: Game) -> Game:
        return assassinate(game, self.target, self.commander)


class Commander(Module):
    id = "commander"
    actions = (Assassinate,)
    phases = {ASSASSINATION: OUTSIDE}
    hidden_characters = True
    dealt_cards = frozenset({COMMANDER})

    def third(self, game: Game, side: str, turned: bool) -> bool:
        if side != RESISTANCE:
            return False
        game._put(phase=ASSASSINATION)
        return True

    def stakes(self, game: Game, side: str) -> tuple[str, bool] | None:
        return ("assassination", True) if side == RESISTANCE else None

    def phase_inputs(self, game: Game, given: Given) -> tuple[Input, ...]:
        if game.phase != ASSASSINATION:
            return ()
        seats = tuple(range(game.players))
        shown = record_limit(game.deals, lambda seat: revealed(game, seat),
                             "errors.commander_impossible",
                             lambda seat: holds_refusal(game.deals, revealed(game, seat)))
        return (Input("target", "seat", seats), Input("commander", "seat", seats, limits=(shown,)))


def revealed(game: Game, seat: object) -> Holds | None:
    """The Commander shows their card after the Assassin has named a player (rules.md §5.1):
    a fact about the deals (a seat that is no seat is refused before it is checked)."""
    if type(seat) is not int or not 0 <= seat < game.players:
        return None
    return Holds((Assassinate.kind, len(game.missions)), seat, (COMMANDER,))


def assassinate(game: Game, target: int, commander: int) -> Game:
    """The Assassin names `target`; the revealed Commander sat at `commander` (§5.1)."""
    if "commander" not in game.modules:
        raise RuleError("errors.no_commander_module")
    game._expect(ASSASSINATION)
    game._check_seats((target,))
    game._check_seats((commander,))
    done = game._copy()
    shown = revealed(game, commander)
    assert shown is not None  # a real seat, checked above
    done._learn(shown, "errors.commander_impossible")
    done._put(assassination=Assassination(target, commander))
    if target == commander:
        done._over(SPIES, "assassinated_commander")
    else:
        done._over(RESISTANCE, "assassin_missed")
    return done
