"""Reverser, Trapper, Defector and Inquisitor (rules.md §2.3, §5.2, §5.3, §6.2, §13).

Seats are 0-based here, as in the engine.
"""

import pytest
from refusals import refused  # beside this file

from moderator.rules import Game
from moderator.rules.modules.defector import RevealLoyalty
from moderator.rules.modules.inquisitor import Examine
from moderator.rules.modules.sergeant import SwitchCard


def approved(game, team, **options):
    return game.propose(team, **options).vote(range(game.players))


def team_of(game, size=None):
    """The leader and the seats after them: a team of the size the mission needs."""
    size = size or game.team_size
    return [(game.leader + step) % game.players for step in range(size)]


def mission(game, fails=0, **cards):
    """A whole round: an approved team, its mission played with the given cards."""
    team = team_of(game)
    game = approved(game, team)
    if "trapper" in game.modules:
        cards.setdefault("trapped", team[0])
    return game.play_mission(fails, **cards)


# -- Reverser, rules.md §6.2 --------------------------------------------------------------------

def test_one_reverse_card_turns_a_success_into_a_failure():
    """rules.md §6.2."""
    game = mission(Game.new(5, modules=["reverser"]), fails=0, reverse=1)
    assert game.missions[-1].succeeded is False


def test_one_reverse_card_turns_a_failure_into_a_success():
    """rules.md §6.2."""
    game = mission(Game.new(5, modules=["reverser"]), fails=1, reverse=1)
    assert game.missions[-1].succeeded is True


def test_two_reverse_cards_cancel_out():
    """rules.md §6.2: one flip per Reverse card."""
    game = mission(mission(Game.new(6, modules=["reverser"])), fails=1, reverse=2)
    assert game.missions[-1].succeeded is False


def test_the_two_fail_rule_is_applied_before_the_reverse():
    """rules.md §6.2's example: mission 4 at 7+ with one Fail and one Reverse fails."""
    game = Game.new(7, modules=["reverser"])
    for _ in range(3):
        game = mission(game, fails=(0 if game.successes < 2 else 1))
    assert len(game.missions) == 3 and game.phase == "proposal"
    game = mission(game, fails=1, reverse=1)
    assert game.missions[-1].mission == 4
    assert game.missions[-1].succeeded is False


def test_the_spy_reverser_never_plays_fail():
    """rules.md §6.2: at 5 players the only other spy can play the one Fail."""
    game = approved(Game.new(5, modules=["reverser"]), [0, 1])
    refused("errors.fails_spy_reverser", game.play_mission, 2)
    assert game.play_mission(1, reverse=1).missions[-1].succeeded is True


def test_with_only_the_resistance_reverser_the_spies_may_all_fail():
    """rules.md §6.2: either Reverser or both (`--roles`)."""
    game = Game.new(5, modules=["reverser"], roles=["resistance-reverser"])
    assert "spy-reverser" not in game.characters
    game = approved(game, [0, 1])
    assert game.play_mission(2).missions[-1].succeeded is False
    refused("errors.reverse_count", game.play_mission, 0, reverse=2)


def test_reverse_cards_only_with_a_reverser():
    """rules.md §6.2."""
    refused("errors.no_reverse", approved(Game.new(5), [0, 1]).play_mission, 0, reverse=1)


def test_reverse_and_fail_cards_together_cannot_outnumber_the_team():
    game = approved(Game.new(5, modules=["reverser"]), [0, 1])
    refused("errors.fails_range", game.play_mission, 1, reverse=2)


# -- Trapper, rules.md §5.3 ---------------------------------------------------------------------

@pytest.mark.parametrize("players, sizes", [(5, (3, 4, 3, 4, 4)), (10, (4, 5, 5, 6, 6))])
def test_every_team_gets_one_extra_member(players, sizes):
    """rules.md §5.3."""
    game = Game.new(players, modules=["trapper"])
    assert game.team_size == sizes[0]
    refused("errors.team_size", game.propose, team_of(game, sizes[0] - 1))
    for size in sizes[1:3]:
        game = mission(game)
        assert game.team_size == size


def test_the_leader_traps_a_team_member_and_the_rest_decide():
    """rules.md §5.3: the trapped card is out; the remaining cards decide the mission."""
    game = approved(Game.new(5, modules=["trapper"]), [0, 1, 2])
    refused("errors.trap_required", game.play_mission, 0)
    refused("errors.trap_not_on_team", game.play_mission, 0, trapped=3)
    refused("errors.fails_range", game.play_mission, 3, trapped=0)
    done = game.play_mission(1, trapped=2).missions[-1]
    assert (done.trapped, done.succeeded) == (2, False)


