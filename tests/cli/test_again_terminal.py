"""Three games in a row at a real terminal (issue 33): at the end of guided play the host is
asked "Another game with the same table?", Enter says yes, and the next game starts with the
same table, nothing typed again, the leader card one seat on (rules.md §1.3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_play_terminal import DOWN, ENTER, Host

pytestmark = pytest.mark.integration


def setups(home: Path) -> list[dict]:
    paths = sorted((home / "games").glob("*.jsonl"), key=lambda p: int(p.stem.rpartition("-")[2]))
    return [json.loads(p.read_text("utf-8").splitlines()[0]) for p in paths]


def test_three_games_in_a_row_with_nothing_typed_again(home):
    host = Host(home, "new", "--players", "5", "--names", "Anna,Ben,Cleo,Dan,Eve", "--leader",
                "anna", "--modules", "sergeant", "--timer", "300", "--lang", "en", "--no-play")
    assert host.leaves() == 0
    host = Host(home, "new", "--again")  # the second game: guided from its checklist
    host.sees("The same table as game ")
    host.sees(": Anna → Ben → Cleo → Dan → Eve.")
    host.answer("Is everything on the table?", ENTER)
    host.answer("Is the reveal over?", ENTER)
    for leader in (2, 3):
        spies_win_in_three_with_sergeant(host, leader)
        following = ("Anna", "Ben", "Cleo", "Dan", "Eve")[leader % 5]
        host.sees("Another game with the same table?")
        host.sees(f"Yes: the same table, {following} gets the leader card first")
        if leader == 3:
            host.terminal.send(DOWN + ENTER)  # no, close
            break
        host.terminal.send(ENTER)  # Enter: yes
        host.sees("The same table as game ")
        host.answer("Is everything on the table?", ENTER)
        host.answer("Is the reveal over?", ENTER)
    assert host.leaves() == 0

    first, second, third = setups(home)
    for kept in (second, third):
        assert {k: v for k, v in kept.items() if k not in ("created", "game", "seed",
                                                         "first_leader", "leader_chosen")} \
            == {k: v for k, v in first.items() if k not in ("created", "game", "seed",
                                                         "first_leader", "leader_chosen")}
    assert [s["first_leader"] for s in (first, second, third)] == [1, 2, 3]
    assert first["table"] == {"timer": 300} and first["modules"] == ["sergeant"]


def spies_win_in_three_with_sergeant(host: Host, leader: int) -> None:
    """Three failed missions (rules.md §1.6), each team the leader and the next players,
    approved by all; with the Sergeant module (§8): the first other member is the Sergeant
    (said, not asked, on a team of two) and nobody is made to switch."""
    for mission, size in ((1, 2), (2, 3), (3, 2)):
        team = {(leader - 1 + k) % 5 + 1 for k in range(size)}
        host.tick(f"Tick {size} for mission {mission}.", team, 5)
        if size == 3:
            host.pick("Sergeant? (A team member other than the leader.)", 0)
        host.answer("Who voted against?", ENTER)
        host.pick("order someone to switch cards?", 0)
        host.pick("How many Fail cards were revealed?", 1)
        leader = leader % 5 + 1
    host.sees("Game over: the spies win (three missions failed).")
