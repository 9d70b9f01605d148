"""Guided play on a laptop's screen (issue 17): in a real terminal of 80 columns and 30 rows,
run by tmux, the result of every step stands on screen right above the next question, under a
compact table (the score, the vote track, the leaders), however much the game has shown
before; the full table waits for `t`.

A game of nine with Plot cards (rules.md §3) is played through two rounds, in English and in
German: the draws, the hand-outs, the cards that act at once, a card offered and declined,
the teams, the votes and the missions. After each step the screen is captured as the host
sees it. Keys are sent only once their question is on screen; every wait has a timeout. The
log equals the log the commands write for the same game.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from moderator import narration, session
from moderator.i18n import t

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")]

COLUMNS, ROWS = 80, 30
WAIT = 20  # seconds for any one screen to appear
NEW = "new --players 9 --modules plot --leader 1 --seed 3 --no-play"
ENTER = "Enter"

#: The host's keys, step by step, and how many actions each records (a hand-out of Take
#: Responsibility records the card taken at once: its only possible target is said).
STEPS = [
    (ENTER, 0),  # start with the first team
    (ENTER, 1),  # Player 1 lets moderator draw: Opinion Maker, Take Responsibility, Overheard
    (ENTER, 0),  # the leader hands out Opinion Maker first ...
    (ENTER, 1),  # ... to Player 2
    (ENTER, 0),  # then Take Responsibility ...
    (ENTER, 2),  # ... to Player 3, who takes Opinion Maker from Player 2
    (ENTER, 1),  # the last card, Overheard Conversation, to Player 4 ...
    (ENTER, 1),  # ... who looks at Player 3's card
    ("123", 1),  # the team
    ("89", 1),  # Player 8 and Player 9 reject
    (ENTER, 1),  # no Fail card
    (ENTER, 1),  # Player 2 lets moderator draw: Close Eye, No Confidence, Close Eye
    (ENTER, 0), (ENTER, 1),  # Close Eye first, to the first player offered
    (ENTER, 0), (ENTER, 1),  # then No Confidence, likewise
    (ENTER, 1),  # the last Close Eye
    ("1234", 1),  # the team
    (ENTER, 1),  # everyone approves
    (ENTER, 0),  # Player 3 keeps No Confidence
]

#: The same game through the commands.
COMMANDS = [
    "plot draw", "plot give opinion 2", "plot give take 3",
    "plot use take_responsibility --target 2 --take opinion_maker", "plot give overheard 4",
    "plot use overheard --target 3", "propose 1 2 3", "vote --reject 8,9", "mission --fails 0",
    "plot draw", "plot give close 1", "plot give no_confidence 3", "plot give close 4",
    "propose 1 2 3 4", "vote --reject none",
]


class Screen:
    """A terminal of its own, run by a tmux server of its own."""

    def __init__(self, home: Path, socket: Path, *args: str,
                 env: dict[str, str] | None = None, rows: int = ROWS) -> None:
        self.home, self.tmux = home, ["tmux", "-S", str(socket), "-f", "/dev/null"]
        self.rows = rows
        environment = {k: v for k, v in os.environ.items()
                       if not k.startswith(("MODERATOR_", "LC_", "TMUX")) and k != "COLUMNS"}
        environment.update(MODERATOR_HOME=str(home), MODERATOR_VOICE="off", NO_COLOR="1",
                           LANG="C.UTF-8", PYTHONIOENCODING="utf-8", TERM="screen")
        environment.update(env or {})
        command = " ".join([sys.executable, "-m", "moderator", *args])
        subprocess.run([*self.tmux, "new-session", "-d", "-x", str(COLUMNS), "-y", str(rows),
                        "-s", "host", f"{command}; echo exit $?; sleep {WAIT * 3}"],
                       env=environment, check=True)

    def lines(self) -> list[str]:
        shown = subprocess.run([*self.tmux, "capture-pane", "-p", "-t", "host"],
                               capture_output=True, text=True, check=True).stdout
        return shown.split("\n")[:self.rows]

    def type(self, keys: str) -> None:
        if keys == ENTER:
            subprocess.run([*self.tmux, "send-keys", "-t", "host", "Enter"], check=True)
        else:
            subprocess.run([*self.tmux, "send-keys", "-t", "host", "-l", keys], check=True)
            subprocess.run([*self.tmux, "send-keys", "-t", "host", "Enter"], check=True)

    def wait(self, ready, what: str) -> list[str]:
        """The screen once `ready(lines)` holds; a timeout fails with the screen."""
        deadline = time.monotonic() + WAIT
        while True:
            lines = self.lines()
            if ready(lines):
                return lines
            if time.monotonic() > deadline:
                pytest.fail(f"waited for {what}; the screen:\n" + "\n".join(lines))
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)


def question(lines: list[str]) -> int | None:
    """The row of the question being asked (questionary's "? " mark), if one is."""
    rows = [row for row, line in enumerate(lines) if line.startswith("? ")]
    return rows[-1] if rows else None


def words(text: str) -> str:
    return " ".join(text.split())


def result_right_above(lines: list[str], results: list[str]) -> bool:
    """Whether the rows right above the question read the step's result lines, in order (a
    long line wraps on screen)."""
    row = question(lines)
    return row is not None and words(" ".join(lines[:row])).endswith(words(" ".join(results)))


def written(home: Path) -> int:
    """How many whole lines the newest game's log has (one may be on its way to disk)."""
    return sorted((home / "games").glob("*.jsonl"))[-1].read_text("utf-8").count("\n")


def log_of(home: Path) -> list[dict]:
    """The newest game's log, without time stamps, game id, creation time."""
    path = sorted((home / "games").glob("*.jsonl"))[-1]
    entries = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    setup = {k: v for k, v in entries[0].items() if k not in ("created", "game")}
    return [setup] + [{k: v for k, v in e.items() if k != "at"} for e in entries[1:]]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_steps_result_stands_right_above_the_next_question(
        lang, home, moderator, tmp_path, monkeypatch):
    assert moderator(f"{NEW} --lang {lang}").exit_code == 0
    game_id = session.open_game(None).game_id
    screen = Screen(home, tmp_path / "tmux", "play")
    try:
        lines = screen.wait(lambda lines: question(lines) is not None and t(
            lang, "play.start_question") in lines[question(lines)], "the first question")
        recorded, asked = 1, lines[question(lines)]
        for keys, actions in STEPS:
            screen.type(keys)
            if not actions:  # nothing recorded: the next question comes
                lines = screen.wait(lambda lines, before=asked: question(lines) is not None
                                    and lines[question(lines)] != before, "the next question")
                asked = lines[question(lines)]
                continue
            recorded += actions
            screen.wait(lambda lines, count=recorded: written(home) == count
                        and question(lines) is not None, f"entry {recorded} of the log")
            current = session.open_game(game_id)
            results = [text for text, _ in narration.result_lines(current, lang)]
            lines = screen.wait(lambda lines, said=results: result_right_above(lines, said),
                                f"the result of entry {recorded}: {results}")
            asked = lines[question(lines)]
            game = current.game
            score = t(lang, "status.score", resistance=game.successes, spies=game.failures)
            leader = t(lang, "status.leader", leader=current.names[game.leader],
                       following=current.names[game.next_leaders[0]])
            above = words(" ".join(lines[:question(lines)]))
            assert words(score) in above and words(leader) in above, "\n".join(lines)
            hints = [t(lang, f"play.{hint}") for hint in ("hint_select", "hint_tick",
                                                           "hint_rejected", "hint_count")]
            below = words(" ".join(lines[question(lines):]))
            assert any(words(hint) in below for hint in hints), "\n".join(lines)  # not cut
        screen.type("q")
        screen.wait(lambda lines: "exit 0" in lines, "the end of guided play")
    finally:
        screen.close()

    monkeypatch.setenv("MODERATOR_HOME", str(tmp_path / "by-commands"))
    for command in (f"{NEW} --lang {lang}", *COMMANDS):
        assert moderator(command).exit_code == 0, command
    assert log_of(home) == log_of(tmp_path / "by-commands")
