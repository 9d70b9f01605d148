"""Rulings a table can trust (issue 13): records no hidden cards could have made are refused,
Take Responsibility and Strong Leader are settled, and nothing the host reports is silent.

Seats are 0-based here, as in the engine: "player 1" of rules.md's examples is seat 0.
"""

import pytest
from refusals import refused  # beside this file

from moderator.rules import Game
from moderator.rules.flow import could_play
from moderator.rules.modules.defector import RevealLoyalty
from moderator.rules.modules.hunter import Accuse, Investigate
from moderator.rules.modules.inquisitor import Examine
from moderator.rules.modules.plot import DrawPlot, GivePlot, UsePlot
from moderator.rules.modules.rogue import ClaimRogue, GiveWatch

SL, EYE, NC, OM, TR = "strong_leader", "close_eye", "no_confidence", "opinion_maker", \
    "take_responsibility"
OC = "overheard_conversation"


def mission(game, team, watch=None, investigator=None, **cards):
    """One approved team and its revealed cards; a step the modules put between (the Watch
    token, a declined early accusation, an investigation) taken as given."""
    game = game.propose(team, investigator=investigator).vote(range(game.players))
    if game.phase == "watch":
        game = game.apply(GiveWatch(team[0] if watch is None else watch))
    return game.play_mission(**cards)


def onwards(game):
    """Past the Hunter's steps after a mission: no early accusation, investigate someone."""
    while game.phase in ("accusation", "investigation"):
        if game.phase == "accusation":
            game = game.apply(Accuse(None))
        else:
            game = game.apply(Investigate(next(s for s in range(game.players)
                                         if s != game.investigator)))
    return game


# -- §7, §13.1 `rogue-possible-record`: one resistance Rogue plays every Rogue Success -------------


def rogue_game():
    """rules.md §13.1's example: 5 players with the resistance Rogue; missions 1 and 2 are
    played without the Watch token at 5 players (§7)."""
    game = Game.new(5, 0, modules=["rogue"], roles=["resistance-rogue"])
    game = mission(game, [0, 1], fails=0, rogue_success=1)  # team {1,2}: a Rogue Success
    return mission(game, [1, 2, 3], fails=0)  # team {2,3,4}: none


def test_a_rogue_success_record_no_single_player_could_have_made_is_refused():
    """rules.md §7, §13.1 `rogue-possible-record`: only the resistance Rogue plays Rogue
    Success, never while holding the Watch token, so one player, never the Watch holder there,
    was on every team that revealed one. Team {3,4} with the Watch token on 3 leaves only 4,
    who was not on team {1,2}."""
    game = rogue_game().propose([2, 3]).vote(range(5)).apply(GiveWatch(2))
    asked = {i.name: i for i in game.inputs({"fails": 0})}
    assert asked["rogue_success"].choices == (0,)  # guided play offers only what is possible
    error = refused("errors.rogue_success_impossible", game.play_mission, 0, rogue_success=1)
    assert error.params == {"together": (1, 3)}
    assert game.play_mission(0).successes == 3  # without the Rogue Success: a plain win


def test_a_rogue_success_on_a_team_sharing_an_eligible_player_is_accepted_and_wins():
    """rules.md §7: team {2,3} with the Watch token on 3 leaves player 2, who was on team
    {1,2}: the record is possible, and Rogue Success on the third success and on an earlier
    mission wins for the resistance Rogue alone."""
    game = rogue_game().propose([1, 2]).vote(range(5)).apply(GiveWatch(2))
    assert 1 in {i.name: i for i in game.inputs({"fails": 0})}["rogue_success"].choices
    won = game.play_mission(0, rogue_success=1)
    assert (won.reason, won.winners) == ("resistance_rogue_wins", (("resistance-rogue", "full"),))


def test_the_watch_holder_is_never_the_rogue_on_that_mission():
    """rules.md §7: the Watch holder cannot have played the Rogue Success of that mission."""
    first = mission(Game.new(7, 0, modules=["rogue"], roles=["resistance-rogue"]), [0, 1],
                    watch=0, fails=0, rogue_success=1)  # the Rogue: seat 1
    game = first.propose([1, 2, 3]).vote(range(7))
    refused("errors.rogue_success_impossible", game.apply(GiveWatch(1)).play_mission, 0,
            rogue_success=1)
    assert game.apply(GiveWatch(2)).play_mission(0, rogue_success=1).successes == 2


