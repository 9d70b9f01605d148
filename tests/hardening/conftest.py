"""What the hardening tests share: the real `moderator` command in a process of its own, a
host who is an ordinary user, and a tiny disk that can be filled.

- ``cli(home, "status", ...)`` runs `python -m moderator` with MODERATOR_HOME=home, in English
  unless ``env`` says otherwise; ``user`` is a command prefix that runs it as someone else.
  ``cli_env(home)`` is that environment, for a test that starts the process itself.
- ``host_user`` is such a prefix: a user whom file permissions bind. It is the user nobody
  where nobody can run this Python; otherwise (a virtualenv under /root, as on CI) root without
  the capabilities that override permissions (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH,
  CAP_FOWNER), which file permissions bind exactly as they bind a normal user.
- ``public_tmp`` is a folder that such a user may enter.
- ``say_at_a_terminal(home)`` reads the game's reveal with `script --say` in a
  pseudo-terminal, going on at every pause; its exit status and the terminal's last text.
- ``disk`` is a 64 KiB tmpfs; ``fill(folder)`` writes a file until that disk is full and
  returns it, to be removed to free the space again.
- ``files(folder)`` (tests/conftest.py) is every file under `folder`, to show nothing changed.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

MODERATOR = [sys.executable, "-m", "moderator"]
NOBODY = "65534"  # the user nobody, by number: its group has a different name on each system
NOT_OVERRIDING = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--"]


def _environment(home: Path, user: list[str] = (), env: dict | None = None) -> dict[str, str]:
    environment = {**os.environ, "MODERATOR_HOME": str(home), "NO_COLOR": "1",
                   "LANG": "C.UTF-8", "COLUMNS": "200"}
    environment.pop("MODERATOR_LANG", None)
    environment.pop("MODERATOR_GAME", None)
    environment.pop("PYTHONUNBUFFERED", None)  # output buffered, as a host's is
    if user:
        environment["HOME"] = str(home)  # the user's own home, not root's cache
    environment.update(env or {})
    return environment


def _run(home: Path, *args: str, user: list[str] = (), env: dict | None = None,
         **options) -> subprocess.CompletedProcess:
    environment = _environment(home, user, env)
    options.setdefault("capture_output", "stdout" not in options)
    if "stdout" in options:
        options.setdefault("stderr", subprocess.PIPE)
    options.setdefault("timeout", 60)
    options.setdefault("text", True)
    return subprocess.run([*user, *MODERATOR, *args], env=environment, **options)


@pytest.fixture(scope="session")
def cli():
    return _run


@pytest.fixture(scope="session")
def cli_env():
    """The environment `cli` runs in, for a test that starts the process itself."""
    return _environment


def _say_at_a_terminal(home: Path) -> tuple[int, str]:
    """`moderator script --say` in a pseudo-terminal, going on at every pause, with the voice
    off: its exit status and what its terminal showed at the end."""
    pexpect = pytest.importorskip("pexpect")
    env = _environment(home, env={"MODERATOR_VOICE": "off", "TERM": "dumb"})
    child = pexpect.spawn(sys.executable, [*MODERATOR[1:], "script", "--say"], env=env,
                          encoding="utf-8", timeout=30, dimensions=(40, 100))
    while child.expect([r"… \d+ s", pexpect.EOF]) == 0:  # each pause: go on at once
        child.send(" ")
    child.close()
    return child.exitstatus, child.before


@pytest.fixture(scope="session")
def say_at_a_terminal():
    return _say_at_a_terminal


@pytest.fixture(scope="session")
def host_user(tmp_path_factory) -> list[str]:
    if not sys.platform.startswith("linux") or shutil.which("setpriv") is None:
        pytest.skip("running as an ordinary user needs Linux and setpriv")
    if os.geteuid() != 0:
        return []  # the tests already run as an ordinary user
    nobody = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--"]
    folder = tmp_path_factory.mktemp("nobody")
    folder.chmod(0o777)
    if _run(folder, "--version", user=nobody).returncode == 0:
        return nobody
    if _run(folder, "--version", user=NOT_OVERRIDING).returncode == 0:
        return NOT_OVERRIDING
    pytest.skip("neither the user nobody nor a root without its overriding capabilities "
                "can run this Python")


@pytest.fixture
def public_tmp():
    """A folder that other users may enter (pytest's own temporary folders are root's only)."""
    folder = Path(tempfile.mkdtemp(prefix="moderator-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def disk(tmp_path):
    """A 64 KiB tmpfs, unmounted afterwards."""
    folder = tmp_path / "disk"
    folder.mkdir()
    if not sys.platform.startswith("linux") or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs needs Linux and the mount command")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here ({mounted.stderr.strip()}): "
                    "it needs root in a system that allows mounting")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


@pytest.fixture
def fill():
    def filled(folder: Path) -> Path:
        filler = folder / "filler"
        with open(filler, "wb", buffering=0) as out:
            try:
                while True:
                    out.write(b"\0" * 1024)
            except OSError as error:
                assert error.errno == errno.ENOSPC
        return filler

    return filled
