"""The modules of the game, plugged into the base game, and the orders the table plays them in.

`Game` is the base game (`rules/game.py`) with every module's state and actions. A new module
is one file here with its `Module` subclass, one line in `MODULES` (and in the orders below
where it takes part), its state on `Game` and its fields on `Propose` or `PlayMission`; every
other file it needs (the setup contract, one file per ring, its words, its rules topic) is
listed, in order, in docs/contributing.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from moderator.rules.actions import Action, Seat, Sides, Vote
from moderator.rules.flow import MISSION, PROPOSAL, Phases
from moderator.rules.game import BaseGame
from moderator.rules.module import Given, Module
from moderator.rules.modules import (
    defector, hunter, inquisitor, plot, reverser, rogue, sergeant, trapper,
)
from moderator.rules.modules import commander as commander_rules
from moderator.rules.modules.commander import Assassination
from moderator.rules.modules.defector import LOYALTY
from moderator.rules.modules.hunter import ACCUSATION, INVESTIGATION, Hunt
from moderator.rules.modules.inquisitor import EXAMINATION
from moderator.rules.modules.plot import PLOT_DRAW, Card, Plot
from moderator.rules.modules.sergeant import Switch

#: Every module, in the contract's order (design.md §4).
MODULES: tuple[Module, ...] = (
    plot.PlotModule(), rogue.Rogue(), sergeant.Sergeant(), commander_rules.Commander(),
    defector.Defector(), trapper.Trapper(), inquisitor.Inquisitor(), hunter.Hunter(),
    reverser.Reverser(),
)

_new = object.__new__

#: The order the host is asked in: before the reveal the Trapper's trap, then the Sergeant's
#: switch (rules.md §5.3, §8); in the reveal, after the Fail cards, the Chief Fail, Rogue
#: Success and Reverse cards; at the team, the Sergeant before the Investigator token.
ASK_ORDER = ("trapper", "sergeant", "hunter", "rogue", "reverser")

#: At a third success or failure, who goes first (rules.md §7: a Rogue's own win or claim
#: before the Assassination (§5.1) and the Hunter's accusation (§6.1)).
THIRD_ORDER = ("rogue", "commander", "hunter")

#: The steps between two missions, in the table's order (rules.md §13.1): the accusation,
#: the investigation, the examination, then the new round's Loyalty card and Plot draw.
AGENDA = (
    ("hunter", ACCUSATION), ("hunter", INVESTIGATION), ("inquisitor", EXAMINATION),
    ("defector", LOYALTY), ("plot", PLOT_DRAW),
)


class Propose(Action):
    """The leader's team, with what the modules have the leader name besides it."""

    kind, step = "propose", PROPOSAL
    team: tuple[Seat, ...]
    mission: int | None = None  # under Targeting (rules.md §2.1)
    sergeant: Seat | None = None
    investigator: Seat | None = None

    def apply(self, game: Game) -> Game:
        return game._propose(self)


class PlayMission(Action):
    """The revealed Mission cards, with the modules' cards and choices on the table."""

    kind, step = "mission", MISSION
    fails: int
    rogue_success: int = 0
    switched: Seat | None = None
    reverse: int = 0
    trapped: Seat | None = None
    chief_fail: int = 0

    def apply(self, game: Game) -> Game:
        return game._play_mission(self)


#: The module whose step each of the modules' phases is, and whose each of their actions is
#: (the base game's are no module's): how the rings find a step's or an action's part.
STEP_MODULE: dict[str, str] = {phase: m.id for m in MODULES for phase in m.phases}
ACTION_MODULE: dict[type[Action], str] = {a: m.id for m in MODULES for a in m.actions}

#: Every action by its name in a game file: the base game's, then each module's.
_BASE_ACTIONS: tuple[type[Action], ...] = (Propose, Vote, PlayMission, Sides)
ACTIONS: dict[str, type[Action]] = {
    cls.kind: cls for cls in (*_BASE_ACTIONS, *(a for m in MODULES for a in m.actions))}
#: The action that answers each step's inputs.
STEPS: dict[str, type[Action]] = {cls.step: cls for cls in ACTIONS.values() if cls.step}


