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
