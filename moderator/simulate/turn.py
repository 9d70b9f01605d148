"""The one place the simulator talks to the engine: a turn reads what the engine asks for
(`game.inputs()`, and what a module lets a player do out of turn) and applies the answers of
the players whose decision it is; the answers are always among the choices the engine offers.
Two steps whose inputs are fixed by the rules are made as the engine's typed actions directly
(the simulator's hot path; the engine checks them as any other): everyone's vote, and a
mission of a game without modules in play, whose only input is the Fail cards revealed.

Everything else in the ring (the table, the players, the counting) only reads the game. A
module's part of a turn (the answers to its steps, a Plot card used) is its `Moves`, in its own
file of this package (`simulate/plot.py`); `act` at the end of this file is the only call that
acts on the game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from moderator.rules import GAME_OVER, MISSION, PROPOSAL, VOTE, Game, Input
from moderator.rules.actions import Action, Vote
from moderator.rules.modules import STEP_MODULE, PlayMission
from moderator.rules.part import Part

if TYPE_CHECKING:
    from moderator.simulate.players import Players
    from moderator.simulate.table import Table


class Moves(Part):
    """A module's part of a simulated turn: the answers to its steps, what its players may
    do out of turn, who plays their mission card face up, and what its inputs at the mission
    are made of."""

    package = "moderator.simulate"
    #: Its counts at the mission, each with the card it counts (the cards players choose).
    cards: ClassVar[Mapping[str, str]] = {}

    def answers(self, turns: Turns, game: Game) -> dict[str, Any]:
        """The answers to one of the module's steps (the game's phase), by the engine's
        names for them, each from the player whose decision it is (or the table)."""
        raise NotImplementedError(game.phase)  # a module's step has its answers

    def out_of_turn(self, turns: Turns, game: Game) -> Action | None:
        """What a player does out of turn before the step's answers (a Plot card used), or
        None."""
        return None

    def face_up(self, game: Game) -> int | None:
        """Who plays their mission card face up on this mission, if anyone."""
        return None

    def chooser(self, name: str, game: Game) -> int | None:
        """Who chooses the module's seat input `name` at the mission (the leader, the
        Sergeant); None: nobody, the input's default."""
        return None

    def played(self, turns: Turns, game: Game, given: dict[str, Any],
               cards: dict[int, str]) -> None:
        """What the module does to the Mission cards played face down, by seat, before
        the reveal (the Sergeant's switch), and who looks at one (the Sergeant, the
        Trapper's leader)."""

    def cancels(self, game: Game, seat: int) -> int:
        """How many more approvals players other than `seat` could cancel in this round
        (No Confidence): the round's last team comes that much sooner."""
        return 0

    def acted(self, game: Game) -> bool | None:
        """Whether the module's players made a choice that changed the game in this
        finished game (the Sergeant switched a card), None if the module has no such choice
        to count: `--compare` says how often it came into play."""
        return None


#: The base game's count at the mission, and the card it counts.
_FAILS = {"fails": "fail"}
#: The module whose count the Chief Fail cards are.
_CHIEF_FAIL = Game.CARD_FIELDS["chief_fail"][0]
#: The Mission cards only a spy plays: one seen shows a spy (rules.md §1.5, §6.1).
SPY_CARDS = frozenset({"fail", "chief_fail"})


#: More actions than any game takes: 5 rounds of 5 proposals, votes and missions, and every
#: step between them.
LONGEST = 1000


