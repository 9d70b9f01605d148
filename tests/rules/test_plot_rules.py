"""The Plot Thickens: the deck, the draws and every card's window and effect (rules.md §3).

Seats are 0-based here, as in the engine. Cards are drawn by naming them, as the shell does.
"""

import random
from collections import Counter

import pytest
from refusals import refused  # beside this file

from moderator.rules import Game
from moderator.simulate import random_game
from moderator.rules.modules import plot as cards
from moderator.rules.modules.plot import DrawPlot, GivePlot, UsePlot

SL, EYE, NC, OM, TR = "strong_leader", "close_eye", "no_confidence", "opinion_maker", \
    "take_responsibility"
OC, EC, OU, SPOT = "overheard_conversation", "establish_confidence", "open_up", "in_the_spotlight"


def new(players=7, leader=0, **settings):
    return Game.new(players, leader, modules=["plot"], house_rules=settings or None)


def hand_out(game, *gifts):
    """Draw the cards named in `gifts` (card, receiver) and hand each one out."""
    game = game.apply(DrawPlot([card for card, _ in gifts]))
    for card, to in gifts:
        game = game.apply(GivePlot(card, to))
    return game


# -- §3.1 the deck ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [5, 6])
def test_five_and_six_players_use_seven_cards(players):
    """rules.md §3.1: 2 Strong Leader, 2 Keeping a Close Eye, 1 No Confidence, 1 Opinion Maker,
    1 Take Responsibility."""
    assert Counter(new(players).plot.deck) == {SL: 2, EYE: 2, NC: 1, OM: 1, TR: 1}


@pytest.mark.parametrize("players", [7, 8, 9, 10])
def test_seven_or_more_use_all_fifteen(players):
    assert Counter(new(players).plot.deck) == {
        SL: 2, EYE: 2, NC: 3, OM: 2, TR: 1, OC: 2, EC: 1, OU: 1, SPOT: 1,
    }


def test_the_forum_house_deck_is_a_setting():
    """rules.md §13 `plot-deck=forum-game-54` (seed 002's house deck; never the default)."""
    game = new(5, **{"plot-deck": "forum-game-54"})
    assert len(game.plot.deck) == 10 and game.plot_draws == 1
    assert len(new(8, **{"plot-deck": "forum-game-54"}).plot.deck) == 15


def test_a_card_not_left_in_the_deck_cannot_be_drawn():
    """A 5-player deck never shows a card that is not in it."""
    refused("errors.plot_not_in_deck", new(5).apply, DrawPlot([OC]))
    refused("errors.plot_not_in_deck", new(5).apply, DrawPlot([SPOT]))


# -- §3.2 drawing and handing out ------------------------------------------------------------


@pytest.mark.parametrize("players,draws", [(5, 1), (6, 1), (7, 2), (8, 2), (9, 3), (10, 3)])
def test_the_rounds_first_leader_draws_one_two_or_three(players, draws):
    """rules.md §3.2."""
    game = new(players)
    assert (game.phase, game.plot_draws) == ("plot_draw", draws)
    refused("errors.plot_draw_count", game.apply, DrawPlot([SL] * (draws + 1)))
    refused("errors.turn.plot_draw", game.propose, [0, 1])


def test_only_the_first_leader_of_a_round_draws():
    """rules.md §3.2: later leaders of the round (after a rejection) draw nothing."""
    game = hand_out(new(), (SL, 1), (EYE, 2))
    game = game.propose([0, 1]).vote([])
    assert (game.phase, game.leader) == ("proposal", 1)
    game = game.propose([0, 1]).vote(range(7)).play_mission(0)
    assert (game.phase, game.leader, game.round) == ("plot_draw", 2, 2)


def test_cards_go_to_other_players_never_the_leader():
    """rules.md §3.2; by default each to a different player (`plot-hand-out`)."""
    game = new().apply(DrawPlot([SL, EYE]))
    refused("errors.plot_give_leader", game.apply, GivePlot(SL, 0))
    refused("errors.plot_not_drawn", game.apply, GivePlot(NC, 1))
    game = game.apply(GivePlot(SL, 1))
    refused("errors.plot_give_twice", game.apply, GivePlot(EYE, 1))
    lenient = new(**{"plot-hand-out": "any-other-players"}).apply(DrawPlot([SL, EYE]))
    assert lenient.apply(GivePlot(SL, 1)).apply(GivePlot(EYE, 1)).phase == "proposal"


