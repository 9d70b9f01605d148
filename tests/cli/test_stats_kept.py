"""`stats` over a long season (issue 18): each game is read once, and what the season needs of a
finished game is kept between runs, keyed by its file's size and modification time."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

NAMES = "Anna,Ben,Carl,Dora,Emil"
#: Five players, every team approved by all: three successes (rules.md §1.6).
RESISTANCE_WINS = [c for team in ("1 2", "2 3 4", "3 4") for c in (
    f"propose {team}", "vote --approve 1,2,3,4,5", "mission --fails 0")]


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("MODERATOR_CACHE", str(folder))
    return folder


def stats(play) -> dict:
    return json.loads(play("stats --json"))


def names(summary: dict) -> set[str]:
    return {row["name"] for row in summary["players"]}


def rewrite_in_place(path: Path, old: bytes, new: bytes) -> None:
    """Change a file's bytes without changing its size, inode or modification time."""
    assert len(old) == len(new)
    before = path.stat()
    with open(path, "r+b") as handle:
        data = handle.read()
        handle.seek(0)
        handle.write(data.replace(old, new))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = path.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (
        before.st_size, before.st_mtime_ns, before.st_ino)


def test_a_finished_game_is_read_once_and_again_only_when_its_file_changes(play, game_file):
    play(f"new --players 5 --names {NAMES} --leader 1", *RESISTANCE_WINS)
    assert "Anna" in names(stats(play))
    # The file says Anne now, but its size and time say it is the game already read.
    rewrite_in_place(game_file(), b'"Anna"', b'"Anne"')
    assert "Anna" in names(stats(play))
    play("roles --spies ben,dora")  # one more line: the game is read again
    summary = stats(play)
    assert "Anne" in names(summary) and "Anna" not in names(summary)
    assert next(r for r in summary["players"] if r["name"] == "Ben")["spies"]["games"] == 1


def test_a_game_still_being_played_is_read_every_time(play, game_file):
    play(f"new --players 5 --names {NAMES} --leader 1", "propose 1 2")
    assert stats(play)["in_progress"] == 1
    rewrite_in_place(game_file(), b'"Anna"', b'"Anne"')
    play(*RESISTANCE_WINS[1:])  # the game goes on to its end
    summary = stats(play)
    assert (summary["over"], summary["in_progress"]) == (1, 0)
    assert "Anne" in names(summary)


def test_a_finished_game_damaged_after_it_was_kept_is_unreadable(play, game_file):
    play(f"new --players 5 --names {NAMES} --leader 1", *RESISTANCE_WINS)
    assert stats(play)["over"] == 1
    path = game_file()
    path.write_bytes(path.read_bytes() + b"nonsense\n")
    summary = stats(play)
    assert summary["unreadable"] == [path.stem] and summary["over"] == 0


def test_a_damaged_or_missing_summary_is_made_again(play, cache):
    play(f"new --players 5 --names {NAMES} --leader 1", *RESISTANCE_WINS)
    play(f"new --players 5 --names {NAMES} --leader 2", *RESISTANCE_WINS)
    first = stats(play)
    [summary] = (cache / "kept").glob("season-*.marshal")
    summary.write_bytes(summary.read_bytes()[:-3])
    assert stats(play) == first
    summary.unlink()
    assert stats(play) == first
    assert summary.exists()


def test_each_games_folder_has_its_own_summary(play, cache, tmp_path):
    play(f"new --players 5 --names {NAMES} --leader 1", *RESISTANCE_WINS)
    assert stats(play)["over"] == 1
    other = {"MODERATOR_HOME": str(tmp_path / "other-home")}
    play("new --players 5 --names Ida,Jonas,Kai,Lena,Max --leader 1", *RESISTANCE_WINS, env=other)
    assert names(json.loads(play("stats --json", env=other))) == {"Ida", "Jonas", "Kai", "Lena",
                                                                   "Max"}
    assert len(list((cache / "kept").glob("season-*.marshal"))) == 2
    assert "Anna" in names(stats(play))
