"""The engine says what comes next (issue 12): what the current step asks for, who leads next,
what the current mission decides and which warnings hold. Every ring reads these; these tests
read them straight from the engine, each citing the rule it follows."""

from __future__ import annotations

import pytest

from moderator.rules import Game, RuleError
from moderator.rules.modules.hunter import Investigate
from moderator.rules.modules.plot import DrawPlot, GivePlot, UsePlot
from moderator.rules.modules.rogue import GiveWatch


def everyone(game: Game) -> set[int]:
    return set(range(game.players))


def asked(game: Game, **given) -> dict:
    """The current step's inputs by name: their allowed values."""
    return {i.name: i.choices for i in game.inputs(given)}


# -- what the step asks for --------------------------------------------------------------------


def test_the_mission_asks_for_the_fail_cards_up_to_the_spies_on_the_team():
    """rules.md §1.5: only spies play Fail, so no more Fail cards than spies or team members."""
    game = Game.new(5, 0).propose([0, 1]).vote({0, 1, 2})
    assert asked(game) == {"fails": (0, 1, 2)}  # a team of two, two spies at 5 players
    big = Game.new(10, 0)
    for _ in range(2):  # two successes, so mission 3 takes 4 at 10 players
        big = big.propose(range(big.team_size)).vote(everyone(big)).play_mission(0)
    big = big.propose(range(4)).vote(everyone(big))
    assert asked(big)["fails"] == (0, 1, 2, 3, 4)  # four spies at 10 players (§1.1)


def test_the_sergeant_switch_adds_one_possible_fail_and_never_names_the_sergeant():
    """rules.md §8: the Sergeant may make one other team member switch; a switched Success
    becomes a Fail, so one more Fail card can be revealed."""
    game = Game.new(5, 0, modules=["sergeant"])
    team = asked(game, team=(0, 1, 2))
    assert team["sergeant"] == (1, 2)  # a team member, never the leader
    game = game.propose([0, 1, 2][:2], sergeant=1).vote(everyone(game))
    assert asked(game)["switched"] == (None, 0)  # nobody, or the team but the Sergeant
    # Mission 2 at 5 players: three on the team, two spies in the game.
    game = game.play_mission(0).propose([1, 2, 3], sergeant=2)
    game = game.vote(everyone(game))
    assert asked(game, switched=None)["fails"] == (0, 1, 2)
    assert asked(game, switched=1)["fails"] == (0, 1, 2, 3)


def test_chief_fail_is_asked_only_from_seven_players():
    """rules.md §6.1: Chief Fail cards exist at 7+ players only; at 5-6 nothing to count."""
    for players, chiefs in ((6, (0,)), (7, (0, 1)), (10, (0, 1, 2))):
        game = Game.new(players, 0, modules=["hunter"])
        game = game.propose(range(game.team_size), investigator=players - 1)
        game = game.vote(everyone(game))
        assert asked(game)["chief_fail"] == chiefs, players


def test_the_trapped_card_is_taken_out_before_the_reveal():
    """rules.md §5.3: one extra member, one card taken out: the revealed cards are fewer."""
    game = Game.new(5, 0, modules=["trapper"]).propose([0, 1, 2])
    game = game.vote(everyone(game))
    assert asked(game)["trapped"] == (0, 1, 2)
    assert asked(game, trapped=1)["fails"] == (0, 1, 2)
    assert game.revealed({"trapped": 1}) == 2


def test_a_value_outside_the_choices_is_refused_with_the_same_limit():
    """The choices and the refusal come from one rule: what is not offered is refused."""
    game = Game.new(5, 0, modules=["sergeant"]).propose([0, 1], sergeant=1)
    game = game.vote(everyone(game))
    with pytest.raises(RuleError) as refused:
        game.play_mission(0, switched=1)
    assert refused.value.code == "errors.switch_is_sergeant"
    assert 1 not in asked(game)["switched"]


def test_a_value_is_allowed_exactly_when_it_is_among_the_choices():
    """rules.md §1.5: with both spies shown on the first team, a team of the others can
    reveal no Fail card; asking the limits of one value agrees with the choices, before and
    after they are worked out (the simulator asks of the one count it played)."""
    game = Game.new(5, 0).propose([0, 1])
    game = game.vote(everyone(game)).play_mission(2).propose([2, 3, 4])
    game = game.vote(everyone(game))
    for worked_out in (False, True):
        fails = game.next_input()
        assert fails is not None and fails.name == "fails"
        if worked_out:
            assert fails.choices == (0,)
        assert [n for n in range(-1, 5) if fails.allows(n)] == [0]


# -- who leads next ----------------------------------------------------------------------------


def strong_leader_game(rotation: str) -> Game:
    """Anna's team rejected; Ben leads and has not acted; Dora takes over with Strong Leader."""
    game = Game.new(7, 0, modules=["plot"],
                    house_rules={"plot-strong-leader-rotation": rotation})
    game = game.apply(DrawPlot(["strong_leader", "close_eye"]))
    game = game.apply(GivePlot("strong_leader", 3)).apply(GivePlot("close_eye", 4))
    game = game.propose([0, 1]).vote(set())
    assert game.leader == 1
    return game.apply(UsePlot("strong_leader", 3))


