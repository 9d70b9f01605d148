"""Shared set-up of the table display's tests.

Every test gets its own empty MODERATOR_HOME and a neutral environment. The server runs for
real on 127.0.0.1 with port 0 (the system picks a free one); traffic goes to loopback only.

Fixtures:

- ``cli("new --players 7 --no-play", …)``: command lines run in this process (typer's runner)
  that must succeed; their output (``play`` of tests/conftest.py, which gives ``home`` too).
- ``command("vote --approve 1,2")``: one command line in a process of its own, as a host types
  it in a second terminal; the finished process.
- ``display(**options)``: a display served from a background thread for the test
  (``server.running``); options as for ``server.start`` (``game_id``, ``lang``,
  ``show_votes``).
- ``display_client`` (a module beside this one): ``get``, ``state`` and ``Stream``, the
  event stream read with ``http.client``, frame by frame.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from moderator.display import server

# the helpers beside the tests assert too: say what differs
pytest.register_assert_rewrite("host_games", "host_client")


@pytest.fixture(autouse=True)
def own_home(home: Path) -> None:
    """A fresh MODERATOR_HOME for every test (tests/conftest.py)."""


@pytest.fixture
def cli(play) -> Callable[..., str]:
    """Command lines run in this process that must succeed: tests/conftest.py's `play`."""
    return play


@pytest.fixture
def command() -> Callable[[str], subprocess.CompletedProcess]:
    def run(line: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run([sys.executable, "-m", "moderator", *shlex.split(line)],
                              capture_output=True, text=True, env=os.environ.copy(),
                              timeout=60)
        if check:
            assert done.returncode == 0, f"moderator {line}\n{done.stdout}{done.stderr}"
        return done

    return run


@pytest.fixture
def display() -> Iterator[Callable[..., server.Display]]:
    with ExitStack() as stack:
        yield lambda **options: stack.enter_context(server.running(**options))


def pytest_terminal_summary(terminalreporter) -> None:
    """Say where the browser tests' screenshots are."""
    folder = Path(__file__).resolve().parents[1] / "artefacts" / "display"
    if folder.is_dir() and any(folder.glob("*.png")):
        terminalreporter.write_line(f"table display screenshots: {folder}")