def test_held_cards_are_public_and_used_cards_discarded():
    game = hand_out(new(), (SL, 1), (EYE, 2))
    assert [(c.card, c.holder) for c in game.plot.held] == [(SL, 1), (EYE, 2)]
    assert len(game.plot.deck) == 13


# -- §3.3 windows and §3.4 effects -----------------------------------------------------------


def test_immediate_cards_must_be_resolved_before_the_team():
    """rules.md §3.2/§3.4: ★ cards act on receipt, before the team is proposed; §3.3 window 2:
    before the next drawn card is handed out."""
    game = new().apply(DrawPlot([OC, SL])).apply(GivePlot(OC, 3))
    assert game.phase == "plot_give" and game.plot.pending[0].card == OC
    refused("errors.turn.plot_give", game.propose, [0, 1])
    error = refused("errors.plot_give_pending", game.apply, GivePlot(SL, 1))
    assert error.params == {"card": OC, "seat": 3}
    refused("errors.plot_neighbour", game.apply, UsePlot(OC, 3, target=5))
    game = game.apply(UsePlot(OC, 3, target=4))
    assert game.phase == "plot_give" and OC in game.plot.discarded
    assert game.apply(GivePlot(SL, 1)).phase == "proposal"


def test_establish_confidence_exposes_the_leader_not_the_receiver():
    """rules.md §3.4 / §12.6: the leader shows their card to a player of their choice."""
    game = hand_out(new(), (SL, 1), (EC, 3))
    refused("errors.plot_target_self", game.apply, UsePlot(EC, 3, target=0))
    assert game.apply(UsePlot(EC, 3, target=5)).plot.uses[-1].target == 5


def test_open_up_may_show_the_leader():
    game = hand_out(new(), (SL, 1), (OU, 3))
    refused("errors.plot_target_self", game.apply, UsePlot(OU, 3, target=3))
    assert game.apply(UsePlot(OU, 3, target=0)).phase == "proposal"


def test_strong_leader_before_the_draw_takes_over_and_draws():
    """rules.md §3.3 window 1 and §1.7: the Strong Leader draws that round's cards, and
    rotation goes on from them by default."""
    game = hand_out(new(), (SL, 3), (EYE, 4))
    game = game.propose([0, 1]).vote(range(7)).play_mission(0)  # round 2: seat 1 leads
    assert (game.phase, game.leader) == ("plot_draw", 1)
    game = game.apply(UsePlot(SL, 3))
    assert (game.phase, game.leader) == ("plot_draw", 3)
    game = hand_out(game, (NC, 5), (EYE, 6))
    assert game.propose([0, 1, 2]).vote([]).leader == 4


def test_a_strong_leader_received_this_round_cannot_replace_its_first_leader():
    """rules.md §3.3 / §12.4: the first leader has already drawn; a later leader of the same
    round can be replaced (same-round use, the default)."""
    game = hand_out(new(), (SL, 3), (EYE, 4))
    refused("errors.plot_window.strong_leader_drawn", game.apply, UsePlot(SL, 3))
    game = game.propose([0, 1]).vote([])  # seat 1 leads now and has not acted
    assert game.apply(UsePlot(SL, 3)).leader == 3


def test_no_second_strong_leader_before_a_vote():
    game = hand_out(new(), (SL, 3), (SL, 5))
    game = game.propose([0, 1]).vote([]).apply(UsePlot(SL, 3))
    refused("errors.plot_strong_leader_twice", game.apply, UsePlot(SL, 5))
    game = game.propose([0, 1]).vote([])  # seat 4 leads after the vote
    assert game.apply(UsePlot(SL, 5)).leader == 5


def test_resume_order_sends_the_token_back_to_the_interrupted_order():
    """rules.md §1.7 `plot-strong-leader-rotation=resume-order`."""
    game = hand_out(new(**{"plot-strong-leader-rotation": "resume-order"}), (SL, 5), (EYE, 4))
    game = game.propose([0, 1]).vote([])  # seat 1 leads
    game = game.apply(UsePlot(SL, 5)).propose([0, 1]).vote([])
    assert game.leader == 2  # the replaced leader's left neighbour, not 6


