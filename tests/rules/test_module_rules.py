"""Setup and play of the Rogue Agent, Sergeant and Commander modules (rules.md §5.1, §7, §8, §10).

Seats are 0-based here, as in the engine.
"""

import pytest
from refusals import refused  # beside this file
from rulebook import SIDES  # rules.md §1.1, written out

from moderator.rules import Game, configure
from moderator.rules.modules.rogue import ClaimRogue, GiveWatch


def approve_all(game):
    return game.vote(range(game.players))


def succeed(game, team, **cards):
    """A whole round: the team is approved and its mission played with the given cards."""
    game = approve_all(game.propose(team, sergeant=_sergeant(game, team)))
    if game.phase == "watch":
        game = game.apply(GiveWatch(team[0]))
    return game.play_mission(**{"fails": 0, **cards})


def _sergeant(game, team):
    if "sergeant" not in game.modules:
        return None
    return next(s for s in team if s != game.leader)


# -- §10.1 the deck --------------------------------------------------------------------------



@pytest.mark.parametrize("players", range(5, 11))
def test_specials_replace_ordinary_cards_of_their_side(players):
    """rules.md §10.1: Commander and Assassin, and both Rogues, replace ordinary cards."""
    resistance, spies = SIDES[players]
    deck = configure(players, ["commander", "rogue"]).deck
    expected = {
        "resistance": resistance - 2, "spy": spies - 2, "commander": 1, "assassin": 1,
        "resistance-rogue": 1, "spy-rogue": 1,
    }
    assert deck == {card: n for card, n in expected.items() if n}
    assert sum(deck.values()) == players


@pytest.mark.parametrize("players", range(5, 11))
def test_the_base_deck_follows_the_side_table(players):
    """rules.md §1.1."""
    resistance, spies = SIDES[players]
    assert configure(players).deck == {"resistance": resistance, "spy": spies}


def test_naming_one_rogue_leaves_the_other_out():
    """design.md §4 / rules.md §7: either Rogue, or both when none is named."""
    assert "spy-rogue" not in configure(7, ["rogue"], roles=["resistance-rogue"]).deck
    assert configure(7, ["rogue"], roles=["spy-rogue"]).deck == {
        "resistance": 4, "spy": 2, "spy-rogue": 1,
    }


def test_ten_players_with_every_commander_role():
    """rules.md §9.4's full example: 10 players, Commander, Body Guard, Assassin, False
    Commander, Deep Cover, Blind Spy."""
    roles = ["body-guard", "false-commander", "deep-cover", "blind-spy"]
    assert configure(10, ["commander"], roles=roles).deck == {
        "resistance": 4, "commander": 1, "assassin": 1, "body-guard": 1, "blind-spy": 1,
        "deep-cover": 1, "false-commander": 1,
    }


def test_more_special_spies_than_spy_seats_is_refused_naming_them():
    """rules.md §10.1 feasibility: 5-6 players have two spies: the Assassin and one more."""
    error = refused(
        "errors.too_many_specials_spies", configure, 6, ["commander"],
        roles=["deep-cover", "blind-spy"],
    )
    assert error.params["count"] == 3 and error.params["seats"] == 2
    assert error.params["characters"] == "assassin, blind-spy, deep-cover"
    configure(7, ["commander"], roles=["deep-cover", "blind-spy"])  # three spies: fits


def test_a_character_needs_its_module():
    refused("errors.role_needs_module", configure, 7, roles=["spy-rogue"])


# -- §8 / §10.2 / §10.3 compatibility -------------------------------------------------------


@pytest.mark.parametrize("players", range(5, 11))
def test_sergeant_with_rogue_is_refused_at_every_count(players):
    """rules.md §8: the Rogue brings Rogue Success mission cards."""
    error = refused("errors.forbidden", configure, players, ["rogue", "sergeant"])
    assert error.params["section"] == "§8"


def test_sergeant_with_hunter_is_refused_only_at_seven_or_more():
    """rules.md §8: Chief Fail cards exist only at 7+ players."""
    configure(6, ["hunter", "sergeant"])
    refused("errors.forbidden", configure, 7, ["hunter", "sergeant"])


def test_sergeant_with_reverser_is_refused():
    """rules.md §8: the Reverse cards are special mission cards."""
    refused("errors.forbidden", configure, 5, ["reverser", "sergeant"])


def test_a_forbidden_combination_can_be_played_as_a_house_rule():
    assert configure(9, ["rogue", "sergeant"], allow_incompatible=True).modules == {
        "rogue", "sergeant",
    }


@pytest.mark.parametrize("pair", [
    ("commander", "hunter"), ("trapper", "rogue"), ("trapper", "plot"),
    ("inquisitor", "hunter"),
])
def test_combinations_no_rule_covers_are_refused(pair):
    """rules.md §10.3."""
    refused("errors.uncovered", configure, 7, pair)


