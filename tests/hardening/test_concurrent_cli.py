"""Two terminals writing the same game at once, through the real `moderator` command
(design.md §3: every append is checked and written under the lock). Nothing interleaves:
every line stays whole, every command that said it recorded something is exactly one line
of the log, and each refusal is one clear line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections import Counter

import pytest

pytestmark = pytest.mark.integration

MODERATOR = [sys.executable, "-m", "moderator"]
ROUNDS = 12
REFUSALS = {
    "propose": "Not now: a team is waiting for its vote. Record the vote with moderator vote, "
               "or take the proposal back with moderator undo.",
    "undo": "There is nothing to take back: no action has been recorded.",
}


def test_two_processes_writing_one_game_never_interleave(tmp_path):
    env = {**os.environ, "MODERATOR_HOME": str(tmp_path), "NO_COLOR": "1", "LANG": "C.UTF-8"}
    env.pop("MODERATOR_LANG", None)
    subprocess.run([*MODERATOR, "new", "--players", "5", "--leader", "1", "--no-play"],
                   env=env, check=True, capture_output=True)
    start = threading.Barrier(2)
    outcomes: list[tuple[str, int, str]] = []

    def host(team: list[str]) -> None:
        start.wait()
        for _ in range(ROUNDS):
            for args in (["propose", *team], ["undo"]):
                done = subprocess.run([*MODERATOR, *args], env=env, capture_output=True,
                                      text=True, timeout=60)
                outcomes.append((args[0], done.returncode, done.stderr))

    hosts = [threading.Thread(target=host, args=(team,)) for team in (["1", "2"], ["3", "4"])]
    for thread in hosts:
        thread.start()
    for thread in hosts:
        thread.join()

    log = next((tmp_path / "games").glob("*.jsonl")).read_text(encoding="utf-8")
    entries = [json.loads(line) for line in log.splitlines()]  # every line whole
    assert log.endswith("\n") and entries[0]["type"] == "setup"
    written = Counter(entry["type"] for entry in entries[1:])
    accepted = Counter(command for command, code, _ in outcomes if code == 0)
    assert written == accepted  # nothing lost, nothing written twice
    assert accepted["propose"] >= ROUNDS  # the game really moved
    for command, code, stderr in outcomes:
        assert code in (0, 1), stderr
        if code == 1:
            assert stderr == REFUSALS[command] + "\n"
    for before, after in zip(entries[1:], entries[2:]):  # checked against the log under the lock
        assert not (before["type"] == after["type"] == "propose")
    status = subprocess.run([*MODERATOR, "status", "--json"], env=env, capture_output=True,
                            text=True, check=True)
    assert json.loads(status.stdout)["phase"] in ("proposal", "vote")


def _waiting_on(folder) -> int:
    """How many processes wait for a lock on `folder` (Linux's /proc/locks lists each waiter
    as `->` with the folder's device and inode)."""
    import pathlib

    inode = os.stat(folder).st_ino
    lines = pathlib.Path("/proc/locks").read_text().splitlines()
    return sum(1 for line in lines if "->" in line and line.split()[-3].endswith(f":{inode}"))


def test_two_imports_of_one_file_started_together_save_it_once(tmp_path):
    """Issue 25: `moderator import g.json` twice at once. The duplicate check runs under the
    lock the save takes, so the second one finds the first one's game. The two processes are
    made to meet at that lock: the test holds it until both wait for it."""
    import fcntl
    import time

    played, home = tmp_path / "played", tmp_path / "home"
    env = {**os.environ, "NO_COLOR": "1", "LANG": "C.UTF-8"}
    env.pop("MODERATOR_LANG", None)
    subprocess.run([*MODERATOR, "new", "--players", "5", "--leader", "1", "--no-play"],
                   env={**env, "MODERATOR_HOME": str(played)}, check=True, capture_output=True)
    document = tmp_path / "g.json"
    subprocess.run([*MODERATOR, "export", "--format", "json", "--output", str(document)],
                   env={**env, "MODERATOR_HOME": str(played)}, check=True, capture_output=True)
    folder = home / "games"
    folder.mkdir(parents=True)
    held = os.open(folder, os.O_RDONLY)
    fcntl.flock(held, fcntl.LOCK_EX)
    try:
        imports = [subprocess.Popen([*MODERATOR, "import", str(document)],
                                    env={**env, "MODERATOR_HOME": str(home)},
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                   for _ in range(2)]
        deadline = time.monotonic() + 60
        while _waiting_on(folder) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _waiting_on(folder) == 2
    finally:
        os.close(held)  # both go on, one after the other
    said = [process.communicate(timeout=60) for process in imports]
    assert [process.returncode for process in imports] == [0, 0]
    assert len(list(folder.glob("*.jsonl"))) == 1
    outputs = sorted(out for out, _ in said)
    assert "already saved" in outputs[0] or "already saved" in outputs[1], said
