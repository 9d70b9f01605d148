"""The benchmark's own honesty (issue 18): its tight loop plays the very games the engine
plays, and it refuses to measure an install that would flatter the figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import tight  # noqa: E402


@pytest.mark.parametrize("players", range(5, 11))
def test_the_tight_loop_ends_every_seeded_game_as_the_engine_does(players):
    """rules.md §1.2-§1.6: the same team sizes, votes, two-fail fourth mission and ends; 500
    games in a row from one seed, and the same random draws (equal generator states)."""
    assert tight.tight_games(players, players, 500) == tight.engine_games(players, players, 500)


def test_the_loop_would_notice_a_different_rule():
    """The check can fail: a loop with another size of the first team ends other games."""
    ended, _ = tight.engine_games(5, 1, 200)
    saved = tight.SIZES[5]
    try:
        tight.SIZES[5] = (3, 3, 2, 3, 3)
        assert tight.tight_games(5, 1, 200)[0] != ended
    finally:
        tight.SIZES[5] = saved


@pytest.mark.integration
def test_the_benchmark_refuses_an_editable_install():
    """This test environment is an editable install (the README's test command)."""
    done = subprocess.run([sys.executable, str(BENCHMARKS / "speed.py"), "--python",
                           sys.executable, "--only", "version"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Refused" in done.stderr and ("editable" in done.stderr or "checkout" in done.stderr)


@pytest.mark.integration
def test_the_benchmark_refuses_an_unknown_row():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "speed.py"), "--python",
                           sys.executable, "--only", "nonsense"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "nonsense" in done.stderr
