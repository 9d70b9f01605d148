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
- ``Stream``: the event stream read with ``http.client``, frame by frame.
"""

from __future__ import annotations

import http.client
import json
import os
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from typer.testing import CliRunner

from moderator.cli.app import build
from moderator.display import server

CLEARED = ("MODERATOR_GAME", "MODERATOR_LANG", "FORCE_COLOR", "PY_COLORS", "LC_ALL",
           "LC_MESSAGES", "LANG")
#: How long a test waits for what must come at once, before it fails instead of hanging.
PATIENCE = 10.0


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


def get(url: str, method: str = "GET", headers: dict | None = None
        ) -> tuple[int, dict, bytes]:
    """One request: (status, headers, body)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=PATIENCE)
    try:
        connection.request(method, parts.path + (f"?{parts.query}" if parts.query else ""),
                           headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def state(display: server.Display) -> dict:
    status, _, body = get(display.url + "state.json")
    assert status == 200
    return json.loads(body)


class Stream:
    """The event stream of a display, read frame by frame with `http.client`."""

    def __init__(self, url: str, last_event_id: str | None = None) -> None:
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port,
                                                     timeout=PATIENCE)
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        self.connection.request("GET", parts.path + "events", headers=headers)
        self.socket = self.connection.sock  # the response takes it over: HTTP/1.0
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type").startswith("text/event-stream")

    def frame(self, timeout: float = PATIENCE) -> dict:
        """The next frame: its fields (`data` parsed when it is an event)."""
        self.socket.settimeout(timeout)
        fields: dict = {}
        while True:
            line = self.response.readline()
            if not line:
                raise EOFError("the stream ended")
            line = line.decode().rstrip("\n")
            if not line:
                if fields:
                    if "data" in fields:
                        fields["data"] = json.loads(fields["data"])
                    return fields
                continue
            name, _, value = line.partition(":")
            fields[name or "comment"] = value[1:] if value.startswith(" ") else value

    def event(self, timeout: float = PATIENCE) -> dict:
        """The next state event (the retry hint and pings are skipped)."""
        while True:
            fields = self.frame(timeout)
            if fields.get("event") == "state":
                return fields

    def close(self) -> None:
        self.response.close()
        self.socket.close()


def pytest_terminal_summary(terminalreporter) -> None:
    """Say where the browser tests' screenshots are."""
    folder = Path(__file__).resolve().parents[1] / "artefacts" / "display"
    if folder.is_dir() and any(folder.glob("*.png")):
        terminalreporter.write_line(f"table display screenshots: {folder}")
