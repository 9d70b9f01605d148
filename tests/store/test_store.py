"""The game log on disk (design.md §3): append-only, replayed on load, never lost."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from datetime import date

import pytest

from moderator import codec, session, store
from moderator.rules import RuleError


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MODERATOR_HOME", str(tmp_path))
    return tmp_path


def new_game(players=5, seed=1):
    names = [f"P{seat}" for seat in range(1, players + 1)]
    return session.start(players, names, "en", [], [], {}, 0, seed, False).game_id


def lines(game_id):
    return store.path_of(game_id).read_bytes().splitlines()


def test_a_game_is_one_json_lines_file_setup_first():
    game_id = new_game()
    session.act(game_id, codec.decode({"type": "propose", "team": [1, 2]}))
    first, second = (json.loads(line) for line in lines(game_id))
    assert first["type"] == "setup" and first["players"] == 5 and first["game"] == game_id
    assert second["type"] == "propose" and second["team"] == [1, 2]


def test_loading_replays_the_log():
    game_id = new_game()
    session.act(game_id, codec.decode({"type": "propose", "team": [1, 2]}))
    session.act(game_id, codec.decode({"type": "vote", "approve": [1, 2, 3]}))
    assert session.open_game(game_id).game.phase == "mission"


def test_a_refused_action_writes_nothing():
    game_id = new_game()
    before = store.path_of(game_id).read_bytes()
    with pytest.raises(RuleError):
        session.act(game_id, codec.decode({"type": "propose", "team": [1, 2, 3]}))
    assert store.path_of(game_id).read_bytes() == before


def test_undo_and_redo_are_entries_too_and_a_new_action_drops_the_redo():
    game_id = new_game()
    session.act(game_id, codec.decode({"type": "propose", "team": [1, 2]}))
    session.undo(game_id)
    assert session.open_game(game_id).game.phase == "proposal"
    session.redo(game_id)
    assert session.open_game(game_id).game.phase == "vote"
    session.undo(game_id)
    session.act(game_id, codec.decode({"type": "propose", "team": [3, 4]}))
    with pytest.raises(RuleError) as refused:
        session.redo(game_id)
    assert refused.value.code == "errors.nothing_to_redo"
    assert [json.loads(line)["type"] for line in lines(game_id)] == [
        "setup", "propose", "undo", "redo", "undo", "propose",
    ]


def test_an_action_chosen_for_an_earlier_log_is_refused_and_writes_nothing():
    """Two screens at once (issue 34): each action names the log's length it was chosen at;
    checked under the lock, so the later of two is refused, undo and redo too."""
    game_id = new_game()
    shown = session.open_game(game_id).history.lines
    session.act(game_id, codec.decode({"type": "propose", "team": [1, 2]}), made_for=shown)
    before = store.path_of(game_id).read_bytes()
    for late in (lambda: session.act(game_id, codec.decode({"type": "propose", "team": [3, 4]}),
                                     made_for=shown),
                 lambda: session.undo(game_id, made_for=shown),
                 lambda: session.redo(game_id, made_for=shown)):
        with pytest.raises(RuleError) as refused:
            late()
        assert refused.value.code == "errors.moved_on"
    assert store.path_of(game_id).read_bytes() == before
    session.undo(game_id, made_for=shown + 1)  # chosen for the log as it is: done
    assert session.open_game(game_id).game.phase == "proposal"


def test_the_newest_game_is_current_and_ids_are_unique_per_day():
    first, second = new_game(), new_game()
    assert first != second
    assert store.resolve(None) == second
    assert store.resolve(first) == first
    with pytest.raises(store.StoreError) as unknown:
        store.resolve("1999-01-01-1")
    assert unknown.value.code == "errors.game_unknown"


def test_ids_count_up_within_a_day():
    setup = {"players": 5}
    ids = [store.create(setup, date(2026, 11, 30)) for _ in range(11)]
    assert ids[0] == "2026-11-30-1" and ids[-1] == "2026-11-30-11"
    assert store.game_ids()[-1] == "2026-11-30-11"  # 11 sorts after 2, not before


def test_a_torn_last_line_is_reported_and_set_aside(home):
    game_id = new_game()
    session.act(game_id, codec.decode({"type": "propose", "team": [1, 2]}))
    path = store.path_of(game_id)
    complete = path.read_bytes()
    with open(path, "ab") as log:  # what a power cut in the middle of a write leaves
        log.write(b'{"type":"vote","appr')
    loaded = session.open_game(game_id)
    assert loaded.game.phase == "vote"  # the last complete action
    assert loaded.history.set_aside is not None
    assert loaded.history.set_aside.read_bytes() == b'{"type":"vote","appr'
    assert path.read_bytes() == complete
    session.act(game_id, codec.decode({"type": "vote", "approve": [1, 2, 3]}))
    assert session.open_game(game_id).game.phase == "mission"


def test_a_bad_line_in_the_middle_is_refused_with_its_number_and_left_alone():
    game_id = new_game()
    session.act(game_id, codec.decode({"type": "propose", "team": [1, 2]}))
    session.act(game_id, codec.decode({"type": "vote", "approve": [1, 2, 3]}))
    path = store.path_of(game_id)
    broken = path.read_bytes().replace(b'"type":"propose"', b'"type":"propose', 1)
    path.write_bytes(broken)
    with pytest.raises(store.StoreError) as corrupt:
        session.open_game(game_id)
    assert corrupt.value.code == "errors.game_corrupt" and corrupt.value.params["line"] == 2
    with pytest.raises(store.StoreError):
        session.act(game_id, codec.decode({"type": "mission", "fails": 0}))
    assert path.read_bytes() == broken


def test_an_action_the_rules_refuse_marks_the_log_corrupt_at_its_line():
    game_id = new_game()
    path = store.path_of(game_id)
    with open(path, "ab") as log:  # edited by hand: a vote before any proposal
        log.write(b'{"type":"vote","approve":[1,2,3]}\n')
    with pytest.raises(store.StoreError) as corrupt:
        session.open_game(game_id)
    assert corrupt.value.params["line"] == 2


def test_a_failed_write_leaves_no_half_line(monkeypatch):
    game_id = new_game()
    before = store.path_of(game_id).read_bytes()

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched:  # the operating system's refusal, nothing of ours
        patched.setattr(os, "fsync", disk_full)
        with pytest.raises(store.StoreError) as full:
            session.act(game_id, codec.decode({"type": "propose", "team": [1, 2]}))
    assert full.value.code == "errors.disk_full"
    assert store.path_of(game_id).read_bytes() == before


WRITER = textwrap.dedent(
    """
    import sys
    from moderator import codec, session
    game_id = sys.argv[1]
    while True:
        session.act(game_id, codec.decode({"type": "propose", "team": [1, 2]}))
        session.undo(game_id)
        print("written", flush=True)
    """
)


@pytest.mark.integration
def test_a_writer_killed_mid_append_leaves_a_loadable_game(home):
    """SIGKILL at a random moment of a stream of appends: the game loads with its last
    complete action, every time."""
    game_id = new_game()
    env = {**os.environ, "MODERATOR_HOME": str(home)}
    for delay in (0.05, 0.11, 0.17, 0.23, 0.31):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, game_id], env=env, stdout=subprocess.PIPE, text=True
        )
        assert writer.stdout.readline() == "written\n"
        time.sleep(delay)
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        loaded = session.open_game(game_id)
        entries = [json.loads(line) for line in lines(game_id)]
        assert loaded.history.set_aside is None  # whole lines only, or nothing
        expected = "vote" if entries[-1]["type"] == "propose" else "proposal"
        assert loaded.game.phase == expected
        if expected == "vote":
            session.undo(game_id)


CONTENDER = textwrap.dedent(
    """
    import sys
    from moderator import codec, session
    from moderator.rules import RuleError
    game_id, team = sys.argv[1], [int(s) for s in sys.argv[2].split(",")]
    done = 0
    for _ in range(150):
        try:
            session.act(game_id, codec.decode({"type": "propose", "team": team}))
            session.undo(game_id)
            done += 1
        except RuleError:
            pass
    print(done)
    """
)


@pytest.mark.integration
def test_two_processes_writing_one_game_never_interleave(home):
    """Each append is checked against the log as it is under the lock: two writers never
    produce two proposals in a row, and every line stays whole."""
    game_id = new_game()
    env = {**os.environ, "MODERATOR_HOME": str(home)}
    writers = [
        subprocess.Popen([sys.executable, "-c", CONTENDER, game_id, team], env=env,
                         stdout=subprocess.PIPE, text=True)
        for team in ("1,2", "3,4")
    ]
    for writer in writers:
        writer.wait(timeout=120)
        assert writer.returncode == 0
    entries = [json.loads(line) for line in lines(game_id)]  # every line parses
    for before, after in zip(entries[1:], entries[2:]):
        assert not (before["type"] == after["type"] == "propose")
    assert session.open_game(game_id).game.phase in ("proposal", "vote")


def test_a_new_game_leaves_only_its_file_and_removes_drafts_of_killed_creators(home):
    """A draft is what a `new` killed before linking its game leaves (design.md §3)."""
    games = home / "games"
    games.mkdir()
    left = games / f"{store.DRAFT_PREFIX}4242-deadbeef{store.DRAFT_SUFFIX}"
    left.write_bytes(b'{"type":"setup"')
    game_id = new_game()
    assert sorted(p.name for p in games.iterdir()) == [f"{game_id}.jsonl"]


def test_ctrl_c_during_a_write_waits_until_the_line_is_whole_and_durable(monkeypatch):
    """The interrupt comes in the middle of the append (a real SIGINT, sent while the line is
    being made durable): the line is written whole, then the interrupt is raised, and the
    store knows the game was written to."""
    game_id = new_game()
    real_fsync = os.fsync

    def interrupted_fsync(fd):
        os.kill(os.getpid(), signal.SIGINT)
        real_fsync(fd)

    monkeypatch.setattr(store, "recorded", None)
    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", interrupted_fsync)
        with pytest.raises(KeyboardInterrupt):
            session.act(game_id, codec.decode({"type": "propose", "team": [1, 2]}))
    assert json.loads(lines(game_id)[-1])["type"] == "propose"
    assert store.recorded == game_id
    assert session.open_game(game_id).game.phase == "vote"


def test_an_imported_game_is_never_the_current_one():
    at_the_table = new_game()
    imported = store.create({"players": 5}, date(2999, 1, 1), imported=True)
    assert store.game_ids()[-1] == imported  # the newest by its id
    assert store.resolve(None) == at_the_table == store.current()
    assert store.resolve(imported) == imported


def test_with_only_imported_games_none_is_current():
    imported = store.create({"players": 5}, date(2026, 3, 1), imported=True)
    with pytest.raises(store.StoreError) as refused:
        store.resolve(None)
    assert refused.value.code == "errors.only_imported"
    assert refused.value.params == {"game": imported}
