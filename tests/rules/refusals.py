"""The one refusal check of the rules tests: the engine refuses an action with a RuleError of
the expected code and leaves every game it was given exactly as it was."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from moderator.rules import Game, RuleError


def refused(code: str, action: Callable, *args, **kwargs) -> RuleError:
    """`action(*args, **kwargs)` raises RuleError(code); the game it was asked of (that of a
    bound method such as `game.propose`, or one passed in) is unchanged. The error, for more."""
    games = [given for given in (getattr(action, "__self__", None), *args)
             if isinstance(given, Game)]
    before = copy.deepcopy(games)
    with pytest.raises(RuleError) as caught:
        action(*args, **kwargs)
    assert caught.value.code == code, caught.value
    assert games == before, "a refused action changed the game"
    return caught.value
