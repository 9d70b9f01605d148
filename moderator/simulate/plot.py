"""The Plot Thickens in simulated games (rules.md §3): the draw and the hand-out, and each
usable Plot card offered to its holder, who may use it."""

from __future__ import annotations

from typing import Any

from moderator.rules import MISSION, Game, Input
from moderator.rules.modules import plot
from moderator.rules.modules.plot import PLOT_DRAW, UsePlot
from moderator.simulate.turn import SPY_CARDS, Moves, Turns

#: Plot cards that show one player's Loyalty card to another: (shown, to) from (by, target,
#: leader) (rules.md §3.4).
_SHOWS = {
    plot.OVERHEARD_CONVERSATION: lambda by, target, leader: (target, by),
    plot.ESTABLISH_CONFIDENCE: lambda by, target, leader: (leader, target),
    plot.OPEN_UP: lambda by, target, leader: (by, target),
}


class PlotMoves(Moves, module="plot"):
    def answers(self, turns: Turns, game: Game) -> dict[str, Any]:
        if game.phase == PLOT_DRAW:  # the deck is shuffled: chance, not a choice
            return {"cards": tuple(turns.rng.sample(plot.state(game).deck, game.plot_draws))}
        card = plot.state(game).drawn[0]  # the leader hands it to a player of their choice
        to = Input("to", "seat", plot.receivers(game))
        return {"card": card, "to": turns.choose(game.seat, game, to, {"card": card})}

    def face_up(self, game: Game) -> int | None:
        """In the Spotlight: the card is played face up (rules.md §3.4)."""
        return plot.state(game).spotlight

    def out_of_turn(self, turns: Turns, game: Game) -> UsePlot | None:
        return use(turns, game)

    def cancels(self, game: Game, seat: int) -> int:
        """The No Confidence cards other players hold (rules.md §3.4)."""
        return sum(1 for c in plot.state(game).held
                   if c.card == plot.NO_CONFIDENCE and c.holder != seat)

    def acted(self, game: Game) -> bool:
        return bool(plot.state(game).uses)


def use(turns: Turns, game: Game) -> UsePlot | None:
    """Each usable Plot card's holder in the table's order may use it, once per window;
    a ★ card received must be resolved (rules.md §3.3)."""
    state = plot.state(game)
    for card in game.usable():
        pending = card in state.pending
        key = (card, game.phase, len(game.proposals), len(game.missions), game.seat)
        if not pending and key in turns.passed:
            continue
        targets = plot.targets(game, card)
        if targets == []:  # nobody left to use it on
            if pending:
                return UsePlot(card.card, card.holder, None, None)
            continue
        view = turns.table.views[card.holder]
        target = turns.players.plot(view, game, card.card, targets, pending)
        if target is False:
            turns.passed.add(key)
            continue
        take = None
        if card.card == plot.TAKE_RESPONSIBILITY:
            take = turns.players.take(view, game, [c.card for c in state.held
                                                   if c.holder == target])
        if game.phase == MISSION and card.card == plot.CLOSE_EYE and target is not None:
            seen = turns.cards_played(game, game.proposals[-1].team, None).get(target)
            if seen in SPY_CARDS:  # a Fail seen is a spy seen
                turns.table.views[card.holder].learn((target,), 1)
        shows = _SHOWS.get(card.card)
        if shows is not None:
            shown, to = shows(card.holder, target, game.seat)
            turns.table.show_loyalty(shown, to=to)
        return UsePlot(card.card, card.holder, target, take)
    return None
