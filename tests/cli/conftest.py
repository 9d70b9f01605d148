"""Shared set-up of the command-line tests.

Every test runs the real typer application in-process, with its own empty MODERATOR_HOME and an
environment that says nothing about language, colour or terminal size, so what a test sees is
what the command-line contract (design.md §4) promises, not what the developer's shell says.

Fixtures:

- ``moderator("new --players 5")`` runs one command line, exactly as a host would type it after
  ``moderator``, and returns typer's ``Result`` (``exit_code``, ``stdout``, ``stderr``).
- ``play("propose 1 2", "vote --approve 1,2,3")`` runs commands that must all succeed and
  returns their output.
- ``status()`` is ``moderator status --json``, parsed.
- ``game_file()`` is the path of the newest game's log (or of the game with the id given).
- ``files()`` is every file under MODERATOR_HOME with its bytes: compare two calls to show that
  a command wrote nothing.
- ``refused("propose 1 2 3")`` checks a refusal: exit 1, nothing on stdout, one line on stderr,
  no file written; it returns that line.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from moderator.cli.app import build

CLEARED = (
    "MODERATOR_GAME", "MODERATOR_LANG", "FORCE_COLOR", "PY_COLORS", "GITHUB_ACTIONS",
    "LC_ALL", "LC_MESSAGES", "LANG",
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh MODERATOR_HOME and a neutral environment for every test."""
    folder = tmp_path / "moderator-home"
    monkeypatch.setenv("MODERATOR_HOME", str(folder))
    for variable in CLEARED:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")
    return folder


@pytest.fixture(scope="session")
def app():
    return build("en")


@pytest.fixture
def moderator(app) -> Callable[..., Result]:
    """Run `moderator ARGS…`; `env` adds environment variables for this one call."""
    runner = CliRunner()

    def run(command: str | list[str], env: dict[str, str] | None = None) -> Result:
        args = shlex.split(command) if isinstance(command, str) else list(command)
        if args[:1] == ["moderator"]:
            args = args[1:]
        result = runner.invoke(app, args, env=env)
        assert "Traceback" not in result.output, result.output
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"moderator {command!r} raised") from result.exception
        return result

    return run


@pytest.fixture
def play(moderator) -> Callable[..., str]:
    """Run several command lines that must all succeed; their stdout, joined."""

    def run(*commands: str, env: dict[str, str] | None = None) -> str:
        shown = []
        for command in commands:
            result = moderator(command, env=env)
            assert result.exit_code == 0, f"moderator {command}\n{result.output}"
            shown.append(result.stdout)
        return "".join(shown)

    return run


@pytest.fixture
def status(moderator) -> Callable[..., dict]:
    """`moderator status --json [OPTIONS]`, parsed."""

    def run(options: str = "", env: dict[str, str] | None = None) -> dict:
        result = moderator(f"status --json {options}", env=env)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    return run


@pytest.fixture
def game_file(home: Path) -> Callable[..., Path]:
    """The log file of a game: the newest one unless an id is given."""

    def path(game_id: str | None = None) -> Path:
        if game_id is not None:
            return home / "games" / f"{game_id}.jsonl"
        games = sorted((home / "games").glob("*.jsonl"), key=_newest_last)
        assert games, "no game file"
        return games[-1]

    return path


def _newest_last(path: Path) -> tuple[str, int]:
    day, _, number = path.stem.rpartition("-")  # ids are DATE-N
    return day, int(number)


@pytest.fixture
def files(home: Path) -> Callable[[], dict[str, bytes]]:
    """Every file under MODERATOR_HOME and its bytes."""

    def snapshot() -> dict[str, bytes]:
        if not home.exists():
            return {}
        return {
            str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file()
        }

    return snapshot


@pytest.fixture
def refused(moderator, files) -> Callable[..., str]:
    """Run a command that must be refused: exit 1 (or `exit_code`), nothing on stdout, one
    line on stderr, and every file under MODERATOR_HOME byte-for-byte as it was."""

    def run(command: str, env: dict[str, str] | None = None, exit_code: int = 1) -> str:
        before = files()
        result = moderator(command, env=env)
        assert result.exit_code == exit_code, result.output
        assert result.stdout == "", result.stdout
        lines = result.stderr.splitlines()
        assert len(lines) == 1, f"expected one line on stderr, got:\n{result.stderr}"
        assert files() == before, "a refused command changed the files on disk"
        return lines[0]

    return run
