"""How fast moderator is, measured the way a host meets it, as ratios measured in one run.

    python3 benchmarks/speed.py                  # the whole benchmark, from a fresh clone
    python3 benchmarks/speed.py --only startup   # or: engine, simulate; or rows: status,…
    python3 benchmarks/speed.py --python VENV/bin/python   # an existing plain install
    python3 benchmarks/speed.py --readme         # and write the table into README.md

What is measured:

- A **plain install**: by default the checkout is installed (`pip install .`, with pexpect
  for the terminal) into a new temporary virtual environment. An editable install is refused:
  its path finder runs in every process of its environment, `python -c pass` included,
  which makes every ratio look better than a host's.
- **Start-up**: every command as a fresh process started by its console script, once per
  round, in an order shuffled each round, each one right after a run of `python -c pass`
  (the same interpreter). A row's ratio is the median wall-clock time of its command divided
  by the median of all the `python -c pass` runs. The writes (`propose`, `vote`, `mission`)
  are timed on their accepted path, each run on a fresh copy of a game mid-way through;
  `stats` over a season of 200 finished games; `play` in a real pseudo-terminal (pexpect)
  to its first output and to its first prompt; `display` to its address on screen, then how
  long after a command returns its change reaches an open page's event stream (p95 of every
  round's changes: a `propose` and its `undo`, each in a process of its own, twice a round).
  Caches are as a host has them after the first run (the warm-up run fills them); two rows
  for information show a run with none.
- **The engine**: random full base games driven straight through the engine (`tight.py`'s
  `engine_game`) per CPU-second divided by the same of a tight loop of the same rules
  (`tight.py`), at 5, 7 and 10 players, in turns in one process. The loop plays the very same
  games from the same seeds: every timed batch is checked to end each game the same way.
- **The simulator**: games of `moderator simulate`'s sensible players (the players, their
  views and the seam to the engine included) per CPU-second, divided by the tight loop's at
  the same count in the same rounds, at every count from 5 to 10 (issue 32: at least 0.02x
  everywhere; issue 24's 10,000 games in 20 s at 7 was 0.01x).

Each row has the "must" and "goal" of issue 18, but `--help`, `status`, `rules QUESTION` and
`play`'s first prompt, whose "must" issue 30 lowered (8x, 9x, 10x, 15x); the exit code is 1
when any row run misses its "must" (2 when the benchmark cannot run as asked).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parent
README = CHECKOUT / "README.md"
BEGIN, END = "<!-- speed table: benchmarks/speed.py --readme -->", "<!-- end of speed table -->"

NAMES = ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gabi")
SEASON = 200  # finished games for `stats`
ENGINE_PLAYERS = (5, 7, 10)


@dataclass(frozen=True)
class Row:
    """One command line to time: `home` is the scene it runs in (see `Scenes`)."""

    id: str
    label: str
    args: tuple[str, ...]
    must: float | None
    goal: float | None
    home: str = "table"
    fresh_game: bool = False  # a fresh copy of its game file before each run
    cold: bool = False  # an empty cache folder for each run


ROWS = (
    Row("version", "`--version`", ("--version",), 3, 2),
    Row("help", "`--help`", ("--help",), 8, 7),
    Row("status-json", "`status --json`", ("status", "--json"), 10, 8),
    Row("export", "`export`", ("export",), 10, 8),
    Row("status", "`status`", ("status",), 9, 8),
    Row("propose", "`propose` (accepted)", ("propose", "ben", "carl", "dora"), 12, 9,
        home="propose", fresh_game=True),
    Row("vote", "`vote` (accepted)", ("vote", "--reject", "emil,fritz"), 12, 9,
        home="vote", fresh_game=True),
    Row("mission", "`mission` (accepted)", ("mission", "--fails", "1"), 12, 9,
        home="mission", fresh_game=True),
    Row("rules", '`rules "does a tie pass"`', ("rules", "does a tie pass"), 10, 9),
    Row("stats", f"`stats`, {SEASON} finished games", ("stats",), 15, 10, home="season"),
    Row("stats-cold", f"`stats`, {SEASON} games, nothing kept yet (information)", ("stats",),
        None, None, home="season", cold=True),
    Row("status-cold", "`status`, nothing kept yet (information)", ("status",), None, None,
        cold=True),
)
PLAY_ROWS = (
    Row("play", "`play`, first output", ("play",), 10, 8, home="play", fresh_game=True),
    Row("play-prompt", "`play`, first prompt", ("play",), 15, 12, home="play", fresh_game=True),
)
DISPLAY_ROW = Row("display", "`display`, its address on screen", ("display",), 20, 15,
                  home="propose", fresh_game=True)
#: Seconds from a command's return to the change on an open page's stream, at p95 (issue 22).
UPDATE_MUST, UPDATE_GOAL = 0.3, 0.15
ENGINE_MUST, ENGINE_GOAL = 0.15, 0.4
#: Sensible simulated games at every count (issue 32): at least 0.02x the tight loop at the
#: same count (issue 24's 10,000 games in 20 s at 7 was 0.01x).
SIMULATOR_PLAYERS, SIMULATOR_MUST, SIMULATOR_GOAL = (5, 6, 7, 8, 9, 10), 0.02, 0.04


# -- the install ----------------------------------------------------------------------------


def build_install(folder: Path) -> Path:
    """A new virtual environment with the checkout installed as a host installs it."""
    import venv

    print(f"Installing the checkout into a new virtual environment ({folder}) ...", flush=True)
    venv.EnvBuilder(with_pip=True).create(folder)
    python = folder / "bin" / "python"
    done = subprocess.run([str(python), "-m", "pip", "install", "--quiet",
                           "--disable-pip-version-check", str(CHECKOUT), "pexpect"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"pip could not install the checkout:\n{done.stdout}{done.stderr}")
    return python


def install_problem() -> str | None:
    """Why the moderator this interpreter imports is not a plain install; None if it is."""
    from importlib import metadata

    try:
        import moderator
    except ImportError:
        return "moderator is not installed in this environment"
    where = Path(moderator.__file__).resolve()
    if CHECKOUT in where.parents:
        return (f"moderator is imported from the checkout ({where.parent}), not from an "
                "installed copy")
    try:
        direct = metadata.distribution("moderator").read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return "moderator has no installed distribution"
    if direct and json.loads(direct).get("dir_info", {}).get("editable"):
        return ("moderator is an editable install: its path finder runs in every process of "
                "the environment, `python -c pass` too, and flatters every ratio")
    if not (Path(sys.executable).parent / "moderator").exists():
        return "the environment has no `moderator` command"
    return None


# -- the scenes -----------------------------------------------------------------------------


class Scenes:
    """The folders the commands run in, each with its own MODERATOR_HOME; one cache folder
    for all, kept from run to run as a host's is."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.command = str(Path(sys.executable).parent / "moderator")
        self.cache = root / "cache"
        self.templates: dict[str, tuple[Path, bytes]] = {}
        base = {k: v for k, v in os.environ.items()
                if not k.startswith(("MODERATOR_", "LC_", "FORCE_COLOR")) and k != "LANG"}
        self.base = {**base, "MODERATOR_VOICE": "off", "MODERATOR_CACHE": str(self.cache),
                     "LANG": "C.UTF-8", "COLUMNS": "100"}

    def env(self, home: str, cold: bool = False) -> dict[str, str]:
        env = {**self.base, "MODERATOR_HOME": str(self.root / home)}
        if cold:
            folder = self.root / "cold"
            shutil.rmtree(folder, ignore_errors=True)
            env["MODERATOR_CACHE"] = str(folder)
        return env

    def run(self, home: str, *args: str) -> str:
        done = subprocess.run([self.command, *args], env=self.env(home), cwd=self.root,
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"setting up: moderator {' '.join(args)} failed:\n{done.stderr}")
        return done.stdout

    def build(self) -> None:
        """A game mid-way (7 players: mission 1 succeeded, mission 2 failed after a rejected
        team, mission 3 to propose) for the reads and `play`; one step further for each
        write; the season."""
        steps = (
            ("new", "--players", "7", "--names", ",".join(NAMES), "--leader", "anna",
             "--seed", "1", "--no-play"),
            ("propose", "anna", "ben"), ("vote", "--reject", "carl,dora,emil"),
            ("mission", "--fails", "0"),
            ("propose", "ben", "carl", "dora"), ("vote", "--approve", "ben,carl"),
            ("propose", "carl", "dora", "emil"), ("vote", "--reject", "anna,ben"),
            ("mission", "--fails", "1"),
        )
        for step in steps:
            self.run("table", *step)
        game = next((self.root / "table" / "games").glob("*.jsonl"))
        for home, source, step in (
            ("propose", "table", None), ("play", "table", None),
            ("vote", "table", ("propose", "dora", "emil", "fritz")),
            ("mission", "vote", ("vote", "--approve", "dora,emil,fritz,gabi")),
        ):
            folder = self.root / home / "games"
            folder.mkdir(parents=True)
            shutil.copy(self.root / source / "games" / game.name, folder / game.name)
            if step is not None:
                self.run(home, *step)
            self.templates[home] = (folder / game.name, (folder / game.name).read_bytes())
        self.build_season()

    def fresh(self, home: str) -> None:
        path, data = self.templates[home]
        path.write_bytes(data)

    def build_season(self) -> None:
        """SEASON finished games of 5 to 10 players, random play by the real rules, saved as
        `moderator import` saves a game; half with the sides entered after the game."""
        from moderator import session
        from moderator.records import archive
        from moderator.rules import GAME_OVER, MISSION, PROPOSAL, VOTE, Game

        os.environ.update(MODERATOR_HOME=str(self.root / "season"),
                          MODERATOR_CACHE=str(self.cache))
        rng = random.Random(18)
        pool = ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gabi", "Hanna", "Ida",
                "Jonas", "Kai", "Lena")
        day = datetime.date(2026, 3, 1)
        for number in range(SEASON):
            players = rng.randrange(5, 11)
            first = rng.randrange(players)
            game = Game.new(players, first)
            spies = set(rng.sample(range(players), game.spies))
            actions: list[dict] = []
            while game.phase != GAME_OVER:
                if game.phase == PROPOSAL:
                    action = {"type": "propose", "team": sorted(
                        s + 1 for s in rng.sample(range(players), game.team_size))}
                elif game.phase == VOTE:
                    action = {"type": "vote", "approve": sorted(
                        s + 1 for s in range(players) if rng.random() < 0.6)}
                elif game.phase == MISSION:
                    action = {"type": "mission", "fails": sum(
                        s in spies and rng.random() < 0.5 for s in game.team)}
                else:
                    raise SystemExit(f"setting up the season: unexpected phase {game.phase}")
                game = session.apply(game, action)
                actions.append(action)
            if number % 2:
                actions.append({"type": "sides", "spies": sorted(s + 1 for s in spies)})
            played = day + datetime.timedelta(days=number // 3)
            document = {
                "format": archive.FORMAT, "version": archive.VERSION,
                "setup": {"players": players, "names": rng.sample(pool, players), "lang": "en",
                          "created": f"{played.isoformat()}T20:00:00+00:00",
                          "first_leader": first + 1, "modules": [], "variants": [],
                          "house_rules": {}},
                "actions": actions,
            }
            archive.save(archive.read(json.dumps(document)))


# -- timing ---------------------------------------------------------------------------------


def timed(argv: list[str], env: dict, cwd: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv[1:])} exited {done.returncode}: "
                         f"{done.stderr.decode(errors='replace')[-500:]}")
    return elapsed


