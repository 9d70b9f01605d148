"""Property tests: random legal and illegal play against an independent model of the rules.

The state machine keeps its own small model of the game, written from rules.md (§1 base game,
§2.1 Targeting, §5.1 Assassination), and checks after every step that the engine agrees with it.
The model keeps every spy set the record still allows by brute force (§1.1: how many spies;
§1.5: the loyal play Success, so a mission reveals no more Fail cards than spies on its team;
§5.1: the Commander shown at the Assassination is loyal): a record none allows is refused.
It drives every kind of action in every phase, legal or not: random teams of random sizes with
repeated and out-of-range seats, random votes, random Fail counts, with and without Targeting,
with and without the Commander module.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine, initialize, invariant, rule,
)

from moderator.rules import Game, RuleError
from moderator.simulate import random_game

from rulebook import SPIES, TEAM_SIZES  # rules.md §1.1 and §1.2, written out
PLAYING = ("proposal", "vote", "mission")
SPY_REASONS = {"three_failures", "five_rejections", "assassinated_commander"}
RESISTANCE_REASONS = {"three_successes", "assassin_missed"}


def fails_needed(players: int, mission: int) -> int:
    """rules.md §1.5: two Fail cards only on mission (space) 4 at 7+ players."""
    return 2 if mission == 4 and players >= 7 else 1


class Model:
    """What rules.md says the table looks like; knows nothing of the engine."""

    def __init__(self, players: int, first: int, targeting: bool, commander: bool) -> None:
        self.players, self.targeting, self.commander = players, targeting, commander
        self.phase = "proposal"
        self.leader = first
        self.rejections = 0  # in this round (rules.md §1.4.5)
        self.results: dict[int, bool] = {}  # mission space -> succeeded, in play order
        self.mission: int | None = None  # the pending team's mission
        self.team: tuple[int, ...] | None = None
        self.winner: str | None = None
        self.reason: str | None = None
        # every spy set the record allows (rules.md §1.1, §1.5)
        self.spy_sets = [frozenset(c) for c in combinations(range(players), SPIES[players])]

    def fails_allowed(self) -> range:
        """The Fail counts some spy set left allows on the pending team (rules.md §1.5)."""
        return range(max(len(s & set(self.team)) for s in self.spy_sets) + 1)

    @property
    def successes(self) -> int:
        return sum(self.results.values())

    @property
    def failures(self) -> int:
        return len(self.results) - self.successes

    def open_missions(self) -> tuple[int, ...]:
        """rules.md §2.1: unplayed spaces; space 5 only after two successes."""
        return tuple(
            k for k in range(1, 6)
            if k not in self.results and (k < 5 or self.successes >= 2)
        )

    def _phase_codes(self, phase: str) -> set[str] | None:
        if self.phase == "game_over":
            return {"errors.game_over"}
        if self.phase != phase:
            return {f"errors.turn.{self.phase}"}
        return None

    def _seat_codes(self, seats) -> set[str]:
        codes, seen = set(), set()
        for seat in seats:
            if not 0 <= seat < self.players:
                codes.add("errors.seat_range")
            elif seat in seen:
                codes.add("errors.player_twice")
            seen.add(seat)
        return codes

    # each *_codes returns the refusal codes that apply; empty = the rules allow the action

    def propose_codes(self, team, mission) -> tuple[set[str], int | None]:
        wrong_phase = self._phase_codes("proposal")
        if wrong_phase:
            return wrong_phase, None
        codes: set[str] = set()
        chosen = None
        if self.targeting:
            if mission is None:
                codes.add("errors.mission_required")
            elif not 1 <= mission <= 5:
                codes |= {"errors.mission_played", "errors.mission_range"}
            elif mission in self.results:
                codes.add("errors.mission_played")
            elif mission == 5 and self.successes < 2:
                codes.add("errors.mission_five_locked")
            else:
                chosen = mission
        else:
            due = len(self.results) + 1
            if mission is not None and mission != due:
                codes.add("errors.mission_not_targeting")
            else:
                chosen = due
        codes |= self._seat_codes(team)
        if chosen is not None and len(team) != TEAM_SIZES[self.players][chosen - 1]:
            codes.add("errors.team_size")
        return codes, chosen

    def vote_codes(self, approvals) -> set[str]:
        return self._phase_codes("vote") or self._seat_codes(approvals)

    def play_codes(self, fails: int) -> set[str]:
        wrong_phase = self._phase_codes("mission")
        if wrong_phase:
            return wrong_phase
        codes = set()
        if not 0 <= fails <= len(self.team):
            codes.add("errors.fails_range")
        if fails > SPIES[self.players]:
            codes.add("errors.fails_spies")
        if fails not in self.fails_allowed():
            codes.add("errors.record_impossible")
        return codes

    def assassinate_codes(self, target: int, commander: int) -> set[str]:
        if not self.commander:
            return {"errors.no_commander_module"}
        codes = self._phase_codes("assassination") or self._seat_codes(
            [target]) | self._seat_codes([commander])
        if not codes and all(commander in s for s in self.spy_sets):  # a spy is no Commander
            codes.add("errors.commander_impossible")
        return codes

    # the rules' effect of an allowed action

    def propose(self, team, mission: int) -> None:
        self.phase, self.mission, self.team = "vote", mission, tuple(sorted(team))

    def vote(self, approvals) -> bool:
        approved = 2 * len(set(approvals)) > self.players  # rules.md §1.4.3
        if approved:
            self.phase = "mission"
            return True
        self.rejections += 1
        self.mission = self.team = None
        if self.rejections == 5:  # rules.md §1.4.5
            self.phase, self.winner, self.reason = "game_over", "spies", "five_rejections"
        else:
            self.phase = "proposal"
            self.leader = (self.leader + 1) % self.players  # rules.md §1.4.4
        return False

    def play(self, fails: int) -> None:
        self.spy_sets = [s for s in self.spy_sets if len(s & set(self.team)) >= fails]
        self.results[self.mission] = fails < fails_needed(self.players, self.mission)
        self.mission = self.team = None
        self.rejections = 0  # rules.md §1.4.6
        self.leader = (self.leader + 1) % self.players  # rules.md §1.5
        self.phase = "proposal"
        if self.failures == 3:  # rules.md §1.6
            self.phase, self.winner, self.reason = "game_over", "spies", "three_failures"
        elif self.successes == 3:
            if self.commander:  # rules.md §5.1
                self.phase = "assassination"
            else:
                self.phase, self.winner, self.reason = "game_over", "resistance", "three_successes"

    def assassinate(self, target: int, commander: int) -> None:
        self.spy_sets = [s for s in self.spy_sets if commander not in s]
        self.phase = "game_over"
        if target == commander:
            self.winner, self.reason = "spies", "assassinated_commander"
        else:
            self.winner, self.reason = "resistance", "assassin_missed"


def apply(game: Game, action: tuple[str, dict]) -> Game:
    name, kwargs = action
    return getattr(game, name)(**kwargs)


class GameMachine(RuleBasedStateMachine):
    """Random legal and illegal actions; the engine must agree with the model at every step."""

    @initialize(data=st.data())
    def start(self, data) -> None:
        self.finished: list[tuple[dict, list, Game]] = []
        self.new_game(data)

    def new_game(self, data) -> None:
        """Set up a game: 5-10 players, any first leader, with or without Targeting/Commander."""
        players = data.draw(st.integers(5, 10), label="players")
        first = data.draw(st.integers(0, players - 1), label="first_leader")
        targeting = data.draw(st.booleans(), label="targeting")
        commander = data.draw(st.booleans(), label="commander")
        self.setup = {
            "players": players,
            "first_leader": first,
            "modules": ["commander"] if commander else [],
            "variants": ["targeting"] if targeting else [],
        }
        self.game = Game.new(**self.setup)
        self.model = Model(players, first, targeting, commander)
        self.accepted: list[tuple[str, dict]] = []
        self.assassinated = False
        self.check_agrees()

    # -- the one place actions happen ------------------------------------------------------------

    def act(self, name: str, kwargs: dict, codes: set[str]) -> bool:
        """Try the action; the engine must refuse it exactly when `codes` is not empty."""
        # The game is a frozen dataclass of immutable values: a shallow copy keeps every field
        # as it was, and the repr covers the nested records too (cheaper than a deepcopy).
        before, text = copy.copy(self.game), repr(self.game)
        try:
            after = apply(self.game, (name, kwargs))
        except RuleError as error:
            assert codes, f"{name}{kwargs} refused with {error.code} {error.params}; rules allow it"
            assert error.code in codes, f"{name}{kwargs}: {error.code} not in {codes}"
            assert self.game == before and repr(self.game) == text, "a refusal changed the game"
            return False
        assert not codes, f"{name}{kwargs} accepted; the rules refuse it with one of {codes}"
        assert self.game == before and repr(self.game) == text, (
            "an action changed the old game instead of returning a new one"
        )
        self.previous, self.game = self.game, after
        self.accepted.append((name, kwargs))
        return True

    def do_propose(self, team, mission) -> None:
        codes, chosen = self.model.propose_codes(team, mission)
        leader = self.game.leader
        if self.act("propose", {"team": tuple(team), "mission": mission}, codes):
            self.model.propose(team, chosen)
            assert self.game.leader == leader  # a proposal alone moves nobody
        self.check_agrees()

    def do_vote(self, approvals) -> None:
        codes = self.model.vote_codes(approvals)
        leader = self.game.leader
        if self.act("vote", {"approvals": tuple(approvals)}, codes):
            approved = self.model.vote(approvals)
            if approved:
                assert self.game.leader == leader
            elif self.game.winner is None:
                # rules.md §1.7: one seat clockwise after every rejected proposal
                assert self.game.leader == (leader + 1) % self.game.players
        self.check_agrees()

    def do_play(self, fails: int) -> None:
        codes = self.model.play_codes(fails)
        leader = self.game.leader
        if self.act("play_mission", {"fails": fails}, codes):
            self.model.play(fails)
            if self.game.phase in PLAYING:
                # rules.md §1.5: one seat clockwise after every mission
                assert self.game.leader == (leader + 1) % self.game.players
        self.check_agrees()

    def do_assassinate(self, target: int, commander: int) -> None:
        codes = self.model.assassinate_codes(target, commander)
        if self.act("assassinate", {"target": target, "commander": commander}, codes):
            self.model.assassinate(target, commander)
            self.assassinated = True
        self.check_agrees()

    # -- legal actions -----------------------------------------------------------------------------

    def legal(self, data, approve_bias: bool) -> None:
        game, model, players = self.game, self.model, self.model.players
        if model.phase == "proposal":
            if model.targeting:
                mission = data.draw(st.sampled_from(model.open_missions()), label="mission")
            else:
                due = len(model.results) + 1
                mission = data.draw(st.sampled_from([None, due]), label="mission")
            size = TEAM_SIZES[players][(mission or len(model.results) + 1) - 1]
            team = data.draw(
                st.lists(st.integers(0, players - 1), min_size=size, max_size=size, unique=True),
                label="team",
            )
            self.do_propose(team, mission)
        elif model.phase == "vote":
            if approve_bias:
                count = data.draw(st.integers(players // 2 + 1, players), label="approving")
                approvals = data.draw(st.permutations(range(players)), label="order")[:count]
            else:
                seats = st.sets(st.integers(0, players - 1))
                approvals = sorted(data.draw(seats, label="approvals"))
            self.do_vote(approvals)
        elif model.phase == "mission":
            top = max(model.fails_allowed())
            self.do_play(data.draw(st.integers(0, top), label="fails"))
        elif model.phase == "assassination":
            loyal = [s for s in range(players) if any(s not in spies for spies in model.spy_sets)]
            commander = data.draw(st.sampled_from(loyal), label="commander")
            target = data.draw(
                st.one_of(st.just(commander), st.integers(0, players - 1)), label="target"
            )
            self.do_assassinate(target, commander)
        else:  # game over: keep it for the replay check and start another game
            event(f"game over: {game.reason}")
            self.finished.append((self.setup, self.accepted, self.game))
            self.new_game(data)

    @rule(data=st.data())
    def legal_step(self, data) -> None:
        self.legal(data, approve_bias=False)

    @rule(data=st.data())
    def legal_step_approving(self, data) -> None:
        self.legal(data, approve_bias=True)

    # -- any action, mostly illegal ----------------------------------------------------------------

    @rule(data=st.data())
    def any_action(self, data) -> None:
        players = self.model.players
        seat = st.integers(-2, players + 1)
        kind = data.draw(st.sampled_from(["propose", "vote", "play", "assassinate"]), label="kind")
        if kind == "propose":
            team = data.draw(
                st.one_of(
                    st.lists(seat, max_size=players + 2),  # any size, repeats, outside seats
                    st.integers(1, 5).flatmap(  # right size for some mission, distinct seats
                        lambda m: st.lists(
                            st.integers(0, players - 1), min_size=TEAM_SIZES[players][m - 1],
                            max_size=TEAM_SIZES[players][m - 1], unique=True,
                        )
                    ),
                ),
                label="team",
            )
            mission = data.draw(st.one_of(st.none(), st.integers(-1, 7)), label="mission")
            self.do_propose(team, mission)
        elif kind == "vote":
            approvals = data.draw(
                st.one_of(st.lists(seat, max_size=players + 2),
                          st.sets(st.integers(0, players - 1)).map(sorted)),
                label="approvals",
            )
            self.do_vote(approvals)
        elif kind == "play":
            spies = SPIES[players]
            fails = data.draw(
                st.one_of(st.integers(-2, 7), st.integers(spies, spies + 2)), label="fails"
            )
            self.do_play(fails)
        else:
            self.do_assassinate(data.draw(seat, label="target"), data.draw(seat, label="commander"))

    # -- checks ------------------------------------------------------------------------------------

    def check_agrees(self) -> None:
        game, model = self.game, self.model
        playing = model.phase in PLAYING
        assert game.phase == model.phase
        assert (game.winner, game.reason) == (model.winner, model.reason)
        assert (game.successes, game.failures) == (model.successes, model.failures)
        assert game.leader == (model.leader if playing else None)
        assert game.attempt == (model.rejections + 1 if playing else None)
        if model.phase in ("vote", "mission"):
            expected_mission = model.mission
        elif model.phase == "proposal" and not model.targeting:
            expected_mission = len(model.results) + 1
        else:
            expected_mission = None
        assert game.mission == expected_mission
        assert game.team == model.team
        if expected_mission is not None:
            assert game.team_size == TEAM_SIZES[model.players][expected_mission - 1]
            assert game.fails_needed == fails_needed(model.players, expected_mission)
        if model.targeting and model.phase == "proposal":
            assert tuple(game.open_missions) == model.open_missions()
        assert set(game.deals.spy_sets()) == set(model.spy_sets)
        if model.phase == "mission":
            assert game.inputs()[0].choices == tuple(model.fails_allowed())

    @invariant()
    def at_most_five_attempts(self) -> None:
        """rules.md §1.4.5: the fifth rejection ends the game, so attempts are 1-5."""
        assert self.game.attempt is None or 1 <= self.game.attempt <= 5

    @invariant()
    def over_exactly_when_a_win_condition_holds(self) -> None:
        """rules.md §1.6 / §5.1: the game is over exactly when a win condition holds."""
        game, model = self.game, self.model
        resistance_won = game.successes == 3 and (not model.commander or self.assassinated)
        spies_won = game.failures == 3 or model.rejections == 5
        assert (game.phase == "game_over") == (resistance_won or spies_won)
        assert (game.winner is None) == (game.phase != "game_over")
        assert (game.phase == "assassination") == (
            model.commander and game.successes == 3 and not self.assassinated
        )
        assert game.successes <= 3 and game.failures <= 3
        if game.winner is not None:
            assert game.reason in (SPY_REASONS if game.winner == "spies" else RESISTANCE_REASONS)
            assert game.leader is None and game.mission is None and game.attempt is None
        if game.reason == "three_successes":
            assert game.successes == 3 and not model.commander
        if game.reason in ("assassin_missed", "assassinated_commander"):
            assert game.successes == 3 and model.commander and self.assassinated
        if game.reason == "three_failures":
            assert game.failures == 3
        if game.reason == "five_rejections":
            assert model.rejections == 5

    def teardown(self) -> None:
        """Replaying the accepted actions from Game.new gives an equal game (every game)."""
        if not hasattr(self, "game"):
            return
        for setup, accepted, game in self.finished + [(self.setup, self.accepted, self.game)]:
            replayed = Game.new(**setup)
            for action in accepted:
                replayed = apply(replayed, action)
            assert replayed == game


GameMachine.TestCase.settings = settings(
    max_examples=150,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestGameMachine = GameMachine.TestCase


# -- random_game -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(5, 11))
@pytest.mark.parametrize("targeting", [False, True])
@pytest.mark.parametrize("commander", [False, True])
def test_random_games_end_consistently(players: int, targeting: bool, commander: bool) -> None:
    """rules.md §1.6 / §5.1: every random game ends with a winner and an agreeing reason."""
    for seed in range(40):
        game = random_game(
            players, random.Random(seed),
            modules=["commander"] if commander else [],
            variants=["targeting"] if targeting else [],
        )
        assert game.phase == "game_over"
        reasons = RESISTANCE_REASONS if game.winner == "resistance" else SPY_REASONS
        assert game.reason in reasons
        if game.reason in ("three_successes", "assassin_missed", "assassinated_commander"):
            assert game.successes == 3
        if commander:
            assert game.reason != "three_successes"
        else:
            assert game.reason not in ("assassin_missed", "assassinated_commander")


def test_random_play_win_rates() -> None:
    """design.md §6: 5 players, approve 0.5, fail 0.5 -> resistance 0.500, spies by missions
    0.380, spies by five rejections 0.121 (rules.md §1.4-1.6 together)."""
    games = 4000
    counts = Counter(
        random_game(5, random.Random(seed), approve=0.5, fail=0.5).reason for seed in range(games)
    )
    assert set(counts) <= {"three_successes", "three_failures", "five_rejections"}
    rates = {reason: n / games for reason, n in counts.items()}
    assert rates.get("three_successes", 0) == pytest.approx(0.500, abs=0.03), rates
    assert rates.get("three_failures", 0) == pytest.approx(0.380, abs=0.03), rates
    assert rates.get("five_rejections", 0) == pytest.approx(0.121, abs=0.03), rates