def test_next_round_setting_forbids_same_round_use():
    """rules.md §3.3 `plot-same-round-use=next-round`."""
    game = hand_out(new(**{"plot-same-round-use": "next-round"}), (SL, 3), (EYE, 4))
    game = game.propose([0, 1]).vote([])
    refused("errors.plot_same_round", game.apply, UsePlot(SL, 3))


def test_no_confidence_right_after_an_approval_counts_as_a_rejection():
    """rules.md §3.4: the approval is cancelled, the vote track moves, the leader passes."""
    game = hand_out(new(), (NC, 3), (EYE, 4))
    refused("errors.plot_window.no_confidence", game.apply, UsePlot(NC, 3))
    game = game.propose([0, 1]).vote(range(7))
    game = game.apply(UsePlot(NC, 3))
    assert (game.phase, game.rejections, game.leader) == ("proposal", 1, 1)
    assert game.proposals[-1].approved is False and game.proposals[-1].cancelled_by == 3


def test_no_confidence_on_the_fifth_proposal_makes_the_spies_win():
    """rules.md §3.4 / §12.3: a No Confidence counts as one of the five."""
    game = hand_out(new(), (NC, 3), (EYE, 4))
    for _ in range(4):
        game = game.propose([0, 1]).vote([])
    game = game.propose([0, 1]).vote(range(7)).apply(UsePlot(NC, 3))
    assert (game.winner, game.reason) == ("spies", "five_rejections")


def test_no_confidence_usable_on_the_fifth_proposal_is_a_warning():
    """rules.md §3.4 (C, derived), §1.4: while a No Confidence can cancel the fifth approval
    of a round, the engine warns that using it ends the game; not on earlier proposals."""
    game = hand_out(new(), (NC, 3), (EYE, 4))
    assert "no_confidence_ends_game" not in game.propose([0, 1]).vote(range(7)).warnings()
    for _ in range(4):
        game = game.propose([0, 1]).vote([])
    assert "no_confidence_ends_game" not in game.warnings()
    approved = game.propose([0, 1]).vote(range(7))
    assert "no_confidence_ends_game" in approved.warnings()


def test_in_the_spotlight_before_cards_are_chosen_on_a_team_member():
    game = hand_out(new(), (SPOT, 3), (EYE, 4))
    refused("errors.plot_window.in_the_spotlight", game.apply, UsePlot(SPOT, 3, target=0))
    game = game.propose([0, 3]).vote(range(7))
    refused("errors.plot_target_team", game.apply, UsePlot(SPOT, 3, target=5))
    assert game.apply(UsePlot(SPOT, 3, target=0)).plot.spotlight == 0


def test_in_the_spotlight_may_name_its_holder_by_default():
    """rules.md §3.4, §13 `plot-spotlight-target`: S3 says "a player", so by default the holder
    may name themselves when on the team (`any-team-member`); the JP card's "other" player is
    the setting `other-team-member`."""
    game = hand_out(new(), (SPOT, 3), (EYE, 4)).propose([0, 3]).vote(range(7))
    assert 3 in cards.targets(game, game.usable()[0])
    assert game.apply(UsePlot(SPOT, 3, target=3)).plot.spotlight == 3
    strict = hand_out(new(**{"plot-spotlight-target": "other-team-member"}), (SPOT, 3), (EYE, 4))
    strict = strict.propose([0, 3]).vote(range(7))
    assert cards.targets(strict, strict.usable()[0]) == [0]
    refused("errors.plot_spotlight_self", strict.apply, UsePlot(SPOT, 3, target=3))
    assert strict.apply(UsePlot(SPOT, 3, target=0)).plot.spotlight == 0


def test_keeping_a_close_eye_after_cards_are_played_never_twice_on_one_card():
    game = hand_out(new(**{"plot-hand-out": "any-other-players"}), (EYE, 3), (EYE, 4))
    refused("errors.plot_window.close_eye", game.apply, UsePlot(EYE, 3, target=0))
    game = game.propose([0, 1]).vote(range(7))
    game = game.apply(UsePlot(EYE, 3, target=0))
    refused("errors.plot_looked_twice", game.apply, UsePlot(EYE, 4, target=0))
    refused("errors.plot_target_team", game.apply, UsePlot(EYE, 4, target=5))
    assert game.apply(UsePlot(EYE, 4, target=1)).plot.looked_at == (0, 1)


