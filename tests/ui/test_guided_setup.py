"""Guided setup of a combination the rules forbid: explained, then the host decides whether
to play it as a house rule (rules.md §8, §10.2; issue: the guided setup asks before allowing)."""

import pytest

from moderator.cli.common import Out, Refusal
from moderator.cli.game import _checked
from moderator.cli.options import Configuration
from moderator.rules import RuleError


def setup(modules: list[str], roles: list[str]) -> Configuration:
    """A configuration as the command line gives it."""
    return Configuration(players=None, modules=modules, roles=roles, variants=[],
                         house_rules={}, allow_incompatible=False)


def test_a_forbidden_combination_is_explained_and_allowed_when_the_host_says_so(guide, screen):
    host = guide("Ja, als Hausregel", lang="de")
    assert _checked(Out("de"), host, 9, setup(["rogue", "sergeant"], []), False) is True
    assert "„Der Einzelgänger“ (rogue) und „Der Feldwebel“ (sergeant) nicht zusammen" \
        in screen(host)
    assert host.prompter.asked[0].question == "Diese Kombination trotzdem spielen, als Hausregel?"


def test_the_host_can_stop_there_and_no_is_the_default(guide, screen):
    """Issue 25: No comes first (one Enter plays nothing), and the refusal already explained
    is not repeated: a short line says nothing was started."""
    host = guide("No, stop here")
    with pytest.raises(Refusal) as refused:
        _checked(Out("en"), host, 9, setup(["rogue", "sergeant"], []), False)
    assert refused.value.code == "play.house_rule_declined"
    assert host.prompter.asked[0].titles[0] == "No, stop here"
    assert screen(host).count("be played together") == 1


def test_without_a_terminal_nothing_is_asked():
    with pytest.raises(RuleError):
        _checked(Out("en"), None, 9, setup(["rogue", "sergeant"], []), False)
    assert _checked(Out("en"), None, 9, setup(["rogue", "sergeant"], []), True) is True


def test_other_refusals_are_not_turned_into_questions(guide):
    host = guide()
    with pytest.raises(RuleError) as refused:
        _checked(Out("en"), host, 5, setup(["commander"], ["deep-cover", "blind-spy"]), False)
    assert refused.value.code == "errors.too_many_specials_spies"
    assert host.prompter.asked == []
