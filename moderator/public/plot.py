"""The Plot Thickens in `status --json` (rules.md §3): the cards in the deck, held, in
effect, used; who cancelled an approval."""

from __future__ import annotations

from typing import Any

from moderator.codec import maybe_number, number, numbers
from moderator.public import PROPOSAL, TABLE
from moderator.rules.modules import part, plot


@part(PROPOSAL, "plot")
def _proposal(p: Any) -> dict[str, Any]:
    """Who cancelled the approval with No Confidence (rules.md §3.4)."""
    return {"cancelled_by": maybe_number(p.cancelled_by)}


def _cards(held: Any) -> list[dict[str, Any]]:
    return [{"card": c.card, "holder": number(c.holder)} for c in held]


@part(TABLE, "plot")
def _table(game: Any) -> dict[str, Any]:
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
