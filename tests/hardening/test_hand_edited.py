"""A game log edited by hand into nonsense (design.md §3): every command that needs the game
refuses it with the number of the bad line, and nothing ever writes to it again. The store's
own tests cover a broken line and an action the rules refuse through the session; this one
replaces any line of a real game with anything hypothesis can think of, and asks through the
command line."""

from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from moderator.cli.app import build
from moderator.i18n import t

APP = build("en")
GAME = [
    ["new", "--players", "5", "--names", "Änne,Jörg,Ömer,Zoë 🦊,Ünal", "--leader", "1",
     "--no-play"],
    ["propose", "1", "2"], ["vote", "--approve", "1,2,3"], ["mission", "--fails", "0"],
    ["propose", "2", "3", "4"], ["vote", "--reject", "1"],
]
#: Every command that works on the game; each must refuse the damaged log.
NEEDS_THE_GAME = [["status"], ["status", "--json"], ["propose", "1", "2"], ["undo"], ["redo"],
                  ["log"], ["export", "--format", "json"], ["mission", "--fails", "0"],
                  ["roles", "--spies", "1,2"], ["rules"]]

NONSENSE = st.one_of(
    st.binary(max_size=80).filter(lambda b: b"\n" not in b),
    st.sampled_from([b"", b"{}", b"[]", b"null", b"42", b'"propose"', b"{\"type\": 3}",
                     b'{"type": "propose", "team": "12"}', b'{"type": "vote", "approve": null}',
                     b'{"type": "mission", "fails": "none"}', b'{"type": "mission", "fails": -1}',
                     b'{"type": "setup"}', b'{"type": "teleport"}', b"\xff\xfe{}",
                     b'{"type": "propose", "team": [1, 2]', b'{"type": "vote", "approve": [9]}']),
)


def run(args, home):
    return CliRunner().invoke(APP, args, env={"MODERATOR_HOME": str(home), "COLUMNS": "200"})


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    home = tmp_path_factory.mktemp("saved")
    for args in GAME:
        assert run(args, home).exit_code == 0
    return home


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=st.integers(1, len(GAME)), nonsense=NONSENSE, command=st.sampled_from(NEEDS_THE_GAME))
def test_a_log_edited_into_nonsense_is_refused_with_its_line_and_never_written(
        saved, tmp_path, line, nonsense, command):
    home = tmp_path / f"home-{line}-{len(nonsense)}-{command[0]}"
    shutil.rmtree(home, ignore_errors=True)
    shutil.copytree(saved, home)
    path = next((home / "games").glob("*.jsonl"))
    lines = path.read_bytes().split(b"\n")[:-1]
    lines[line - 1] = nonsense
    damaged = b"\n".join(lines) + b"\n"
    path.write_bytes(damaged)

    result = run(command, home)
    assert result.exit_code == 1, result.output
    assert result.stderr == t("en", "errors.game_corrupt", game=path.stem, line=line) + "\n"
    assert path.read_bytes() == damaged
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # nothing set aside

    season = run(["stats", "--json"], home)  # the season goes on without it
    assert season.exit_code == 0 and json.loads(season.stdout)["unreadable"] == [path.stem]
    assert path.read_bytes() == damaged
