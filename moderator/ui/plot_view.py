"""The Plot cards on the table: the deck, who holds what, and what may be used right now."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import opinion_first
from moderator.narration.plot import card_name, shown_card
from moderator.rules.modules import plot
from moderator.session import Session


def reminder(game, card, names: list[str], lang: str) -> str:
    from moderator.reference.context import reminder_key

    return t(lang, reminder_key(game, card), holder=names[card.holder])


def plot_cards(session: Session, lang: str, rules: bool = False):
    """The Plot section of the table (rules.md §3): cards left, held, in effect, usable now;
    with `rules`, what each card on the table does."""
    from rich.text import Text

    game, names = session.game, session.names
    state = plot.state(game)
    text = Text()
    text.append(t(lang, "plot.heading", count=len(state.deck)) + "\n", style="bold")
    for line in holdings(session, lang):
        text.append(line + "\n")
    if state.discarded:
        text.append(t(lang, "plot.discarded",
                      cards=", ".join(card_name(lang, c) for c in state.discarded)) + "\n",
                    style="dim")
    for card in game.usable():
        text.append("  ▸ " + reminder(game, card, names, lang) + "\n")
    if game.opinion_makers and game.phase == "vote":
        text.append(opinion_first(game, names, lang) + "\n")
    if rules:  # what each card on the table does: drawn, waiting or held
        shown = [*state.drawn, *(c.card for c in state.pending + state.held)]
        for name in dict.fromkeys(shown):
            text.append(rule_line(game, name, lang) + "\n", style="dim")
    text.rstrip()
    return text


def holdings(session: Session, lang: str) -> list[str]:
    """Who holds which Plot card: the cards held until used, then those in effect."""
    held, names = plot.state(session.game).held, session.names
    lines = []
    for label, cards in (("plot.held", [c for c in held if c.card not in plot.LASTING]),
                         ("plot.in_effect", [c for c in held if c.card in plot.LASTING])):
        if cards:
            shown = ", ".join(f"{card_name(lang, c.card)} ({names[c.holder]})" for c in cards)
            lines.append(t(lang, label, cards=shown))
    return lines


def rule_line(game, card: str, lang: str) -> str:
    """A Plot card's name and what it does, as printed on it (rules.md §3.4)."""
    return t(lang, "plot.rule_line", card=card_name(lang, card),
             rule=t(lang, f"plot_rule.{card}", shown=shown_card(game, lang)))