def test_a_trapped_card_was_taken_out_before_the_reveal():
    """rules.md §5.3, §13.1: the Trapper's trapped card is not among the revealed cards, so
    its player cannot have played a revealed Rogue Success (Rogue with the Trapper is played
    only with --allow-incompatible, §10.3)."""
    game = Game.new(7, 0, modules=["rogue", "trapper"], roles=["resistance-rogue"],
                    allow_incompatible=True)
    game = mission(game, [0, 1, 2], watch=0, trapped=1, fails=0, rogue_success=1)  # seat 2
    game = game.propose([2, 3, 4, 5]).vote(range(7)).apply(GiveWatch(3))
    refused("errors.rogue_success_impossible_trapped", game.play_mission, 0, rogue_success=1,
            trapped=2)
    assert game.play_mission(0, rogue_success=1, trapped=4).missions[-1].rogue_success == 1


def test_a_spy_rogue_claim_by_the_only_possible_resistance_rogue_is_refused():
    """rules.md §7, §13.1: the Rogue Success cards on record can only be one player's; that
    player is the resistance Rogue and cannot show the spy Rogue card."""
    game = Game.new(5, 0, modules=["rogue"], roles=["resistance-rogue", "spy-rogue"])
    game = mission(game, [0, 1], fails=0, rogue_success=1)  # the Rogue: seat 0 or 1
    game = mission(game, [1, 2, 3], fails=1)
    game = mission(game, [1, 2], watch=2, fails=1, rogue_success=1)  # the Rogue: seat 1
    game = mission(game, [1, 2, 4], watch=4, fails=1)  # the third failure
    assert game.phase == "rogue_claim"
    assert game.inputs()[0].choices == (None, 2)
    error = refused("errors.rogue_claim_resistance_rogue", game.apply, ClaimRogue(1))
    assert error.params == {"seat": 1}
    assert game.apply(ClaimRogue(2)).reason == "spy_rogue_wins"


# -- §6.1, §13.1: only the spy Chiefs play Chief Fail -------------------------------------------


def test_one_spy_chief_cannot_play_chief_fail_on_two_teams_without_a_shared_player():
    """rules.md §6.1, §13.1: at 7-9 players the one spy Chief plays every Chief Fail card."""
    game = Game.new(7, 0, modules=["hunter"])
    game = onwards(mission(game, [0, 1], investigator=2, fails=0, chief_fail=1))
    game = game.propose([2, 3, 4], investigator=5).vote(range(7))
    assert game.inputs({"fails": 0})[1].choices == (0,)
    error = refused("errors.chief_fail_impossible", game.play_mission, 0, chief_fail=1)
    assert error.params == {"count": 1, "together": (1, 2)}
    shared = onwards(mission(Game.new(7, 0, modules=["hunter"]), [0, 1], investigator=2,
                             fails=0, chief_fail=1))
    assert mission(shared, [1, 3, 4], investigator=5, fails=0, chief_fail=1).failures == 2


def test_two_spy_chiefs_at_ten_players_must_fit_every_chief_fail():
    """rules.md §6.1: at 10 players two spy Chiefs; a team that revealed two Chief Fail cards
    holds both, so a later Chief Fail needs one of them."""
    game = Game.new(10, 0, modules=["hunter"])
    game = onwards(mission(game, [0, 1, 2], investigator=3, fails=0, chief_fail=2))
    game = game.propose([3, 4, 5, 6], investigator=7).vote(range(10))
    error = refused("errors.chief_fail_impossible", game.play_mission, 0, chief_fail=1)
    assert error.params == {"count": 2, "together": (1, 2)}
    assert game.play_mission(1).failures == 2
    other = onwards(mission(Game.new(10, 0, modules=["hunter"]), [0, 1, 2], investigator=3,
                            fails=0, chief_fail=2))
    assert mission(other, [2, 4, 5, 6], investigator=7, fails=0, chief_fail=1).failures == 2


# -- §6.2, §13.1: only the Reversers play Reverse ------------------------------------------------


def test_one_reverser_cannot_play_reverse_on_two_teams_without_a_shared_player():
    """rules.md §6.2, §13.1: with one Reverser in the game, every Reverse card is theirs."""
    game = Game.new(7, 0, modules=["reverser"], roles=["resistance-reverser"])
    game = mission(game, [0, 1], fails=0, reverse=1)
    game = game.propose([2, 3, 4]).vote(range(7))
    error = refused("errors.reverse_impossible", game.play_mission, 0, reverse=1)
    assert error.params == {"count": 1, "together": (1, 2)}
    both = mission(Game.new(7, 0, modules=["reverser"]), [0, 1], fails=0, reverse=1)
    assert mission(both, [2, 3, 4], fails=0, reverse=1).missions[-1].reverse == 1


