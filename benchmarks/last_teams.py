"""Who rejects the round's last team at real tables: the avalongame.online logs' games that
ended by five rejections, at 5 to 10 players (docs/simulation.md, "Where it misses").

    git clone https://github.com/WhoaWhoa/avalonlogs
    python3 benchmarks/last_teams.py avalonlogs

Each log is a JSON file: the missions, each with its proposals (team, leader, who
approved), and at the end the outcome with everyone's role. A game counts when its outcome
and roles are logged; the fifth proposal of a mission is the round's last team.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

COUNTS = range(5, 11)
#: The roles of the spies' side in the logs.
EVIL = {"MORGANA", "MORDRED", "OBERON", "EVIL MINION", "ASSASSIN"}


def tally(game: dict) -> tuple[int, Counter[str]] | None:
    """A game's player count and what its last teams were: how many, how many with a spy
    on them, how many rejected, and of the rejected ones, who rejected."""
    outcome = game.get("outcome") or {}
    roles = outcome.get("roles") or []
    players = [p["name"] for p in game.get("players", [])]
    if len(players) not in COUNTS or not roles or outcome.get("state") not in (
            "GOOD_WIN", "EVIL_WIN"):
        return None
    evil = {r["name"] for r in roles if r["role"] in EVIL}
    found: Counter[str] = Counter(games=1)
    for mission in game.get("missions", []):
        proposals = mission.get("proposals", [])
        if len(proposals) < 5 or proposals[4].get("state") not in ("APPROVED", "REJECTED"):
            continue
        last = proposals[4]
        dirty = bool(evil.intersection(last["team"]))
        found["last teams"] += 1
        found["with a spy"] += dirty
        if last["state"] == "REJECTED":
            rejecting = [p for p in players if p not in last.get("votes", [])]
            found["rejected"] += 1
            found["rejected, with a spy"] += dirty
            found["rejected, named by a spy"] += last["proposer"] in evil
            found["rejected by every resistance player"] += all(
                p in rejecting for p in players if p not in evil)
    return len(players), found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", type=Path, help="a clone of WhoaWhoa/avalonlogs")
    options = parser.parse_args()
    totals = {n: Counter[str]() for n in COUNTS}
    for path in sorted(options.logs.rglob("*")):
        if not path.is_file() or ".git" in path.parts or path.suffix in (".md", ".ipynb"):
            continue
        try:
            game = tally(json.loads(path.read_text(encoding="utf-8")))
        except (ValueError, KeyError, TypeError):
            continue
        if game:
            totals[game[0]].update(game[1])
    for n, found in totals.items():
        print(f"{n} players: " + ", ".join(f"{key} {value}" for key, value in found.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
