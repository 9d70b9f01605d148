"""Shared set-up of the table display's tests.

Every test gets its own empty MODERATOR_HOME and a neutral environment. The server runs for
real on 127.0.0.1 with port 0 (the system picks a free one); traffic goes to loopback only.

Fixtures:

- ``cli("new --players 7 --no-play", …)``: command lines run in this process (typer's runner)
  that must succeed; their output.
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
from typer.testing import CliRunner

from moderator.cli.app import build
from moderator.display import server

CLEARED = ("MODERATOR_GAME", "MODERATOR_LANG", "FORCE_COLOR", "PY_COLORS", "LC_ALL",
           "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "moderator-home"
    monkeypatch.setenv("MODERATOR_HOME", str(folder))
    for variable in CLEARED:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    return folder


@pytest.fixture(scope="session")
def app():
    return build("en")


@pytest.fixture
def cli(app) -> Callable[..., str]:
    runner = CliRunner()

    def run(*commands: str) -> str:
        shown = []
        for command in commands:
            result = runner.invoke(app, shlex.split(command))
            assert result.exit_code == 0, f"moderator {command}\n{result.output}"
            shown.append(result.stdout)
        return "".join(shown)

    return run


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
