"""Guided play offers only what the record allows (rules.md §1.1, §1.5): in a real terminal
run by tmux, the Fail-card menu of a mission lists only the counts some deal of the cards
allows, because guided play asks the engine's inputs, whose limits refuse the rest.

Seven players: mission 1's team Anna and Ben reveals two Fail cards, so both are spies and
the third spy is one of the five others. Mission 2's team of three holds at most that one
spy: the menu offers no Fail card and one, never two or three (which the table's three spies
alone would allow)."""

from __future__ import annotations

import shutil

import pytest

from moderator.i18n import t

from test_guided_screen import Screen, log_of, question

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")]

NAMES = "Anna,Ben,Carl,Dora,Emil,Fritz,Gabi"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_fail_card_menu_offers_only_the_counts_the_record_allows(
        lang, home, play, tmp_path):
    play(f"new --players 7 --names {NAMES} --leader anna --no-play --lang {lang}",
         "propose anna ben", "vote --approve all", "mission --fails 2",
         "propose carl dora emil", "vote --approve all")
    fails = t(lang, "play.fails_question")
    offered = [t(lang, "play.fails_none", mission=2),
               t(lang, "play.fails_fail", count=1, mission=2)]
    ruled_out = [t(lang, "play.fails_fail", count=n, mission=2) for n in (2, 3)]
    screen = Screen(home, tmp_path / "tmux", "play")
    try:
        lines = screen.wait(lambda lines: question(lines) is not None and fails in lines[
            question(lines)] and all(any(o in line for line in lines) for o in offered),
            "the Fail-card menu")
        shown = "\n".join(lines[question(lines):])
        assert all(o in shown for o in offered), shown
        assert not any(r in shown for r in ruled_out), shown
        screen.type("\x1b[B")  # down to one Fail card, and Enter
        screen.wait(lambda lines: len(log_of(home)) == 7, "the mission on disk")
    finally:
        screen.close()
    assert log_of(home)[-1] == {"type": "mission", "fails": 1}
