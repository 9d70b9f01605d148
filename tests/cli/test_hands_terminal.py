"""The host's hands in a real terminal of 80 columns run by tmux (issue 35, item 4): the
Fail-card menu takes number keys, Ctrl-C during the guided reveal stops the reading and offers
to read again or go on, and `undo` right after a refused command asks before it takes back
the action before it."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from test_guided_screen import Screen, question, words

from moderator.i18n import t

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")]


def keys(screen: Screen, *names: str) -> None:
    """Keys as tmux names them (`Enter`, `C-c`), or text sent as it is."""
    for name in names:
        literal = [] if name in ("Enter", "C-c", "Down") else ["-l"]
        subprocess.run([*screen.tmux, "send-keys", "-t", "host", *literal, name], check=True)


def asked(screen: Screen, text: str) -> list[str]:
    return screen.wait(lambda lines: question(lines) is not None
                       and text in words(" ".join(lines[question(lines):])), text)


def actions(home) -> list[dict]:
    path = sorted((home / "games").glob("*.jsonl"))[-1]
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()[1:]]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_fail_card_menu_takes_number_keys(lang, home, play, tmp_path):
    play(f"new --players 7 --leader 1 --no-play --lang {lang}", "propose 1 2",
         "vote --approve all", "mission --fails 0", "propose 2 3 4", "vote --approve all")
    screen = Screen(home, tmp_path / "tmux", "play")
    try:
        lines = asked(screen, t(lang, "play.fails_question"))
        keys(screen, "2")
        screen.wait(lambda lines: any(line.lstrip().startswith("» ") and
                                      t(lang, "play.fails_fail", count=2) in line
                                      for line in lines), "the pointer at two Fail cards")
        assert t(lang, "play.hint_count") in words(" ".join(lines))
        keys(screen, "Enter")
        screen.wait(lambda lines: len(actions(home)) == 6, "the mission recorded")
    finally:
        screen.close()
    assert actions(home)[-1]["type"] == "mission" and actions(home)[-1]["fails"] == 2
