"""Files holding JSON nested 100,000 deep (issue 35, item 6): Python's parser gives up on them
with RecursionError, which no command may show as "Something went wrong". A game file so
damaged is refused with the number of its line and left untouched, and the season goes on
without it; a live file so damaged reads as no signal, so the reveal and the game go on."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from moderator.i18n import t

pytestmark = pytest.mark.integration

SETUP = ["new", "--players", "5", "--names", "Anna,Ben,Carl,Dora,Emil", "--leader", "1",
         "--no-play"]
DEEP = 100_000


def nested(prefix: bytes = b"", suffix: bytes = b"", deep: int = DEEP) -> bytes:
    return prefix + b"[" * deep + b"]" * deep + suffix


@pytest.fixture
def table(tmp_path, cli) -> Path:
    """Two games, the newest waiting for the vote on its first team."""
    for args in (SETUP, SETUP, ["propose", "1", "2"]):
        assert cli(tmp_path, *args).returncode == 0
    return tmp_path


def newest(home: Path) -> Path:
    return sorted((home / "games").glob("*.jsonl"))[-1]


@pytest.mark.parametrize("where", ["setup", "action"])
def test_a_game_line_nested_too_deep_is_refused_with_its_line(table, cli, files, where):
    path = newest(table)
    lines = path.read_bytes().splitlines(keepends=True)
    if where == "setup":
        lines[0] = nested(b'{"type":"setup","schema":1,"x":', b"}\n")
        line = 1
    else:
        lines.insert(1, nested(b'{"type":"propose","team":', b"}\n"))
        line = 2
    path.write_bytes(b"".join(lines))
    before = files(table)
    refusal = t("en", "errors.game_corrupt", game=path.stem, line=line)
    for args in (["status"], ["vote", "--approve", "1,2,3"], ["undo"], ["log"], ["script"]):
        result = cli(table, *args)
        assert (result.returncode, result.stdout, result.stderr) == (1, "", refusal + "\n"), args
        assert files(table) == before
    season = cli(table, "stats", "--json")
    assert season.returncode == 0, season.stderr
    assert json.loads(season.stdout)["unreadable"] == [path.stem]
    games = cli(table, "games", "--json")
    assert games.returncode == 0, games.stderr
    assert [row["game"] for row in json.loads(games.stdout)][-1] == path.stem
    assert files(table) == before


@pytest.mark.parametrize("deep", [DEEP, 30_000])  # the second within a live file's size
def test_live_files_nested_too_deep_read_as_no_signal(table, cli, say_at_a_terminal, deep):
    """The game's sidecar and the display's: the reveal is read on, the game goes on."""
    path = newest(table)
    (table / "games" / f"{path.stem}.live.json").write_bytes(nested(deep=deep))
    (table / "games" / "display.live.json").write_bytes(nested(deep=deep))
    assert cli(table, "status").returncode == 0
    status, shown = say_at_a_terminal(table)
    assert status == 0, shown
    assert "Everyone, open your eyes." in shown and "Something went wrong" not in shown
    assert not os.path.exists(table / "games" / f"{path.stem}.live.json")
