"""Counting simulated games (issues 24 and 32): the same seed gives the same games, two
setups compared meet the same seeds, every rate has its interval, and the sensible players'
figures hold against real tables."""

from __future__ import annotations

import math
import random

import pytest

from moderator.simulate import balance, random_game
from moderator.simulate.balance import Setup

COMMANDER = Setup(("commander",), roles=("body-guard", "false-commander"))


def test_a_simulation_with_a_seed_repeats_and_another_seed_differs():
    first = balance.simulate(6, COMMANDER, 200, 5)
    assert balance.simulate(6, COMMANDER, 200, 5) == first
    assert balance.simulate(6, COMMANDER, 200, 6) != first
    assert sum(w["count"] for w in first["wins"].values()) == 200
    assert sum(r["count"] for r in first["reasons"].values()) == 200
    assert set(first["reasons"]) <= {"three_successes", "three_failures", "five_rejections",
                                     "assassinated_commander", "assassin_missed"}


def test_a_setup_compared_with_itself_differs_by_nothing():
    """No game differs: the difference is 0 with a score interval around it (never of zero
    width), and the comparison says so (`differing`)."""
    same = balance.compare(7, (COMMANDER, COMMANDER), 100, 3)
    change = same["difference"]["spies"]
    assert change["rate"] == 0.0 and change["low"] < 0 < change["high"]
    assert same["differing"] == 0
    assert same["setups"][0] == same["setups"][1] == balance.simulate(7, COMMANDER, 100, 3)


def test_the_difference_of_a_comparison_is_paired_by_seed():
    """A Trapper at 8 players against none: the difference is B's rate less A's, and its
    interval is that of the paired differences (narrower than two separate intervals)."""
    pair = (Setup(), Setup(("trapper",)))
    result = balance.compare(8, pair, 400, 1)
    first, second = (s["spies"] for s in result["setups"])
    change = result["difference"]["spies"]
    assert change["rate"] == pytest.approx(second["rate"] - first["rate"], abs=1e-4)
    separate = (first["high"] - first["low"]) + (second["high"] - second["low"])
    assert 0 < change["high"] - change["low"] < separate
    assert result["differing"] > 0
    # the leader traps a card on every mission (rules.md §5.3): in every game with one
    played = balance.outcomes(8, pair[1], 400, 1)
    missions = sum(1 for p in played if not (p.reason == "five_rejections" and p.rounds == 1))
    assert result["setups"][1]["acted"]["trapper"]["count"] == missions > 0


def test_a_share_has_wilsons_score_interval():
    """Wilson's interval: inside [0, 1], around the rate, and of some width at 0 % (a rate
    never seen in 1,000 games may still be 0.4 %)."""
    assert balance.share(0, 1000) == {"rate": 0.0, "low": 0.0, "high": 0.0038}
    assert balance.share(1000, 1000) == {"rate": 1.0, "low": 0.9962, "high": 1.0}
    half = balance.share(500, 1000)
    assert half["low"] == pytest.approx(0.4691, abs=1e-4) and half["high"] == pytest.approx(
        0.5309, abs=1e-4)


@pytest.mark.parametrize("gained,lost,games", [(0, 0, 1000), (0, 0, 5), (10, 3, 1000),
                                               (100, 60, 1000), (5, 0, 5), (2, 7, 40)])
def test_the_paired_difference_has_tangos_score_interval(gained, lost, games):
    """Tango's score interval, checked against the score test worked out here by brute
    force: at each end the constrained likelihood's maximum found numerically, and the
    score statistic there is the 95 % quantile."""
    low, high = balance.paired_interval(gained, lost, games)
    estimate = (gained - lost) / games
    assert low <= estimate <= high and high - low > 0

    def statistic(delta: float) -> float:
        def minus_log_likelihood(p: float) -> float:  # p: the cell the spies lost in
            cells = ((gained, p + delta), (lost, p), (games - gained - lost, 1 - 2 * p - delta))
            return -sum(n * math.log(q) for n, q in cells if n)
        lo, hi = max(0.0, -delta) + 1e-12, (1 - delta) / 2 - 1e-12
        for _ in range(200):  # golden-section search for the constrained maximum
            a, b = lo + 0.382 * (hi - lo), lo + 0.618 * (hi - lo)
            if minus_log_likelihood(a) < minus_log_likelihood(b):
                hi = b
            else:
                lo = a
        p = (lo + hi) / 2
        var = games * (2 * p + delta * (1 - delta))
        return (gained - lost - games * delta) / math.sqrt(var)

    for end, target in ((low, balance.Z95), (high, -balance.Z95)):
        if -1 < end < 1:
            assert statistic(end) == pytest.approx(target, abs=1e-3)


