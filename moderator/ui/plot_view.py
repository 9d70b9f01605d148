"""The Plot cards on the table: the deck, who holds what, and what may be used right now."""

from __future__ import annotations

from moderator.i18n import t
from moderator.rules import plot
from moderator.session import Session


def card_name(lang: str, card: str) -> str:
    return t(lang, f"plot_card.{card}")


def shown_card(game, lang: str) -> str:
    """What a revealing Plot card shows: with any special character in the game, the
    matching Loyalty card (rules.md §3.4, house rule `plot-reveals`), else the Character card."""
    special = game.characters - {"resistance", "spy"}
    if special and game.settings["plot-reveals"] == "loyalty-card":
        return t(lang, "plot.loyalty_card")
    return t(lang, "plot.character_card")


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
        text.append(t(lang, "plot.opinion_first",
                      names=", ".join(names[s] for s in game.opinion_makers)) + "\n")
    text.rstrip()
    return text


def describe(session: Session, lang: str) -> str | None:
    """What comes now in a Plot step of the round, or None outside them."""
    game, names = session.game, session.names
    if game.phase == "plot_draw":
        return t(lang, "now.plot_draw", leader=names[game.leader], count=game.plot_draws)
    if game.phase != "plot_give":
        return None
    if game.plot.pending:
        card = game.plot.pending[0]
        return t(lang, f"plot_effect.{card.card}", holder=names[card.holder],
                 leader=names[game.leader], shown=shown_card(game, lang))
    cards = ", ".join(card_name(lang, c) for c in game.plot.drawn)
    return t(lang, "now.plot_give", leader=names[game.leader], cards=cards)


def describe_action(lang: str, who, action: dict) -> str:
    """A logged Plot step in words; `who` turns 1-based seats into names."""
    if action["type"] == "plot_draw":
        drawn = ", ".join(card_name(lang, c) for c in action["cards"])
        return t(lang, "log.plot_draw", cards=drawn)
    if action["type"] == "plot_give":
        return t(lang, "log.plot_give", card=card_name(lang, action["card"]),
                 to=who([action["to"]]))
    text = t(lang, "log.plot_use", by=who([action["by"]]), card=card_name(lang, action["card"]))
    if action.get("target"):
        text += " " + t(lang, "log.plot_on", target=who([action["target"]]))
    if action.get("take"):
        text += " (" + card_name(lang, action["take"]) + ")"
    return text


def result(session: Session, lang: str) -> str:
    """What the Plot step just recorded did, in one line."""
    names, action = session.names, session.history.done[-1].data
    if action["type"] == "plot_draw":
        return t(lang, "result.plot_drawn", leader=names[session.game.leader],
                 cards=", ".join(card_name(lang, c) for c in action["cards"]))
    if action["type"] == "plot_give":
        return t(lang, "result.plot_given", card=card_name(lang, action["card"]),
                 to=names[action["to"] - 1])
    target = action.get("target")
    return t(lang, f"result.plot_used.{action['card']}", by=names[action["by"] - 1],
             target=names[target - 1] if target else "",
             taken=card_name(lang, action["take"]) if action.get("take") else "")
