"""Actions as values (`rules/actions.py`): one made by name is the same value as one made with
every field in order, whichever way it is called; a wrong name is refused.

`game.action(given)` and the simulator make every step's action by name, the engine's own
calls with every field in order: the two must never differ (equality, hashing, a game file
and the narration read the fields in their order).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from moderator.rules.actions import REQUIRED
from moderator.rules.modules import ACTIONS, PlayMission, Propose

# A value for a field without a default: any that is not a default of another field.
_GIVEN = object()


@pytest.mark.parametrize("kind", sorted(ACTIONS))
def test_an_action_by_name_is_the_one_in_order(kind: str) -> None:
    cls = ACTIONS[kind]
    required = {name: _GIVEN for name, default in cls.fields if default is REQUIRED}
    in_order = cls(*(_GIVEN if default is REQUIRED else default for _, default in cls.fields))
    by_name = cls(**dict(reversed(required.items())))  # the names in another order
    assert by_name == in_order
    assert list(by_name.__dict__) == [name for name, _ in cls.fields]


def test_every_field_by_name_in_any_order() -> None:
    action = PlayMission(chief_fail=1, trapped=2, fails=1)
    assert action == PlayMission(1, 0, None, 0, 2, 1)
    assert list(action.__dict__) == ["fails", "rogue_success", "switched", "reverse", "trapped",
                                     "chief_fail"]


@pytest.mark.parametrize("call", [
    lambda: Propose(team=(0, 1), leader=2),  # no such field
    lambda: Propose(mission=1),  # the team missing
    lambda: Propose((0, 1), team=(0, 1)),  # given twice
    lambda: PlayMission(),
])
def test_a_wrong_name_is_refused(call: Callable[[], object]) -> None:
    with pytest.raises(TypeError):
        call()