def test_opinion_maker_stays_in_effect_and_binds_its_holder():
    """rules.md §3.4: the holder reveals their vote first for the rest of the game."""
    game = hand_out(new(), (OM, 3), (EYE, 4))
    assert game.opinion_makers == (3,)
    refused("errors.plot_lasting", game.apply, UsePlot(OM, 3))


def test_take_responsibility_takes_a_card_at_once_by_default():
    """rules.md §3.4 `plot-take-responsibility=immediate`; a taken Opinion Maker binds the
    taker (`plot-opinion-maker-taken=binds-taker`)."""
    game = hand_out(new(), (OM, 3), (EYE, 4))
    game = game.propose([0, 1]).vote(range(7)).play_mission(0)
    game = game.apply(DrawPlot([TR, SL])).apply(GivePlot(TR, 5))
    refused("errors.plot_take_missing", game.apply, UsePlot(TR, 5, target=3, take=EYE))
    game = game.apply(UsePlot(TR, 5, target=3, take=OM)).apply(GivePlot(SL, 6))
    assert game.opinion_makers == (5,) and game.phase == "proposal"
    receiver_bound = hand_out(new(**{"plot-opinion-maker-taken": "binds-receiver"}),
                              (OM, 3), (EYE, 4))
    receiver_bound = receiver_bound.propose([0, 1]).vote(range(7)).play_mission(0)
    receiver_bound = receiver_bound.apply(DrawPlot([TR, SL])).apply(GivePlot(TR, 5))
    assert receiver_bound.apply(UsePlot(TR, 5, target=3, take=OM)).opinion_makers == (3,)


def test_take_responsibility_with_nothing_to_take_is_discarded():
    """rules.md §3.4 (C): no other player holds a Plot card, so it has no effect."""
    game = hand_out(new(), (TR, 3), (OC, 4))
    assert TR in game.plot.discarded and [c.card for c in game.plot.pending] == [OC]


def test_held_take_responsibility_is_used_after_the_hand_out():
    """rules.md §3.4 `plot-take-responsibility=held`."""
    game = hand_out(new(**{"plot-take-responsibility": "held"}), (TR, 3), (SL, 4))
    assert [c.card for c in game.plot.held] == [TR, SL]
    game = game.apply(UsePlot(TR, 3, target=4, take=SL))
    assert [(c.card, c.holder) for c in game.plot.held] == [(SL, 3)]


def test_cards_usable_now_are_listed_window_by_window_from_the_leader_clockwise():
    """rules.md §3.3: No Confidence (right after approval) before Keeping a Close Eye (after
    the cards are played); within a window, in order from the leader, clockwise."""
    game = hand_out(new(players=9, leader=4, **{"plot-hand-out": "any-other-players"}),
                    (NC, 6), (NC, 2), (EYE, 5))
    game = game.propose([0, 1, 2]).vote(range(9))
    assert [(c.card, c.holder) for c in game.usable()] == [(NC, 6), (NC, 2), (EYE, 5)]


def test_random_games_with_plot_cards_always_end():
    """The engine never gets stuck or refuses a legal random move with Plot cards."""
    for seed in range(200):
        game = random_game(random.Random(seed).choice(range(5, 11)), random.Random(seed),
                           modules=["plot", "commander"])
        assert game.phase == "game_over"
        assert len(game.plot.deck) + len(game.plot.discarded) + len(game.plot.held) <= 15


def test_the_deck_is_never_reshuffled():
    """rules.md §3.2: at most 5 rounds, and the deck only shrinks."""
    assert cards.draws(9) * 5 == len(cards.deck(9))


def test_the_sergeant_cannot_switch_a_card_played_face_up_in_the_spotlight():
    """rules.md §8: with Plot cards, a card played face up cannot be switched."""
    game = Game.new(7, 0, modules=["plot", "sergeant"])
    game = hand_out(game, (SPOT, 3), (EYE, 4)).propose([0, 1], sergeant=1).vote(range(7))
    game = game.apply(UsePlot(SPOT, 3, target=0))
    refused("errors.switch_spotlight", game.play_mission, 1, switched=0)
