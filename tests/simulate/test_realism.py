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


def misses(text: str) -> set[tuple[str, str, int]]:
    """The figures the document marks as missing issue 32's bounds (✗): (setup, figure,
    player count)."""
    found, setup, counts = set(), "", []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|"):
            counts = []  # between tables
            continue
        if cells[1:] and all(c.isdigit() for c in cells[1:]):  # a table of player counts
            setup, counts = cells[0], [int(c) for c in cells[1:]]
            continue
        if not counts or cells[0].startswith("---"):
            continue
        found |= {(setup, cells[0], n) for n, c in zip(counts, cells[1:], strict=True)
                  if "✗" in c}
    return found


#: What the fitted style misses of issue 32's "done when", as the document shows it (its
#: slow test plays the figures again): nothing. A change to the style or the players that
#: misses a bound shows here.
KNOWN_MISSES: set[tuple[str, str, int]] = set()


def test_the_document_shows_which_figures_miss_the_issues_bounds():
    """Issue 32's "done when": at every count the spies' wins with the Commander setup
    within 8 points, the three vote figures within half either way there and in the base
    game, five-rejection endings in some games and at most 5 %, with Plot cards too. What
    the document marks ✗ is what is not done; a change to it is a change to this list."""
    assert misses(document()) == KNOWN_MISSES


def test_a_miss_is_read_from_the_documents_tables():
    text = "\n".join(["| figure | value |", "|---|---|", "| `gut` | 0 ✗ |", "",
                      "| base game (held aside) | 5 | 6 |", "|---|---|---|",
                      "| spies win | 51.0 % | 60.0 % ✗ |", "", "| Plot cards | 5 | 6 |",
                      "| ended by five rejections | 0.0 % ✗ | 1.0 % |"])
    assert misses(text) == {("base game (held aside)", "spies win", 6),
                            ("Plot cards", "ended by five rejections", 5)}


@pytest.mark.slow  # 90,000 games: the full run only (tests/conftest.py)
def test_the_documents_figures_are_what_the_style_plays():
    assert document() == realism.generated(Style())
