"""The Plot Thickens in `status --json` (rules.md §3): the cards in the deck, held, in
effect, used; who cancelled an approval, which marks the vote's outcome."""

from __future__ import annotations

from collections.abc import Iterable

from moderator.codec import maybe_number, number, numbers
from moderator.public import Keys, VoteMark
from moderator.rules import Game, Proposal
from moderator.rules.modules import plot


class PlotKeys(Keys, module="plot"):
    #: An approval cancelled with No Confidence counts as a failed vote (rules.md §3.4).
    outcomes = (VoteMark("cancelled", "cancelled_by"),)

    def proposal(self, proposal: Proposal) -> dict[str, object]:
        """Who cancelled the approval with No Confidence (rules.md §3.4)."""
        return {"cancelled_by": maybe_number(proposal.cancelled_by)}

    def table(self, game: Game) -> dict[str, object]:
        state = plot.state(game)
        return {"plot": {
            "deck": len(state.deck),
            "held": _cards(c for c in state.held if c.card not in plot.LASTING),
            "in_effect": _cards(c for c in state.held if c.card in plot.LASTING),
            "discarded": list(state.discarded),
            "drawn": list(state.drawn),
            "pending": _cards(state.pending),
            "usable": _cards(game.usable()),
            "vote_first": numbers(game.opinion_makers),
            "uses": [
                {"card": u.card, "by": number(u.by), "round": u.round,
                 "target": maybe_number(u.target), "take": u.taken}
                for u in state.uses
            ],
        }}


def _cards(held: Iterable[plot.Card]) -> list[dict[str, object]]:
    return [{"card": c.card, "holder": number(c.holder)} for c in held]
