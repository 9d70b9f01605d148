"""Plot cards in the guided game (rules.md §3): the draw, the hand-out, the cards that act at
once, and each held card asked for at its moment.

Where several players may use a card, they are asked in order from the leader clockwise, each
once per window (§3.3); a "no" is remembered for that window only (it is not an action, so it
is not logged). Every "yes" becomes exactly the action `moderator plot …` logs.
"""

from __future__ import annotations

from typing import Any

from moderator import narration
from moderator import session as sessions
from moderator.i18n import t
from moderator.rules import Game
from moderator.narration.plot import card_name
from moderator.narration import Line
from moderator.rules.actions import Action
from moderator.rules.modules import plot
from moderator.rules.modules.plot import PLOT_DRAW, PLOT_GIVE, DrawPlot, GivePlot, UsePlot
from moderator.session import Session
from moderator.ui.guide import NOBODY, Guide, players
from moderator.ui.prompts import Choice
from moderator.ui.steps import Step, Steps

OWN_DECK = "own-deck"


#: The steps of a new round before its first leader draws: one window for Strong Leader
#: (rules.md §3.3 window 1, §13.1), so a holder who passed is not asked again at each step.
BEFORE_THE_DRAW = Game.OPENING | {PLOT_DRAW}


def window_of(game) -> tuple:
    """Identifies the moment a window belongs to, so a "no" is asked again in the next one."""
    phase = "before_draw" if game.phase in BEFORE_THE_DRAW else game.phase
    return (phase, len(game.missions), len(game.proposals), game.seat, len(game.plot.uses))


#: Offered only once the team has been told to play its cards (rules.md §3.3 window 6): by
#: the mission step, after its heading, not before it.
CARDS_DOWN = frozenset({plot.CLOSE_EYE})


class PlotSteps(Steps, module="plot"):
    def step(self, game: Game) -> Step:
        return draw_step if game.phase == PLOT_DRAW else give_step

    def before(self, game: Game, step: Step) -> Step:
        """In a game with Plot cards, each held card is offered at its moment before the step
        (not while the drawn cards are handed out: a card acts as it is received there)."""
        if game.plot is None or game.phase == PLOT_GIVE:
            return step
        return lambda guide, current: held_cards(guide, current, step)

    def cards_down(self, guide: Guide, current: Session) -> Action | None:
        """Keeping a Close Eye on You, once the team's cards are down (rules.md §3.3)."""
        used = held_cards(guide, current, lambda *_: None, cards_down=True)
        return used if isinstance(used, Action) else None

    def shown_first(self, current: Session, action: Action, lang: str) -> list[Line]:
        """A Plot card's rule, shown once, when it is received; then on request (`t`)."""
        if not isinstance(action, GivePlot):
            return []
        from moderator.ui.parts.plot import rule_line

        return [(rule_line(current.game, action.card, lang), "dim")]


def held_cards(guide: Guide, current: Session, then: Step, cards_down: bool = False) -> Any:
    """Before the phase's own step: offer each usable held card of this moment, in order
    from the leader; `then` is the step that follows once everyone has passed. With
    `cards_down` only the cards that act on played cards, else all others."""
    game = current.game
    if game.plot is None:
        return then(guide, current)
    moment = window_of(game)
    asked = guide.passed.setdefault(moment, set())
    for card in game.usable():  # the engine's windows, in its order (rules.md §3.3)
        if card in plot.state(game).pending or (card.card, card.holder) in asked:
            continue
        if (card.card in CARDS_DOWN) != cards_down:
            continue
        answer = _offer(guide, current, card)
        if answer is None:
            asked.add((card.card, card.holder))
            continue
        return answer
    return then(guide, current)


def _offer(guide: Guide, current: Session, card) -> Any:
    """Does this holder use the card now? None for no; otherwise the action (or a key)."""
    names, lang = current.names, guide.lang
    if card.card == plot.NO_CONFIDENCE and "no_confidence_ends_game" in current.game.warnings():
        guide.show(t(lang, "plot_now.no_confidence_fifth", holder=names[card.holder]),
                   "bold yellow")  # the fifth rejection of the round (rules.md §3.4, §1.4)
    choices = [Choice(t(lang, "play.plot_no"), NOBODY), Choice(t(lang, "play.plot_yes"), True)]
    answer = guide.select(
        t(lang, "play.plot_offer", holder=names[card.holder], card=card_name(lang, card.card)),
        choices,
    )
    if answer == NOBODY:
        return None
    return _use(guide, current, card)


def _use(guide: Guide, current: Session, card) -> Any:
    """The action of using `card`, asking for its target where it has one."""
    game, names, lang = current.game, current.names, guide.lang
    targets = plot.targets(game, card)
    if targets is None:
        return UsePlot(card.card, card.holder)
    question = t(lang, f"play.plot_target.{card.card}", holder=names[card.holder],
                 leader=names[game.seat] if game.leader is not None else "")
    target = guide.select(question, players(names, targets))
    if card.card == plot.TAKE_RESPONSIBILITY:
        theirs = [c.card for c in plot.state(game).held if c.holder == target]
        taken = guide.select(
            t(lang, "play.plot_take", target=names[target]),
            [Choice(card_name(lang, c), c) for c in dict.fromkeys(theirs)],
        )
        return UsePlot(card.card, card.holder, target, taken)
    return UsePlot(card.card, card.holder, target)


def draw_step(guide: Guide, current: Session) -> Any:
    """The round's first leader draws: from the game's shuffled deck, or the cards the table
    drew from its own deck (rules.md §3.2)."""
    game, names, lang = current.game, current.names, guide.lang
    guide.heading(t(lang, "play.plot_draw_title", mission=game.mission or game.round))
    guide.show(narration.describe_now(current, lang))
    how = guide.select(
        t(lang, "play.plot_draw_how", leader=names[game.seat]),
        [Choice(t(lang, "play.plot_draw_tool"), True), Choice(t(lang, "play.plot_draw_own"),
                                                              OWN_DECK)],
    )
    if how is True:
        return DrawPlot(tuple(sessions.draw(current, PLOT_DRAW)))
    drawn, left = [], list(plot.state(game).deck)
    for number in range(1, game.plot_draws + 1):  # typed by name, as read off the card
        card = guide.prompter.choose(
            t(lang, "play.plot_draw_which", number=number, count=game.plot_draws),
            [Choice(card_name(lang, c), c) for c in dict.fromkeys(left)],
            hint=t(lang, "play.hint_type_card"), refused=t(lang, "play.plot_card_unknown"))
        drawn.append(card)
        left.remove(card)
    return DrawPlot(tuple(drawn))


def give_step(guide: Guide, current: Session) -> Any:
    """The leader hands each drawn card to another player, in the order the leader chooses; a
    card that acts at once is used as soon as it is received, before the next card is handed
    out (rules.md §3.2, §3.3 window 2, §3.4)."""
    game, names, lang = current.game, current.names, guide.lang
    if plot.state(game).pending:
        guide.show(narration.describe_now(current, lang), "bold")
        return _use(guide, current, plot.state(game).pending[0])
    drawn = list(dict.fromkeys(plot.state(game).drawn))
    card = drawn[0]
    if len(drawn) > 1:
        card = guide.select(t(lang, "play.plot_give_which", leader=names[game.seat]),
                            [Choice(card_name(lang, c), c) for c in drawn])
    others = plot.receivers(game)
    to = guide.select(
        t(lang, "play.plot_give", leader=names[game.seat], card=card_name(lang, card)),
        players(names, others),
    )
    return GivePlot(card, to)
