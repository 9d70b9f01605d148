"""Shared set-up of the command-line tests.

Every test runs the real typer application in-process, with its own empty MODERATOR_HOME and an
environment that says nothing about language, colour or terminal size (a wide dumb terminal),
so what a test sees is what the command-line contract (design.md §4) promises, not what the
developer's shell says.

Fixtures (``home``, ``moderator``, ``play`` and ``files`` come from tests/conftest.py):

- ``status()`` is ``moderator status --json``, parsed.
- ``game_file()`` is the path of the newest game's log (or of the game with the id given).
- ``refused("propose 1 2 3")`` checks a refusal: exit 1, nothing on stdout, one line on stderr,
  no file written; it returns that line.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def wide_dumb_terminal(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh MODERATOR_HOME for every test, and a terminal 200 columns wide without colour."""
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setenv("COLUMNS", "200")


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
def refused(moderator, files, home: Path) -> Callable[..., str]:
    """Run a command that must be refused: exit 1 (or `exit_code`), nothing on stdout, one
    line on stderr, and every file under MODERATOR_HOME byte-for-byte as it was."""

    def run(command: str, env: dict[str, str] | None = None, exit_code: int = 1) -> str:
        before = files(home)
        result = moderator(command, env=env)
        assert result.exit_code == exit_code, result.output
        assert result.stdout == "", result.stdout
        lines = result.stderr.splitlines()
        assert len(lines) == 1, f"expected one line on stderr, got:\n{result.stderr}"
        assert files(home) == before, "a refused command changed the files on disk"
        return lines[0]

    return run