def test_rogue_with_commander_and_sergeant_with_commander_are_fine():
    """rules.md §10.2."""
    configure(7, ["rogue", "commander"])
    configure(7, ["sergeant", "commander"])


# -- §7 Rogue Agent --------------------------------------------------------------------------


def rogue_game(players=7, **settings):
    return Game.new(players, 0, modules=["rogue"], house_rules=settings or None)


def test_rogue_success_counts_as_a_success():
    """rules.md §7."""
    game = succeed(rogue_game(), [0, 1], rogue_success=1)
    assert game.missions[-1].succeeded and game.successes == 1


def test_at_most_one_rogue_success_and_only_with_the_resistance_rogue():
    game = approve_all(rogue_game().propose([0, 1])).apply(GiveWatch(0))
    refused("errors.rogue_success_one", game.play_mission, 0, rogue_success=2)
    refused("errors.fails_range", game.play_mission, 2, rogue_success=1)  # 3 cards, 2 players
    only_spy = Game.new(7, 0, modules=["rogue"], roles=["spy-rogue"])
    only_spy = approve_all(only_spy.propose([0, 1]))
    assert only_spy.phase == "mission"  # no Watch step without the resistance Rogue
    refused("errors.no_rogue_success", only_spy.play_mission, 0, rogue_success=1)


def test_the_watch_token_is_handed_to_a_team_member_after_approval():
    """rules.md §7: after approval, the leader gives it to a team member."""
    game = approve_all(rogue_game().propose([0, 1]))
    assert game.phase == "watch" and game.leader == 0
    refused("errors.watch_not_on_team", game.apply, GiveWatch(4))
    refused("errors.turn.watch", game.play_mission, 0)
    game = game.apply(GiveWatch(1))
    assert (game.phase, game.watch) == ("mission", 1)
    game = game.play_mission(0)
    assert game.missions[-1].watch == 1 and game.watch is None


@pytest.mark.parametrize("players", [5, 6])
def test_no_watch_token_on_the_first_two_missions_at_five_or_six(players):
    """rules.md §7: at 5-6 players the Watch token is not used on missions 1 and 2."""
    game = rogue_game(players)
    for team in ([0, 1], [0, 1, 2]):
        game = approve_all(game.propose(team))
        assert game.phase == "mission"
        game = game.play_mission(0)
    game = approve_all(game.propose(list(range(game.team_size))))
    assert game.phase == "watch"


def test_the_watch_token_is_used_from_the_first_mission_at_seven():
    assert approve_all(rogue_game(7).propose([0, 1])).phase == "watch"


def test_the_resistance_rogue_wins_alone_on_the_third_success():
    """rules.md §7: Rogue Success on the third success and on an earlier mission."""
    game = succeed(rogue_game(), [0, 1], rogue_success=1)
    game = succeed(game, [0, 1, 2])
    game = succeed(game, [0, 1, 2], rogue_success=1)
    assert (game.phase, game.winner, game.reason) == ("game_over", None, "resistance_rogue_wins")
    assert game.winners == (("resistance-rogue", "full"),)


def test_no_rogue_win_without_an_earlier_rogue_success():
    game = succeed(succeed(succeed(rogue_game(), [0, 1]), [0, 1, 2]), [0, 1, 2], rogue_success=1)
    assert (game.winner, game.reason) == ("resistance", "three_successes")
    assert game.winners == (("resistance", "full"), ("resistance-rogue", "partial"))


def fail(game, team, fails=1):
    game = approve_all(game.propose(team))
    if game.phase == "watch":
        game = game.apply(GiveWatch(team[0]))
    return game.play_mission(fails)


def test_an_earlier_rogue_success_on_a_failed_mission_counts_by_default():
    """rules.md §7: the earlier mission need not have succeeded (rogue-earlier-mission)."""
    def play(**settings):
        game = rogue_game(**settings)
        game = approve_all(game.propose([0, 1])).apply(GiveWatch(0)).play_mission(1, rogue_success=1)
        game = succeed(succeed(game, [0, 1, 2]), [0, 1, 2])
        return succeed(game, [0, 1, 2, 3], rogue_success=1)

    assert play().reason == "resistance_rogue_wins"
    assert play(**{"rogue-earlier-mission": "same-result"}).reason == "three_successes"


def test_the_spy_rogue_may_claim_at_the_third_failure():
    """rules.md §7: a Fail on the third failed mission and on an earlier one; the record can
    only rule a claim out, the host confirms the rest."""
    game = fail(fail(fail(rogue_game(), [0, 1]), [2, 3, 4]), [0, 3, 5])
    assert (game.phase, game.winner) == ("rogue_claim", None)
    refused("errors.rogue_claim_not_on_team", game.apply, ClaimRogue(1))
    refused("errors.rogue_claim_no_earlier", game.apply, ClaimRogue(5))
    won = game.apply(ClaimRogue(0))
    assert (won.winner, won.reason, won.winners) == (None, "spy_rogue_wins",
                                                     (("spy-rogue", "full"),))
    nobody = game.apply(ClaimRogue(None))
    assert (nobody.winner, nobody.reason) == ("spies", "three_failures")
    assert nobody.winners == (("spies", "full"), ("spy-rogue", "partial"))


