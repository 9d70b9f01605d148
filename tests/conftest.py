"""What every test shares: no test reaches Google's speech service or the user's cache unless
it says so. A test that speaks chooses its voice itself (and answers Google with `responses`,
or runs espeak-ng); this also covers commands run in a subprocess or a pseudo-terminal, which
inherit the environment.

Hypothesis is deterministic here: every property test draws the same examples on every run
(derandomized, no example database), so the same commit gives the same result twice. The
long fuzz run (`pytest -m fuzz`, deselected otherwise) is where random exploration happens.

Ctrl-C reaches the processes the tests start, however the run was started: a shell without
job control starts a background job with SIGINT ignored, which every child would inherit.

Markers, set by hand (pyproject.toml describes them):

- `integration`: the test starts a process, a terminal, a browser or a sound player (every
  test of tests/voice does, since the voice runs espeak-ng, sox and the players). Mark a whole
  file with `pytestmark = pytest.mark.integration` below its imports, or one test with
  `@pytest.mark.integration`. A test without the marker that starts a process anyway fails,
  saying so (`only_integration_tests_start_processes`), so the marker cannot fall behind.
  `pytest -m "not integration"` is the quick run.
- `slow`: a long statistical run (thousands of simulated games). It runs in the full run
  (`pytest`, whose addopts give `-m 'not fuzz'`) and when `-m` names it (`-m slow`,
  `-m "not integration or slow"`); any other `-m`, the quick run's among them, leaves it out.
- `fuzz`: the long random run, only when `-m` names it (`pytest -m fuzz`).
- `soak`: a test that runs briefly by default and for its full length under `-m soak`.

Fixtures shared by several folders (a folder's conftest holds what only its tests use):

- ``home``: a fresh MODERATOR_HOME and an environment that says nothing about language or
  colour. Not autouse: tests/cli, tests/display and tests/ui take it for every test.
- ``app``: the English typer application, built once.
- ``moderator("new --players 5")`` runs one command line in this process, exactly as a host
  would type it after ``moderator``, and returns typer's ``Result``; no traceback may show.
- ``play("propose 1 2", "vote --approve 1,2,3")`` runs command lines that must all succeed and
  returns their output.
- ``files(folder)`` is every file under `folder` (MODERATOR_HOME when none is given) with its
  bytes, links and FIFOs by their kind: compare two calls to show that nothing was written.
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from typer.testing import Result

settings.register_profile("deterministic", derandomize=True, database=None, print_blob=True)
settings.load_profile("deterministic")

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # children get SIG_DFL back at exec
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def no_voice_unless_asked(tmp_path_factory: pytest.TempPathFactory,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MODERATOR_VOICE", "off")
    monkeypatch.setenv("MODERATOR_CACHE", str(tmp_path_factory.mktemp("voice-cache")))


def _full_run(config: pytest.Config) -> bool:
    """Whether the marker expression is the one pyproject.toml's addopts give (`-m 'not
    fuzz'`): no `-m` was given on the command line."""
    options = config.getini("addopts")
    given = [options[at + 1] for at, option in enumerate(options[:-1]) if option == "-m"]
    return bool(given) and config.option.markexpr == given[-1]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the fuzz run unless `-m` names it (a `-m` on the command line replaces
    addopts' `-m 'not fuzz'`), and the slow tests unless `-m` names them or this is the full
    run."""
    expression = config.option.markexpr or ""
    left_out = {"fuzz"} if "fuzz" not in expression else set()
    if "slow" not in expression and not _full_run(config):
        left_out.add("slow")
    deselected = [item for item in items if any(map(item.get_closest_marker, left_out))]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if not any(map(item.get_closest_marker, left_out))]


@pytest.fixture(autouse=True)
def only_integration_tests_start_processes(request: pytest.FixtureRequest,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A test without the marker fails the moment it starts a process."""
    if request.node.get_closest_marker("integration") is not None:
        return

    def unmarked(*args: object, **kwargs: object) -> None:
        pytest.fail(f"{request.node.nodeid} starts a process but has no integration marker: "
                    "mark it (tests/conftest.py says how)", pytrace=False)

    monkeypatch.setattr(subprocess.Popen, "__init__", unmarked)
    monkeypatch.setattr(os, "fork", unmarked)
    monkeypatch.setattr(os, "forkpty", unmarked)
    monkeypatch.setattr(os, "posix_spawn", unmarked, raising=False)
    monkeypatch.setattr(os, "posix_spawnp", unmarked, raising=False)


#: What a developer's shell may say that a test must not hear.
CLEARED = ("MODERATOR_GAME", "MODERATOR_LANG", "FORCE_COLOR", "PY_COLORS", "GITHUB_ACTIONS",
           "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh MODERATOR_HOME and a neutral environment."""
    folder = tmp_path / "moderator-home"
    monkeypatch.setenv("MODERATOR_HOME", str(folder))
    for variable in CLEARED:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    return folder


@pytest.fixture(scope="session")
def app():
    from moderator.cli.app import build

    return build("en")


@pytest.fixture
def moderator(app) -> Callable[..., Result]:
    """Run `moderator ARGS…`; `env` adds environment variables for this one call."""
    from typer.testing import CliRunner

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


def _files(folder: Path | None = None) -> dict[str, bytes]:
    folder = Path(os.environ["MODERATOR_HOME"]) if folder is None else folder
    shown: dict[str, bytes] = {}
    for path in sorted(folder.rglob("*") if folder.exists() else ()):
        name = str(path.relative_to(folder))
        if path.is_symlink():
            shown[name] = f"-> {os.readlink(path)}".encode()
        elif path.is_file():
            shown[name] = path.read_bytes()
        elif not path.is_dir():
            shown[name] = b"(not a file)"
    return shown


@pytest.fixture(scope="session")
def files() -> Callable[..., dict[str, bytes]]:
    """Every file under a folder, MODERATOR_HOME by default, and its bytes."""
    return _files
