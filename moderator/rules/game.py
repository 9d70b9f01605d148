"""The game as a state machine: each action checks the rules and returns the game after it.

Seats are 0-based and clockwise. The engine knows only what the whole table sees (teams, votes,
how many Fail cards were revealed); roles are dealt on paper and never reach it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from moderator.rules import setup, tables
from moderator.rules.errors import RuleError
from moderator.rules.house_rules import settle as settle_house_rules

# Phases, as named in `status --json` (design.md §4).
PROPOSAL, VOTE, MISSION, ASSASSINATION, GAME_OVER = (
    "proposal", "vote", "mission", "assassination", "game_over",
)
PLAYING = frozenset({PROPOSAL, VOTE, MISSION})

RESISTANCE, SPIES = "resistance", "spies"


@dataclass(frozen=True, slots=True)
class Proposal:
    """A team put to the vote; `approvals` is None until the vote is in."""

    mission: int
    attempt: int
    leader: int
    team: tuple[int, ...]
    approvals: frozenset[int] | None = None
    approved: bool | None = None


@dataclass(frozen=True, slots=True)
class Mission:
    """A mission that was carried out, with the number of Fail cards revealed."""

    mission: int
    team: tuple[int, ...]
    fails: int
    succeeded: bool


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
    house_rules: tuple[tuple[str, str], ...] = ()
    proposals: tuple[Proposal, ...] = ()
    missions: tuple[Mission, ...] = ()
    assassination: Assassination | None = None
    phase: str = PROPOSAL
    seat: int = 0  # who leads now, or led the team that awaits its vote or its mission
    rejections: int = 0  # rejected proposals in this round: the vote track
    winner: str | None = None
    reason: str | None = None

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
        return self.proposals[-1] if self.phase in (VOTE, MISSION) else None

    @property
    def team(self) -> tuple[int, ...] | None:
        pending = self.pending
        return pending.team if pending else None

    @property
    def mission(self) -> int | None:
        """The mission being proposed for; under Targeting unknown until the leader names it."""
        if self.phase in (VOTE, MISSION):
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

    # -- actions ------------------------------------------------------------------------------

    def propose(self, team: Iterable[int], mission: int | None = None) -> Game:
        """The leader's team (and, under Targeting, the mission it goes on)."""
        self._expect(PROPOSAL)
        mission = self._chosen_mission(mission)
        team = tuple(team)
        self._check_seats(team)
        size = tables.team_size(self.players, mission)
        if len(team) != size:
            raise RuleError("errors.team_size", size=size, mission=mission, given=len(team))
        proposal = Proposal(
            mission=mission, attempt=self.rejections + 1, leader=self.seat,
            team=tuple(sorted(team)),
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
            return replace(game, phase=MISSION)
        rejections = self.rejections + 1
        if rejections == tables.MAX_REJECTIONS:
            return game._over(SPIES, "five_rejections", rejections=rejections)
        return replace(
            game, phase=PROPOSAL, rejections=rejections, seat=(self.seat + 1) % self.players
        )

    def play_mission(self, fails: int) -> Game:
        """The revealed Mission cards: how many Fail cards were among them (rules.md §1.5)."""
        self._expect(MISSION)
        pending = self.proposals[-1]
        if isinstance(fails, bool) or not isinstance(fails, int):
            raise RuleError("errors.fails_range", size=len(pending.team))
        if not 0 <= fails <= len(pending.team):
            raise RuleError("errors.fails_range", size=len(pending.team))
        if fails > self.spies:
            raise RuleError("errors.fails_spies", spies=self.spies)
        succeeded = fails < tables.fails_needed(self.players, pending.mission)
        done = Mission(pending.mission, pending.team, fails, succeeded)
        game = replace(
            self, missions=self.missions + (done,), rejections=0,
            seat=(self.seat + 1) % self.players, phase=PROPOSAL,
        )
        if game.failures == tables.WINS_NEEDED:
            return game._over(SPIES, "three_failures")
        if game.successes == tables.WINS_NEEDED:
            if "commander" in self.modules:
                return replace(game, phase=ASSASSINATION)
            return game._over(RESISTANCE, "three_successes")
        return game

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
        return replace(self, phase=GAME_OVER, winner=winner, reason=reason, **changes)

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

