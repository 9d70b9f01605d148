"""Replay the golden game records of tests/data/golden (design.md §7).

Each record is replayed exactly as tests/data/golden/README.md ("Replaying a record") says:
before each proposal the game waits for a proposal with the recorded leader, mission and attempt
and no winner; the vote's decision equals `approved`; each mission's result equals `succeeded`;
the assassination (Commander module) comes after the third success; at the end the game shows
`winner` and `reason`, and no move is left over. The records are the project's own test data
(sources and licences in that README); a missing or cut-short file fails, never skips.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from moderator.rules import Game, RuleError

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "data" / "golden"
#: Every file and how many games it holds (its README's table).
FILES = {"peer-traces.jsonl.gz": 3940, "real-avalon-nlu.jsonl.gz": 9}
SHOW = 10  # mismatches listed in a failure message


class Mismatch(Exception):
    """The engine disagrees with the record."""


def expect(what: str, got: object, recorded: object) -> None:
    if got != recorded:
        raise Mismatch(f"{what}: engine {got!r}, record {recorded!r}")


def replay(case: dict) -> None:
    """Replay one record; raise Mismatch at the first disagreement."""
    players = case["players"]
    modules = ["commander"] if case.get("assassination") else []
    game = Game.new(players, first_leader=case["first_leader"], modules=modules)
    missions = list(case["missions"])
    for number, proposal in enumerate(case["proposals"], start=1):
        where = f"proposal {number} (mission {proposal['mission']}, attempt {proposal['attempt']})"
        if game.winner is not None:
            raise Mismatch(f"{where}: game already over ({game.winner}, {game.reason})")
        expect(f"{where}: phase", game.phase, "proposal")
        expect(f"{where}: leader", game.leader, proposal["leader"])
        expect(f"{where}: mission", game.mission, proposal["mission"])
        expect(f"{where}: attempt", game.attempt, proposal["attempt"])
        try:
            game = game.propose(proposal["team"])
            approvals = proposal["approvals"]
            if approvals is None:
                approvals = range(players) if proposal["approved"] else ()
            game = game.vote(approvals)
        except RuleError as error:
            raise Mismatch(f"{where}: refused {error.code} {error.params}") from None
        expect(f"{where}: approved", game.phase == "mission", proposal["approved"])
        if not proposal["approved"]:
            continue
        if not missions:
            raise Mismatch(f"{where}: approved but the record has no mission for it")
        mission = missions.pop(0)
        expect(f"{where}: the mission record's number", proposal["mission"], mission["mission"])
        expect(f"{where}: the mission record's team", proposal["team"], mission["team"])
        successes = game.successes
        try:
            game = game.play_mission(mission["fails"])
        except RuleError as error:
            raise Mismatch(f"{where}: mission refused {error.code} {error.params}") from None
        expect(f"{where}: mission succeeded", game.successes == successes + 1, mission["succeeded"])
    if missions:
        raise Mismatch(f"{len(missions)} mission(s) left over")
    assassination = case.get("assassination")
    if assassination is not None:
        expect("before the assassination: phase", game.phase, "assassination")
        try:
            game = game.assassinate(assassination["target"], assassination["commander"])
        except RuleError as error:
            raise Mismatch(f"assassination refused {error.code} {error.params}") from None
    expect("phase at the end", game.phase, "game_over")
    expect("winner", game.winner, case["winner"])
    expect("reason", game.reason, case["reason"])


def test_the_golden_folder_holds_exactly_the_files_listed() -> None:
    """design.md §7: the records to replay, each file named in the README and nothing else."""
    assert sorted(p.name for p in GOLDEN_DIR.glob("*.jsonl.gz")) == sorted(FILES)


@pytest.mark.parametrize("name", FILES)
def test_golden_file(name: str) -> None:
    """Every record of the file replays with zero mismatches (README "Replaying a record")."""
    path = GOLDEN_DIR / name
    replayed = 0
    mismatches: list[str] = []
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            case = json.loads(line)
            replayed += 1
            try:
                replay(case)
            except Mismatch as mismatch:
                mismatches.append(f"{case['id']}: {mismatch}")
    assert replayed == FILES[name], f"{name} holds {replayed} records, not {FILES[name]}"
    assert not mismatches, (
        f"{len(mismatches)} of {replayed} records in {path.name} disagree with the engine:\n"
        + "\n".join(mismatches[:SHOW])
    )
