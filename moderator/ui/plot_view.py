"""The Plot cards on the table: the deck, who holds what, and what may be used right now."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import card_name, opinion_first
from moderator.rules.modules import plot
from moderator.session import Session


def reminder(game, card, names: list[str], lang: str) -> str:
    from moderator.reference.context import reminder_key

    return t(lang, reminder_key(game, card), holder=names[card.holder])


def plot_cards(session: Session, lang: str):
    """The Plot section of the table (rules.md §3): cards left, held, in effect, usable now."""
    from rich.text import Text

    game, names = session.game, session.names
    state = game.plot
    text = Text()
    text.append(t(lang, "plot.heading", count=len(state.deck)) + "\n", style="bold")
    for label, cards in (
        ("plot.held", [c for c in state.held if c.card not in plot.LASTING]),
        ("plot.in_effect", [c for c in state.held if c.card in plot.LASTING]),
    ):
        if cards:
            shown = ", ".join(f"{card_name(lang, c.card)} ({names[c.holder]})" for c in cards)
            text.append(t(lang, label, cards=shown) + "\n")
    if state.discarded:
        text.append(t(lang, "plot.discarded",
                      cards=", ".join(card_name(lang, c) for c in state.discarded)) + "\n",
                    style="dim")
    for card in game.usable():
        text.append("  ▸ " + reminder(game, card, names, lang) + "\n")
    if game.opinion_makers and game.phase == "vote":
        text.append(opinion_first(game, names, lang) + "\n")
    text.rstrip()
    return text
