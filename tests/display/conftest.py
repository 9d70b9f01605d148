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
- ``display_client`` (a module beside this one): ``get``, ``raw``, ``state`` and ``Stream``,
  the event stream read with ``http.client``, frame by frame; ``host_client``: the host's
  page as its script uses it; ``host_games``: whole games recorded from it.
- ``sound_device``: ``ffplay`` (the first player tried) on PATH as a program that only notes
  what it plays, in ``played`` in the folder it returns.
- ``browser``: Debian's Chromium through Playwright (skipped with the reason where either is
  missing, a failure in CI); ``open_page(url, size)``: a page at a size of ``browsing.SIZES``.
"""

from __future__ import annotations

import os
import shlex
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from browsing import CHROMIUM, FLAGS, SIZES, WAIT_MS, missing

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


@pytest.fixture(scope="module")
def browser():
    reason = missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def open_page(browser):
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    contexts = []

    def open_at(url: str, size: str):
        width, height = SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.goto(url)
        return page

    yield open_at
    for context in contexts:
        context.close()


@pytest.fixture
def sound_device(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`ffplay` (the first player tried) as a program that only notes what it plays."""
    folder = tmp_path / "bin"
    folder.mkdir()
    player = folder / "ffplay"
    player.write_text(f'#!/bin/sh\nfor last; do :; done; echo "$last" >> {folder / "played"}\n')
    player.chmod(player.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return folder


def pytest_terminal_summary(terminalreporter) -> None:
    """Say where the browser tests' screenshots are."""
    folder = Path(__file__).resolve().parents[1] / "artefacts" / "display"
    if folder.is_dir() and any(folder.glob("*.png")):
        terminalreporter.write_line(f"table display screenshots: {folder}")
