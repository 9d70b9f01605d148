"""The game as a state machine: each action checks the rules and returns the game after it.

Seats are 0-based and clockwise. The engine knows only what the whole table sees (teams, votes,
how many Fail cards were revealed); roles are dealt on paper and never reach it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from moderator.rules import defector, hunter, inquisitor, plot, reverser, rogue, setup, tables
from moderator.rules.errors import RuleError
from moderator.rules.house_rules import settle as settle_house_rules

# Phases, as named in `status --json` (design.md §4). `watch` (the leader hands the Rogue
# module's Watch token to a team member) and `rogue_claim` (the spy Rogue may claim the win at
# the third failure) are module phases, as are `loyalty` (the Defector module's Loyalty card at
# the start of rounds 3-5) and `examination` (the Inquisitor examines after missions 2-4).
LOYALTY, EXAMINATION = "loyalty", "examination"
# Hunter module: after a mission someone investigates; a Hunter accuses (rules.md §6.1).
INVESTIGATION, ACCUSATION = "investigation", "accusation"
PLOT_DRAW, PLOT_GIVE = "plot_draw", "plot_give"  # The Plot Thickens: the round's first steps
PROPOSAL, VOTE, WATCH, MISSION, ROGUE_CLAIM, ASSASSINATION, GAME_OVER = (
    "proposal", "vote", "watch", "mission", "rogue_claim", "assassination", "game_over",
)
PLAYING = frozenset({
    EXAMINATION, INVESTIGATION, LOYALTY, PLOT_DRAW, PLOT_GIVE, PROPOSAL, VOTE, WATCH, MISSION,
})
TEAM_CHOSEN = frozenset({VOTE, WATCH, MISSION})

RESISTANCE, SPIES = "resistance", "spies"
RESISTANCE_ROGUE, SPY_ROGUE = "resistance-rogue", "spy-rogue"
FULL, PARTIAL = "full", "partial"


@dataclass(frozen=True, slots=True)
class Proposal:
    """A team put to the vote; `approvals` is None until the vote is in."""

    mission: int
    attempt: int
    leader: int
    team: tuple[int, ...]
    approvals: frozenset[int] | None = None
    approved: bool | None = None
    sergeant: int | None = None  # Sergeant module: the team member the leader named
    cancelled_by: int | None = None  # Plot: who cancelled the approval with No Confidence
    investigator: int | None = None  # Hunter module: who got the Investigator token


@dataclass(frozen=True, slots=True)
class Mission:
    """A mission that was carried out, with the number of Fail cards revealed."""

    mission: int
    team: tuple[int, ...]
    fails: int
    succeeded: bool
    rogue_success: int = 0  # Rogue module: Rogue Success cards revealed
    sergeant: int | None = None
    switched: int | None = None  # whom the Sergeant ordered to switch cards
    watch: int | None = None  # who held the Watch token
    reverse: int = 0  # Reverser module: Reverse cards revealed
    trapped: int | None = None  # Trapper module: whose card the leader took out
    chief_fail: int = 0  # Hunter module at 7+: Chief Fail cards revealed (each counts as a Fail)
    leader: int | None = None
    investigator: int | None = None  # Hunter module: who held the Investigator token
    turned: int = 0  # Hunter module: how often a wrong accusation turned the result over


#: The order of the Plot windows within a round (rules.md §3.3).
WINDOW_ORDER = {
    plot.STRONG_LEADER: 0, plot.TAKE_RESPONSIBILITY: 1, plot.NO_CONFIDENCE: 2,
    plot.IN_THE_SPOTLIGHT: 3, plot.CLOSE_EYE: 4,
}


@dataclass(frozen=True, slots=True)
class Card:
    """A Plot card in someone's hands: held ("1"), in effect (□) or awaiting use (★)."""

    card: str
    holder: int
    received: int  # the round it was received in
    bound: int | None = None  # Opinion Maker: who must vote first


@dataclass(frozen=True, slots=True)
class PlotUse:
    """A Plot card used, for the record: who used it, on whom, in which round."""

    card: str
    by: int
    round: int
    target: int | None = None
    taken: str | None = None  # Take Responsibility: the card taken


@dataclass(frozen=True, slots=True)
class Plot:
    """The Plot cards of a game (rules.md §3)."""

    deck: tuple[str, ...]  # what is left to draw, sorted: the order is the shell's business
    drawn: tuple[str, ...] = ()  # drawn this round, not yet handed out
    given_to: tuple[int, ...] = ()  # who received a card this round
    pending: tuple[Card, ...] = ()  # ★ cards received and not yet resolved
    held: tuple[Card, ...] = ()  # "1" cards kept for later, and □ cards in effect
    discarded: tuple[str, ...] = ()
    uses: tuple[PlotUse, ...] = ()
    leader_acted: bool = False  # the current leader has drawn or handed out Team tokens
    strong_leader_used: bool = False  # since the last vote: no second one until a vote
    resume_seat: int | None = None  # `plot-strong-leader-rotation=resume-order`
    just_approved: bool = False  # the window for No Confidence
    spotlight: int | None = None  # whose card goes face up on this mission
    looked_at: tuple[int, ...] = ()  # whose played cards were looked at on this mission


