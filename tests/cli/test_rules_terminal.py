"""A rules question in guided play on a laptop's 80×24 screen (issue 35, item 2): the topic's
title and short answer stand on the screen with the question asking whether to show more; the
details come when the host asks for them. Run in a real terminal by tmux."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from test_guided_screen import Screen, question, words

from moderator import i18n
from moderator.i18n import t

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")]


def send(screen: Screen, *keys: str) -> None:
    for key in keys:
        literal = [] if key in ("Enter", "Down") else ["-l"]
        subprocess.run([*screen.tmux, "send-keys", "-t", "host", *literal, key], check=True)


@pytest.mark.parametrize("lang, asked", [
    ("de", "wann darf die Herrin vom See benutzt werden"),
    ("en", "when can the Lady of the Lake be used"),
])
def test_the_short_answer_stands_on_an_80_by_24_screen_and_the_details_follow(
        lang, asked, home, play, tmp_path):
    play(f"new --players 7 --theme avalon --modules lady-of-the-lake --lang {lang} --no-play",
         "propose 1 2")
    with i18n.speaking("avalon"):
        title = t(lang, "topics.inquisitor.title")
        answer = t(lang, "topics.inquisitor.answer")
        detail = t(lang, "topics.inquisitor.detail")
    screen = Screen(home, tmp_path / "tmux", "play", rows=24)
    try:
        screen.wait(lambda lines: question(lines) is not None, "the vote")
        send(screen, "r")
        screen.wait(lambda lines: t(lang, "play.rules_question") in " ".join(lines),
                    "the rules question")
        send(screen, asked, "Enter")
        lines = screen.wait(lambda lines: t(lang, "play.rules_more") in " ".join(lines),
                            "the short answer")
        shown = words(" ".join(lines))
        assert title in shown and words(answer) in shown  # heading and answer on the screen
        assert words(detail)[:30] not in shown
        send(screen, "Down", "Enter")  # show the details
        lines = screen.wait(lambda lines: words(detail)[-30:] in words(" ".join(lines)),
                            "the details")
    finally:
        screen.close()