@pytest.mark.parametrize("rotation,following", [
    ("from-new-leader", (4, 5, 6)), ("resume-order", (2, 3, 4)),
])
def test_who_leads_after_a_strong_leader_follows_the_house_rule(rotation, following):
    """rules.md §1.7 and §13 `plot-strong-leader-rotation`: after the Strong Leader's team
    the token moves on from the Strong Leader (default), or back to the order the card
    interrupted: the replaced leader's left neighbour."""
    game = strong_leader_game(rotation)
    assert game.leader == 3
    assert game.next_leaders[:3] == following
    assert game.propose([3, 4]).vote(set()).leader == following[0]


# -- what this mission decides -----------------------------------------------------------------


def two_successes(game: Game, **extra) -> Game:
    for team in ([0, 1], [1, 2, 3]):
        game = game.propose(team, **extra).vote(everyone(game))
        if game.phase == "watch":
            game = game.apply(GiveWatch(team[0]))
        game = game.play_mission(0)
        if game.phase == "investigation":
            game = game.apply(Investigate(6))
    return game


def test_the_third_success_wins_in_the_base_game():
    """rules.md §1.6: three successes win for the Resistance; nothing is at stake before."""
    game = Game.new(7, 0)
    assert game.stakes() == ()
    assert two_successes(game).stakes() == (("resistance", ("three_successes",)),)


def test_with_the_commander_the_assassination_comes_first():
    """rules.md §5.1: after the third success the Assassin names the Commander."""
    game = two_successes(Game.new(7, 0, modules=["commander"]))
    assert game.stakes() == (("resistance", ("assassination",)),)


def test_with_the_hunter_the_accusation_comes_first():
    """rules.md §6.1: right after the third success the resistance Hunter must accuse."""
    game = two_successes(Game.new(7, 0, modules=["hunter"]), investigator=5)
    assert game.stakes() == (("resistance", ("accusation",)),)


def test_a_rogue_success_on_record_makes_a_rogue_success_now_the_rogues_own_win():
    """rules.md §7: the resistance Rogue wins alone with Rogue Success on the third success
    and an earlier mission; with the Commander, the Assassination only if not."""
    game = Game.new(7, 0, modules=["commander", "rogue"], roles=["resistance-rogue"])
    game = game.propose([0, 1]).vote(everyone(game)).apply(GiveWatch(0))
    game = game.play_mission(0, rogue_success=1)
    game = game.propose([1, 2, 3]).vote(everyone(game)).apply(GiveWatch(1)).play_mission(0)
    assert game.stakes() == (("resistance", ("rogue_success_wins", "assassination")),)
    without = two_successes(Game.new(7, 0, modules=["commander", "rogue"],
                                     roles=["resistance-rogue"]))
    assert without.stakes() == (("resistance", ("assassination",)),)


def test_a_team_without_anyone_who_can_be_the_resistance_rogue_puts_no_rogue_win_at_stake():
    """rules.md §7, §13.1: every Rogue Success is the one resistance Rogue's, so only a
    player on every team that revealed one (and not holding the Watch token there) can be
    that Rogue; a team without such a player, or whose only one holds the Watch token now,
    cannot reveal a Rogue Success."""
    game = Game.new(7, 0, modules=["rogue"], roles=["resistance-rogue"])
    game = game.propose([0, 1]).vote(everyone(game)).apply(GiveWatch(0))
    game = game.play_mission(0, rogue_success=1)  # the Rogue is Player 2 (seat 1)
    game = game.propose([2, 3, 4]).vote(everyone(game)).apply(GiveWatch(2)).play_mission(0)
    assert game.stakes() == (  # no team yet: the Rogue may be on it
        ("resistance", ("rogue_success_wins", "three_successes")),)
    without = game.propose([2, 3, 4]).vote(everyone(game))
    assert without.stakes() == (("resistance", ("three_successes",)),)
    watched = game.propose([1, 2, 3]).vote(everyone(game))
    assert watched.stakes() == (("resistance", ("rogue_success_wins", "three_successes")),)
    assert watched.apply(GiveWatch(1)).stakes() == (("resistance", ("three_successes",)),)
    assert watched.apply(GiveWatch(2)).stakes() == (
        ("resistance", ("rogue_success_wins", "three_successes")),)


def test_the_spy_rogue_may_claim_before_the_spies_win():
    """rules.md §7: at the third failure the spy Rogue may claim the win alone first."""
    game = Game.new(5, 0, modules=["rogue"], roles=["spy-rogue"])
    for team in ([0, 1], [1, 2, 3]):
        game = game.propose(team).vote(everyone(game)).play_mission(1)
    assert game.stakes() == (("spies", ("rogue_claim", "three_failures")),)


# -- warnings ----------------------------------------------------------------------------------


def test_the_fifth_proposal_warning_holds_until_the_fifth_team_is_approved():
    """rules.md §1.4: the fifth rejected team of a round wins for the spies; once the fifth
    team is approved the warning no longer holds."""
    game = Game.new(5, 0)
    for _ in range(4):
        game = game.propose([game.leader, (game.leader + 1) % 5]).vote(set())
    assert game.warnings() == ("fifth_proposal",)
    game = game.propose([game.leader, (game.leader + 1) % 5])
    assert game.warnings() == ("fifth_proposal",)
    game = game.vote(everyone(game))
    assert game.phase == "mission" and game.warnings() == ()
