"""Shared set-up of the guided-play tests.

The guided loop talks to a `Prompter`; here a `Scripted` prompter (scripted.py) plays back
the answers a host would give, in order, and keeps every question it was asked. It is a second
implementation of the protocol, not a patch of our code: the loop, the session, the store and
the rules all run for real, against a fresh MODERATOR_HOME.

Fixtures:

- ``guide(*answers, lang="en")``: a `Guide` whose prompter answers with `answers`, printing
  into a wide in-memory console; ``guide.prompter.asked`` lists the questions,
  ``screen(guide)`` is what was printed.
- ``cli("new --players 5 … --no-play", "propose 1 2", …)`` runs command lines that must
  succeed (``play`` of tests/conftest.py); with ``apart=True`` in a MODERATOR_HOME of their
  own (the same game recorded with the non-interactive commands), whose folder it returns.
- ``newest()``: the id of the newest game.
- ``log(folder=None)``: the newest game's log, each line as a dict without its time stamp (and
  the setup line without the id, the creation time and the seed).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Callable

import pytest
from scripted import Clock, Scripted

from moderator.ui.guided import Guide


@pytest.fixture(autouse=True)
def own_home(home: Path) -> None:
    """A fresh MODERATOR_HOME for every test (tests/conftest.py)."""


@pytest.fixture
def guide() -> Callable[..., Guide]:
    def make(*answers, lang: str = "en", **settings) -> Guide:
        from rich.console import Console

        console = Console(file=io.StringIO(), width=200, highlight=False)
        clock = Clock()
        return Guide(console=console, prompter=Scripted(list(answers), clock), lang=lang,
                     clock=clock, **settings)

    return make


@pytest.fixture
def screen() -> Callable[[Guide], str]:
    return lambda guide: guide.console.file.getvalue()


@pytest.fixture
def cli(home: Path, tmp_path: Path, play) -> Callable[..., Path]:
    def run(*lines: str, apart: bool = False) -> Path:
        where = tmp_path / "commands-home" if apart else home
        play(*lines, env={"MODERATOR_HOME": str(where)})
        return where

    return run


@pytest.fixture
def newest(home: Path) -> Callable[[], str]:
    """The id of the newest game in MODERATOR_HOME."""
    return lambda: sorted((home / "games").glob("*.jsonl"))[-1].stem


@pytest.fixture
def log(home: Path) -> Callable[..., list[dict]]:
    def read(folder: Path | None = None) -> list[dict]:
        games = sorted(((folder or home) / "games").glob("*.jsonl"))
        assert games, "no game saved"
        entries = [json.loads(line) for line in games[-1].read_text("utf-8").splitlines()]
        setup = {k: v for k, v in entries[0].items() if k not in ("created", "game", "seed")}
        return [setup] + [{k: v for k, v in e.items() if k != "at"} for e in entries[1:]]

    return read
