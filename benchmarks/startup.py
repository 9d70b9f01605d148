"""Start-up and engine speed, as ratios to calibrations measured in the same run.

    python benchmarks/startup.py [--runs 15] [--games 2000]

Ratios, not milliseconds, so the figures mean the same on a slow laptop and a fast one, and
a busy machine slows the calibration along with what is measured:

- **Start-up ratio** of a command = the median wall-clock time of `moderator ARGS` (a fresh
  process, as a host's shell starts it) / the median time of `python -c pass` with the same
  interpreter. Goals: `--version` <= 8x, `--help` <= 15x, `status` and the other everyday
  commands <= 15x.
- **Engine ratio** = the time of one *tiny calibration loop* (2,000 rounds of building a small
  dict and appending to a list in it: plain interpreter work, see `tiny_loop`) / the average
  time of one random full game of the base game (`moderator.rules.random_game`, 5 to 10
  players). Goal: >= 0.4, that is, a whole random game costs at most 2.5 tiny loops. Both are
  timed in this process, in turns, and the medians of several rounds are compared.

The measured commands run on a fresh game in a temporary MODERATOR_HOME; `vote` is refused
after its first run (the team is already voted on), which costs the same as accepting it.
The exit code is 1 when any goal is missed, so CI can run this script.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

TINY_LOOP_ROUNDS = 2_000
ENGINE_GOAL = 0.4
#: (label, arguments after `moderator`, goal as a multiple of `python -c pass`)
COMMANDS = (
    ("--version", ["--version"], 8),
    ("--help", ["--help"], 15),
    ("status", ["status"], 15),
    ("status --json", ["status", "--json"], 15),
    ("vote", ["vote", "--approve", "1"], 15),
    ("export --format line", ["export", "--format", "line"], 15),
    ("stats", ["stats"], 15),
)


def median_seconds(argv: list[str], runs: int, env: dict) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def tiny_loop() -> float:
    """Seconds for the tiny calibration loop: a fixed amount of plain Python work."""
    start = time.perf_counter()
    for i in range(TINY_LOOP_ROUNDS):
        d = {"a": i, "b": [i, i + 1]}
        d["b"].append(d["a"])
    return time.perf_counter() - start


def engine_ratio(games: int, rounds: int = 5) -> tuple[float, float]:
    """(engine ratio, random full games per second), medians over `rounds` rounds."""
    from moderator.rules import random_game

    rng = random.Random(1)
    ratios, speeds = [], []
    for _ in range(rounds):
        loop = statistics.median(tiny_loop() for _ in range(50))
        start = time.perf_counter()
        for _ in range(games // rounds):
            random_game(rng.randrange(5, 11), rng)
        per_game = (time.perf_counter() - start) / (games // rounds)
        ratios.append(loop / per_game)
        speeds.append(1 / per_game)
    return statistics.median(ratios), statistics.median(speeds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per command (median)")
    parser.add_argument("--games", type=int, default=2000, help="random games for the engine")
    options = parser.parse_args()
    home = tempfile.mkdtemp()
    env = {**os.environ, "MODERATOR_HOME": home, "NO_COLOR": "1", "MODERATOR_VOICE": "off"}
    run = [sys.executable, "-m", "moderator"]
    for setup in (["new", "--players", "7", "--seed", "1", "--no-play"], ["propose", "1", "2"]):
        subprocess.run([*run, *setup], env=env, stdout=subprocess.DEVNULL, check=True)
    base = median_seconds([sys.executable, "-c", "pass"], options.runs, env)
    print(f"python -c pass: {base * 1000:.1f} ms (median of {options.runs})")
    missed = 0
    for label, args, goal in COMMANDS:
        seconds = median_seconds([*run, *args], options.runs, env)
        ratio = seconds / base
        missed += ratio > goal
        mark = "ok" if ratio <= goal else "OVER"
        print(f"{label:22} {seconds * 1000:7.1f} ms  {ratio:5.1f}x  (goal <= {goal}x) {mark}")
    ratio, speed = engine_ratio(options.games)
    missed += ratio < ENGINE_GOAL
    mark = "ok" if ratio >= ENGINE_GOAL else "UNDER"
    print(f"{'engine':22} {speed:7.0f} random full games a second  {ratio:5.2f}x the tiny "
          f"calibration loop  (goal >= {ENGINE_GOAL}x) {mark}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
