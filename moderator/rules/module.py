"""The one interface every module of the game plugs in through.

The base game (`rules/game.py`) runs the round: a team, a vote, a mission, the leader passing
on. At each point it asks the modules in play through the hooks below; every hook has a
default that changes nothing, so a module writes only what its rules touch, in its own file
under `rules/modules/`. Hooks named after an event (`proposed`, `voted`, …) receive the game
being built by the current action and may put their state on it (`game._put(...)`); hooks
that answer a question (`team_inputs`, `spy_fails`, …) only read.

A module may read another module's state from the game it is handed (the Plot module knows
that a card in the spotlight cannot be switched), never import its code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from moderator.rules.flow import Input, Limit

if TYPE_CHECKING:
    from moderator.rules.actions import Action
    from moderator.rules.deals import Play
    from moderator.rules.game import Config
    from moderator.rules.modules import Game, PlayMission
    from moderator.rules.records import Proposal

Given = Mapping[str, Any]  # the answers to a step's inputs, by field name


class Deck(NamedTuple):
    """A shuffled deck a module's step draws from. The engine never shuffles: the shell
    shuffles `cards` once from the game's seed and `name` (each deck its own order), takes out
    the cards `drawn` so far and deals the next `draws`."""

    name: str
    cards: tuple[str, ...]  # the whole deck
    drawn: tuple[str, ...]  # drawn (or told by the table) so far
    draws: int  # how many the step draws now


class Module:
    """A module of the game; the defaults are the base game's."""

    #: The module's id in the command-line contract (design.md §4).
    id: ClassVar[str] = ""
    #: The fields of `propose` and of `play_mission` this module brings, each with the refusal
    #: when it is given in a game without the module, and its default (None for a seat,
    #: 0 for a count of cards).
    proposal_fields: ClassVar[Mapping[str, tuple[str, Any]]] = {}
    card_fields: ClassVar[Mapping[str, tuple[str, Any]]] = {}
    #: The actions this module owns (its steps, and what its characters do).
    actions: ClassVar[tuple[type[Action], ...]] = ()
    #: From how many players the module is recommended: said at setup, never enforced.
    recommended_from: ClassVar[int] = 0
    #: The phases of this module's own steps, each with where it sits in the game (a place
    #: named in `rules/flow.py`: between missions, opening a round, before the team, between
    #: the approval and the mission, outside a round): the base game knows its phases by this.
    phases: ClassVar[Mapping[str, str]] = {}
    #: Its special characters must stay hidden where a player's card is shown: an examination
    #: hands over an Inquisitor Loyalty card instead of the Character card (rules.md §2.3).
    hidden_characters: ClassVar[bool] = False
    #: The refusal of a setup where Plot cards show Character cards, where this module's rules
    #: allow only Loyalty cards there (rules.md §3.4, §7); None where they may.
    character_card_refusal: ClassVar[str | None] = None
    #: Its characters may change sides during the game: an examination says which side they
    #: play for (rules.md §2.3, §13 `inquisitor-defector-allegiance`).
    changes_sides: ClassVar[bool] = False
    #: Its Character cards whose holders the public record can speak about (a card only
    #: they play, a card shown, a side that changes): part of a deal (`rules/deals.py`).
    dealt_cards: ClassVar[frozenset[str]] = frozenset()

    # -- setting up ---------------------------------------------------------------------------

    def check_setup(self, config: Config) -> None:
        """Refuse a setup this module cannot be played with."""

    def extra_team_members(self, players: int) -> int:
        """How many more players every team has than the tableau says."""
        return 0

    def start(self, game: Game) -> None:
        """Put the module's state on the new game."""

    # -- the team and the vote ----------------------------------------------------------------

    def team_inputs(self, game: Game, given: Given) -> Iterable[Input]:
        """What the leader names besides the team (the Sergeant, the Investigator token)."""
        return ()

    def check_team(self, game: Game, team: tuple[int, ...]) -> None:
        """Refuse a team this module's rules do not allow."""

    def proposed(self, game: Game) -> None:
        """A team was proposed."""

    def voted(self, game: Game, approved: bool) -> None:
        """The vote is in."""

    def before_mission(self, game: Game) -> str | None:
        """A step of this module between the approval and the mission (a phase), or None."""
        return None

    # -- the mission --------------------------------------------------------------------------

    def acts_on_cards(self, game: Game) -> bool:
        """During the mission: does this module still act on the cards played face down
        before they are collected (the Sergeant's switch, rules.md §3.3 window 6, §8)?"""
        return False

    def card_inputs(self, game: Game, given: Given, reveal: bool) -> Iterable[Input]:
        """What the host reports of the mission for this module: before the reveal (the
        Trapper's trap, the Sergeant's switch) or, with `reveal`, counted among the revealed
        cards (after the Fail cards)."""
        return ()

    def limits(self, game: Game, name: str, given: Given) -> Iterable[Limit]:
        """Limits this module puts on another module's input (a card in the spotlight cannot
        be switched)."""
        return ()

    def taken_out(self, game: Game, given: Given) -> tuple[int, ...]:
        """Whose cards are removed before the reveal (the Trapper's)."""
        return ()

    def switched_seat(self, game: Game, given: Given) -> int | None:
        """Whose played card this module turns over to the one not played, before the
        reveal (the Sergeant's switch, rules.md §8)."""
        return None

    def mission_cards(self, game: Game, given: Given) -> Iterable[Play]:
        """Who may show this module's Mission cards on this mission, by the card they hold
        (`rules/deals.py`: a spy Chief's Chief Fail, a Reverser's Reverse)."""
        return ()

    def readings(self, game: Game, given: Given) -> Iterable[str]:
        """The house-rule settings (rules.md §13) whose reading decides what this mission's
        record can be (a trapped card that was also switched)."""
        return ()

    def fail_cards(self, game: Game, mission: PlayMission) -> int:
        """This module's cards that count as Fail cards (Chief Fail)."""
        return 0

    def fewer_fails(self, game: Game) -> str | None:
        """The refusal naming this module when it makes the spies' Fail cards fewer."""
        return None

    def spy_fails(self, game: Game, given: Given) -> int:
        """How this module changes the most Fail cards the team can reveal: a switch can add
        one, a spy who never plays Fail takes one away."""
        return 0

    def result(self, game: Game, succeeded: bool, mission: PlayMission) -> bool:
        """The mission's result after this module's cards (Reverse cards turn it over)."""
        return succeeded

    def mission_record(self, game: Game, proposal: Proposal,
                       mission: PlayMission) -> dict[str, Any]:
        """This module's fields of the mission's record (the action checked: a field left at
        its default stands for the input's default)."""
        return {}

    def happened(self, game: Game, what: str) -> None:
        """Another module's step was taken (`watch_given`, …)."""

    def mission_done(self, game: Game) -> None:
        """The mission is recorded (and the round is over)."""

    # -- the end of the game ------------------------------------------------------------------

    def third(self, game: Game, side: str, turned: bool) -> bool:
        """A side has its third success or failure (`turned`: by a wrong accusation). Return
        True when this module takes over (a claim, an assassination, an accusation, a win)."""
        return False

    def stakes(self, game: Game, side: str) -> tuple[str, bool] | None:
        """What this module makes of a third success or failure for `side`, before the side
        wins: (what comes, whether it ends the chain). `False` means it comes only under a
        condition (a Rogue Success on this mission), and the next module's stake follows."""
        return None

    def also_won(self, game: Game, winner: str, reason: str) -> tuple[tuple[str, str], ...]:
        """Who else won with the winning side, and how (a Rogue's partial victory)."""
        return ()

    def phase_inputs(self, game: Game, given: Given) -> Iterable[Input]:
        """What this module's own step asks for (nothing outside its phases)."""
        return ()

    # -- between missions ---------------------------------------------------------------------

    def due(self, game: Game, step: str) -> bool:
        """Is this module's `step` due now? Read from the state alone."""
        return False

    def enter(self, game: Game, step: str) -> None:
        """The step begins: put what it needs on the game."""

    def deck(self, game: Game, step: str) -> Deck | None:
        """The shuffled deck this module's `step` draws from, if it draws (the Plot cards,
        the Loyalty cards)."""
        return None

    # -- the leader ---------------------------------------------------------------------------

    def next_seat(self, game: Game, seat: int) -> int:
        """Who leads next, if not the next seat clockwise (`seat`)."""
        return seat

    def leader_passed(self, game: Game) -> None:
        """The leader token has moved on."""

    def rejected(self, game: Game) -> None:
        """A vote failed (or an approval was cancelled)."""

    # -- what the table is told ---------------------------------------------------------------

    def warnings(self, game: Game) -> Iterable[str]:
        """Warnings that hold now (ids), for the table's view."""
        return ()
