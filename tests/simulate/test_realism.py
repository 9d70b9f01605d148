"""docs/simulation.md cannot drift from the simulator (issue 32): the style it shows is the
one the sensible players play, its run is the one `benchmarks/realism.py --write` writes,
and the slow run plays every figure again."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import realism  # noqa: E402

from moderator.simulate.players import Style  # noqa: E402


def document() -> str:
    return realism.written(realism.DOCUMENT.read_text(encoding="utf-8"))


def test_the_document_shows_the_style_the_players_play():
    assert document().startswith(realism.style_table(Style()) + "\n\n")


def test_the_document_says_which_run_it_shows():
    games, seed = realism.DOCUMENT_GAMES, realism.DOCUMENT_SEED
    assert f"\n{games:,} games per count and setup, seed {seed};" in document()


@pytest.mark.parametrize("kind,simulated,real,met", [
    ("spies", 0.633, 0.553, True), ("spies", 0.634, 0.553, False),
    ("spies", 0.62, None, True),
    ("first_team_approved", 0.435, 0.87, True), ("first_team_approved", 0.43, 0.87, False),
    ("rejections_per_round", 2.32, 1.16, True), ("rejections_per_round", 2.33, 1.16, False),
    ("five_rejections", 0.0, 0.009, False), ("five_rejections", 0.05, None, True),
    ("five_rejections", 0.051, 0.009, False),
])
def test_the_bounds_are_the_issues(kind, simulated, real, met):
    """Issue 32's "done when": wins within 8 points, a vote figure within half either way,
    five rejections in some games and at most 5 %."""
    assert realism.within(kind, simulated, real) is met


@pytest.mark.slow  # 36,000 games: the full run only (tests/conftest.py)
def test_the_documents_figures_are_what_the_style_plays():
    assert document() == realism.generated(Style())