def test_no_trap_without_the_trapper():
    refused("errors.no_trapper_module", approved(Game.new(5), [0, 1]).play_mission, 0, trapped=0)


def test_the_leader_need_not_be_on_the_team_by_default():
    """rules.md §5.3, §13 `trapper-leader-on-team`."""
    game = Game.new(5, modules=["trapper"])
    assert game.propose([1, 2, 3]).phase == "vote"
    strict = Game.new(5, modules=["trapper"], house_rules={"trapper-leader-on-team": "required"})
    refused("errors.trapper_leader_on_team", strict.propose, [1, 2, 3])
    assert strict.propose([0, 1, 2]).phase == "vote"


def test_trapper_and_sergeant_may_name_the_same_player_unless_the_house_rule_forbids_it():
    """rules.md §5.3, §13 `trapper-sergeant-same-player`."""
    game = approved(Game.new(5, modules=["trapper", "sergeant"]), [0, 1, 2], sergeant=1)
    assert game.play_mission(0, switched=2, trapped=2).missions[-1].trapped == 2
    strict = Game.new(5, modules=["trapper", "sergeant"],
                      house_rules={"trapper-sergeant-same-player": "forbidden"})
    strict = approved(strict, [0, 1, 2], sergeant=1)
    refused("errors.trap_switch_same", strict.play_mission, 0, switched=2, trapped=2)


# -- Defector, rules.md §5.2 --------------------------------------------------------------------

def test_loyalty_cards_are_revealed_at_the_start_of_rounds_three_four_and_five():
    """rules.md §5.2: after missions 2, 3 and 4, before team building."""
    game = mission(Game.new(5, modules=["defector"]))
    assert game.phase == "proposal"
    game = mission(game, fails=1)
    assert (game.phase, game.round) == ("loyalty", 3)
    refused("errors.turn.loyalty", game.propose, team_of(game, 2))
    game = game.apply(RevealLoyalty("no-change"))
    assert game.phase == "proposal"
    game = mission(game)
    assert (game.phase, game.round) == ("loyalty", 4)
    game = mission(game.apply(RevealLoyalty("switch")), fails=1)
    assert (game.phase, game.round) == ("loyalty", 5)
    assert game.apply(RevealLoyalty("no-change")).loyalty == ("no-change", "switch", "no-change")


def test_the_deck_holds_three_no_change_and_two_switch_cards():
    """rules.md §5.2."""
    game = Game.new(5, modules=["defector"])
    game = mission(mission(game), fails=1).apply(RevealLoyalty("switch"))
    game = mission(game).apply(RevealLoyalty("switch"))
    assert game.defectors_switched is False  # two switches return them to their sides
    game = mission(game, fails=1)
    refused("errors.loyalty_none_left", game.apply, RevealLoyalty("switch"))
    refused("errors.loyalty_unknown", game.apply, RevealLoyalty("maybe"))


def test_one_switch_puts_the_defectors_on_the_other_side():
    """rules.md §5.2."""
    game = mission(mission(Game.new(5, modules=["defector"])), fails=1)
    assert game.apply(RevealLoyalty("switch")).defectors_switched is True


def test_no_loyalty_card_once_the_game_is_decided():
    """rules.md §5.2: at most three cards, and only while the game goes on."""
    game = Game.new(5, modules=["defector"])
    game = mission(mission(game)).apply(RevealLoyalty("no-change"))
    assert mission(game).phase == "game_over"


# -- Inquisitor, rules.md §2.3 ------------------------------------------------------------------

def test_the_token_starts_on_the_first_leaders_right():
    """rules.md §2.3."""
    assert Game.new(7, first_leader=0, modules=["inquisitor"]).inquisitor == 6
    assert Game.new(7, first_leader=3, modules=["inquisitor"]).inquisitor == 2


def test_examinations_after_missions_two_three_and_four_only():
    """rules.md §2.3: never after mission 1."""
    game = mission(Game.new(7, first_leader=0, modules=["inquisitor"]))
    assert game.phase == "proposal"
    game = mission(game, fails=1)
    assert game.phase == "examination"
    refused("errors.turn.examination", game.propose, team_of(game, 3))
    game = game.apply(Examine(3))
    assert (game.phase, game.inquisitor) == ("proposal", 3)
    game = mission(game)
    assert game.phase == "examination"
    game = mission(game.apply(Examine(4)), fails=2)  # mission 4 at 7 players needs two Fails
    assert game.phase == "examination"
    assert game.apply(Examine(5)).inquisitors == (6, 3, 4, 5)


