"""The Hunter module (rules.md §6.1, §10). Seats are 0-based here, as in the engine."""

import random

import pytest
from refusals import refused  # beside this file

from moderator.rules import Game, configure
from moderator.rules.modules.hunter import Accuse, Blame, Investigate
from moderator.rules.modules.rogue import ClaimRogue, GiveWatch
from moderator.simulate import random_game


def team_of(game):
    return [(game.leader + step) % game.players for step in range(game.team_size)]


def approved(game, team=None):
    """The leader's team with the Investigator token to the first player not on it."""
    team = team or team_of(game)
    outside = next(s for s in range(game.players) if s not in team and s != game.leader)
    return game.propose(team, investigator=outside).vote(range(game.players))


def mission(game, fails=0, **cards):
    """A whole round up to the investigation, which is done at once when it is due."""
    game = approved(game).play_mission(fails, **cards)
    if game.phase == "accusation" and game.hunt.early:
        game = game.apply(Accuse(None))
    if game.phase == "investigation":
        game = game.apply(Investigate((game.investigator + 1) % game.players))
    return game


# -- setup, rules.md §6.1, §10 -------------------------------------------------------------------

@pytest.mark.parametrize("players, resistance_chiefs, spy_chiefs", [
    (5, 1, 1), (7, 1, 1), (8, 2, 1), (9, 2, 1), (10, 2, 2),
])
def test_chiefs_and_hunters_per_player_count(players, resistance_chiefs, spy_chiefs):
    """rules.md §6.1: a second resistance Chief at 8+, a second spy Chief at 10."""
    deck = configure(players, ["hunter"]).deck
    assert (deck["resistance-chief"], deck["spy-chief"]) == (resistance_chiefs, spy_chiefs)
    assert deck["resistance-hunter"] == deck["spy-hunter"] == 1
    assert sum(deck.values()) == players


def test_the_deep_agent_needs_seven_players():
    """rules.md §10.1: at 5-6 the Chief and Hunter fill both spy seats."""
    refused("errors.too_many_specials_spies", configure, 6, ["hunter"], roles=["deep-agent"])
    assert configure(7, ["hunter"], roles=["deep-agent"]).deck["deep-agent"] == 1


def test_the_sergeant_is_refused_with_the_hunter_at_seven_or_more():
    """rules.md §10.2."""
    refused("errors.forbidden", Game.new, 7, modules=["hunter", "sergeant"])
    assert Game.new(6, modules=["hunter", "sergeant"]).hunt is not None


def test_the_commander_with_the_hunter_needs_allow_incompatible():
    """rules.md §10.3."""
    refused("errors.uncovered", Game.new, 7, modules=["hunter", "commander"])
    Game.new(7, modules=["hunter", "commander"], allow_incompatible=True)


# -- the Investigator token, rules.md §6.1 ------------------------------------------------------

def test_the_investigator_token_goes_to_someone_neither_leading_nor_on_the_team():
    game = Game.new(7, first_leader=0, modules=["hunter"])
    refused("errors.investigator_required", game.propose, [0, 1])
    refused("errors.investigator_is_leader", game.propose, [1, 2], investigator=0)
    refused("errors.investigator_on_team", game.propose, [0, 1], investigator=1)
    assert game.propose([0, 1], investigator=4).pending.investigator == 4


def test_no_investigator_token_without_the_hunter():
    refused("errors.no_hunter_module", Game.new(5).propose, [0, 1], investigator=3)


def test_after_a_success_the_leader_investigates():
    game = approved(Game.new(7, first_leader=2, modules=["hunter"])).play_mission(0)
    assert (game.phase, game.investigator) == ("investigation", 2)
    refused("errors.investigate_self", game.apply, Investigate(2))
    game = game.apply(Investigate(5))
    assert game.hunt.investigations == ((1, 2, 5),)
    assert game.phase == "proposal"


def test_after_a_failure_the_investigator_token_holder_investigates():
    game = Game.new(7, first_leader=0, modules=["hunter"])
    game = game.propose([0, 1], investigator=5).vote(range(7)).play_mission(1)
    assert (game.phase, game.investigator) == ("investigation", 5)


# -- Chief Fail cards, rules.md §6.1 ------------------------------------------------------------

def test_a_chief_fail_counts_as_one_fail_card():
    game = approved(Game.new(7, modules=["hunter"])).play_mission(0, chief_fail=1)
    assert game.missions[-1].succeeded is False


def test_at_seven_the_spy_chief_plays_chief_fail_instead_of_fail():
    """rules.md §6.1: three spies, one of them the Chief: at most two ordinary Fails."""
    game = approved(mission(mission(Game.new(7, modules=["hunter"]))))  # a team of three
    refused("errors.fails_spy_chief", game.play_mission, 3)
    assert game.play_mission(2, chief_fail=1).missions[-1].fails == 2


def test_no_chief_fail_at_five_or_six():
    game = approved(Game.new(6, modules=["hunter"]))
    refused("errors.no_chief_fail", game.play_mission, 0, chief_fail=1)


