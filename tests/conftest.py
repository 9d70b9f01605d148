"""What every test shares: no test reaches Google's speech service or the user's cache unless
it says so. A test that speaks chooses its voice itself (and answers Google with `responses`,
or runs espeak-ng); this also covers commands run in a subprocess or a pseudo-terminal, which
inherit the environment.

Hypothesis is deterministic here: every property test draws the same examples on every run
(derandomized, no example database), so the same commit gives the same result twice. The
long fuzz run (`pytest -m fuzz`, deselected otherwise) is where random exploration happens.

Ctrl-C reaches the processes the tests start, however the run was started: a shell without
job control starts a background job with SIGINT ignored, which every child would inherit.

Every test that starts a process, a terminal, a browser or a sound player carries the
`integration` marker, so that `pytest -m "not integration"` gives quick feedback. It is set
here from what a test runs, not by hand: the test's code, its fixtures' code and the module
functions they call (followed through) are read for what starts one (`PROCESSES`); every test of
tests/voice counts, since the voice itself runs espeak-ng, sox and the players. A test without
the marker that starts a process anyway fails, saying so, so the marker cannot fall behind.
"""

from __future__ import annotations

import inspect
import os
import re
import signal
import subprocess
from pathlib import Path
from types import FunctionType

import pytest
from hypothesis import settings

settings.register_profile("deterministic", derandomize=True, database=None, print_blob=True)
settings.load_profile("deterministic")

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # children get SIG_DFL back at exec
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def no_voice_unless_asked(tmp_path_factory: pytest.TempPathFactory,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MODERATOR_VOICE", "off")
    monkeypatch.setenv("MODERATOR_CACHE", str(tmp_path_factory.mktemp("voice-cache")))


#: What in a test's code starts a process, a terminal, a browser or a sound player.
PROCESSES = re.compile(r"subprocess|Popen|pexpect|tmux|playwright|sys\.executable|os\.fork|"
                       r"inotifywait|espeak|ffplay|soxi|stand_in|speakers|console_script|"
                       r"lan_address")  # ifaddr finds libc with ctypes.util: ldconfig runs
TESTS = Path(__file__).resolve().parent
#: The fixture below that watches for processes; every test has it, none is started by it.
GUARD = "only_integration_tests_start_processes"
#: Folders whose every test does, through the code it tests.
PROCESS_FOLDERS = {"voice"}


def _starts_processes(function: object, seen: set[int]) -> bool:
    """Whether `function`, or a function or test helper class of its module that it names
    (followed through), starts one."""
    if isinstance(function, type) and id(function) not in seen:  # a helper class of the tests
        seen.add(id(function))
        try:
            return TESTS in Path(inspect.getfile(function)).parents \
                and bool(PROCESSES.search(inspect.getsource(function)))
        except (OSError, TypeError):
            return False
    function = inspect.unwrap(function)  # type: ignore[arg-type]
    if not isinstance(function, FunctionType) or id(function) in seen:
        return False
    seen.add(id(function))
    try:
        source = inspect.getsource(function)
    except (OSError, TypeError):
        return False
    if PROCESSES.search(source):
        return True
    names: set[str] = set()
    codes = [function.__code__]
    while codes:
        code = codes.pop()
        names.update(code.co_names)
        codes += [c for c in code.co_consts if hasattr(c, "co_names")]
    return any(_starts_processes(function.__globals__.get(name), seen) for name in names)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "fuzz" not in (config.option.markexpr or ""):  # `-m "not integration"` replaces the
        fuzz = [item for item in items if item.get_closest_marker("fuzz")]  # default -m
        if fuzz:
            config.hook.pytest_deselected(items=fuzz)
            items[:] = [item for item in items if not item.get_closest_marker("fuzz")]
    for item in items:
        if not isinstance(item, pytest.Function):
            continue
        folder = Path(str(item.fspath)).parent.name
        fixtures = item._fixtureinfo.name2fixturedefs
        functions = [item.function] + [defs[-1].func for name in item.fixturenames
                                       if name != GUARD and (defs := fixtures.get(name))]
        seen: set[int] = set()
        if folder in PROCESS_FOLDERS or any(_starts_processes(f, seen) for f in functions):
            item.add_marker(pytest.mark.integration)


@pytest.fixture(autouse=True)
def only_integration_tests_start_processes(request: pytest.FixtureRequest,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A test the marker missed fails the moment it starts a process."""
    if request.node.get_closest_marker("integration") is not None:
        return

    def refused(*args: object, **kwargs: object) -> None:
        pytest.fail(f"{request.node.nodeid} starts a process but has no integration marker: "
                    "teach PROCESSES in tests/conftest.py what starts it", pytrace=False)

    monkeypatch.setattr(subprocess.Popen, "__init__", refused)
    monkeypatch.setattr(os, "fork", refused)
    monkeypatch.setattr(os, "forkpty", refused)
    monkeypatch.setattr(os, "posix_spawn", refused, raising=False)
    monkeypatch.setattr(os, "posix_spawnp", refused, raising=False)
