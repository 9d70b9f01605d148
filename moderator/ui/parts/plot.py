"""The Plot module on the table (rules.md §3): the Plot cards' section (the deck, who holds
what, and what may be used right now), who holds what in guided play's recap, the Plot deck
and the Loyalty cards on the setup sheet, the Strong Leader's mark in the vote history, and
the commands of the hand-out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moderator.i18n import listed, t
from moderator.narration import opinion_first
from moderator.narration.plot import card_name, shown_card
from moderator.rules import Game, Proposal
from moderator.rules.modules import Propose, plot
from moderator.rules.modules.plot import PLOT_GIVE, UsePlot
from moderator.session import Session
from moderator.ui.parts import BOX, Mark, Views

if TYPE_CHECKING:
    from rich.text import Text

#: The Plot cards that show someone's Character card (rules.md §3.4).
REVEALING = frozenset({plot.OVERHEARD_CONVERSATION, plot.ESTABLISH_CONFIDENCE, plot.OPEN_UP})


class PlotViews(Views, module="plot"):
    place = 80

    def components(self, session: Session, lang: str) -> list[str]:
        """The Plot deck of this player count (rules.md §3.1)."""
        return [BOX + t(lang, "play.check_plot", count=len(plot.state(session.game).deck))]

    def loyalty_cards(self, game: Game) -> bool:
        """A revealing Plot card shows a Loyalty card in place of a special character's
        Character card (rules.md §3.4, house rule `plot-reveals`); only the 7+ deck has one
        (§3.1)."""
        shown = plot.card_shown(game) == plot.LOYALTY_CARD
        return shown and bool(set(plot.state(game).deck) & REVEALING)

    def section(self, session: Session, lang: str, card_rules: bool) -> Text:
        return plot_cards(session, lang, card_rules)

    def recap(self, session: Session, lang: str) -> str:
        return " · ".join(holdings(session, lang))

    def command(self, game: Game) -> tuple[str, dict[str, str]] | None:
        """Handing out a drawn card, or using one that acts as it is received (rules.md
        §3.2)."""
        if game.phase != PLOT_GIVE:
            return None
        pending = plot.state(game).pending
        if not pending:
            return "plot_give", {}
        return ("plot_take" if pending[0].card == plot.TAKE_RESPONSIBILITY else "plot_use"), {}

    def marks(self, session: Session) -> tuple[Mark, ...]:
        """The Strong Leader's mark, in the leader's place, on the first proposal of a
        player who had just taken over with the card (rules.md §3.4)."""
        proposals = session.game.proposals
        return (Mark("strong_leader", leader=True,
                     seats={index: proposals[index].leader
                            for index in strong_leader_proposals(session)}),)

    def outcome_legend(self, key: str, lang: str, names: list[str], proposals: list[Proposal],
                       mark: str) -> str:
        """Which approvals No Confidence cancelled, and by whom (rules.md §3.4)."""
        which = listed(lang, [t(lang, "status.legend_cancelled_by", mission=p.mission,
                                attempt=p.attempt, holder=names[p.cancelled_by])
                              for p in proposals if p.cancelled_by is not None])
        return t(lang, "status.legend_cancelled", mark=mark, proposals=which)


def plot_cards(session: Session, lang: str, rules: bool = False) -> Text:
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
    if game.usable():
        from moderator.reference.moments.plot import reminder

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


def rule_line(game: Game, card: str, lang: str) -> str:
    """A Plot card's name and what it does, as printed on it (rules.md §3.4)."""
    return t(lang, "plot.rule_line", card=card_name(lang, card),
             rule=t(lang, f"plot_rule.{card}", shown=shown_card(game, lang)))


def strong_leader_proposals(session: Session) -> frozenset[int]:
    """The proposals (indexes into `game.proposals`) made by a player who had just taken over
    with a Strong Leader card (rules.md §3.4): the first proposal after each such use, in the
    order of the log."""
    found, proposals, waiting = set(), 0, False
    for action in session.actions:
        if isinstance(action, UsePlot) and action.card == plot.STRONG_LEADER:
            waiting = True
        elif isinstance(action, Propose):
            if waiting:
                found.add(proposals)
            proposals, waiting = proposals + 1, False
    return frozenset(found)