def test_two_reverse_cards_put_both_reversers_on_that_team():
    """rules.md §6.2: two Reverse cards on one mission are both Reversers' cards."""
    game = mission(Game.new(7, 0, modules=["reverser"]), [0, 1], fails=0, reverse=2)
    game = game.propose([2, 3, 4]).vote(range(7))
    refused("errors.reverse_impossible", game.play_mission, 0, reverse=1)


def test_could_play_counts_players_not_cards():
    """The shared check: each holder plays at most one such card on a mission."""
    assert could_play(1, [(1, {0, 1}), (1, {1, 2})])
    assert not could_play(1, [(1, {0, 1}), (1, {2, 3})])
    assert could_play(2, [(2, {0, 1}), (1, {1, 5})])
    assert not could_play(2, [(2, {0, 1}), (1, {4, 5})])
    assert could_play(0, [(0, {0})])


# -- §3.3 window 2, §3.4: Take Responsibility under `immediate` -------------------------------


def test_take_responsibility_first_gives_the_same_ruling_in_round_one_and_round_two():
    """rules.md §3.4 (settled 2026-12-01): under `immediate` Take Responsibility resolves the
    moment it is handed out, against what other players hold then; drawn cards not yet handed
    out do not count. Handed out first in round 1 nobody holds anything, so it is discarded;
    handed out first in round 2 it takes from the cards of round 1, never from the card drawn
    with it."""
    first = Game.new(7, 0, modules=["plot"]).apply(DrawPlot([TR, SL])).apply(GivePlot(TR, 3))
    assert TR in first.plot.discarded and not first.plot.pending
    first = first.apply(GivePlot(SL, 4))
    assert [(c.card, c.holder) for c in first.plot.held] == [(SL, 4)]

    second = Game.new(7, 0, modules=["plot"]).apply(DrawPlot([EYE, NC]))
    second = second.apply(GivePlot(EYE, 1)).apply(GivePlot(NC, 2))
    second = mission(second, [0, 1], fails=0)  # round 2: seat 1 leads and draws
    second = second.apply(DrawPlot([TR, SL])).apply(GivePlot(TR, 3))
    assert [c.card for c in second.plot.pending] == [TR]
    error = refused("errors.plot_give_pending", second.apply, GivePlot(SL, 4))
    assert error.params == {"card": TR, "seat": 3}
    refused("errors.plot_take_missing", second.apply, UsePlot(TR, 3, target=4, take=SL))
    second = second.apply(UsePlot(TR, 3, target=2, take=NC)).apply(GivePlot(SL, 4))
    assert sorted((c.card, c.holder) for c in second.plot.held) == [
        (EYE, 1), (NC, 3), (SL, 4)]
    assert second.phase == "proposal"


def test_take_responsibility_handed_out_second_takes_from_this_hand_out():
    """rules.md §3.4: cards handed out earlier in this hand-out count."""
    game = Game.new(7, 0, modules=["plot"]).apply(DrawPlot([SL, TR])).apply(GivePlot(SL, 4))
    game = game.apply(GivePlot(TR, 3)).apply(UsePlot(TR, 3, target=4, take=SL))
    assert [(c.card, c.holder) for c in game.plot.held] == [(SL, 3)]


def test_no_drawn_card_is_handed_out_while_a_star_card_waits():
    """rules.md §3.3 window 2: every ★ card resolves before the next card is handed out."""
    game = Game.new(7, 0, modules=["plot"]).apply(DrawPlot([OC, SL])).apply(GivePlot(OC, 3))
    refused("errors.plot_give_pending", game.apply, GivePlot(SL, 1))
    assert game.apply(UsePlot(OC, 3, target=2)).apply(GivePlot(SL, 1)).phase == "proposal"


# -- §3.3 window 1, §13.1 `plot-strong-leader-steps` -----------------------------------------


