"""The one place the simulator talks to the engine: a turn reads what the engine asks for
(`game.inputs()`, the Plot cards usable now) and applies the answers of the players whose
decision it is; the answers are always among the choices the engine offers.

Everything else in the ring (the table, the players, the counting) only reads the game;
`_apply` and `_use` at the end of this file are the only calls that act on it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from moderator.rules import (
    ACCUSATION, ASSASSINATION, EXAMINATION, GAME_OVER, INVESTIGATION, LOYALTY, MISSION,
    PLOT_DRAW, PLOT_GIVE, PROPOSAL, ROGUE_CLAIM, SPIES, VOTE, WATCH, Game, Input,
)
from moderator.rules.modules import plot
from moderator.rules.modules.plot import UsePlot

if TYPE_CHECKING:
    from moderator.simulate.players import Players
    from moderator.simulate.table import Table

#: The engine's mission-card counts, and the card each counts (a player's card choice).
_CARDS = {"fails": "fail", "chief_fail": "chief_fail", "rogue_success": "rogue_success",
          "reverse": "reverse"}
#: Plot cards that show one player's Loyalty card to another: (shown, to) from (by, target,
#: leader) (rules.md §3.4).
_SHOWS = {
    plot.OVERHEARD_CONVERSATION: lambda by, target, leader: (target, by),
    plot.ESTABLISH_CONFIDENCE: lambda by, target, leader: (leader, target),
    plot.OPEN_UP: lambda by, target, leader: (by, target),
}


#: More actions than any game takes: 5 rounds of 5 proposals, votes and missions, and every
#: step between them.
LONGEST = 1000


class Turns:
    """Plays one game's turns: the table, its players, and the mission cards in play."""

    def __init__(self, table: Table, players: Players, rng: random.Random) -> None:
        self.table, self.players, self.rng = table, players, rng
        self.cards: dict[int, str] = {}  # the current mission's cards, once chosen
        self.asked: set[tuple[Any, ...]] = set()  # Plot cards whose holder passed this window

    def play(self, game: Game) -> Game:
        """The game to its end (a game that has not ended after `LONGEST` actions is a bug
        of the players, said rather than run for ever)."""
        for _ in range(LONGEST):
            if game.phase == GAME_OVER:
                return game
            game = self.turn(game)
        raise RuntimeError(f"a simulated game did not end: {game!r}")

    def turn(self, game: Game) -> Game:
        """One action: a Plot card used if its holder wants to, else the step's answers."""
        if game.plot is not None:
            used = self._plot(game)
            if used is not None:
                return used
        return _apply(game, self._answers(game))

    def _answers(self, game: Game) -> dict[str, Any]:
        """The current step's answers, by the engine's names for them, each from the player
        whose decision it is (or the table: a card drawn, a card shown)."""
        phase = game.phase
        if phase == PROPOSAL:
            self.cards = {}
            given = self._ask(game, game.seat)
            return {**given, "team": tuple(given["team"])}
        if phase == VOTE:
            vote, views = self.players.vote, self.table.views
            return {"approve": tuple(s for s in range(game.players) if vote(views[s], game))}
        if phase == MISSION:
            return self._mission(game)
        if phase == PLOT_DRAW:  # the deck is shuffled: chance, not a choice
            return {"cards": tuple(self.rng.sample(plot.state(game).deck, game.plot_draws))}
        if phase == PLOT_GIVE:
            card = plot.state(game).drawn[0]
            to = Input("to", "seat", plot.receivers(game))
            return {"card": card, "to": self._choose(game.seat, game, to, {"card": card})}
        asked = game.inputs()[0]
        if phase == LOYALTY:  # the Loyalty deck is shuffled
            return {"card": self.rng.choice(asked.choices)}
        if phase == EXAMINATION:
            holder = game.inquisitor
            assert holder is not None  # the token is somewhere once it is used
            target = self._choose(holder, game, asked, {})
            self.table.show_loyalty(target, to=holder)  # rules.md §2.3
            return {asked.name: target}
        if phase == ACCUSATION:
            assert game.hunt is not None  # an accusation is the Hunter module's step
            spies = game.hunt.accuser == SPIES
            accuser = self.table.seat_of("spy-hunter" if spies else "resistance-hunter")
            accused = self._choose(accuser, game, asked, {})
            if accused is None:
                return {"accused": None}
            shown = game.inputs({"accused": accused})[1].choices
            return {"accused": accused, "shown": self.table.shown(accused, spies, shown)}
        if phase == ASSASSINATION:  # then the character named shows their card (§5.1)
            named, revealed = game.inputs()
            target = self._choose(self.table.seat_of("assassin"), game, named, {})
            return {named.name: target, revealed.name: self.table.seat_of(revealed.name)}
        deciding = {WATCH: game.seat, INVESTIGATION: game.investigator,
                    ROGUE_CLAIM: self.table.seat_of("spy-rogue")}[phase]
        return {asked.name: self._choose(deciding, game, asked, {})}

    # -- answers --------------------------------------------------------------------------

    def _choose(self, seat: int | None, game: Game, asked: Input, given: dict[str, Any]) -> Any:
        """The answer of the player at `seat`, one of the engine's choices."""
        if seat is None:  # nobody holds the character: the table says nothing
            return asked.default
        value = self.players.choose(self.table.views[seat], game, asked, given)
        assert value in asked.choices or asked.size > 1, (asked.name, value)
        return value

    def _ask(self, game: Game, seat: int) -> dict[str, Any]:
        """Every input of the step, in the engine's order, answered by one player."""
        given: dict[str, Any] = {}
        while (asked := game.next_input(given)) is not None:
            given[asked.name] = self._choose(seat, game, asked, given)
        return given

    def _mission(self, game: Game) -> dict[str, Any]:
        """The leader's trap and the Sergeant's switch, then each team member's card, counted
        into the engine's inputs (a count the engine does not allow is brought to the nearest
        it does: a card a player holds but may not play there)."""
        pending = game.proposals[-1]
        given: dict[str, Any] = {}
        counted: Counter[str] | None = None
        while (asked := game.next_input(given)) is not None:
            if asked.name in _CARDS:
                if counted is None:
                    counted = Counter(self._cards(game, pending.team, given.get("trapped")
                                                  ).values())
                want = counted[_CARDS[asked.name]]
                choices = asked.choices
                given[asked.name] = want if want in choices else min(
                    choices, key=lambda n: abs(n - want))
            elif asked.name == "switched":
                given[asked.name] = self._choose(pending.sergeant, game, asked, given)
            else:
                given[asked.name] = self._choose(game.seat, game, asked, given)
        self.cards = {}
        return given

    def _cards(self, game: Game, team: tuple[int, ...], trapped: int | None) -> dict[int, str]:
        """Each team member's card (chosen once per mission: a Plot card may look at it)."""
        if not self.cards:
            spotlight = plot.state(game).spotlight if game.plot is not None else None
            # Chief Fail cards are played where the engine asks how many were (rules.md §6.1)
            chief = max(next((i.choices for i in game.inputs({"trapped": trapped})
                              if i.name == "chief_fail"), (0,)), default=0) > 0
            card, views, hand = self.players.card, self.table.views, self.table.hand
            self.cards = {s: card(views[s], game, hand(s, game, chief), s == spotlight)
                          for s in team if s != trapped}
            if spotlight is not None and self.cards.get(spotlight, "success") != "success":
                # played face up (rules.md §3.4): the table sees a spy
                for view in views:
                    view.learn((spotlight,), 1)
        return self.cards

    # -- Plot cards -----------------------------------------------------------------------

    def _plot(self, game: Game) -> Game | None:
        """Each usable Plot card's holder in the table's order may use it, once per window;
        a ★ card received must be resolved (rules.md §3.3)."""
        state = plot.state(game)
        for card in game.usable():
            pending = card in state.pending
            key = (card, game.phase, len(game.proposals), len(game.missions), game.seat)
            if not pending and key in self.asked:
                continue
            targets = plot.targets(game, card)
            if targets == []:  # nobody left to use it on
                if pending:
                    return _use(game, card.card, card.holder, None, None)
                continue
            view = self.table.views[card.holder]
            target = self.players.plot(view, game, card.card, targets, pending)
            if target is False:
                self.asked.add(key)
                continue
            take = None
            if card.card == plot.TAKE_RESPONSIBILITY:
                take = self.players.take(view, game, [c.card for c in state.held
                                                      if c.holder == target])
            if game.phase == MISSION and card.card == plot.CLOSE_EYE and target is not None:
                seen = self._cards(game, game.proposals[-1].team, None).get(target)
                if seen not in (None, "success"):  # a Fail seen is a spy seen
                    self.table.views[card.holder].learn((target,), 1)
            shows = _SHOWS.get(card.card)
            if shows is not None:
                shown, to = shows(card.holder, target, game.seat)
                self.table.show_loyalty(shown, to=to)
            return _use(game, card.card, card.holder, target, take)
        return None


# -- the engine's actions: the only calls that change the game ------------------------------


def _apply(game: Game, given: dict[str, Any]) -> Game:
    """The current step's action, made by the engine of its answers (`game.action`)."""
    return game.apply(game.action(given))


def _use(game: Game, card: str, by: int, target: int | None, take: str | None) -> Game:
    """A Plot card used (rules.md §3.4)."""
    return game.apply(UsePlot(card, by, target, take))