def test_at_ten_two_spy_chiefs_may_play_two_chief_fails():
    game = approved(Game.new(10, modules=["hunter"]))
    assert game.play_mission(0, chief_fail=2).missions[-1].chief_fail == 2
    refused("errors.chief_fail_count", game.play_mission, 0, chief_fail=3)


# -- accusations, rules.md §6.1 -----------------------------------------------------------------

def three_successes(players=7):
    game = Game.new(players, first_leader=0, modules=["hunter"])
    for _ in range(2):
        game = mission(game)
    return approved(game).play_mission(0)


def test_after_the_third_success_the_resistance_hunter_must_accuse():
    game = three_successes()
    assert (game.phase, game.hunt.accuser) == ("accusation", "resistance")
    refused("errors.accusation_required", game.apply, Accuse(None))
    found = game.apply(Accuse(4, "chief"))
    assert (found.winner, found.reason) == ("resistance", "hunter_found_chief")


def test_a_wrong_accusation_turns_the_mission_over_and_play_goes_on():
    game = three_successes().apply(Accuse(4, "not-chief"))
    assert game.missions[-1].succeeded is False and game.missions[-1].turned == 1
    assert (game.successes, game.failures) == (2, 1)
    assert game.phase == "investigation"
    assert game.investigator == game.missions[-1].investigator  # now a failed mission


def test_a_wrong_accusation_can_give_the_spies_their_third_failure_and_their_hunter_accuses():
    game = Game.new(7, first_leader=0, modules=["hunter"])
    game = mission(mission(game), fails=1)
    game = mission(mission(game, fails=1))  # early accusations declined
    game = approved(game).play_mission(0)
    assert (game.successes, game.failures) == (3, 2)
    game = game.apply(Accuse(3, "not-chief"))
    assert (game.phase, game.hunt.accuser) == ("accusation", "spies")
    game = game.apply(Accuse(2, "not-chief"))  # back and forth on the fifth mission
    assert (game.phase, game.hunt.accuser) == ("accusation", "resistance")
    assert game.apply(Accuse(1, "chief")).winner == "resistance"


def test_the_spy_hunter_finding_the_coordinator_wins_for_the_spies():
    game = Game.new(7, first_leader=0, modules=["hunter"], roles=["coordinator"])
    for _ in range(3):
        game = approved(game).play_mission(1)
        if game.phase == "accusation" and game.hunt.early:
            game = game.apply(Accuse(None))
        if game.phase == "investigation":
            game = game.apply(Investigate((game.investigator + 1) % 7))
    assert game.hunt.accuser == "spies"
    won = game.apply(Accuse(5, "coordinator"))
    assert (won.winner, won.reason) == ("spies", "hunter_found_coordinator")


def test_only_the_spy_hunter_can_find_the_coordinator_and_only_if_in_the_game():
    refused("errors.accusation_shown", three_successes().apply, Accuse(4, "coordinator"))


# -- the early accusation, rules.md §6.1, §13 ----------------------------------------------------

def test_at_seven_a_chief_fail_opens_the_early_accusation():
    game = approved(Game.new(7, modules=["hunter"])).play_mission(0, chief_fail=1)
    assert (game.phase, game.hunt.accuser, game.hunt.early) == ("accusation", "spies", True)
    assert approved(Game.new(7, modules=["hunter"])).play_mission(1).phase == "investigation"


def test_a_wrong_early_accusation_turns_the_failure_into_a_success():
    game = approved(Game.new(7, modules=["hunter"])).play_mission(0, chief_fail=1)
    game = game.apply(Accuse(3, "not-chief"))
    assert game.missions[-1].succeeded is True and game.phase == "investigation"
    assert game.early_accusations == 1


def test_a_right_early_accusation_wins_for_the_spies():
    game = approved(Game.new(7, modules=["hunter"])).play_mission(0, chief_fail=1)
    assert game.apply(Accuse(3, "chief")).winner == "spies"


def test_at_five_or_six_the_host_confirms_an_early_accusation_after_any_failure():
    """rules.md §6.1: no Chief Fail cards at 5-6, so the claim cannot be seen."""
    game = approved(Game.new(5, modules=["hunter"])).play_mission(1)
    assert game.phase == "accusation" and game.hunt.early
    assert game.apply(Accuse(None)).phase == "investigation"  # the spy Hunter does not accuse


@pytest.mark.parametrize("setting, again", [("once-per-game", False), ("repeatable", True)])
def test_the_early_accusation_is_once_per_game_by_default(setting, again):
    game = Game.new(7, modules=["hunter"], house_rules={"hunter-early-accusation": setting})
    game = approved(game).play_mission(0, chief_fail=1).apply(Accuse(3, "not-chief"))
    game = game.apply(Investigate((game.investigator + 1) % 7))
    game = approved(game).play_mission(0, chief_fail=1)
    assert (game.phase == "accusation") is again


def test_a_declined_early_accusation_does_not_count():
    game = approved(Game.new(7, modules=["hunter"])).play_mission(0, chief_fail=1)
    game = game.apply(Accuse(None)).apply(Investigate(6))
    assert approved(game).play_mission(0, chief_fail=1).phase == "accusation"