def test_only_someone_who_never_held_the_token_is_examined():
    """rules.md §2.3."""
    game = mission(mission(Game.new(7, first_leader=0, modules=["inquisitor"])), fails=1)
    refused("errors.inquisitor_held", game.apply, Examine(6))
    game = mission(game.apply(Examine(3)))
    refused("errors.inquisitor_held", game.apply, Examine(3))
    refused("errors.inquisitor_held", game.apply, Examine(6))


def test_no_examination_once_the_game_is_decided():
    game = Game.new(5, modules=["inquisitor"])
    game = mission(mission(game))
    game = mission(game.apply(Examine(1)))
    assert game.phase == "game_over"


def test_the_examination_comes_before_the_next_rounds_loyalty_card():
    """rules.md §2.3, §5.2: after mission 2 the examination, then round 3 opens."""
    game = mission(mission(Game.new(7, modules=["inquisitor", "defector"])), fails=1)
    assert game.phase == "examination"
    assert game.apply(Examine(2)).phase == "loyalty"


@pytest.mark.parametrize("timing, examined_after", [
    ("completed-missions", [1]), ("mission-spaces", [3]),
])
def test_under_targeting_the_house_rule_decides_when_to_examine(timing, examined_after):
    """rules.md §2.1, §13 `inquisitor-targeting-timing`: missions 3 and then 1 are played;
    the second completed mission is mission 1, the tableau space 3 comes first."""
    game = Game.new(7, first_leader=0, modules=["inquisitor"], variants=["targeting"],
                    house_rules={"inquisitor-targeting-timing": timing})
    examined = []
    for target in (3, 1):
        team = team_of(game, game.team_size_for(target))
        game = game.propose(team, mission=target).vote(range(7)).play_mission(0)
        if game.phase == "examination":
            examined.append(target)
            game = game.apply(Examine(game.leader))
    assert examined == examined_after


# -- random games with the modules ------------------------------------------------------------

@pytest.mark.parametrize("modules", [
    ["reverser"], ["trapper"], ["defector"], ["inquisitor"], ["trapper", "sergeant"],
    ["defector", "inquisitor", "reverser"],
])
def test_random_games_with_the_modules_end_within_the_rules(modules):
    """rules.md §2.3, §5.2, §5.3, §6.2: at most three examinations of different players and
    three Loyalty cards; a trapped card is always a team member's."""
    import random

    from moderator.simulate import random_game

    for seed in range(60):
        players = random.Random(seed).choice(range(5, 11))
        game = random_game(players, random.Random(seed), modules=modules)
        assert game.phase == "game_over"
        assert len(game.loyalty) <= 3 and len(game.inquisitors) <= 4
        assert len(set(game.inquisitors)) == len(game.inquisitors)
        for done in game.missions:
            assert done.trapped is None or done.trapped in done.team
            assert done.fails + done.reverse <= len(done.team) - (done.trapped is not None)


@pytest.mark.parametrize(("players", "spies"), [(5, 2), (9, 3)])
def test_a_switch_on_the_trapped_card_adds_no_fail_card(players, spies):
    """rules.md §5.3, §8, §13 `trapper-sergeant-same-player` (allowed): the trapped card is
    taken out before the reveal, so switching it cannot add the extra Fail a switch allows;
    reported with the cards or declared first (`moderator switch`), the spies' limit holds."""
    game = Game.new(players, modules=["trapper", "sergeant"])
    first = game.propose(team_of(game), sergeant=team_of(game)[1]).vote(range(players))
    game = first.play_mission(0, trapped=team_of(game)[0])  # mission 2: four revealed at 9
    game = game.propose(team_of(game), sergeant=team_of(game)[1]).vote(range(players))
    switched = team_of(game)[2]
    refused("errors.fails_spies", game.play_mission, spies + 1, switched=switched,
            trapped=switched)
    refused("errors.fails_spies", game.apply(SwitchCard(switched)).play_mission, spies + 1,
            trapped=switched)
    assert game.play_mission(spies, switched=switched, trapped=switched).failures == 1
    # a switch on a card that is revealed still allows the one extra Fail (§8)
    other = team_of(game)[0]
    assert game.play_mission(spies + 1, switched=switched, trapped=other).failures == 1