def timed_play(scenes: Scenes) -> tuple[float, float]:
    """Seconds from starting `moderator play` in a pseudo-terminal to its first output, and to
    its first prompt (the team's checklist, down to its last player)."""
    import pexpect

    env = {**scenes.env("play"), "TERM": "xterm-256color"}
    start = time.perf_counter()
    child = pexpect.spawn(scenes.command, ["play"], env=env, cwd=str(scenes.root),
                          dimensions=(50, 100))
    try:
        child.expect(r"\S", timeout=30)
        first = time.perf_counter() - start
        child.expect(r"\?\x1b\[[0-9;]*m [^\r\n]*\r", timeout=30)  # the question …
        child.expect(NAMES[-1], timeout=30)  # … and its choices, the last one drawn
        prompt = time.perf_counter() - start
    except (pexpect.TIMEOUT, pexpect.EOF):
        raise SystemExit(f"`play` showed no prompt; it printed:\n{child.before!r}") from None
    finally:
        child.close(force=True)
    return first, prompt


def timed_display(scenes: Scenes, changes: int = 4) -> tuple[float, list[float]]:
    """Seconds from starting `moderator display` to its address on screen; then, with its
    event stream open, seconds from each command's return to its change on the stream (0 when
    the change came first: the log is written before the process ends)."""
    import http.client
    import signal
    from urllib.parse import urlsplit

    env = {**scenes.env("propose"), "COLUMNS": "100", "LINES": "50"}
    start = time.perf_counter()
    process = subprocess.Popen([scenes.command, "display", "--host", "127.0.0.1", "--port", "0",
                                "--no-qr"], env=env, cwd=scenes.root, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        url = None
        for _ in range(50):
            line = process.stdout.readline() if process.stdout else ""
            if not line:
                said = process.stderr.read() if process.stderr else ""
                raise SystemExit(f"`display` stopped: {said}")
            url = url or next((w for w in line.split() if w.startswith("http://")), None)
            if url and "Ctrl-C" in line:
                break
        shown = time.perf_counter() - start
        parts = urlsplit(url or "")
        stream = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        stream.request("GET", parts.path + "events")
        response = stream.getresponse()

        def next_state() -> float:
            while True:
                line = response.readline()
                if not line:
                    raise SystemExit("`display` ended its event stream")
                if line.startswith(b"event: state"):
                    return time.perf_counter()

        next_state()  # the state as it is
        waits = []
        for number in range(changes):
            args = ("propose", "ben", "carl", "dora") if number % 2 == 0 else ("undo",)
            done = subprocess.run([scenes.command, *args], env=env, cwd=scenes.root,
                                  capture_output=True)
            returned = time.perf_counter()
            if done.returncode != 0:
                raise SystemExit(f"{' '.join(args)} failed: {done.stderr.decode()[-300:]}")
            waits.append(max(0.0, next_state() - returned))
        stream.close()
        return shown, waits
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()


def startup(scenes: Scenes, rows: list[Row], with_play: bool, rounds: int,
            seed: int, updates: list[float] | None = None
            ) -> tuple[dict[str, list[float]], list[float]]:
    """Every row once per round (a warm-up round first, not counted), shuffled, each right
    after a `python -c pass`; the seconds of each row's runs, and of the `pass` runs."""
    rng = random.Random(seed)
    baseline = [sys.executable, "-c", "pass"]
    times: dict[str, list[float]] = {row.id: [] for row in rows}
    if with_play:
        times.update({row.id: [] for row in PLAY_ROWS})
    passes: list[float] = []
    jobs: list[Row | str] = [*rows, *(["play"] if with_play else [])]
    if updates is not None:
        times[DISPLAY_ROW.id] = []
        jobs.append("display")
    for number in range(rounds + 1):
        rng.shuffle(jobs)
        for job in jobs:
            elapsed = timed(baseline, scenes.base, scenes.root)
            if job == "display":
                scenes.fresh("propose")
                shown, waits = timed_display(scenes)
                measured = {DISPLAY_ROW.id: shown}
                if number and updates is not None:
                    updates.extend(waits)
            elif isinstance(job, str):
                scenes.fresh("play")
                measured = dict(zip(("play", "play-prompt"), timed_play(scenes), strict=True))
            else:
                if job.fresh_game:
                    scenes.fresh(job.home)
                env = scenes.env(job.home, cold=job.cold)
                measured = {job.id: timed([scenes.command, *job.args], env, scenes.root)}
            if number:  # the first round warms up: caches filled, files in memory
                passes.append(elapsed)
                for key, seconds in measured.items():
                    times[key].append(seconds)
        progress(f"round {number}/{rounds}" if number else "warm-up round done")
    progress("")
    return times, passes


def engine(rounds: int, seconds: float, seed: int) -> dict[int, tuple[float, float]]:
    """Per player count: (engine games per CPU-second, ratio to the tight loop), the medians
    over rounds; in each round both play the same games from the same seed, in turns."""
    import tight

    rng = random.Random(seed)
    counts = {n: max(20, int(seconds * 1000)) for n in ENGINE_PLAYERS}
    rates: dict[int, list[float]] = {n: [] for n in ENGINE_PLAYERS}
    ratios: dict[int, list[float]] = {n: [] for n in ENGINE_PLAYERS}
    for number in range(rounds + 1):
        order = list(ENGINE_PLAYERS)
        rng.shuffle(order)
        for players in order:
            games_seed = rng.randrange(2**32)
            games = counts[players]
            start = time.process_time()
            by_engine = tight.engine_games(players, games_seed, games)
            engine_time = time.process_time() - start
            repeats = 10  # the loop is far faster: play its games several times
            start = time.process_time()
            for _ in range(repeats):
                by_loop = tight.tight_games(players, games_seed, games)
            loop_time = time.process_time() - start
            if by_engine != by_loop:
                raise SystemExit(f"the tight loop and the engine ended games from seed "
                                 f"{games_seed} at {players} players differently")
            if number == 0:  # warm-up; size the batches to about `seconds` of engine time
                counts[players] = max(20, int(games * seconds / max(engine_time, 1e-6)))
                continue
            engine_rate, loop_rate = games / engine_time, games * repeats / loop_time
            rates[players].append(engine_rate)
            ratios[players].append(engine_rate / loop_rate)
        progress(f"engine round {number}/{rounds}")
    progress("")
    return {n: (statistics.median(rates[n]), statistics.median(ratios[n]))
            for n in ENGINE_PLAYERS}


def simulator(rounds: int, seconds: float, seed: int) -> dict[int, tuple[float, float]]:
    """Per player count: sensible simulated games per CPU-second, and the ratio to the tight
    loop at that count in the same round (medians over rounds)."""
    import tight

    from moderator.simulate import play

    rng = random.Random(seed)
    counts = dict.fromkeys(SIMULATOR_PLAYERS, 50)
    rates: dict[int, list[float]] = {n: [] for n in SIMULATOR_PLAYERS}
    ratios: dict[int, list[float]] = {n: [] for n in SIMULATOR_PLAYERS}
    for number in range(rounds + 1):
        order = list(SIMULATOR_PLAYERS)
        rng.shuffle(order)
        for players in order:
            games_seed, games = rng.randrange(2**32), counts[players]
            start = time.process_time()
            sensible = random.Random(games_seed)
            for _ in range(games):
                play(players, sensible)
            spent = time.process_time() - start
            start = time.process_time()
            loop_games = games * 50
            tight.tight_games(players, games_seed, loop_games)
            loop_rate = loop_games / (time.process_time() - start)
            if number == 0:  # warm-up; size the batches to about `seconds` of CPU time
                counts[players] = max(20, int(games * seconds / max(spent, 1e-6)))
                continue
            rates[players].append(games / spent)
            ratios[players].append(games / spent / loop_rate)
        progress(f"simulator round {number}/{rounds}")
    progress("")
    return {n: (statistics.median(rates[n]), statistics.median(ratios[n]))
            for n in SIMULATOR_PLAYERS}


def progress(text: str) -> None:
    """Where the benchmark is, on a terminal only."""
    if sys.stderr.isatty():
        sys.stderr.write(f"\r  {text:<30}\r")
        sys.stderr.flush()


# -- the table ------------------------------------------------------------------------------


def verdict(value: float, must: float | None, goal: float | None, higher: bool) -> str:
    if must is None:
        return ""
    better = (lambda a, b: a >= b) if higher else (lambda a, b: a <= b)
    if better(value, goal):
        return "goal met"
    return "must met" if better(value, must) else "MISSED"


def table(startup_rows: list[tuple[Row, float, float]], engine_rows: dict,
          base: float | None, updates: list[float] | None = None,
          simulated: dict[int, tuple[float, float]] | None = None) -> list[str]:
    lines = ["| what | median | ratio | must | goal | |", "|---|---|---|---|---|---|"]
    if base is not None:
        lines.append(f"| `python -c pass` | {base * 1000:.1f} ms | 1.0x | | | |")
    for row, seconds, ratio in startup_rows:
        must = f"<= {row.must:g}x" if row.must else ""
        goal = f"<= {row.goal:g}x" if row.goal else ""
        lines.append(f"| {row.label} | {seconds * 1000:.0f} ms | {ratio:.2f}x | {must} | {goal} "
                     f"| {verdict(ratio, row.must, row.goal, higher=False)} |")
    if updates:
        p95 = sorted(updates)[max(0, round(0.95 * len(updates)) - 1)]
        lines.append(f"| `display`: a command's change on an open page, p95 of {len(updates)} | "
                     f"{p95 * 1000:.0f} ms | | <= {UPDATE_MUST * 1000:.0f} ms | "
                     f"<= {UPDATE_GOAL * 1000:.0f} ms "
                     f"| {verdict(p95, UPDATE_MUST, UPDATE_GOAL, higher=False)} |")
    for players, (rate, ratio) in engine_rows.items():
        lines.append(f"| engine, {players} players: random games/CPU-s ÷ tight loop | "
                     f"{rate:,.0f} games/s | {ratio:.3f}x | >= {ENGINE_MUST:g}x | "
                     f">= {ENGINE_GOAL:g}x | {verdict(ratio, ENGINE_MUST, ENGINE_GOAL, True)} |")
    for players, (rate, ratio) in (simulated or {}).items():
        lines.append(f"| simulate, {players} players: sensible games/CPU-s ÷ tight loop "
                     f"| {rate:,.0f} games/s | {ratio:.4f}x | >= {SIMULATOR_MUST:g}x | "
                     f">= {SIMULATOR_GOAL:g}x | "
                     f"{verdict(ratio, SIMULATOR_MUST, SIMULATOR_GOAL, True)} |")
    return lines


def how_measured(rounds: int, engine_rounds: int, built: bool) -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    where = "in a new virtual environment" if built else f"in {sys.prefix}"
    return (f"Measured {datetime.date.today().isoformat()} with `python3 benchmarks/speed.py` "
            f"on a plain install {where}: Python "
            f"{platform.python_version()}, {os.cpu_count()} cores, load {load:.1f} at the end; "
            f"start-up as medians of {rounds} rounds of wall-clock time, each command once "
            f"per round in a shuffled order, each right after a `python -c pass` (the ratio's "
            f"unit); the engine as medians of {engine_rounds} rounds of CPU time.")


def write_readme(lines: list[str], note: str) -> None:
    text = README.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise SystemExit(f"README.md has no {BEGIN} … {END} block to fill")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    import textwrap

    README.write_text(head + BEGIN + "\n" + textwrap.fill(note, 96) + "\n\n" + "\n".join(lines)
                      + "\n" + END + tail, encoding="utf-8")
    print(f"Wrote the table into {README}")


# -- the command ----------------------------------------------------------------------------


def chosen(only: str | None) -> tuple[list[Row], bool, bool, bool, bool]:
    """The start-up rows, whether `play` runs, whether the engine runs, whether `display`,
    whether the simulator."""
    if not only:
        return list(ROWS), True, True, True, True
    wanted = {w.strip() for w in only.split(",") if w.strip()}
    known = {"startup", "engine", "simulate"} | {r.id for r in (*ROWS, *PLAY_ROWS, DISPLAY_ROW)}
    if wanted - known:
        print(f"unknown in --only: {', '.join(sorted(wanted - known))}; known: "
              f"{', '.join(sorted(known))}", file=sys.stderr)
        raise SystemExit(2)
    everything = "startup" in wanted
    rows = [r for r in ROWS if everything or r.id in wanted]
    play = everything or bool(wanted & {"play", "play-prompt"})
    return (rows, play, "engine" in wanted, everything or "display" in wanted,
            "simulate" in wanted)


def measure(options: argparse.Namespace) -> int:
    rows, with_play, with_engine, with_display, with_simulator = chosen(options.only)
    updates: list[float] | None = [] if with_display else None
    problem = install_problem()
    if problem:
        print(f"Refused: {problem}. Run `python3 benchmarks/speed.py` without --python to "
              "measure a plain install in a new virtual environment.", file=sys.stderr)
        return 2
    if with_play:
        from importlib.util import find_spec

        if find_spec("pexpect") is None:
            print("Refused: `play` is timed in a pseudo-terminal with pexpect, which this "
                  "environment lacks (pip install pexpect).", file=sys.stderr)
            return 2
    results, engine_rows, base = [], {}, None
    if rows or with_play or with_display:
        with tempfile.TemporaryDirectory(prefix="moderator-speed-") as root:
            scenes = Scenes(Path(root))
            print("Setting up the games ...", flush=True)
            scenes.build()
            times, passes = startup(scenes, rows, with_play, options.rounds, options.seed,
                                    updates)
        base = statistics.median(passes)
        for row in (*ROWS, *PLAY_ROWS, DISPLAY_ROW):
            if times.get(row.id):
                seconds = statistics.median(times[row.id])
                results.append((row, seconds, seconds / base))
    if with_engine:
        engine_rows = engine(options.engine_rounds, options.engine_seconds, options.seed)
    simulated = simulator(options.engine_rounds, options.engine_seconds, options.seed) \
        if with_simulator else None
    lines = table(results, engine_rows, base, updates, simulated)
    note = how_measured(options.rounds, options.engine_rounds, options.built)
    print(note)
    print()
    print("\n".join(lines))
    missed = [line for line in lines if line.endswith("| MISSED |")]
    if options.readme:
        if options.only:
            print("--readme writes the whole table only: run it without --only",
                  file=sys.stderr)
            return 2
        write_readme(lines, note)
    return 1 if missed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", help="measure the plain install of this interpreter's "
                        "environment instead of building one")
    parser.add_argument("--only", help="startup, engine, simulate, or row ids: " + ", ".join(
        r.id for r in (*ROWS, *PLAY_ROWS, DISPLAY_ROW)))
    parser.add_argument("--rounds", type=int, default=15, help="start-up rounds (default 15)")
    parser.add_argument("--engine-rounds", type=int, default=9,
                        help="engine rounds (default 9)")
    parser.add_argument("--engine-seconds", type=float, default=0.3,
                        help="CPU seconds of engine games per batch (default 0.3)")
    parser.add_argument("--seed", type=int, default=18, help="the order of the runs, the games")
    parser.add_argument("--readme", action="store_true",
                        help="write the table into README.md")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--built", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.inside:
        return measure(options)
    forwarded = [a for a in sys.argv[1:] if a != "--python" and a != options.python]
    if options.python:
        return subprocess.run([options.python, __file__, "--inside", *forwarded]).returncode
    with tempfile.TemporaryDirectory(prefix="moderator-venv-") as folder:
        python = build_install(Path(folder))
        return subprocess.run([str(python), __file__, "--inside", "--built", *forwarded]
                              ).returncode


if __name__ == "__main__":
    sys.exit(main())
