"""The codec (design.md §3): an action to its game-file line and back, with seats numbered
from 1 in the file and 0 in the engine."""

import pytest

from moderator import codec
from moderator.rules.actions import Sides, Vote
from moderator.rules.modules import ACTIONS, Game, PlayMission, Propose
from moderator.rules.modules.commander import Assassinate
from moderator.rules.modules.defector import RevealLoyalty
from moderator.rules.modules.hunter import Accuse, Blame, Investigate
from moderator.rules.modules.inquisitor import Examine
from moderator.rules.modules.plot import DrawPlot, GivePlot, UsePlot
from moderator.rules.modules.rogue import ClaimRogue, GiveWatch
from moderator.rules.modules.sergeant import SwitchCard

#: One action of every kind and its line, as game files have held it since the first version.
LINES = [
    (Propose((0, 2)), {"type": "propose", "team": [1, 3]}),
    (Propose((4, 0, 2), mission=3, sergeant=0, investigator=5),
     {"type": "propose", "team": [5, 1, 3], "mission": 3, "sergeant": 1, "investigator": 6}),
    (Vote((0, 1, 4)), {"type": "vote", "approve": [1, 2, 5]}),
    (PlayMission(1), {"type": "mission", "fails": 1}),
    (PlayMission(0, rogue_success=1, switched=0, reverse=2, trapped=3, chief_fail=1),
     {"type": "mission", "fails": 0, "rogue_success": 1, "switched": 1, "reverse": 2,
      "trapped": 4, "chief_fail": 1}),
    (Sides((1, 3)), {"type": "sides", "spies": [2, 4]}),
    (SwitchCard(None), {"type": "switch", "switched": None}),
    (SwitchCard(0), {"type": "switch", "switched": 1}),
    (GiveWatch(2), {"type": "watch", "holder": 3}),
    (ClaimRogue(None), {"type": "rogue_claim", "claimant": None}),
    (ClaimRogue(6), {"type": "rogue_claim", "claimant": 7}),
    (Assassinate(0, 9), {"type": "assassinate", "target": 1, "commander": 10}),
    (RevealLoyalty("switch"), {"type": "loyalty", "card": "switch"}),
    (Examine(4), {"type": "examine", "player": 5}),
    (Investigate(0), {"type": "investigate", "player": 1}),
    (Accuse(None), {"type": "accuse", "accused": None}),
    (Accuse(2, "chief"), {"type": "accuse", "accused": 3, "shown": "chief"}),
    (Blame(1, 2, True), {"type": "blame", "deep_agent": 2, "blamed": 3, "pretender": True}),
    (DrawPlot(("no_confidence", "open_up")),
     {"type": "plot_draw", "cards": ["no_confidence", "open_up"]}),
    (GivePlot("open_up", 0), {"type": "plot_give", "card": "open_up", "to": 1}),
    (UsePlot("no_confidence", 3), {"type": "plot_use", "card": "no_confidence", "by": 4}),
    (UsePlot("take_responsibility", 3, target=0, take="open_up"),
     {"type": "plot_use", "card": "take_responsibility", "by": 4, "target": 1,
      "take": "open_up"}),
]


@pytest.mark.parametrize("action, line", LINES, ids=lambda x: getattr(x, "kind", ""))
def test_an_action_is_its_line_and_back(action, line):
    assert codec.encode(action) == line
    assert list(codec.encode(action)) == list(line)  # the keys in the order files hold them
    assert codec.decode(line) == action
    assert codec.decode({**line, "at": "2026-12-01T20:00:00+00:00"}) == action


def test_every_kind_of_action_is_above():
    assert {type(action) for action, _ in LINES} == set(ACTIONS.values())


@pytest.mark.parametrize("line, error", [
    ({"type": "teleport"}, ValueError), ({"type": "vote"}, KeyError),
    ({"type": "watch", "holder": "3"}, TypeError), ({"team": [1]}, KeyError),
])
def test_a_damaged_line_is_an_error_of_its_kind(line, error):
    """A replay marks the file as damaged at that line (session.replay)."""
    with pytest.raises(error):
        codec.decode(line)


def test_seats_are_numbered_from_one():
    assert codec.number(0) == 1 and codec.seat(1) == 0
    assert codec.numbers([0, 9]) == [1, 10] and codec.seats([1, 10]) == [0, 9]
    assert codec.maybe_number(None) is None and codec.maybe_seat(None) is None


def test_the_step_s_action_is_made_from_its_inputs():
    """What a simulation or a bot does: answer each input of the step, then apply."""
    game = Game.new(6, 0, modules=["sergeant", "inquisitor"])
    given: dict = {}
    while (asked := game.next_input(given)) is not None:
        if asked.kind == "seats":
            given[asked.name] = tuple(asked.choices[:asked.size])
        else:
            given[asked.name] = asked.choices[0]  # the values the rules allow, given the rest
    action = game.action(given)
    assert action == Propose((0, 1), sergeant=1)
    assert game.apply(action) == game.propose((0, 1), sergeant=1)
