"""Whatever is typed, no traceback reaches the host, the exit code is 0, 1 or 2, and a refused
command leaves every file as it was (design.md §4).

Hypothesis draws command lines from the real command list of the application (its commands,
sub-commands, options and arguments, read from the typer app itself, so a new command is
fuzzed as soon as it is registered) with values a host might type or mistype: names with
umlauts and emoji, seat numbers, ids, empty and huge values. Each example runs on a copy of
a saved table in one of several states (no game, a fresh game, a vote or a mission pending,
a game over, a German game), in a folder of its own.

The normal run draws the same examples every time; `pytest -m fuzz` draws new ones, as many
as MODERATOR_FUZZ_EXAMPLES says (3000 unless set).

Left out, with their reasons: `voice` and `script --say/--voice` reach the network and the
sound device (the voice tests cover them with `responses` and espeak-ng); `--games` takes
only small or absurd counts, since a legal count in the tens of thousands is slow, not wrong.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.main import get_command
from typer.testing import CliRunner

from moderator.cli.app import build
from moderator.i18n import t

APP = build("en")
NAMES = ["Änne", "Jörg", "Ömer", "Zoë 🦊", "Ünal"]
# `display` serves until Ctrl-C (tests/display/ drive it); `voice` may speak.
LEFT_OUT_COMMANDS = {"voice", "display"}
LEFT_OUT_OPTIONS = {"--say", "--voice"}
INTERNAL = t("en", "errors.internal", what="").split("(")[0]


def commands() -> list[tuple[list[str], object]]:
    """Every runnable command as (its words, its parameters), sub-commands included."""
    found = []

    def walk(words, command):
        subcommands = getattr(command, "commands", None)
        if subcommands:
            for name, sub in sorted(subcommands.items()):
                if name not in LEFT_OUT_COMMANDS:
                    walk(words + [name], sub)
        else:
            found.append((words, command))

    walk([], get_command(APP))
    return found


COMMANDS = commands()

NASTY = st.sampled_from([
    "", " ", "a\x00b", "\n", "x" * 5000, "ä🦊" * 2000, str(10**30), "-" + str(10**30), "🦊",
    "..", "-", "1.5",
])
TYPED = st.sampled_from([
    "1", "2", "3", "5", "0", "-1", "10", "11", "1,2", "2,3,4", "1,1", "Änne", "änne", "jö",
    "Zoë 🦊", "🦊", "Ünal,Ömer", "Jörg:spy", "Änne:resistance", "spion", "spy", "anna,ben", "",
    " ", ",", ":", "commander", "rogue", "sergeant", "rogue,sergeant", "plot", "hunter",
    "targeting", "blind-spies", "body-guard", "strong_leader", "no_confidence", "de", "en",
    "fr", "md", "json", "csv", "line", "game.json", "out.md", ".",
    "rogue-win-team=team-partial", "x=y", "=", "null",
    "2026-11-30-1", "2026-11-30-99",
])
TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="/"),
               max_size=40)  # no "/": whatever is written stays in the example's folder
VALUE = st.one_of(TYPED, NASTY, TEXT)
GAMES = st.sampled_from(["1", "20", "0", "-3", str(10**30), "zwanzig"])


@st.composite
def command_lines(draw) -> list[str]:
    words, command = draw(st.sampled_from(COMMANDS))
    line = list(words)
    for param in command.params:
        opts = [o for o in param.opts if o.startswith("-")]
        if opts and set(opts) & LEFT_OUT_OPTIONS:
            continue
        if not param.required and not draw(st.booleans()):
            continue
        if not opts:  # an argument: one or several values
            line += draw(st.lists(VALUE, min_size=1, max_size=4 if param.nargs == -1 else 1))
        elif getattr(param, "is_flag", False):
            line.append(draw(st.sampled_from(opts + list(param.secondary_opts))))
        else:
            value = GAMES if "--games" in opts else VALUE
            for _ in range(draw(st.integers(1, 2)) if param.multiple else 1):
                line += [draw(st.sampled_from(opts)), draw(value)]
    if draw(st.integers(0, 9)) == 0:  # now and then, something that is no option at all
        line.insert(draw(st.integers(0, len(line))), draw(st.sampled_from(
            ["--bogus", "-z", "--game", "--lang", "--help", "--json=1"])))
    return draw(st.permutations(line)) if draw(st.integers(0, 9)) == 0 else line


def run(args: list[str], home: Path):
    return CliRunner().invoke(APP, args, env={"MODERATOR_HOME": str(home)})


def snapshot(*folders: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for folder in folders for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.fixture(scope="module")
def tables(tmp_path_factory) -> dict[str, Path]:
    """Saved tables in several states, set up once; each example works on a copy. The
    finished game is also exported, as game.json, for `import` to find."""
    names = ",".join(NAMES)
    steps = {
        "no game": [],
        "fresh": [["new", "--players", "5", "--names", names, "--leader", "1", "--no-play"]],
        "vote": [["propose", "1", "2"]],
        "mission": [["vote", "--reject", "3,4"]],
        "over": [["mission", "--fails", "0"]] + [
            command for team in (["2", "3", "4"], ["3", "4"])
            for command in (["propose", *team], ["vote", "--approve", "1,2,3,4,5"],
                            ["mission", "--fails", "0"])] + [["roles", "--spies", "2,3"]],
        "german": [["new", "--players", "7", "--lang", "de", "--modules", "rogue",
                    "--names", names + ",Søren,Łukasz", "--no-play"],
                   ["propose", "1", "2"], ["vote", "--approve", "1,2,3,4"]],
    }
    home = tmp_path_factory.mktemp("table")
    made = {}
    for state, commands_ in steps.items():
        for args in commands_:
            result = run(args, home)
            assert result.exit_code == 0, (args, result.output)
        made[state] = tmp_path_factory.mktemp(state.replace(" ", "-"))
        shutil.copytree(home, made[state], dirs_exist_ok=True)
    exported = run(["export", "--format", "json", "--game", _ids(made["over"])[0]], home)
    made["game.json"] = tmp_path_factory.mktemp("export") / "game.json"
    made["game.json"].write_text(exported.stdout, encoding="utf-8")
    return made


def _ids(home: Path) -> list[str]:
    return sorted(p.stem for p in (home / "games").glob("*.jsonl"))


STATES = st.sampled_from(["no game", "fresh", "vote", "mission", "over", "german"])
LINES = st.lists(command_lines(), min_size=1, max_size=3)
SLOW = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW)
@given(state=STATES, lines=LINES)
@example(state="over", lines=[["import", "a\x00b"], ["export", "-o", "a\x00b"],
                              ["export", "--output", "..", "--force"]])  # found by this test
@example(state="vote", lines=[["export", "--output", "x" * 5000], ["vote", "--approve", "²"],
                              ["propose", "1" * 5000]])  # found by its random runs
def test_no_command_line_breaks_moderator(tables, tmp_path, monkeypatch, state, lines):
    """The same examples on every run (tests/conftest.py): CI gives the same answer twice."""
    nothing_breaks(tables, tmp_path, monkeypatch, state, lines)


@pytest.mark.fuzz
@settings(max_examples=int(os.environ.get("MODERATOR_FUZZ_EXAMPLES", "3000")), deadline=None,
          suppress_health_check=SLOW, derandomize=False)
@given(state=STATES, lines=LINES)
def test_no_command_line_breaks_moderator_in_a_long_random_run(tables, tmp_path, monkeypatch,
                                                               state, lines):
    """New examples on every run: `pytest -m fuzz` before a release (docs/contributing.md). A
    failure prints the example and the seed to repeat it; add the example above."""
    nothing_breaks(tables, tmp_path, monkeypatch, state, lines)


def nothing_breaks(tables, tmp_path, monkeypatch, state: str, lines: list[list[str]]) -> None:
    folder = tmp_path / f"example-{os.urandom(4).hex()}"
    home, work = folder / "home", folder / "work"
    shutil.copytree(tables[state], home)
    work.mkdir()
    shutil.copy(tables["game.json"], work / "game.json")
    monkeypatch.chdir(work)  # `export --output NAME` writes here
    for args in lines:
        before = snapshot(home, work)
        result = run(args, home)
        shown = f"moderator {args!r} in state {state!r}:\n{result.output}"
        assert result.exit_code in (0, 1, 2), shown
        assert "Traceback" not in result.output, shown
        assert result.exception is None or isinstance(result.exception, SystemExit), shown
        assert INTERNAL not in result.output, shown  # the last line of defence never fired
        if result.exit_code != 0:
            assert snapshot(home, work) == before, f"a refusal changed a file: {shown}"
    shutil.rmtree(folder)


def test_hypothesis_draws_the_same_examples_on_every_run(pytestconfig, request):
    """The normal run is deterministic and leaves the long fuzz run out (pyproject.toml, and
    tests/conftest.py when `-m` names other markers only)."""
    from hypothesis import settings as current

    assert current.default.derandomize is True and current.default.database is None
    assert any(line.startswith("fuzz:") for line in pytestconfig.getini("markers"))
    assert "fuzz" not in pytestconfig.getoption("markexpr").replace("not fuzz", "")
    assert not [item for item in request.session.items if item.get_closest_marker("fuzz")]
