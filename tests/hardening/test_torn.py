"""A torn last line is never written after (design.md §3).

The game's file ends in a line cut off mid-write, as a power cut leaves it. Where that line
cannot be set aside, because the folder is read-only for the host (an ordinary user, for
real) or the disk is full (a real 64 KiB tmpfs), every command that writes is refused with
one line saying what to do, every command that reads says the last line is cut off, and the
file stays byte for byte as it was, with nothing left beside it. Once the space is back, the
line is set aside and the game goes on."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from moderator.i18n import t

pytestmark = pytest.mark.integration

TORN = b'{"type":"vote","appr'
WRITES = [["vote", "--approve", "1,2,3"], ["propose", "1", "2"], ["undo"], ["redo"],
          ["mission", "--fails", "0"]]
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def torn_game(home: Path, cli) -> Path:
    """A game whose last line was cut off, in a file that is small enough to stay in one page
    of the disk with room to spare (so a full disk could still take a line into it)."""
    assert cli(home, "new", "--players", "5", "--leader", "1", "--no-play").returncode == 0
    assert cli(home, "propose", "1", "2").returncode == 0
    log = next((home / "games").glob("*.jsonl"))
    with open(log, "ab") as handle:
        handle.write(TORN)
    assert log.stat().st_size < PAGE - 200
    return log


def every_write_is_refused(home: Path, log: Path, cli, files, user=()) -> None:
    before = files(home)
    for args in WRITES:
        result = cli(home, *args, user=user)
        assert files(home) == before, args
        refusal = t("en", "errors.torn_stuck", game=log.stem, path=str(log)) + "\n"
        assert (result.returncode, result.stdout, result.stderr) == (1, "", refusal), args
    looked = cli(home, "status", user=user)
    assert looked.returncode == 0 and "Anna" not in looked.stdout
    assert looked.stderr == t("en", "warnings.torn_kept", game=log.stem, path=str(log)) + "\n"
    assert "vote" in looked.stdout.lower()  # the game as of its last complete action
    assert files(home) == before


def test_a_torn_line_in_a_folder_the_host_cannot_write_is_never_written_after(
        public_tmp, cli, files, host_user):
    home = public_tmp
    log = torn_game(home, cli)
    log.chmod(0o666)  # the file could be written, its folder cannot
    (home / "games").chmod(0o555)
    try:
        every_write_is_refused(home, log, cli, files, user=host_user)
    finally:
        (home / "games").chmod(0o755)


def test_a_torn_line_on_a_full_disk_is_never_written_after_and_nothing_is_left_beside_it(
        disk, cli, files, fill):
    log = torn_game(disk, cli)
    filler = fill(disk)
    every_write_is_refused(disk, log, cli, files)
    assert sorted(p.name for p in log.parent.iterdir()) == [log.name]  # no empty .torn file

    filler.unlink()  # space again: the cut-off line is set aside and the game goes on
    looked = cli(disk, "status")
    aside = [p for p in log.parent.iterdir() if p != log]
    assert len(aside) == 1 and aside[0].read_bytes() == TORN
    assert looked.stderr == t("en", "warnings.torn", game=log.stem, path=str(aside[0])) + "\n"
    assert cli(disk, "vote", "--approve", "1,2,3").returncode == 0
    lines = log.read_bytes().split(b"\n")
    assert lines.pop() == b"" and [json.loads(line)["type"] for line in lines] == [
        "setup", "propose", "vote"]


def test_a_last_line_that_only_lacks_its_newline_is_kept(tmp_path, cli):
    """Edited by hand and saved without a final newline: the line is whole, and stays."""
    assert cli(tmp_path, "new", "--players", "5", "--leader", "1", "--no-play").returncode == 0
    assert cli(tmp_path, "propose", "1", "2").returncode == 0
    log = next((tmp_path / "games").glob("*.jsonl"))
    log.write_bytes(log.read_bytes().rstrip(b"\n"))
    looked = cli(tmp_path, "status", "--json")
    assert looked.returncode == 0 and looked.stderr == ""
    assert '"phase": "vote"' in looked.stdout
    assert cli(tmp_path, "vote", "--approve", "1,2,3").returncode == 0
    lines = log.read_bytes().split(b"\n")
    assert lines[-1] == b"" and len(lines) == 4  # setup, proposal, vote: each on its line
    assert sorted(p.name for p in log.parent.iterdir()) == [log.name]
