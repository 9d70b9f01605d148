"""The game as a state machine: each action checks the rules and returns the game after it.

Seats are 0-based and clockwise. The engine knows only what the whole table sees (teams, votes,
how many Fail cards were revealed); roles are dealt on paper and never reach it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from moderator.rules import rogue, setup, tables
from moderator.rules.errors import RuleError
from moderator.rules.house_rules import settle as settle_house_rules

# Phases, as named in `status --json` (design.md §4). `watch` (the leader hands the Rogue
# module's Watch token to a team member) and `rogue_claim` (the spy Rogue may claim the win at
# the third failure) are module phases.
PROPOSAL, VOTE, WATCH, MISSION, ROGUE_CLAIM, ASSASSINATION, GAME_OVER = (
    "proposal", "vote", "watch", "mission", "rogue_claim", "assassination", "game_over",
)
PLAYING = frozenset({PROPOSAL, VOTE, WATCH, MISSION})
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
        return cls(
            players=players,
            first_leader=first_leader,
            modules=checked.modules,
            variants=checked.variants,
            roles=frozenset(roles),
            characters=frozenset(checked.deck),
            house_rules=tuple(sorted(settled.items())),
            seat=first_leader,
        )

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
        if self.phase == PROPOSAL and not self.targeting:
            return len(self.missions) + 1
        return None

    @property
    def attempt(self) -> int | None:
        return self.rejections + 1 if self.phase in PLAYING else None

    @property
    def team_size(self) -> int | None:
        mission = self.mission
        return tables.team_size(self.players, mission) if mission else None

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
        self, team: Iterable[int], mission: int | None = None, sergeant: int | None = None
    ) -> Game:
        """The leader's team (under Targeting also the mission it goes on; with the Sergeant
        module also the Sergeant, a team member other than the leader: rules.md §8)."""
        self._expect(PROPOSAL)
        mission = self._chosen_mission(mission)
        team = tuple(team)
        self._check_seats(team)
        size = tables.team_size(self.players, mission)
        if len(team) != size:
            raise RuleError("errors.team_size", size=size, mission=mission, given=len(team))
        if "sergeant" not in self.modules:
            if sergeant is not None:
                raise RuleError("errors.no_sergeant_module")
        elif sergeant is None:
            raise RuleError("errors.sergeant_required")
        elif sergeant not in team:
            raise RuleError("errors.sergeant_not_on_team")
        elif sergeant == self.seat:
            raise RuleError("errors.sergeant_is_leader")
        proposal = Proposal(
            mission=mission, attempt=self.rejections + 1, leader=self.seat,
            team=tuple(sorted(team)), sergeant=sergeant,
        )
        return replace(self, proposals=self.proposals + (proposal,), phase=VOTE)

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
        if approved:
            return replace(game, phase=WATCH if self.watch_due else MISSION)
        rejections = self.rejections + 1
        if rejections == tables.MAX_REJECTIONS:
            return game._over(SPIES, "five_rejections", rejections=rejections)
        return replace(
            game, phase=PROPOSAL, rejections=rejections, seat=(self.seat + 1) % self.players
        )

    def give_watch(self, seat: int) -> Game:
        """Rogue module: after approval the leader hands the Watch token to a team member."""
        self._expect(WATCH)
        self._check_seats((seat,))
        if seat not in self.proposals[-1].team:
            raise RuleError("errors.watch_not_on_team")
        return replace(self, watch=seat, phase=MISSION)

    def play_mission(
        self, fails: int, rogue_success: int = 0, switched: int | None = None
    ) -> Game:
        """The revealed Mission cards: how many Fail cards were among them (rules.md §1.5),
        how many Rogue Success cards (§7), and whom the Sergeant made switch, if anyone (§8)."""
        self._expect(MISSION)
        pending = self.proposals[-1]
        size = len(pending.team)
        for count in (fails, rogue_success):
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise RuleError("errors.fails_range", size=size)
        if switched is not None:
            if "sergeant" not in self.modules:
                raise RuleError("errors.no_sergeant_module")
            self._check_seats((switched,))
            if switched not in pending.team:
                raise RuleError("errors.switch_not_on_team")
            if switched == pending.sergeant:
                raise RuleError("errors.switch_is_sergeant")
        if rogue_success and RESISTANCE_ROGUE not in self.characters:
            raise RuleError("errors.no_rogue_success")
        if rogue_success > 1:  # one resistance Rogue plays at most one card
            raise RuleError("errors.rogue_success_one")
        if fails + rogue_success > size:
            raise RuleError("errors.fails_range", size=size)
        # A Sergeant's switch can turn one more card into a Fail (rules.md §8).
        most = self.spies + (switched is not None)
        if fails > most:
            raise RuleError("errors.fails_spies", spies=most)
        succeeded = fails < tables.fails_needed(self.players, pending.mission)
        done = Mission(
            pending.mission, pending.team, fails, succeeded, rogue_success=rogue_success,
            sergeant=pending.sergeant, switched=switched, watch=self.watch,
        )
        game = replace(
            self, missions=self.missions + (done,), rejections=0, watch=None,
            seat=(self.seat + 1) % self.players, phase=PROPOSAL,
        )
        earlier_rule = self.settings["rogue-earlier-mission"]
        if game.failures == tables.WINS_NEEDED:
            if SPY_ROGUE in self.characters:
                return replace(game, phase=ROGUE_CLAIM)
            return game._over(SPIES, "three_failures")
        if game.successes == tables.WINS_NEEDED:
            if RESISTANCE_ROGUE in self.characters and rogue.resistance_rogue_wins(
                game.missions, earlier_rule
            ):
                return game._rogue_wins(RESISTANCE_ROGUE)
            if "commander" in self.modules:
                return replace(game, phase=ASSASSINATION)
            return game._over(RESISTANCE, "three_successes")
        return game

    def claim_rogue(self, claimant: int | None) -> Game:
        """Rogue module, at the third failure: the player who shows the spy Rogue card and
        claims the win alone, or None when nobody does (rules.md §7)."""
        self._expect(ROGUE_CLAIM)
        if claimant is None:
            return self._over(SPIES, "three_failures")
        self._check_seats((claimant,))
        refusal = rogue.spy_claim_refusal(
            self.missions, claimant, self.settings["rogue-earlier-mission"]
        )
        if refusal:
            raise RuleError(refusal, seat=claimant)
        return self._rogue_wins(SPY_ROGUE)

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