def strong_leader_in(modules, players=7):
    """Round 1 with a Strong Leader handed to seat 3, then missions until the steps between
    missions 2 and 3 (the Loyalty card, the examination)."""
    game = Game.new(players, 0, modules=["plot", *modules]).apply(DrawPlot([SL, EYE]))
    game = game.apply(GivePlot(SL, 3)).apply(GivePlot(EYE, 4))
    game = mission(game, [0, 1], fails=0)
    game = game.apply(DrawPlot(game.plot.deck[:2]))
    for card, to in zip(game.plot.drawn, (5, 6)):
        game = game.apply(GivePlot(card, to))
    while game.phase == "plot_give":  # a ★ card drawn: resolved on anyone it allows
        waiting = game.plot.pending[0]
        from moderator.rules.modules.plot import targets

        game = game.apply(UsePlot(waiting.card, waiting.holder, target=targets(game, waiting)[0]))
    return mission(game, [1, 2, 3], fails=0)


@pytest.mark.parametrize("module,phase", [("inquisitor", "examination"), ("defector", "loyalty")])
def test_strong_leader_may_be_declared_during_the_steps_that_open_a_new_round(module, phase):
    """rules.md §13.1 `plot-strong-leader-steps`: during the Loyalty card (Defector) and the
    examination (Inquisitor) of a new round the leader has not acted (S3: "before the Leader
    takes any actions"), so a Strong Leader may take over; they then draw."""
    game = strong_leader_in([module])
    assert (game.phase, game.leader) == (phase, 2)
    assert [c.card for c in game.usable()] == [SL]
    game = game.apply(UsePlot(SL, 3))
    assert (game.phase, game.leader) == (phase, 3)
    game = game.apply(Examine(2)) if phase == "examination" else game.apply(RevealLoyalty("no-change"))
    assert (game.phase, game.leader) == ("plot_draw", 3)


def test_strong_leader_refusals_say_which_moment_it_is():
    """rules.md §3.3 window 1: the refusal says why, truly: the leader has drawn, the drawn
    cards are being handed out (`before-team-tokens`), the Team tokens are out, or the steps
    after a mission come first."""
    game = Game.new(7, 0, modules=["plot"]).apply(DrawPlot([SL, EYE])).apply(GivePlot(SL, 3))
    refused("errors.plot_window.strong_leader_drawn", game.apply, UsePlot(SL, 3))
    game = game.apply(GivePlot(EYE, 4))
    refused("errors.plot_window.strong_leader_drawn", game.apply, UsePlot(SL, 3))
    game = game.propose([0, 1])
    refused("errors.plot_window.strong_leader_team", game.apply, UsePlot(SL, 3))
    loose = Game.new(7, 0, modules=["plot"], house_rules={
        "plot-strong-leader-window": "before-team-tokens"}).apply(DrawPlot([SL, SL]))
    loose = loose.apply(GivePlot(SL, 3))
    refused("errors.plot_window.strong_leader_hand_out", loose.apply, UsePlot(SL, 3))
    assert loose.apply(GivePlot(SL, 4)).apply(UsePlot(SL, 3)).leader == 3
    hunted = Game.new(7, 0, modules=["plot", "hunter"]).apply(DrawPlot([SL, EYE]))
    hunted = hunted.apply(GivePlot(SL, 3)).apply(GivePlot(EYE, 4))
    hunted = mission(hunted, [0, 1], investigator=2, fails=0)
    assert hunted.phase == "investigation"
    refused("errors.plot_window.strong_leader_between", hunted.apply, UsePlot(SL, 3))


# -- §7: tokens that are not used say so ----------------------------------------------------------


@pytest.mark.parametrize("players", [5, 6])
def test_the_watch_token_tried_on_the_first_two_missions_at_five_or_six_says_why(players):
    """rules.md §7: at 5-6 players the Watch token is not used on the first two missions."""
    game = Game.new(players, 0, modules=["rogue"]).propose([0, 1]).vote(range(players))
    assert game.phase == "mission"
    error = refused("errors.watch_first_missions", game.apply, GiveWatch(0))
    assert error.params == {"missions": 2}
    refused("errors.watch_first_missions", Game.new(players, 0, modules=["rogue"]).apply, GiveWatch(0))


def test_the_watch_token_with_only_the_spy_rogue_says_why():
    """rules.md §7: with only the spy Rogue the Watch step changes nothing and is skipped."""
    game = Game.new(7, 0, modules=["rogue"], roles=["spy-rogue"]).propose([0, 1]).vote(range(7))
    refused("errors.watch_spy_rogue_only", game.apply, GiveWatch(0))
    refused("errors.no_rogue_module", Game.new(7, 0).apply, GiveWatch(0))
