"""The live files beside the games (`<game>.live.json`, `display.live.json`) at their edges
(issue 35, item 6): one that is a FIFO or a device reads as no signal instead of holding the
reveal forever, and the two processes that write `display.live.json` (the command reading the
reveal aloud, the display counting screens with their sound on) take turns, so neither puts
back what the other has just replaced."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

SETUP = ["new", "--players", "5", "--names", "Anna,Ben,Carl,Dora,Emil", "--leader", "1",
         "--no-play"]


@pytest.fixture
def table(tmp_path, cli) -> Path:
    assert cli(tmp_path, *SETUP).returncode == 0
    return tmp_path


def not_a_file(path: Path, kind: str) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(kind)


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero"])
def test_a_live_file_that_is_not_a_plain_file_reads_as_no_signal(table, say_at_a_terminal,
                                                                  kind):
    game = next((table / "games").glob("*.jsonl")).stem
    not_a_file(table / "games" / f"{game}.live.json", kind)
    not_a_file(table / "games" / "display.live.json", kind)
    status, shown = say_at_a_terminal(table)
    assert status == 0, shown
    assert "Everyone, open your eyes." in shown


READER = """
import sys
from moderator import live
lines, regressions = int(sys.argv[1]), 0
print("ready", flush=True)
sys.stdin.readline()
for number in range(1, lines + 1):
    live.speaking(number, f"line {number}", "en", None, 0.1)
    for _ in range(20):  # the screens' writer may land meanwhile: the line must stay
        said = live.speech()
        if said is None or said["line"] != number:
            regressions += 1
            break
live.silent()
print(regressions, flush=True)
"""
SCREENS = """
import sys
from moderator import live
print("ready", flush=True)
sys.stdin.readline()
count = 0
while True:  # a screen turns its sound on, another off, as fast as can be
    count = count % 3 + 1
    live.screens_listening(count)
"""


def test_the_reader_and_the_display_take_turns_on_display_live_json(table, cli_env):
    env = cli_env(table)
    start = dict(stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    screens = subprocess.Popen([sys.executable, "-c", SCREENS], **start)
    reader = subprocess.Popen([sys.executable, "-c", READER, "450"], **start)
    try:
        for process in (screens, reader):
            assert process.stdout.readline() == "ready\n"
        for process in (screens, reader):
            process.stdin.write("go\n")
            process.stdin.flush()
        regressions = reader.communicate(timeout=120)[0]
    finally:
        screens.kill()
        screens.communicate()
        reader.kill()
    assert int(regressions) == 0
    fields = json.loads((table / "games" / "display.live.json").read_text())
    assert set(fields) == {"screens"}  # the reader's line went with its end