def test_five_rejections_end_the_game_without_an_accusation():
    """rules.md §6.1 (C)."""
    game = Game.new(7, modules=["hunter"])
    for _ in range(5):
        team = team_of(game)
        outside = next(s for s in range(7) if s not in team and s != game.leader)
        game = game.propose(team, investigator=outside).vote([])
    assert (game.phase, game.reason) == ("game_over", "five_rejections")


# -- the Blame, rules.md §6.1 -------------------------------------------------------------------

def test_the_blame_once_per_game_before_a_vote():
    game = Game.new(8, modules=["hunter"], roles=["deep-agent", "pretender"])
    blamed = game.apply(Blame(3, 5, pretender=False))
    assert blamed.hunt.blame == (3, 5, False) and blamed.phase == "proposal"
    refused("errors.blame_twice", blamed.apply, Blame(3, 6, pretender=True))
    refused("errors.no_blame", Game.new(8, modules=["hunter"]).apply, Blame(3, 5, pretender=True))
    on_mission = approved(game)
    refused("errors.blame_window", on_mission.apply, Blame(3, 5, pretender=True))


def test_random_hunter_games_always_end():
    for seed in range(80):
        players = random.Random(seed).choice(range(5, 11))
        game = random_game(players, random.Random(seed), modules=["hunter"])
        assert game.phase == "game_over"
        assert game.reason in ("hunter_found_chief", "five_rejections")


def _round(game, team, investigator, **cards):
    """One approved mission with the given cards, the Watch token to its first member."""
    game = game.propose(team, investigator=investigator).vote(set(range(4)))
    if game.phase == "watch":
        game = game.apply(GiveWatch(team[0]))
    return game.play_mission(**cards)


def test_a_wrong_accusation_that_makes_the_third_success_gives_the_rogue_a_second_chance():
    """rules.md §7 (A): with the Hunter, a wrong accusation that produces a third success can
    give the resistance Rogue their own win: Rogue Success on it and on an earlier mission."""
    game = Game.new(7, 0, modules=["rogue", "hunter"], roles=["resistance-rogue"])
    game = _round(game, [1, 2], 6, fails=0, rogue_success=1).apply(Investigate(3))
    game = _round(game, [2, 3, 4], 6, fails=0).apply(Investigate(5))
    game = _round(game, [3, 4, 5], 0, fails=1).apply(Investigate(1))  # no Chief Fail: no early one
    game = _round(game, [4, 5, 6, 0], 1, fails=2).apply(Investigate(2))
    # The third failure; seat 2, on mission 1's team without the Watch token, is on it too.
    game = _round(game, [5, 6, 0, 2], None, fails=1, rogue_success=1)
    assert game.phase == "accusation"
    game = game.apply(Accuse(3, "not-chief"))  # wrong: mission 5 turns into the third success
    assert (game.phase, game.reason, game.winners) == (
        "game_over", "resistance_rogue_wins", (("resistance-rogue", "full"),))


def test_a_third_failure_reached_through_a_wrong_accusation_goes_to_the_spy_hunter_at_once():
    """rules.md §13.1 (`hunter-turned-third-failure`): a third failure reached through a wrong
    accusation goes straight to the spy Hunter's accusation, without a spy Rogue claim (this
    test asserted the claim before §13.1 settled the point)."""
    game = Game.new(7, 0, modules=["rogue", "hunter"], roles=["spy-rogue"])
    game = _round(game, [1, 2], 6, fails=1).apply(Investigate(3))
    game = _round(game, [1, 3, 4], 6, fails=1).apply(Investigate(4))
    game = _round(game, [3, 4, 5], 0, fails=0).apply(Investigate(1))
    game = _round(game, [1, 5, 6, 0], 2, fails=1).apply(Investigate(1))  # one Fail: mission 4 holds
    game = _round(game, [5, 6, 0, 2], None, fails=0)  # the third success
    assert game.phase == "accusation"
    turned = game.apply(Accuse(3, "not-chief"))  # wrong: mission 5 fails, the third failure
    assert (turned.phase, turned.hunt.accuser, turned.hunt.early) == ("accusation", "spies", False)
    assert [i.name for i in turned.inputs()] == ["accused", "shown"]
    refused("errors.turn.accusation", turned.apply, ClaimRogue(1))
    assert turned.apply(Accuse(0, "chief")).reason == "hunter_found_chief"


def test_a_third_failure_played_on_the_table_still_lets_the_spy_rogue_claim():
    """rules.md §7: at a third failure the mission itself made, the spy Rogue claims first."""
    game = Game.new(7, 0, modules=["rogue", "hunter"], roles=["spy-rogue"])
    game = _round(game, [1, 2], 6, fails=1).apply(Investigate(3))
    game = _round(game, [1, 3, 4], 6, fails=1).apply(Investigate(4))
    game = _round(game, [3, 4, 5], 0, fails=0).apply(Investigate(1))
    game = _round(game, [1, 5, 6, 0], 2, fails=2)  # two Fails: mission 4 fails, the third
    assert game.phase == "rogue_claim"