class Turns:
    """Plays one game's turns: the table, its players, and the mission cards in play."""

    def __init__(self, table: Table, players: Players, rng: random.Random) -> None:
        self.table, self.players, self.rng = table, players, rng
        self.cards: dict[int, str] = {}  # the current mission's cards, once chosen
        self.passed: set[tuple[Any, ...]] = set()  # moves out of turn passed on, by window

    def play(self, game: Game) -> Game:
        """The game to its end (a game that has not ended after `LONGEST` actions is a bug
        of the players, said rather than run for ever)."""
        for _ in range(LONGEST):
            if game.phase == GAME_OVER:
                return game
            game = self.turn(game)
        raise RuntimeError(f"a simulated game did not end: {game!r}")

    def turn(self, game: Game) -> Game:
        """One action, applied."""
        return act(game, self.action(game))

    def action(self, game: Game) -> Action:
        """The next action: a module's move out of turn if a player wants one (a Plot card
        used), else the step's: everyone's vote as it is (the typed `Vote`), a mission without
        modules in play as its Fail cards (the typed `PlayMission`: the engine's only input
        there), any other step's made by the engine of the players' answers."""
        for module in game.config.in_play:
            moved = Moves.of(module.id).out_of_turn(self, game)
            if moved is not None:
                return moved
        phase = game.phase
        if phase == VOTE:  # everyone's vote, the engine's typed action made directly
            return Vote(self.players.votes(game))
        if phase == MISSION and not game.config.in_play:  # the Fail cards alone (§1.5)
            fails = self._counted(game, {})[_FAILS["fails"]]
            self.cards = {}
            return PlayMission(fails=fails)
        return game.action(self._answers(game))

    def _answers(self, game: Game) -> dict[str, Any]:
        """The current step's answers, by the engine's names for them, each from the player
        whose decision it is (or the table: a card drawn, a card shown); a module's step by
        the module's file."""
        phase = game.phase
        if phase == PROPOSAL:
            self.cards = {}
            given = self._ask(game, game.seat)
            return {**given, "team": tuple(given["team"])}
        if phase == MISSION:
            return self._mission(game)
        return Moves.of(STEP_MODULE[phase]).answers(self, game)

    # -- answers --------------------------------------------------------------------------

    def choose(self, seat: int | None, game: Game, asked: Input, given: dict[str, Any]) -> Any:
        """The answer of the player at `seat`, one of the engine's choices."""
        if seat is None:  # nobody holds the character: the table says nothing
            return asked.default
        value = self.players.choose(self.table.views[seat], game, asked, given)
        assert asked.size > 1 or value in asked.choices, (asked.name, value)
        return value

    def _ask(self, game: Game, seat: int) -> dict[str, Any]:
        """Every input of the step, in the engine's order, answered by one player."""
        given: dict[str, Any] = {}
        while (asked := game.next_input(given)) is not None:
            given[asked.name] = self.choose(seat, game, asked, given)
        return given

    def _mission(self, game: Game) -> dict[str, Any]:
        """The leader's trap and the Sergeant's switch, then each team member's card (as the
        modules leave it), counted into the engine's inputs without the card taken out (a
        count the engine does not allow is brought to the nearest it does: a card a player
        holds but may not play there)."""
        given: dict[str, Any] = {}
        counted: Counter[str] | None = None
        while (asked := game.next_input(given)) is not None:
            moves = None if asked.name in _FAILS else Moves.of(Game.CARD_FIELDS[asked.name][0])
            card = _FAILS.get(asked.name) if moves is None else moves.cards.get(asked.name)
            if card is not None:
                if counted is None:
                    counted = self._counted(game, given)
                want = counted[card]
                given[asked.name] = want if asked.allows(want) else min(
                    asked.choices, key=lambda n: abs(n - want))
            else:
                assert moves is not None  # the Fail cards are a count
                given[asked.name] = self.choose(moves.chooser(asked.name, game), game, asked,
                                                given)
        self.cards = {}
        return given

    def _counted(self, game: Game, given: dict[str, Any]) -> Counter[str]:
        """The cards revealed, by card: each team member's as the modules leave it (the
        Sergeant's switch), the trapped one's taken out (`given`: the answers so far)."""
        trapped = given.get("trapped")
        cards = dict(self.cards_played(game, game.proposals[-1].team, trapped))
        for module in game.config.in_play:
            Moves.of(module.id).played(self, game, given, cards)
        return Counter(c for s, c in cards.items() if s != trapped)

    def cards_played(self, game: Game, team: tuple[int, ...],
                     trapped: int | None) -> dict[int, str]:
        """Each team member's card, the trapped one's too (chosen once per mission: a Plot
        card may look at one)."""
        if not self.cards:
            spotlight = _face_up(game)
            # Chief Fail cards are played where the engine asks how many were (rules.md §6.1):
            # never without their module (the engine refuses the count there)
            chief = _CHIEF_FAIL in game.config.modules and max(next(
                (i.choices for i in game.inputs({"trapped": trapped}) if i.name == "chief_fail"),
                (0,)), default=0) > 0
            card, views, hand = self.players.card, self.table.views, self.table.hand
            self.cards = {s: card(views[s], game, hand(s, game, chief), s == spotlight)
                          for s in team}
            if spotlight is not None and self.cards.get(spotlight) in SPY_CARDS:
                # played face up (rules.md §3.4): the table sees a spy
                for view in views:
                    view.learn((spotlight,), 1)
        return self.cards


def _face_up(game: Game) -> int | None:
    """Who plays their mission card face up on this mission (a module's card), if anyone."""
    for module in game.config.in_play:
        seat = Moves.of(module.id).face_up(game)
        if seat is not None:
            return seat
    return None


# -- the engine's actions: the only call that changes the game --------------------------------


def act(game: Game, action: Action) -> Game:
    """An action of the players (`Turns.action`)."""
    return game.apply(action)