@dataclass(frozen=True, slots=True)
class Accusation:
    """A Hunter's accusation, for the record (rules.md §6.1)."""

    accuser: str  # RESISTANCE: the resistance Hunter names a spy Chief; SPIES: the other way
    accused: int
    shown: str  # what the accused player's card showed: chief, not-chief or coordinator
    mission: int  # the mission that brought it about
    early: bool = False  # the spy Hunter's early accusation after a Chief's Fail


@dataclass(frozen=True, slots=True)
class Hunt:
    """The Hunter module's state (rules.md §6.1)."""

    accuser: str | None = None  # whose Hunter accuses now
    early: bool = False  # the accusation due is the early one, which may be declined
    accusations: tuple[Accusation, ...] = ()
    investigations: tuple[tuple[int, int, int], ...] = ()  # (mission, investigator, target)
    blame: tuple[int, int, bool] | None = None  # (Deep Agent, blamed, was the Pretender)


@dataclass(frozen=True, slots=True)
class Assassination:
    target: int
    commander: int


@dataclass(frozen=True, slots=True)
class Game:
    """One game of The Resistance; immutable, every action returns a new game."""

    players: int
    first_leader: int
    modules: frozenset[str] = frozenset()
    variants: frozenset[str] = frozenset()
    roles: frozenset[str] = frozenset()  # optional characters chosen at setup
    characters: frozenset[str] = frozenset()  # every character card in the deck
    house_rules: tuple[tuple[str, str], ...] = ()
    proposals: tuple[Proposal, ...] = ()
    missions: tuple[Mission, ...] = ()
    assassination: Assassination | None = None
    phase: str = PROPOSAL
    seat: int = 0  # who leads now, or led the team that awaits its vote or its mission
    rejections: int = 0  # rejected proposals in this round: the vote track
    watch: int | None = None  # who holds the Watch token on the current mission
    winner: str | None = None  # the winning side; None also when a Rogue won alone
    reason: str | None = None
    winners: tuple[tuple[str, str], ...] = ()  # everyone who won: (who, "full" | "partial")
    plot: Plot | None = None  # with The Plot Thickens
    loyalty: tuple[str, ...] = ()  # Defector module: the Loyalty cards revealed so far
    inquisitors: tuple[int, ...] = ()  # Inquisitor module: who held the token, in order
    hunt: Hunt | None = None  # with the Hunter module

    @classmethod
    def new(
        cls,
        players: int,
        first_leader: int = 0,
        modules: Iterable[str] = (),
        variants: Iterable[str] = (),
        house_rules: Mapping[str, str] | None = None,
        allow_incompatible: bool = False,
        roles: Iterable[str] = (),
    ) -> Game:
        """Set a game up; the first leader is chosen at random by the caller (rules.md §1.3)."""
        checked = setup.check(players, modules, variants, allow_incompatible, roles)
        if not 0 <= first_leader < players:
            raise RuleError("errors.seat_range", seat=first_leader, players=players)
        settled = settle_house_rules(house_rules)
        if (
            "plot" in checked.modules and "rogue" in checked.modules
            and settled["plot-reveals"] == "character-card"
        ):
            raise RuleError("errors.plot_reveals_rogue")  # rules.md §7: Loyalty cards only
        game = cls(
            players=players,
            first_leader=first_leader,
            modules=checked.modules,
            variants=checked.variants,
            roles=frozenset(roles),
            characters=frozenset(checked.deck),
            house_rules=tuple(sorted(settled.items())),
            seat=first_leader,
        )
        if "plot" in checked.modules:
            game = replace(game, plot=Plot(plot.deck(players, settled["plot-deck"])))
        if "inquisitor" in checked.modules:
            game = replace(game, inquisitors=(inquisitor.first_holder(first_leader, players),))
        if "hunter" in checked.modules:
            game = replace(game, hunt=Hunt())
        return game._round_starts()

    # -- what the table sees ------------------------------------------------------------------

    @property
    def spies(self) -> int:
        return tables.spies(self.players)

    @property
    def targeting(self) -> bool:
        return "targeting" in self.variants

    @property
    def successes(self) -> int:
        return sum(m.succeeded for m in self.missions)

    @property
    def failures(self) -> int:
        return len(self.missions) - self.successes

    @property
    def round(self) -> int | None:
        """1-based round (one per mission carried out), None once the game is decided."""
        return len(self.missions) + 1 if self.phase in PLAYING else None

    @property
    def leader(self) -> int | None:
        return self.seat if self.phase in PLAYING else None

    @property
    def pending(self) -> Proposal | None:
        """The team that awaits its vote or its mission."""
        return self.proposals[-1] if self.phase in TEAM_CHOSEN else None

    @property
    def team(self) -> tuple[int, ...] | None:
        pending = self.pending
        return pending.team if pending else None

    @property
    def mission(self) -> int | None:
        """The mission being proposed for; under Targeting unknown until the leader names it."""
        if self.phase in TEAM_CHOSEN:
            return self.proposals[-1].mission
        if self.phase in (PLOT_DRAW, PLOT_GIVE, PROPOSAL) and not self.targeting:
            return len(self.missions) + 1
        return None

    @property
    def attempt(self) -> int | None:
        return self.rejections + 1 if self.phase in PLAYING else None

    @property
    def team_size(self) -> int | None:
        mission = self.mission
        return self.team_size_for(mission) if mission else None

    def team_size_for(self, mission: int) -> int:
        """The tableau's number, and one extra member with the Trapper (rules.md §5.3)."""
        return tables.team_size(self.players, mission) + ("trapper" in self.modules)

    @property
    def reversers(self) -> int:
        """How many Reverse cards a team can hold: one per Reverser in the game (§6.2)."""
        return sum(c in self.characters for c in ("resistance-reverser", "spy-reverser"))

    @property
    def defectors_switched(self) -> bool:
        """Have the Defectors changed sides, an odd number of Switch cards (rules.md §5.2)?"""
        return defector.switched(self.loyalty)

    @property
    def inquisitor(self) -> int | None:
        """Who holds the Inquisitor token now (rules.md §2.3)."""
        return self.inquisitors[-1] if self.inquisitors else None

    @property
    def fails_needed(self) -> int | None:
        mission = self.mission
        return tables.fails_needed(self.players, mission) if mission else None

    @property
    def open_missions(self) -> tuple[int, ...]:
        """Missions a leader may choose now under Targeting (rules.md §2.1)."""
        if self.phase != PROPOSAL:
            return ()
        played = {m.mission for m in self.missions}
        return tuple(
            k for k in range(1, tables.MISSIONS + 1)
            if k not in played and (k < tables.MISSIONS or self.successes >= 2)
        )

    @property
    def next_leaders(self) -> tuple[int, ...]:
        """The other seats in the order they will lead, if every proposal is rejected."""
        if self.leader is None:
            return ()
        return tuple((self.seat + step) % self.players for step in range(1, self.players))

    @property
    def settings(self) -> dict[str, str]:
        return dict(self.house_rules)

    @property
    def sergeant(self) -> int | None:
        pending = self.pending
        return pending.sergeant if pending else None

    @property
    def watch_due(self) -> bool:
        """Does an approved team get the Watch token? Only with the resistance Rogue, and at
        5-6 players not on the first two missions (rules.md §7)."""
        return RESISTANCE_ROGUE in self.characters and (
            self.players >= 7 or len(self.missions) >= 2
        )

    # -- actions ------------------------------------------------------------------------------

    def propose(
        self, team: Iterable[int], mission: int | None = None, sergeant: int | None = None,
        investigator: int | None = None,
    ) -> Game:
        """The leader's team (under Targeting also the mission it goes on; with the Sergeant
        module also the Sergeant, a team member other than the leader: rules.md §8)."""
        self._expect(PROPOSAL)
        mission = self._chosen_mission(mission)
        team = tuple(team)
        self._check_seats(team)
        size = self.team_size_for(mission)
        if len(team) != size:
            raise RuleError("errors.team_size", size=size, mission=mission, given=len(team))
        if (
            "trapper" in self.modules and self.seat not in team
            and self.settings["trapper-leader-on-team"] == "required"
        ):
            raise RuleError("errors.trapper_leader_on_team")
        if "sergeant" not in self.modules:
            if sergeant is not None:
                raise RuleError("errors.no_sergeant_module")
        elif sergeant is None:
            raise RuleError("errors.sergeant_required")
        elif sergeant not in team:
            raise RuleError("errors.sergeant_not_on_team")
        elif sergeant == self.seat:
            raise RuleError("errors.sergeant_is_leader")
        self._check_investigator(team, investigator)
        proposal = Proposal(
            mission=mission, attempt=self.rejections + 1, leader=self.seat,
            team=tuple(sorted(team)), sergeant=sergeant, investigator=investigator,
        )
        game = self._plot(leader_acted=True, just_approved=False) if self.plot else self
        return replace(game, proposals=self.proposals + (proposal,), phase=VOTE)

    def vote(self, approvals: Iterable[int]) -> Game:
        """Everyone's open vote; the seats given approved, every other seat rejected.

        A team needs strictly more than half of all players; a tie rejects (rules.md §1.4).
        """
        self._expect(VOTE)
        approvals = tuple(approvals)
        self._check_seats(approvals)
        approved = 2 * len(approvals) > self.players
        voted = replace(self.proposals[-1], approvals=frozenset(approvals), approved=approved)
        game = replace(self, proposals=self.proposals[:-1] + (voted,))
        if game.plot is not None:  # a vote reopens Strong Leader, and opens No Confidence
            game = game._plot(strong_leader_used=False, just_approved=approved)
        if approved:
            return replace(game, phase=WATCH if self.watch_due else MISSION)
        return game._rejected()

    def _rejected(self) -> Game:
        """A failed vote: the track moves on, the fifth in a round ends the game (§1.4)."""
        rejections = self.rejections + 1
        if rejections == tables.MAX_REJECTIONS:
            return self._over(SPIES, "five_rejections", rejections=rejections)
        return replace(self, phase=PROPOSAL, rejections=rejections)._pass_leader()

    def give_watch(self, seat: int) -> Game:
        """Rogue module: after approval the leader hands the Watch token to a team member."""
        self._expect(WATCH)
        self._check_seats((seat,))
        if seat not in self.proposals[-1].team:
            raise RuleError("errors.watch_not_on_team")
        game = self._plot(just_approved=False) if self.plot else self
        return replace(game, watch=seat, phase=MISSION)

    def play_mission(
        self, fails: int, rogue_success: int = 0, switched: int | None = None,
        reverse: int = 0, trapped: int | None = None, chief_fail: int = 0,
    ) -> Game:
        """The revealed Mission cards: how many Fail cards were among them (rules.md §1.5),
        how many Rogue Success cards (§7) and Reverse cards (§6.2), whom the Sergeant made
        switch, if anyone (§8), and whose card the leader trapped and took out (§5.3)."""
        self._expect(MISSION)
        pending = self.proposals[-1]
        for count in (fails, rogue_success, reverse, chief_fail):
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise RuleError("errors.fails_range", size=len(pending.team))
        if switched is not None:
            if "sergeant" not in self.modules:
                raise RuleError("errors.no_sergeant_module")
            self._check_seats((switched,))
            if switched not in pending.team:
                raise RuleError("errors.switch_not_on_team")
            if switched == pending.sergeant:
                raise RuleError("errors.switch_is_sergeant")
            if self.plot is not None and switched == self.plot.spotlight:
                raise RuleError("errors.switch_spotlight")  # played face up: rules.md §8
        self._check_trap(pending, trapped, switched)
        # The trapped card is taken out before the reveal (rules.md §5.3).
        size = len(pending.team) - (trapped is not None)
        if rogue_success and RESISTANCE_ROGUE not in self.characters:
            raise RuleError("errors.no_rogue_success")
        if rogue_success > 1:  # one resistance Rogue plays at most one card
            raise RuleError("errors.rogue_success_one")
        if reverse and not self.reversers:
            raise RuleError("errors.no_reverse")
        if reverse > self.reversers:
            raise RuleError("errors.reverse_count", count=self.reversers)
        chiefs = self.chief_fails_possible
        if chief_fail > chiefs:
            raise RuleError("errors.chief_fail_count" if chiefs else "errors.no_chief_fail",
                            count=chiefs)
        if fails + rogue_success + reverse + chief_fail > size:
            raise RuleError("errors.fails_range", size=size)
        # The Spy Reverser never plays Fail (§6.2), a spy Chief plays Chief Fail instead
        # (§6.1); a Sergeant's switch can turn one more card into a Fail (§8).
        spy_reverser = "spy-reverser" in self.characters
        most = self.spies - spy_reverser - chiefs + (switched is not None)
        if fails > most:
            key = ("errors.fails_spy_chief" if chiefs else
                   "errors.fails_spy_reverser" if spy_reverser else "errors.fails_spies")
            raise RuleError(key, spies=most)
        needed = tables.fails_needed(self.players, pending.mission)
        succeeded = reverser.succeeded(fails + chief_fail, needed, reverse)
        done = Mission(
            pending.mission, pending.team, fails, succeeded, rogue_success=rogue_success,
            sergeant=pending.sergeant, switched=switched, watch=self.watch, reverse=reverse,
            trapped=trapped, chief_fail=chief_fail, leader=pending.leader,
            investigator=pending.investigator,
        )
        game = replace(
            self, missions=self.missions + (done,), rejections=0, watch=None, phase=PROPOSAL,
        )._pass_leader()
        return game._decided() or game._after_mission()

    def _decided(self) -> Game | None:
        """What a third success or failure brings, whether a mission was just played or an
        accusation turned one over: a Rogue's own win or claim first (rules.md §7), then the
        Assassination (§5.1) or the Hunter's accusation (§6.1); None while neither has three."""
        if self.failures == tables.WINS_NEEDED:
            if SPY_ROGUE in self.characters:
                return replace(self, phase=ROGUE_CLAIM)
            return self._third(SPIES)
        if self.successes == tables.WINS_NEEDED:
            if RESISTANCE_ROGUE in self.characters and rogue.resistance_rogue_wins(
                self.missions, self.settings["rogue-earlier-mission"]
            ):
                return self._rogue_wins(RESISTANCE_ROGUE)
            if "commander" in self.modules:
                return replace(self, phase=ASSASSINATION)
            return self._third(RESISTANCE)
        return None

    def _check_trap(self, pending: Proposal, trapped: int | None, switched: int | None) -> None:
        """Trapper module: the leader traps one team member's card (rules.md §5.3)."""
        if "trapper" not in self.modules:
            if trapped is not None:
                raise RuleError("errors.no_trapper_module")
            return
        if trapped is None:
            raise RuleError("errors.trap_required")
        self._check_seats((trapped,))
        if trapped not in pending.team:
            raise RuleError("errors.trap_not_on_team")
        if trapped == switched and self.settings["trapper-sergeant-same-player"] == "forbidden":
            raise RuleError("errors.trap_switch_same")

    def _after_mission(self) -> Game:
        """The game goes on: with the Hunter module the spy Hunter may accuse early, then
        someone investigates (rules.md §6.1)."""
        if self.hunt is None:
            return self._between_missions()
        if self._early_accusation_due():
            return replace(self, phase=ACCUSATION, hunt=replace(self.hunt, accuser=SPIES,
                                                                 early=True))
        return replace(self, phase=INVESTIGATION)

    def _between_missions(self) -> Game:
        """After missions 2, 3 and 4 the Inquisitor examines first (rules.md §2.3)."""
        last = self.missions[-1].mission
        if inquisitor.due(self.modules, len(self.missions), last, self.targeting,
                          self.settings["inquisitor-targeting-timing"]):
            return replace(self, phase=EXAMINATION)
        return self._round_starts()

    def examine(self, seat: int) -> Game:
        """Inquisitor module: the token holder examines a player who never held the token,
        and the token passes to them (rules.md §2.3)."""
        self._expect(EXAMINATION)
        self._check_seats((seat,))
        if seat in self.inquisitors:
            raise RuleError("errors.inquisitor_held", seat=seat)
        return replace(self, inquisitors=self.inquisitors + (seat,))._round_starts()

    def reveal_loyalty(self, card: str) -> Game:
        """Defector module: the top Loyalty card, revealed to everyone (rules.md §5.2)."""
        self._expect(LOYALTY)
        refusal = defector.refusal(self.loyalty, card)
        if refusal:
            raise RuleError(refusal, card=card, cards=", ".join(defector.CARDS))
        return replace(self, loyalty=self.loyalty + (card,))._plot_round_starts()

    def claim_rogue(self, claimant: int | None) -> Game:
        """Rogue module, at the third failure: the player who shows the spy Rogue card and
        claims the win alone, or None when nobody does (rules.md §7)."""
        self._expect(ROGUE_CLAIM)
        if claimant is None:
            return self._third(SPIES)
        self._check_seats((claimant,))
        refusal = rogue.spy_claim_refusal(
            self.missions, claimant, self.settings["rogue-earlier-mission"]
        )
        if refusal:
            raise RuleError(refusal, seat=claimant)
        return self._rogue_wins(SPY_ROGUE)

    # -- Hunter module (rules.md §6.1) ----------------------------------------------------------

    @property
    def investigator(self) -> int | None:
        """Who investigates now: the leader after a success, the Investigator token's holder
        after a failure."""
        if self.phase != INVESTIGATION:
            return None
        last = self.missions[-1]
        return last.leader if last.succeeded else last.investigator

    def investigate(self, target: int) -> Game:
        """The investigator sees `target`'s Hunter Loyalty card, privately."""
        self._expect(INVESTIGATION)
        self._check_seats((target,))
        if target == self.investigator:
            raise RuleError("errors.investigate_self")
        done = (self.missions[-1].mission, self.investigator, target)
        hunt = replace(self.hunt, investigations=self.hunt.investigations + (done,))
        return replace(self, hunt=hunt)._between_missions()

    def accuse(self, accused: int | None, shown: str | None = None) -> Game:
        """A Hunter names a player as the other side's Chief; the accused shows whether they
        are (chief, not-chief, coordinator). Only the early accusation may be declined."""
        self._expect(ACCUSATION)
        hunt = self.hunt
        if accused is None:
            if not hunt.early:
                raise RuleError("errors.accusation_required")
            return replace(self, phase=INVESTIGATION, hunt=replace(hunt, accuser=None,
                                                                    early=False))
        self._check_seats((accused,))
        verdict = hunter.verdict(hunt.accuser, shown, "coordinator" in self.characters)
        if verdict is None:
            raise RuleError("errors.accusation_shown", shown=shown)
        last = self.missions[-1]
        record = Accusation(hunt.accuser, accused, shown, last.mission, hunt.early)
        game = replace(self, hunt=replace(hunt, accuser=None, early=False,
                                          accusations=hunt.accusations + (record,)))
        if verdict == "found":
            return game._over(hunt.accuser, "hunter_found_chief")
        if verdict == "coordinator":
            return game._over(SPIES, "hunter_found_coordinator")
        # A wrong accusation turns the mission over, and play goes on.
        turned = replace(last, succeeded=not last.succeeded, turned=last.turned + 1)
        game = replace(game, missions=self.missions[:-1] + (turned,))
        return game._decided() or replace(game, phase=INVESTIGATION)

    def blame(self, deep_agent: int, blamed: int, pretender: bool) -> Game:
        """Once per game, before a vote, the Deep Agent reveals and names the Pretender; if
        right, the two swap characters and sides (rules.md §6.1)."""
        if self.hunt is None or not {"deep-agent", "pretender"} <= self.characters:
            raise RuleError("errors.no_blame")
        if self.phase not in (PROPOSAL, VOTE):
            raise RuleError("errors.blame_window")
        if self.hunt.blame is not None:
            raise RuleError("errors.blame_twice")
        self._check_seats((deep_agent, blamed))
        return replace(self, hunt=replace(self.hunt, blame=(deep_agent, blamed, pretender)))

    @property
    def early_accusations(self) -> int:
        return sum(a.early for a in self.hunt.accusations) if self.hunt else 0

    def _early_accusation_due(self) -> bool:
        """After a failed mission with a spy Chief's Fail the spy Hunter may accuse at once:
        at 7+ a Chief Fail shows it, at 5-6 the host confirms the claim (rules.md §6.1)."""
        last = self.missions[-1]
        if last.succeeded:
            return False
        if self.settings["hunter-early-accusation"] == "once-per-game" and self.early_accusations:
            return False
        return last.chief_fail > 0 if hunter.chief_fail_cards(self.players) else last.fails > 0

    def _third(self, side: str) -> Game:
        """A side's third mission: its Hunter must accuse first (rules.md §6.1)."""
        if self.hunt is None:
            reason = "three_successes" if side == RESISTANCE else "three_failures"
            return self._over(side, reason)
        return replace(self, phase=ACCUSATION, hunt=replace(self.hunt, accuser=side, early=False))

    def _check_investigator(self, team: tuple[int, ...], investigator: int | None) -> None:
        """The leader gives the Investigator token to a player neither leading nor on the
        team; before the last mission only, since nobody investigates after it (§6.1)."""
        if self.hunt is None:
            if investigator is not None:
                raise RuleError("errors.no_hunter_module")
            return
        if investigator is None:
            if len(self.missions) < tables.MISSIONS - 1:
                raise RuleError("errors.investigator_required")
            return
        self._check_seats((investigator,))
        if investigator == self.seat:
            raise RuleError("errors.investigator_is_leader")
        if investigator in team:
            raise RuleError("errors.investigator_on_team")

    @property
    def chief_fails_possible(self) -> int:
        """How many Chief Fail cards a team can reveal: one per spy Chief, at 7+ only."""
        if self.hunt is None or not hunter.chief_fail_cards(self.players):
            return 0
        return hunter.spy_chiefs(self.players)

    def assassinate(self, target: int, commander: int) -> Game:
        """Commander module: the Assassin names `target`; the revealed Commander sat at
        `commander` (rules.md §5.1)."""
        if "commander" not in self.modules:
            raise RuleError("errors.no_commander_module")
        self._expect(ASSASSINATION)
        self._check_seats((target,))
        self._check_seats((commander,))
        game = replace(self, assassination=Assassination(target, commander))
        if target == commander:
            return game._over(SPIES, "assassinated_commander")
        return game._over(RESISTANCE, "assassin_missed")

    # -- The Plot Thickens (rules.md §3) -------------------------------------------------------

    @property
    def plot_draws(self) -> int:
        """How many cards the round's first leader draws now (fewer if the deck runs out)."""
        if self.plot is None:
            return 0
        return min(plot.draws(self.players, self.settings["plot-deck"]), len(self.plot.deck))

    @property
    def opinion_makers(self) -> tuple[int, ...]:
        """Who must reveal their vote before everyone else (rules.md §3.4)."""
        if self.plot is None:
            return ()
        return tuple(sorted({c.bound for c in self.plot.held if c.card == plot.OPINION_MAKER}))

    def usable(self) -> tuple[Card, ...]:
        """The Plot cards that may be used right now, in the order players are asked: cards
        that act at once first, then window by window as the round goes (No Confidence right
        after the approval, In the Spotlight before cards are chosen, Keeping a Close Eye once
        they are played), and within a window from the leader clockwise (rules.md §3.3)."""
        if self.plot is None or self.phase == GAME_OVER:
            return ()
        ready = [c for c in self.plot.pending + self.plot.held if self._window(c) is None]
        return tuple(sorted(ready, key=lambda c: (
            c not in self.plot.pending, WINDOW_ORDER.get(c.card, 0),
            (c.holder - self.seat) % self.players,
        )))

    def draw_plot(self, cards: Iterable[str]) -> Game:
        """The round's first leader draws (rules.md §3.2): the cards that came off the deck."""
        self._expect(PLOT_DRAW)
        cards = tuple(cards)
        if len(cards) != self.plot_draws:
            raise RuleError("errors.plot_draw_count", count=self.plot_draws)
        left = plot.without(self.plot.deck, cards)
        if left is None:
            raise RuleError("errors.plot_not_in_deck", cards=", ".join(cards))
        game = self._plot(deck=left, drawn=cards, leader_acted=True)
        return replace(game, phase=PLOT_GIVE)._handed_out()

    def give_plot(self, card: str, to: int) -> Game:
        """The leader hands a drawn card to another player, never to themselves (§3.2)."""
        self._expect(PLOT_GIVE)
        self._check_seats((to,))
        drawn = list(self.plot.drawn)
        if card not in drawn:
            raise RuleError("errors.plot_not_drawn", card=card)
        if to == self.seat:
            raise RuleError("errors.plot_give_leader")
        if to in self.plot.given_to and self.settings["plot-hand-out"] == "different-players":
            raise RuleError("errors.plot_give_twice", seat=to)
        drawn.remove(card)
        received = Card(card, to, self.round, bound=to if card in plot.LASTING else None)
        game = self._plot(drawn=tuple(drawn), given_to=self.plot.given_to + (to,))
        immediate = card in plot.IMMEDIATE or (
            card == plot.TAKE_RESPONSIBILITY
            and self.settings["plot-take-responsibility"] == "immediate"
        )
        if not immediate:
            return game._plot(held=game.plot.held + (received,))._handed_out()
        if card == plot.TAKE_RESPONSIBILITY and not game._takeable(to):
            # Nobody else holds a Plot card: it has no effect (rules.md §3.4, C).
            return game._plot(discarded=game.plot.discarded + (card,))._handed_out()
        return game._plot(pending=game.plot.pending + (received,))

    def use_plot(
        self, card: str, by: int, target: int | None = None, take: str | None = None
    ) -> Game:
        """A Plot card is used: a ★ card received now, or a held card in its window (§3.3)."""
        if self.plot is None:
            raise RuleError("errors.no_plot_module")
        if self.phase == GAME_OVER:
            raise RuleError("errors.game_over")
        self._check_seats((by,))
        mine = [c for c in self.plot.pending + self.plot.held if c.card == card and c.holder == by]
        if not mine:
            raise RuleError("errors.plot_not_held", card=card, seat=by)
        held = mine[0]
        refusal = self._window(held)
        if refusal:
            raise RuleError(refusal, card=card)
        game = self._plot(
            pending=tuple(c for c in self.plot.pending if c is not held),
            held=tuple(c for c in self.plot.held if c is not held),
            discarded=self.plot.discarded + (card,),
        )
        return game._resolve(held, target, take)

    def _resolve(self, used: Card, target: int | None, take: str | None) -> Game:
        card, by = used.card, used.holder
        if card != plot.TAKE_RESPONSIBILITY and take is not None:
            raise RuleError("errors.plot_take_unused")
        if target is None and card != plot.STRONG_LEADER and card != plot.NO_CONFIDENCE:
            raise RuleError("errors.plot_target_needed", card=card)
        if target is not None:
            if card in (plot.STRONG_LEADER, plot.NO_CONFIDENCE):
                raise RuleError("errors.plot_no_target", card=card)
            self._check_seats((target,))
        record = PlotUse(card, by, self.round, target, take)
        game = self._plot(uses=self.plot.uses + (record,), just_approved=False)
        if card == plot.OVERHEARD_CONVERSATION:
            if target not in ((by - 1) % self.players, (by + 1) % self.players):
                raise RuleError("errors.plot_neighbour", seat=by)
        elif card == plot.ESTABLISH_CONFIDENCE:
            if target == self.seat:
                raise RuleError("errors.plot_target_self", card=card)
        elif card in (plot.OPEN_UP, plot.IN_THE_SPOTLIGHT):
            if target == by:
                raise RuleError("errors.plot_target_self", card=card)
            if card == plot.IN_THE_SPOTLIGHT:
                if target not in self.proposals[-1].team:
                    raise RuleError("errors.plot_target_team", card=card)
                game = game._plot(spotlight=target)
        elif card == plot.CLOSE_EYE:
            if target not in self.proposals[-1].team:
                raise RuleError("errors.plot_target_team", card=card)
            if target in self.plot.looked_at:
                raise RuleError("errors.plot_looked_twice", seat=target)
            game = game._plot(looked_at=self.plot.looked_at + (target,))
        elif card == plot.TAKE_RESPONSIBILITY:
            game = game._take(by, target, take)
        elif card == plot.STRONG_LEADER:
            return game._strong_leader(by)
        elif card == plot.NO_CONFIDENCE:
            return game._no_confidence(by)
        return game._handed_out()

    def _take(self, by: int, target: int, take: str | None) -> Game:
        """Take Responsibility: `by` takes the card `take` from `target` (rules.md §3.4)."""
        if target == by:
            raise RuleError("errors.plot_target_self", card=plot.TAKE_RESPONSIBILITY)
        theirs = [c for c in self.plot.held if c.holder == target and c.card == take]
        if not theirs:
            raise RuleError("errors.plot_take_missing", seat=target)
        taken = theirs[0]
        bound = taken.bound
        binds_taker = self.settings["plot-opinion-maker-taken"] == "binds-taker"
        if taken.card in plot.LASTING and binds_taker:
            bound = by
        moved = replace(taken, holder=by, received=self.round, bound=bound)
        return self._plot(held=tuple(moved if c is taken else c for c in self.plot.held))

    def _strong_leader(self, by: int) -> Game:
        """The holder takes over as leader (rules.md §1.7, §3.4); the vote track stays."""
        resume = None
        if self.settings["plot-strong-leader-rotation"] == "resume-order":
            resume = (self.seat + 1) % self.players
        game = self._plot(strong_leader_used=True, resume_seat=resume, leader_acted=False)
        return replace(game, seat=by)

    def _no_confidence(self, by: int) -> Game:
        """The approval is cancelled and counts as a failed vote (rules.md §3.4)."""
        cancelled = replace(self.proposals[-1], approved=False, cancelled_by=by)
        return replace(self, proposals=self.proposals[:-1] + (cancelled,), watch=None)._rejected()

    def _window(self, held: Card) -> str | None:
        """Why `held` cannot be used now (an i18n key), or None (rules.md §3.3)."""
        plot_state, card = self.plot, held.card
        if held in plot_state.pending:
            return None
        if card in plot.LASTING:
            return "errors.plot_lasting"
        if (
            self.settings["plot-same-round-use"] == "next-round"
            and held.received == self.round
        ):
            return "errors.plot_same_round"
        if card == plot.STRONG_LEADER:
            before_first_action = self.phase in (PLOT_DRAW, PROPOSAL) and (
                not plot_state.leader_acted
                or self.settings["plot-strong-leader-window"] == "before-team-tokens"
            )
            if not before_first_action:
                return "errors.plot_window.strong_leader"
            if plot_state.strong_leader_used:
                return "errors.plot_strong_leader_twice"
            if held.holder == self.seat:
                return "errors.plot_strong_leader_self"
            return None
        if card == plot.NO_CONFIDENCE:
            return None if plot_state.just_approved else "errors.plot_window.no_confidence"
        if card == plot.IN_THE_SPOTLIGHT:
            ahead = self.phase in (WATCH, MISSION) and plot_state.spotlight is None
            if ahead and not plot_state.looked_at:
                return None
            return "errors.plot_window.in_the_spotlight"
        if card == plot.CLOSE_EYE:
            return None if self.phase == MISSION else "errors.plot_window.close_eye"
        if card == plot.TAKE_RESPONSIBILITY:  # held: after the hand-out, before any team
            first_proposal_due = self.phase == PROPOSAL and self.rejections == 0
            if first_proposal_due and self._takeable(held.holder):
                return None
            return "errors.plot_window.take_responsibility"
        return "errors.plot_window.other"

    def _takeable(self, taker: int) -> bool:
        return any(c.holder != taker for c in self.plot.held)

    def _handed_out(self) -> Game:
        """Once every drawn card is handed out and every ★ card resolved, the team is next."""
        if self.phase == PLOT_GIVE and not self.plot.drawn and not self.plot.pending:
            return replace(self, phase=PROPOSAL)
        return self

    def _round_starts(self) -> Game:
        """A new round: rounds 3-5 open with a Loyalty card in the Defector module (§5.2)."""
        if "defector" in self.modules and defector.due(self.loyalty, len(self.missions)):
            return replace(self, phase=LOYALTY)
        return self._plot_round_starts()

    def _plot_round_starts(self) -> Game:
        """With Plot cards the round's first leader draws first (rules.md §3.2)."""
        if self.plot is None:
            return replace(self, phase=PROPOSAL)
        game = replace(self, phase=PROPOSAL)._plot(
            given_to=(), spotlight=None, looked_at=(), leader_acted=False
        )
        return replace(game, phase=PLOT_DRAW) if game.plot_draws else game

    def _plot(self, **changes: object) -> Game:
        return replace(self, plot=replace(self.plot, **changes))

    def _pass_leader(self) -> Game:
        """The leader token moves one seat clockwise (rules.md §1.7), or back to the order a
        Strong Leader interrupted (`plot-strong-leader-rotation=resume-order`)."""
        seat = (self.seat + 1) % self.players
        if self.plot is None:
            return replace(self, seat=seat)
        if self.plot.resume_seat is not None:
            seat = self.plot.resume_seat
        return replace(self, seat=seat)._plot(
            resume_seat=None, leader_acted=False, just_approved=False
        )

    # -- helpers ------------------------------------------------------------------------------

    def _over(self, winner: str, reason: str, **changes: object) -> Game:
        """A side has won; its Rogue, who did not win alone, shares a partial victory."""
        winners: tuple[tuple[str, str], ...] = ((winner, FULL),)
        rogue_of_side = RESISTANCE_ROGUE if winner == RESISTANCE else SPY_ROGUE
        decided_in = len(self.missions) + (reason == "five_rejections")
        if rogue_of_side in self.characters and (
            self.settings["rogue-partial-win"] == "whenever-team-wins"
            or decided_in == tables.MISSIONS
        ):
            winners += ((rogue_of_side, PARTIAL),)
        return replace(
            self, phase=GAME_OVER, winner=winner, reason=reason, winners=winners, **changes
        )

    def _rogue_wins(self, who: str) -> Game:
        """A Rogue wins alone and the game ends; no team wins or loses (rules.md §7), unless
        the house rule gives the Rogue's team a partial victory."""
        winners: tuple[tuple[str, str], ...] = ((who, FULL),)
        if self.settings["rogue-win-team"] == "team-partial":
            winners += ((RESISTANCE if who == RESISTANCE_ROGUE else SPIES, PARTIAL),)
        return replace(
            self, phase=GAME_OVER, winner=None, reason=f"{who.replace('-', '_')}_wins",
            winners=winners,
        )

    def _expect(self, phase: str) -> None:
        if self.phase == GAME_OVER:
            raise RuleError("errors.game_over")
        if self.phase != phase:
            raise RuleError(f"errors.turn.{self.phase}")

    def _chosen_mission(self, mission: int | None) -> int:
        current = len(self.missions) + 1
        if not self.targeting:
            if mission is not None and mission != current:
                raise RuleError("errors.mission_not_targeting", mission=current)
            return current
        if mission is None:
            raise RuleError("errors.mission_required", missions=self.open_missions)
        if mission in {m.mission for m in self.missions} or not 1 <= mission <= tables.MISSIONS:
            raise RuleError("errors.mission_played", mission=mission, missions=self.open_missions)
        if mission == tables.MISSIONS and self.successes < 2:
            raise RuleError("errors.mission_five_locked")
        return mission

    def _check_seats(self, seats: tuple[int, ...]) -> None:
        seen: set[int] = set()
        for seat in seats:
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise RuleError("errors.seat_range", seat=seat, players=self.players)
            if not 0 <= seat < self.players:
                raise RuleError("errors.seat_range", seat=seat, players=self.players)
            if seat in seen:
                raise RuleError("errors.player_twice", seat=seat)
            seen.add(seat)

