"""Start-up and engine speed as ratios to calibrations measured in the same run.

    python benchmarks/startup.py [--runs 15]

Ratios, not milliseconds, so the figures mean the same on a slow laptop and a fast one:
each command against `python -c pass`, random full games against a tiny calibration loop.
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


def median_seconds(argv: list[str], runs: int, env: dict) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def calibration_loop() -> float:
    """Seconds for a fixed amount of plain Python work (dict and list churn)."""
    start = time.perf_counter()
    for i in range(200_000):
        d = {"a": i, "b": [i, i + 1]}
        d["b"].append(d["a"])
    return time.perf_counter() - start


def games_per_calibration(games: int = 2000) -> float:
    from moderator.rules import random_game

    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(games):
        random_game(rng.choice(range(5, 11)), rng)
    per_game = (time.perf_counter() - start) / games
    return calibration_loop() / per_game / 100  # games per 1/100 of a calibration


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    home = tempfile.mkdtemp()
    env = {**os.environ, "MODERATOR_HOME": home, "NO_COLOR": "1"}
    run = [sys.executable, "-m", "moderator"]
    subprocess.run([*run, "new", "--players", "7", "--seed", "1"], env=env,
                   stdout=subprocess.DEVNULL, check=True)
    subprocess.run([*run, "propose", "1", "2"], env=env, stdout=subprocess.DEVNULL, check=True)
    base = median_seconds([sys.executable, "-c", "pass"], runs, env)
    print(f"python -c pass: {base * 1000:.1f} ms (median of {runs})")
    for label, argv, goal in (
        ("--version", [*run, "--version"], 8),
        ("--help", [*run, "--help"], 15),
        ("status", [*run, "status"], 15),
        ("status --json", [*run, "status", "--json"], 15),
        ("vote (first accepted, then refused)", [*run, "vote", "--approve", "1"], 15),
    ):
        seconds = median_seconds(argv, runs, env)
        ratio = seconds / base
        mark = "ok" if ratio <= goal else "OVER"
        print(f"{label:38} {seconds * 1000:7.1f} ms  {ratio:5.1f}x  (goal <= {goal}x) {mark}")
    speed = games_per_calibration()
    print(f"engine: {speed:.2f} random full games per 1/100 calibration loop (goal >= 0.4)")


if __name__ == "__main__":
    main()