def test_a_game_counts_its_votes_as_the_real_figures_are_counted():
    """Five players: round 1 approves its second team, round 2 reaches a fifth team that is
    approved, round 3 its first; the first team of the game was rejected."""
    from moderator.rules import Game

    game = Game.new(5, 0)
    game = game.propose([0, 1]).vote([0]).propose([1, 2]).vote(range(5)).play_mission(0)
    for leader in range(4):
        game = game.propose([(2 + leader) % 5, (3 + leader) % 5, (4 + leader) % 5]).vote([])
    game = game.propose([1, 2, 3]).vote(range(5)).play_mission(0)
    game = game.propose([2, 3]).vote(range(5)).play_mission(0)
    played = balance.counted(game)
    assert played.winner == "resistance" and played.reason == "three_successes"
    assert not played.first_approved
    assert (played.rounds, played.rejections, played.fifth) == (3, 5, 1)
    votes = balance.votes([played])
    assert votes["first_team_approved"]["rate"] == 0.0
    assert votes["rejections_per_round"]["rate"] == pytest.approx(5 / 3, abs=1e-4)
    assert votes["rounds_to_fifth"]["rate"] == pytest.approx(1 / 3, abs=1e-4)
    assert set(votes) == {"first_team_approved", "rejections_per_round", "rounds_to_fifth",
                          "five_rejections"}


def test_the_sergeant_switches_and_moves_games():
    """rules.md §8: the simulated Sergeant acts (a spy Sergeant frames a loyal team member,
    a resistance one switches a player they are sure of), so a compare with the module
    moves games, and says how often the Sergeant switched."""
    result = balance.compare(7, (Setup(), Setup(("sergeant",))), 150, 2)
    switched = result["setups"][1]["acted"]["sergeant"]
    assert 0 < switched["count"] < 150 and switched["low"] < switched["rate"]
    assert result["differing"] > 0
    assert "acted" not in result["setups"][0]


def test_random_players_play_the_games_of_the_engine_benchmark_loop():
    """The base game's coin flips draw as the tight loop of benchmarks/tight.py does: the
    first leader, the spies, the team, one draw per seat, one per spy on the sorted team."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import tight

    for players in (5, 8, 10):
        rng = random.Random(players)
        mine = [random_game(players, rng).reason for _ in range(300)], rng.getstate()
        assert mine == tight.tight_games(players, players, 300)


def test_random_play_at_five_players_matches_the_known_rates():
    """A statistical check of the rules (design.md §6; rules.md §1.4 five rejections, §1.5,
    §1.6): resistance ≈ 0.500, spies by missions ≈ 0.380, by five rejections ≈ 0.121.
    3,000 games: three standard errors are under 0.03."""
    rates = {why: r["rate"] for why, r in
             balance.simulate(5, Setup(policy="random"), 3000, 2026)["reasons"].items()}
    assert rates["three_successes"] == pytest.approx(0.500, abs=0.03)
    assert rates["three_failures"] == pytest.approx(0.380, abs=0.03)
    assert rates["five_rejections"] == pytest.approx(0.121, abs=0.02)


@pytest.mark.slow  # 6,000 games: the full run only (tests/conftest.py)
@pytest.mark.parametrize("modules", [("plot",), ("rogue",), ("sergeant",), ("commander",),
                                     ("defector",), ("trapper",), ("inquisitor",), ("hunter",),
                                     ("reverser",)])
def test_every_module_moves_a_game(modules):
    """Issue 32: a compare with any module moves at least one game, and its players make
    the module's choices."""
    result = balance.compare(7, (Setup(), Setup(modules)), 300, 5)
    assert result["differing"] > 0
    assert result["setups"][1]["acted"][modules[0]]["count"] > 0


def test_the_assassin_names_the_player_whose_votes_looked_best_informed():
    """rules.md §5.1: the Assassin names the Commander. Seat 2 rejects every team with a spy
    and approves the clean one; seat 1 does the opposite; seat 0 leads a team with a spy."""
    from moderator.rules import Game
    from moderator.simulate.players import informed

    spies = frozenset({3, 4})
    game = Game.new(5, 0)
    game = game.propose([0, 3]).vote([0, 1, 3, 4])  # a spy on it: 2 rejects
    game = game.play_mission(1)
    game = game.propose([1, 2, 4]).vote([1, 3])  # a spy on it: 2 rejects
    game = game.propose([0, 1, 2]).vote([0, 2])  # clean: 1 rejects
    score = informed(game, spies, [0, 1, 2])
    assert max(score, key=score.__getitem__) == 2
    assert score[2] > score[0] > score[1]
