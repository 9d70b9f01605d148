"""The host's hands in a real terminal of 80 columns run by tmux (issue 35, item 4): the
Fail-card menu takes number keys, Ctrl-C during the guided reveal stops the reading and offers
to read again or go on, and `undo` right after a refused command asks before it takes back
the action before it."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys

import pytest
from test_guided_screen import Screen, question, words

from moderator import narration
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


def screen_with_voice(home, tmp_path, *args: str) -> Screen:
    """`moderator ARGS` in tmux, the reveal spoken by espeak-ng and played by a stand-in
    sound device that takes as long as each line lasts."""
    soxi = shutil.which("soxi")
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "ffplay").write_text(
        f'#!/bin/sh\nfor last; do :; done\nsleep "$({soxi} -D "$last")"\n')
    (folder / "ffplay").chmod(0o755)
    return Screen(home, tmp_path / "tmux", *args,
                  env={"MODERATOR_VOICE": "espeak", "PATH": f"{folder}:{os.environ['PATH']}",
                       "MODERATOR_CACHE": str(tmp_path / "cache")})


@pytest.mark.skipif(shutil.which("espeak-ng") is None or shutil.which("soxi") is None,
                    reason="espeak-ng and sox are not installed (.ci/run installs them)")
@pytest.mark.parametrize("lang", ["en", "de"])
def test_ctrl_c_during_the_guided_reveal_offers_to_read_again_or_go_on(lang, home, play,
                                                                         tmp_path):
    play(f"new --players 5 --leader 1 --no-play --lang {lang}")
    screen = screen_with_voice(home, tmp_path, "play")
    first = t(lang, "reading.line", number=1, text=t(lang, "script.close"))
    try:
        asked(screen, t(lang, "play.start_question"))
        keys(screen, "Down", "Enter")  # the setup checklist and the reveal
        asked(screen, t(lang, "play.checklist_question"))
        keys(screen, "Enter")
        screen.wait(lambda lines: first.strip() in words(" ".join(lines)), "the first line")
        keys(screen, "C-c")
        lines = asked(screen, t(lang, "play.reveal_stopped"))
        shown = words(" ".join(lines))
        assert t(lang, "setup.reveal_heading") not in shown  # nothing to read out by hand
        assert shown.index(t(lang, "play.reveal_read_again")) \
            < shown.index(t(lang, "play.reveal_done"))
        keys(screen, "Enter")  # read it again
        screen.wait(lambda lines: words(" ".join(lines)).count(first.strip()) == 2,
                    "the first line read again")
        keys(screen, "C-c")
        asked(screen, t(lang, "play.reveal_stopped"))
        keys(screen, "Down", "Enter")  # go on
        asked(screen, t(lang, "play.team_question", team="", count=2, mission=1).split()[0])
    finally:
        screen.close()
    assert actions(home) == []  # nothing recorded, and guided play still runs


# -- undo right after a refused command ----------------------------------------------------


def typed(home, line: str, *answers: str, lang: str = "en"):
    """A command line typed at a terminal (a pseudo-terminal of its own); `answers` are the
    keys for its menus, each sent once a menu is on screen. What it showed, and its exit."""
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "MODERATOR_LANG"))}
    env.update(MODERATOR_HOME=str(home), TERM="xterm", NO_COLOR="1", LANG="C.UTF-8")
    child = pexpect.spawn(sys.executable, ["-m", "moderator", *line.split()], env=env,
                          encoding="utf-8", timeout=20, dimensions=(40, 120))
    child.logfile_read = shown = io.StringIO()
    for keys_sent in answers:
        while child.expect_exact([t(lang, "history.take_back_question"), "\x1b[6n"]) == 1:
            child.send("\x1b[1;1R")  # the cursor's position, as a terminal answers it
        child.send(keys_sent)
    while child.expect_exact([pexpect.EOF, "\x1b[6n"]) == 1:
        child.send("\x1b[1;1R")
    child.close()
    return shown.getvalue(), child.exitstatus


MISSION = ["new --players 5 --names Anna,Ben,Carl,Dora,Emil --leader 1 --no-play",
           "propose 1 2", "vote --approve all", "mission --fails 1"]


def asking(lang: str, names: list[str], command: str, last: dict) -> str:
    return words(t(lang, "history.after_refusal", command=f"moderator {command}",
                   text=narration.describe_line(lang, names, last)))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_undo_right_after_a_refusal_names_what_it_takes_back_and_asks(lang, home, play):
    play(f"{MISSION[0]} --lang {lang}", *MISSION[1:])
    names = ["Anna", "Ben", "Carl", "Dora", "Emil"]
    before = actions(home)
    assert typed(home, "propose 1 2 9")[1] == 1  # a seat that does not exist: refused
    shown, code = typed(home, "undo", "\r", lang=lang)  # Enter: the first answer, keep it
    assert code == 0 and actions(home) == before
    assert asking(lang, names, "propose 1 2 9", before[-1]) in words(shown)
    assert t(lang, "history.kept") in shown
    assert typed(home, "mission --fails 9")[1] == 1  # refused again
    shown, code = typed(home, "undo", "\x1b[B\r", lang=lang)  # down, Enter: take it back
    assert code == 0 and actions(home)[-1]["type"] == "undo"
    assert t(lang, "history.undo", text=narration.describe_line(lang, names, before[-1])) \
        in words(shown)


def test_undo_asks_only_right_after_the_refusal_and_only_at_a_terminal(home, play, moderator):
    play(*MISSION)
    assert typed(home, "propose 1 2 9")[1] == 1
    result = moderator("undo")  # no terminal: as before, scripts rely on it
    assert result.exit_code == 0 and actions(home)[-1]["type"] == "undo"
    play("mission --fails 0")
    assert typed(home, "vote --approve all")[1] == 1  # refused: a team is needed first
    play("propose 2 3 4")  # accepted since: the refusal is no longer the last command
    shown, code = typed(home, "undo")
    assert code == 0 and t("en", "history.take_back_question") not in shown
    assert actions(home)[-1]["type"] == "undo"
    play("propose 2 3 4")
    moderator("vote --approve 9")  # refused without a terminal: nothing noted
    shown, code = typed(home, "undo")
    assert code == 0 and t("en", "history.take_back_question") not in shown
