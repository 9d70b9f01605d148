"""The edges a real table hits, in a real terminal of 80 columns run by tmux (issue 25): the
order guided play asks in with Plot cards, and lines wrapped at whole words."""

from __future__ import annotations

import shutil

import pytest
from test_guided_screen import Screen, question, words

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")

#: The mission's line (the team plays its cards) and the offer of Keeping a Close Eye on You.
CLOSE_EYE = {
    "en": ("play their mission cards for mission 1", "use Keeping a Close Eye on You now?"),
    "de": ("ihre Missionskarten für Mission 1", "„Überwachung“ jetzt spielen?"),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_team_is_told_to_play_before_keeping_a_close_eye_is_offered(
        lang, home, play, tmp_path):
    """rules.md §3.3 window 6, §8: cards down, then Keeping a Close Eye on You, then shuffle
    and reveal; the screen shows the mission's line above the offer."""
    play(f"new --players 5 --modules plot --leader 1 --no-play --lang {lang}",
         "plot draw close_eye", "plot give close_eye 2", "propose 1 2", "vote --approve all")
    screen = Screen(home, tmp_path / "tmux", "play")
    try:
        lines = screen.wait(lambda lines: question(lines) is not None, "the first question")
    finally:
        screen.close()
    mission, offer = CLOSE_EYE[lang]
    assert offer in words(lines[question(lines)])
    assert mission in words(" ".join(lines[:question(lines)]))
