"""The Plot Thickens in words (rules.md §3): the draw, the hand-out, a card's effect, and
what each Plot step did."""

from __future__ import annotations

from moderator.i18n import listed, t
from moderator.narration import Say, log_line, now, result
from moderator.rules import Game
from moderator.rules.modules import plot
from moderator.rules.modules.plot import PLOT_DRAW, PLOT_GIVE, DrawPlot, GivePlot, UsePlot
from moderator.session import Session


@now(PLOT_DRAW)
def _draw_now(game: Game, names: list[str], lang: str) -> str:
    return t(lang, "now.plot_draw", leader=names[game.seat], count=game.plot_draws)


@now(PLOT_GIVE)
def _give_now(game: Game, names: list[str], lang: str) -> str:
    cards = plot.state(game)
    if cards.pending:
        card = cards.pending[0]
        return t(lang, f"plot_effect.{card.card}", holder=names[card.holder],
                 leader=names[game.seat], shown=shown_card(game, lang))
    drawn = listed(lang, (card_name(lang, c) for c in cards.drawn))
    return t(lang, "now.plot_give", leader=names[game.seat], cards=drawn)


def card_name(lang: str, card: str) -> str:
    return t(lang, f"plot_card.{card}")


def shown_card(game: Game, lang: str) -> str:
    """What a revealing Plot card shows (rules.md §3.4): the engine's ruling, in words."""
    return t(lang, f"plot.{plot.card_shown(game)}_card")


@log_line(DrawPlot)
def _draw_log(lang: str, names: list[str], action: DrawPlot) -> str:
    return t(lang, "log.plot_draw", cards=", ".join(card_name(lang, c) for c in action.cards))


@log_line(GivePlot)
def _give_log(lang: str, names: list[str], action: GivePlot) -> str:
    return t(lang, "log.plot_give", card=card_name(lang, action.card), to=names[action.to])


@log_line(UsePlot)
def _use_log(lang: str, names: list[str], action: UsePlot) -> str:
    text = t(lang, "log.plot_use", by=names[action.by], card=card_name(lang, action.card))
    if action.target is not None:
        text += " " + t(lang, "log.plot_on", target=names[action.target])
    if action.take:
        text += " (" + card_name(lang, action.take) + ")"
    return text


@result(DrawPlot)
def _drawn(session: Session, action: DrawPlot, say: Say) -> None:
    lang = session.lang
    say("result.plot_drawn", "bold", leader=session.names[session.game.seat],
        cards=listed(lang, (card_name(lang, c) for c in action.cards)))


@result(GivePlot)
def _given(session: Session, action: GivePlot, say: Say) -> None:
    lang, card = session.lang, action.card
    say("result.plot_given", "bold", card=card_name(lang, card), to=session.names[action.to])
    if card == plot.TAKE_RESPONSIBILITY and card in plot.state(session.game).discarded:
        say(f"result.plot_no_effect.{card}")  # one in the deck: discarded on receipt


@result(UsePlot)
def _used(session: Session, action: UsePlot, say: Say) -> None:
    lang, names = session.lang, session.names
    say(f"result.plot_used.{action.card}", "bold", by=names[action.by],
        target=names[action.target] if action.target is not None else "",
        taken=card_name(lang, action.take) if action.take else "")
    say("result.plot_discarded", card=card_name(lang, action.card))