def test_a_rogue_win_can_give_the_team_a_partial_victory_by_house_rule():
    """rules.md §7, setting rogue-win-team."""
    game = fail(fail(fail(rogue_game(**{"rogue-win-team": "team-partial"}), [0, 1]),
                     [0, 3, 4]), [0, 3, 5])
    assert game.apply(ClaimRogue(0)).winners == (("spy-rogue", "full"), ("spies", "partial"))


def test_partial_victory_only_on_the_fifth_mission_by_house_rule():
    """rules.md §7, setting rogue-partial-win = fifth-mission-only."""
    strict = {"rogue-partial-win": "fifth-mission-only"}
    quick = succeed(succeed(succeed(rogue_game(**strict), [0, 1]), [0, 1, 2]), [0, 1, 2])
    assert quick.winners == (("resistance", "full"),)
    late = fail(fail(rogue_game(**strict), [0, 1]), [0, 1, 2])
    late = succeed(succeed(succeed(late, [0, 1, 2]), [0, 1, 2, 3]), [0, 1, 2, 3])
    assert late.winners == (("resistance", "full"), ("resistance-rogue", "partial"))


def test_a_rogue_win_skips_the_assassination():
    """rules.md §5.1 and §7: no Assassination after a Rogue has won."""
    game = Game.new(7, 0, modules=["rogue", "commander"])
    game = succeed(succeed(game, [0, 1], rogue_success=1), [0, 1, 2])
    won = succeed(game, [0, 1, 2], rogue_success=1)
    assert (won.phase, won.reason) == ("game_over", "resistance_rogue_wins")
    plain = succeed(game, [0, 1, 2])
    assert plain.phase == "assassination" and plain.winner is None
    assert plain.assassinate(3, 3).winners == (("spies", "full"), ("spy-rogue", "partial"))
    assert plain.assassinate(3, 4).winners == (("resistance", "full"),
                                               ("resistance-rogue", "partial"))


# -- §8 Sergeant -----------------------------------------------------------------------------


def sergeant_game(players=7):
    return Game.new(players, 0, modules=["sergeant"])


def test_the_leader_must_name_a_sergeant_from_the_team_but_not_themselves():
    """rules.md §8: on every mission, before the vote."""
    game = sergeant_game()
    refused("errors.sergeant_required", game.propose, [0, 1])
    refused("errors.sergeant_is_leader", game.propose, [0, 1], sergeant=0)
    refused("errors.sergeant_not_on_team", game.propose, [0, 1], sergeant=2)
    assert game.propose([0, 1], sergeant=1).sergeant == 1
    refused("errors.no_sergeant_module", Game.new(7, 0).propose, [0, 1], sergeant=1)


def test_a_switch_can_turn_a_mission():
    """rules.md §8: a switched Resistance player's Fail counts, so with a switch one more Fail
    card than there are spies can show."""
    game = Game.new(5, 0, modules=["sergeant"])
    game = approve_all(game.propose([0, 1], sergeant=1)).play_mission(0)
    game = approve_all(game.propose([1, 2, 3], sergeant=2))  # mission 2: three members
    refused("errors.fails_spies", game.play_mission, 3)  # two spies, no switch
    switched = game.play_mission(3, switched=3)
    assert not switched.missions[-1].succeeded
    assert (switched.missions[-1].sergeant, switched.missions[-1].switched) == (2, 3)


def test_the_sergeant_switches_another_team_member():
    game = approve_all(sergeant_game().propose([0, 1], sergeant=1))
    refused("errors.switch_is_sergeant", game.play_mission, 0, switched=1)
    refused("errors.switch_not_on_team", game.play_mission, 0, switched=4)
    assert game.play_mission(0).missions[-1].switched is None  # passing is allowed
    refused("errors.no_sergeant_module",
            approve_all(Game.new(7, 0).propose([0, 1])).play_mission, 0, switched=1)


def test_a_spy_rogue_claim_needs_a_fail_on_the_third_failed_mission():
    """rules.md §7: a Fail played on the third failed mission; one that failed only by a
    Reverse card showed no Fail, so nobody can claim it."""
    game = Game.new(5, 0, modules=["rogue", "reverser"])
    game = approve_all(game.propose([0, 1])).play_mission(1)
    game = approve_all(game.propose([0, 1, 2])).play_mission(1)
    game = approve_all(game.propose([0, 4])).apply(GiveWatch(4)).play_mission(0, reverse=1)
    assert game.phase == "rogue_claim"
    refused("errors.rogue_claim_no_fail", game.apply, ClaimRogue(0))
