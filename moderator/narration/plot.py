"""The Plot Thickens in words (rules.md §3): the draw, the hand-out, a card's effect, and
what each Plot step did."""

from __future__ import annotations

from moderator.i18n import listed, t
from moderator.narration import Say, Sentences
from moderator.rules import Game
from moderator.rules.modules import plot
from moderator.rules.modules.plot import PLOT_DRAW, DrawPlot, GivePlot, UsePlot
from moderator.session import Session


def card_name(lang: str, card: str) -> str:
    return t(lang, f"plot_card.{card}")


def shown_card(game: Game, lang: str) -> str:
    """What a revealing Plot card shows (rules.md §3.4): the engine's ruling, in words."""
    return t(lang, f"plot.{plot.card_shown(game)}_card")


class PlotSentences(Sentences[DrawPlot | GivePlot | UsePlot], module="plot"):
    def now(self, game: Game, names: list[str], lang: str) -> str:
        if game.phase == PLOT_DRAW:
            return t(lang, "now.plot_draw", leader=names[game.seat], count=game.plot_draws)
        cards = plot.state(game)  # the hand-out
        if cards.pending:
            card = cards.pending[0]
            return t(lang, f"plot_effect.{card.card}", holder=names[card.holder],
                     leader=names[game.seat], shown=shown_card(game, lang))
        drawn = listed(lang, (card_name(lang, c) for c in cards.drawn))
        return t(lang, "now.plot_give", leader=names[game.seat], cards=drawn)

    def log(self, action: DrawPlot | GivePlot | UsePlot, names: list[str], lang: str,
            before: Game | None = None) -> str:
        if isinstance(action, DrawPlot):
            return t(lang, "log.plot_draw",
                     cards=", ".join(card_name(lang, c) for c in action.cards))
        if isinstance(action, GivePlot):
            return t(lang, "log.plot_give", card=card_name(lang, action.card),
                     to=names[action.to])
        text = t(lang, "log.plot_use", by=names[action.by], card=card_name(lang, action.card))
        if action.target is not None:
            text += " " + t(lang, "log.plot_on", target=names[action.target])
        if action.take:
            text += " (" + card_name(lang, action.take) + ")"
        return text

    def result(self, session: Session, action: DrawPlot | GivePlot | UsePlot,
               say: Say, lang: str) -> None:
        names = session.names
        if isinstance(action, DrawPlot):
            say("result.plot_drawn", "bold", leader=names[session.game.seat],
                cards=listed(lang, (card_name(lang, c) for c in action.cards)))
        elif isinstance(action, GivePlot):
            card = action.card
            say("result.plot_given", "bold", card=card_name(lang, card), to=names[action.to])
            if card == plot.TAKE_RESPONSIBILITY and card in plot.state(session.game).discarded:
                say(f"result.plot_no_effect.{card}")  # one in the deck: discarded on receipt
        else:
            say(f"result.plot_used.{action.card}", "bold", by=names[action.by],
                target=names[action.target] if action.target is not None else "",
                taken=card_name(lang, action.take) if action.take else "")
            say("result.plot_discarded", card=card_name(lang, action.card))
