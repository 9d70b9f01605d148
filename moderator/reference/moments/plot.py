"""The Plot Thickens in the ruling (rules.md §3): the draw, the hand-out, and at every step
who must or may use a Plot card and who votes first."""

from __future__ import annotations

from moderator import i18n
from moderator.codec import number
from moderator.reference.context import Facts, Moments, Say
from moderator.rules import VOTE, Game
from moderator.rules.modules import plot
from moderator.rules.modules.plot import PLOT_DRAW


class PlotMoments(Moments, module="plot"):
    def step(self, game: Game, names: list[str], say: Say, lines: list[str],
             facts: Facts) -> list[str]:
        if game.phase == PLOT_DRAW:
            facts.update(leader=number(game.seat), plot_draws=game.plot_draws)
            lines.append(say("plot_draw", leader=names[game.seat], count=game.plot_draws))
            if game.settings["plot-hand-out"] == "different-players":
                lines.append(say("plot_different"))
            return ["plot-draw", "strong-leader"]
        drawn = plot.state(game).drawn  # the hand-out
        facts.update(leader=number(game.seat), drawn=list(drawn))
        if drawn:
            cards = ", ".join(i18n.t(say.lang, f"plot_card.{card}") for card in drawn)
            lines.append(say("plot_give", leader=names[game.seat], cards=cards))
            if game.settings["plot-hand-out"] == "different-players":
                lines.append(say("plot_different"))
        return ["plot-draw", "plot-timing"]

    def every_step(self, game: Game, names: list[str], say: Say, lines: list[str],
                   facts: Facts) -> list[str]:
        """Who must or may use a Plot card right now, and who votes first (rules.md §3.3)."""
        usable = game.usable()
        facts["plot_usable"] = [{"card": c.card, "holder": number(c.holder)} for c in usable]
        lines += [reminder(game, c, names, say.lang) for c in usable]
        cards = [c.card for c in usable]
        if game.phase == VOTE and game.opinion_makers:
            from moderator.narration import opinion_first

            lines.append(opinion_first(game, names, say.lang))
            cards.append("opinion_maker")
        return list(dict.fromkeys(card.replace("_", "-") for card in cards))

    def reminders(self, game: Game, names: list[str], lang: str) -> list[str]:
        """The held Plot cards whose moment has come, in the order players are asked (§3.3);
        a card just received is told with the action that gave it."""
        pending = plot.state(game).pending
        return [reminder(game, card, names, lang) for card in game.usable()
                if card not in pending]


def reminder(game: Game, card: plot.Card, names: list[str], lang: str) -> str:
    """What the table is reminded of for a held card whose moment has come, naming the card a
    revealing Plot card shows in this game (rules.md §3.4, house rule `plot-reveals`)."""
    from moderator.narration.plot import shown_card

    return i18n.t(lang, reminder_key(game, card), holder=names[card.holder],
                  shown=shown_card(game, lang))


def reminder_key(game: Game, card: plot.Card) -> str:
    """"… may use" for a held card whose moment has come; "… must" for a card that acts on
    receipt (a received Take Responsibility included, by default: rules.md §3.4); a No
    Confidence that would be the round's fifth rejection says the spies would win (§1.4)."""
    if card in plot.state(game).pending and card.card == "take_responsibility":
        return "plot_now.take_responsibility_received"
    if card.card == "no_confidence" and "no_confidence_ends_game" in game.warnings():
        return "plot_now.no_confidence_fifth"
    return f"plot_now.{card.card}"