def _fields(kind: str) -> dict[str, tuple[str, str, Any]]:
    return {name: (m.id, code, default) for m in MODULES
            for name, (code, default) in getattr(m, kind).items()}


class Game(BaseGame):
    """One game of The Resistance with its modules; immutable, every action returns a new
    game (design.md §2)."""

    MODULES = MODULES
    ASK_ORDER = ASK_ORDER
    THIRD_ORDER = THIRD_ORDER
    AGENDA = AGENDA
    PROPOSAL_FIELDS = _fields("proposal_fields")
    CARD_FIELDS = _fields("card_fields")
    PLAYING, TEAM_CHOSEN, BEFORE_TEAM, NAMED, OPENING = Phases.of(m.phases for m in MODULES)

    # The modules' state, at its default in a game without them.
    watch: int | None  # Rogue: who holds the Watch token on the current mission
    plot: Plot | None  # The Plot Thickens
    loyalty: tuple[str, ...]  # Defector: the Loyalty cards revealed so far
    inquisitors: tuple[int, ...]  # Inquisitor: who held the token, in order
    hunt: Hunt | None  # Hunter
    assassination: Assassination | None  # Commander: whom the Assassin named
    switch: Switch | None  # Sergeant: the switch declared on the current mission
    DEFAULTS = {"watch": None, "plot": None, "loyalty": (), "inquisitors": (), "hunt": None,
                "assassination": None, "switch": None}

    # -- actions --------------------------------------------------------------------------------

    def apply(self, action: Action) -> Game:
        """The game after `action`, by the rules of the module that owns it."""
        return action.apply(self)

    def action(self, given: Given) -> Action:
        """The current step's action made of its inputs' answers (`inputs()`, by name); the
        rules are checked when it is applied."""
        return STEPS[self.phase](**given)

    def propose(self, team: Iterable[int], mission: int | None = None,
                sergeant: int | None = None, investigator: int | None = None) -> Game:
        """`Propose`: the leader's team; under Targeting the mission it goes on (rules.md
        §2.1); with the Sergeant module the Sergeant (§8), with the Hunter the Investigator
        token (§6.1)."""
        action = _new(Propose)  # made directly, for the engine's hot path (random games)
        state = action.__dict__
        state["team"], state["mission"] = tuple(team), mission
        state["sergeant"], state["investigator"] = sergeant, investigator
        return self._propose(action)

    def play_mission(self, fails: int, rogue_success: int = 0, switched: int | None = None,
                     reverse: int = 0, trapped: int | None = None,
                     chief_fail: int = 0) -> Game:
        """`PlayMission`: the revealed Mission cards: the Fail cards (rules.md §1.5), Rogue
        Success (§7), Reverse (§6.2) and Chief Fail cards (§6.1), whom the Sergeant made
        switch (§8) and whose card the leader trapped (§5.3)."""
        action = _new(PlayMission)  # made directly, as `propose` makes its action
        state = action.__dict__
        state["fails"], state["rogue_success"], state["switched"] = fails, rogue_success, switched
        state["reverse"], state["trapped"], state["chief_fail"] = reverse, trapped, chief_fail
        return self._play_mission(action)

    def assassinate(self, target: int, commander: int) -> Game:
        """The Assassin's guess (design.md §2 names this call)."""
        return commander_rules.assassinate(self, target, commander)

    # -- the modules' state, as the table sees it -----------------------------------------------

    @property
    def sergeant(self) -> int | None:
        pending = self.pending
        return pending.sergeant if pending else None

    @property
    def defectors_switched(self) -> bool:
        return defector.switched(self.loyalty)

    @property
    def inquisitor(self) -> int | None:
        """Who holds the Inquisitor token now (rules.md §2.3)."""
        return self.inquisitors[-1] if self.inquisitors else None

    @property
    def investigator(self) -> int | None:
        return hunter.investigator(self)

    @property
    def early_accusations(self) -> int:
        return hunter.early_accusations(self)

    @property
    def blame_open(self) -> bool:
        return hunter.blame_open(self)

    @property
    def plot_draws(self) -> int:
        return plot.draws_now(self)

    @property
    def opinion_makers(self) -> tuple[int, ...]:
        return plot.opinion_makers(self)

    def usable(self) -> tuple[Card, ...]:
        return plot.usable(self)

