"""The edges a real table hits, in a real terminal of 80 columns run by tmux (issue 25): the
order guided play asks in with Plot cards, and lines wrapped at whole words."""

from __future__ import annotations

import shutil

import pytest
from test_guided_screen import Screen, question, words

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")]

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


def screen_words(lines: list[str]) -> list[str]:
    return " ".join(lines).split()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_80_columns_lines_break_between_words_and_piped_output_keeps_whole_lines(
        lang, home, play, moderator, tmp_path):
    """Issue 25: on a terminal of 80 columns the setup sheet, the next-step hints and the
    legend wrap at word boundaries ("Anfü|hrer" never); piped, each line stays whole."""
    args = f"new --players 7 --modules plot,sergeant --leader 1 --no-play --lang {lang}"
    piped = moderator(args).stdout
    assert max(len(line) for line in piped.splitlines()) > 80  # whole lines, not wrapped
    screen = Screen(home / "terminal", tmp_path / "tmux", *args.split())
    try:
        lines = screen.wait(lambda lines: any(line.startswith("exit ") for line in lines),
                            "the command's end")
    finally:
        screen.close()
    shown = [line for line in lines if line.strip() and not line.startswith("exit ")]
    assert all(len(line) <= 80 for line in shown)
    known = set(piped.split())
    broken = [word for word in screen_words(shown) if word not in known]
    assert broken == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_status_legend_at_80_columns_breaks_between_words(lang, home, play, moderator,
                                                              tmp_path):
    """Issue 25: the legend of `status` (a cancelled approval makes it long) wraps at words."""
    play(f"new --players 7 --modules plot --leader 1 --no-play --lang {lang}",
         "plot draw no_confidence close_eye", "plot give no_conf 3", "plot give close 4",
         "propose 1 2", "vote --approve all", "plot use no_confidence --by 3", "propose 2 3",
         "vote --reject all")
    piped = moderator("status").stdout
    assert max(len(line) for line in piped.splitlines()) > 80
    screen = Screen(home, tmp_path / "tmux", "status")
    try:
        lines = screen.wait(lambda lines: any(line.startswith("exit ") for line in lines),
                            "the command's end")
    finally:
        screen.close()
    shown = [line for line in lines if line.strip() and not line.startswith("exit ")]
    assert all(len(line) <= 80 for line in shown)
    assert [word for word in screen_words(shown) if word not in set(piped.split())] == []
