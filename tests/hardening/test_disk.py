"""A full disk and a read-only data folder, for real (design.md §3, §4): the host gets one
translated line and exit 1, and the game on disk is exactly as it was.

A tiny tmpfs is mounted for the full and read-only disk, which needs root in a system that
allows mounting; a folder that belongs to someone else is tried as the user `nobody`
(through setpriv). Each test says why it is skipped where that is not possible."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from moderator.i18n import t

pytestmark = pytest.mark.integration

MODERATOR = [sys.executable, "-m", "moderator"]
NOBODY = "65534"  # the user nobody, by number: its group has a different name on each system
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def moderator(home: Path, *args: str, user: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "MODERATOR_HOME": str(home), "NO_COLOR": "1", "LANG": "C.UTF-8"}
    env.pop("MODERATOR_LANG", None)
    prefix = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups"] if user else []
    if user:  # nobody's own home, not root's cache
        env["HOME"] = str(home)
    return subprocess.run([*prefix, *MODERATOR, *args], env=env, capture_output=True, text=True,
                          timeout=60)


def log_of(home: Path) -> Path:
    return next((home / "games").glob("*.jsonl"))


def test_a_new_game_on_a_full_disk_is_refused_and_leaves_nothing(disk, fill):
    (disk / "games").mkdir()
    fill(disk)
    for lang in ("en", "de"):
        result = moderator(disk, "new", "--players", "5", "--no-play", "--lang", lang)
        assert result.returncode == 1
        assert result.stderr == t(lang, "errors.disk_full", path=str(disk / "games")) + "\n"
        assert result.stdout == ""
    assert list((disk / "games").iterdir()) == []


def test_an_action_on_a_full_disk_is_refused_and_the_log_keeps_no_half_line(disk, fill):
    """The log is padded (with a long name) to end just short of a memory page, so the next
    line needs a page the full disk cannot give: the write stops half-way and is cut back."""
    names = ["Anna", "Ben", "Carl", "Dora", "Emil"]
    moderator(disk, "new", "--names", ",".join(names), "--leader", "1", "--no-play")
    size = log_of(disk).stat().st_size
    shutil.rmtree(disk / "games")
    names[0] += "a" * (PAGE - 20 - size)
    created = moderator(disk, "new", "--names", ",".join(names), "--leader", "1", "--no-play")
    assert created.returncode == 0, created.stderr
    log = log_of(disk)
    before = log.read_bytes()
    assert PAGE - 40 < len(before) < PAGE
    filler = fill(disk)

    result = moderator(disk, "propose", "1", "2")
    assert result.returncode == 1
    assert result.stderr == t("en", "errors.disk_full", path=str(log)) + "\n"
    assert log.read_bytes() == before

    filler.unlink()  # space again: the game goes on where it was
    assert moderator(disk, "propose", "1", "2").returncode == 0
    assert moderator(disk, "status", "--json").stdout.count('"phase": "vote"') == 1


def test_a_read_only_disk_can_be_looked_at_but_not_written(disk):
    moderator(disk, "new", "--players", "5", "--leader", "1", "--no-play", "--lang", "de")
    log = log_of(disk)
    before = log.read_bytes()
    remounted = subprocess.run(["mount", "-o", "remount,ro", str(disk)], capture_output=True,
                               text=True)
    if remounted.returncode != 0:
        pytest.skip(f"cannot remount the tmpfs read-only ({remounted.stderr.strip()})")
    looked = moderator(disk, "status")
    assert looked.returncode == 0 and "Partie" in looked.stdout
    for args, where in ((("propose", "1", "2"), log),
                        (("new", "--players", "5", "--lang", "de"), disk / "games")):
        result = moderator(disk, *args)
        assert result.returncode == 1
        assert result.stderr == t("de", "errors.read_only", path=str(where)) + "\n"
    export = moderator(disk, "export", "--output", str(disk / "game.md"))
    assert export.returncode == 1 and export.stderr.startswith(f"{disk / 'game.md'} kann nicht")
    assert log.read_bytes() == before


@pytest.fixture
def foreign_home():
    """A data folder that belongs to root, for the user nobody to try."""
    if shutil.which("setpriv") is None or os.geteuid() != 0:
        pytest.skip("running as another user needs root and setpriv")
    folder = Path(tempfile.mkdtemp(prefix="moderator-foreign-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


def test_a_folder_that_is_not_the_hosts_can_be_looked_at_but_not_written(foreign_home):
    assert moderator(foreign_home, "new", "--players", "5", "--leader", "1",
                     "--no-play").returncode == 0
    log = log_of(foreign_home)
    before = log.read_bytes()
    if moderator(foreign_home, "--version", user=NOBODY).returncode != 0:
        pytest.skip("the user nobody cannot run this Python (it must be able to read the "
                    "virtualenv and the project)")
    assert moderator(foreign_home, "status", user=NOBODY).returncode == 0
    result = moderator(foreign_home, "vote", "--approve", "1,2,3", user=NOBODY)
    assert result.returncode == 1
    assert result.stderr == t("en", "errors.turn.proposal") + "\n"  # the rules answer first
    result = moderator(foreign_home, "propose", "1", "2", user=NOBODY)
    assert result.returncode == 1
    assert result.stderr == t("en", "errors.read_only", path=str(log)) + "\n"
    assert log.read_bytes() == before
