"""A new or imported game appears whole or not at all (design.md §3).

`new` and `import` are killed (SIGKILL, a real process) at the moment a file appears in the
games folder, seen through inotify: the first file of all (the draft), or the game's own
file. Whatever the moment, the folder then holds no new game or the whole game, which every
command can load; whoever reads the game's file the moment it appears reads all of it; the
game at the table stays current; and the next `new` removes what a killed process left."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from moderator import session, store

pytestmark = pytest.mark.integration

ROUNDS = 10
PLAYED = [["propose", "1", "2"], ["vote", "--approve", "1,2,3"], ["mission", "--fails", "0"],
          ["propose", "2", "3", "4"], ["vote", "--reject", "1,2"]]


@pytest.fixture(scope="module", autouse=True)
def inotify():
    if shutil.which("inotifywait") is None:
        pytest.skip("inotifywait (inotify-tools) is needed to see the file appear")


@pytest.fixture
def table(tmp_path, cli, monkeypatch) -> Path:
    """A folder with the game at the table, the current one."""
    monkeypatch.setenv("MODERATOR_HOME", str(tmp_path))
    assert cli(tmp_path, "new", "--players", "5", "--leader", "1", "--no-play").returncode == 0
    return tmp_path


@pytest.fixture(scope="module")
def exported(tmp_path_factory, cli) -> dict:
    """The JSON export of a game of five actions."""
    home = tmp_path_factory.mktemp("elsewhere")
    for args in [["new", "--players", "5", "--leader", "1", "--no-play"], *PLAYED]:
        assert cli(home, *args).returncode == 0
    return json.loads(cli(home, "export", "--format", "json").stdout)


def any_file(name: str) -> bool:
    return True


def the_game(name: str) -> bool:
    return name.endswith(store.SUFFIX)


def killed_when_a_file_appears(home: Path, args: list[str], wanted, cli_env) -> dict:
    """Run `moderator ARGS`, kill it as soon as a file for which `wanted(name)` holds appears
    in the games folder, and return what a game's file held at that moment (read at once)."""
    folder = home / "games"
    watch = subprocess.Popen(
        ["inotifywait", "-m", "-e", "create,moved_to", "--format", "%f", str(folder)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen = {}
    try:
        while "Watches established" not in watch.stderr.readline():
            pass
        command = subprocess.Popen([sys.executable, "-m", "moderator", *args],
                                   env=cli_env(home), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        for name in iter(watch.stdout.readline, ""):
            name = name.strip()
            if wanted(name):
                if name.endswith(store.SUFFIX):
                    seen[Path(name).stem] = (folder / name).read_bytes()
                command.send_signal(signal.SIGKILL)
                break
        command.wait(timeout=60)
    finally:
        watch.kill()
        watch.wait()
    return seen


def the_next_new_removes_every_draft(home: Path, cli) -> None:
    assert cli(home, "new", "--players", "5", "--no-play").returncode == 0
    assert [p.name for p in (home / "games").iterdir() if p.suffix != store.SUFFIX] == []


@pytest.mark.parametrize("wanted", [any_file, the_game], ids=["first-file", "game-file"])
def test_new_killed_as_its_file_appears_leaves_no_game_or_the_whole_game(
        table, wanted, cli, cli_env):
    for _ in range(ROUNDS):
        before = store.game_ids()
        seen = killed_when_a_file_appears(
            table, ["new", "--players", "6", "--leader", "2", "--no-play"], wanted, cli_env)
        new = sorted(set(store.game_ids()) - set(before))
        assert len(new) <= 1
        for game_id in new:  # the whole game, which loads
            started = session.open_game(game_id)
            assert started.game.players == 6 and started.history.done == []
        for game_id, content in seen.items():  # whole the moment it appeared
            assert content == store.path_of(game_id).read_bytes()
        assert cli(table, "status").returncode == 0  # never a game that blocks the others
    the_next_new_removes_every_draft(table, cli)


@pytest.mark.parametrize("wanted", [any_file, the_game], ids=["first-file", "game-file"])
def test_import_killed_as_its_file_appears_leaves_no_game_or_the_whole_game(
        table, exported, wanted, cli, cli_env):
    at_the_table = store.game_ids()[-1]
    for number in range(ROUNDS):  # a game of another evening each time: never a duplicate
        setup = {**exported["setup"], "created": f"2026-03-{number + 1:02d}T20:00:00+00:00"}
        path = table / f"game-{number}.json"
        path.write_text(json.dumps({**exported, "setup": setup}), encoding="utf-8")
        before = store.game_ids()
        seen = killed_when_a_file_appears(table, ["import", str(path)], wanted, cli_env)
        new = sorted(set(store.game_ids()) - set(before))
        assert len(new) <= 1
        for game_id in new:  # never some of its actions: all of them
            imported = session.open_game(game_id)
            assert [e.data for e in imported.history.done] == exported["actions"]
        for content in seen.values():  # a reader never sees the import cut short
            assert content.count(b"\n") == 1 + len(exported["actions"])
        status = cli(table, "status", "--json")
        assert status.returncode == 0 and json.loads(status.stdout)["game"] == at_the_table
    the_next_new_removes_every_draft(table, cli)
