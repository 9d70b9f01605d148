"""What each module declares of itself, so that no other module, nor the base game, has to
name it (rules/module.py): where its steps sit, whether its characters stay hidden behind a
Loyalty card or change sides, whether Plot cards may show Character cards with it, whether it
still acts on the cards played face down, and the deck its step draws from.

Seats are 0-based here, as in the engine.
"""

import pytest
from refusals import refused  # beside this file

from moderator.rules import Game
from moderator.rules.modules import MODULES
from moderator.rules.modules import inquisitor as examination
from moderator.rules.modules.defector import DECK, LOYALTY, RevealLoyalty
from moderator.rules.modules.plot import PLOT_DRAW, DrawPlot, GivePlot, UsePlot, deck
from moderator.rules.modules.sergeant import SwitchCard

EYE, SL = "close_eye", "strong_leader"


def played(game, fails=0):
    """One round: the leader and the next seats as the team, approved, its mission played."""
    team = [(game.leader + step) % game.players for step in range(game.team_size)]
    return game.propose(team).vote(range(game.players)).play_mission(fails)


# -- where each step sits ------------------------------------------------------------------------


def test_every_step_of_a_module_is_a_phase_it_declares():
    """Each action that answers a module's step names a phase the module declares with its
    place, so the base game knows that phase without knowing the module."""
    for module in MODULES:
        steps = {action.step for action in module.actions if action.step}
        assert steps == set(module.phases), module.id


@pytest.mark.parametrize("module,phase", [("defector", "loyalty"), ("inquisitor", "examination")])
def test_the_steps_that_open_a_new_round_have_its_leader(module, phase):
    """rules.md §13.1: the Loyalty card (§5.2) and the examination (§2.3) open the new round,
    before its leader acts: the leader already holds the token, no team is proposed."""
    game = played(played(Game.new(7, 0, modules=[module])), fails=1)
    assert game.phase == phase
    assert (game.round, game.leader, game.attempt, game.team) == (3, 2, 1, None)
    assert phase in game.OPENING and phase in game.BEFORE_TEAM


def test_the_plot_draw_is_the_leaders_first_step_for_the_rounds_mission():
    """rules.md §3.2: the round's first leader draws, for the mission of the round."""
    game = Game.new(7, 0, modules=["plot"])
    assert (game.phase, game.leader, game.mission, game.team_size) == (PLOT_DRAW, 0, 1, 2)
    assert PLOT_DRAW not in game.OPENING


def test_the_watch_token_comes_between_the_approval_and_the_mission():
    """rules.md §7: the leader hands the Watch token to a team member of the approved team."""
    game = Game.new(7, 0, modules=["rogue"]).propose([0, 1]).vote(range(7))
    assert (game.phase, game.team, game.leader) == ("watch", (0, 1), 0)


def test_the_assassination_is_outside_any_round():
    """rules.md §5.1: after the third success nobody leads; the Assassin names a player."""
    game = Game.new(5, 0, modules=["commander"])
    for _ in range(3):
        game = played(game)
    assert game.phase == "assassination"
    assert (game.round, game.leader, game.mission, game.team) == (None, None, None, None)


# -- what a card shown shows -----------------------------------------------------------------------


@pytest.mark.parametrize("modules,shown", [
    ([], "character"),
    (["commander"], "loyalty"),
    (["defector"], "loyalty"),
    (["hunter"], "loyalty"),
    (["reverser"], "loyalty"),
    (["rogue"], "loyalty"),
    (["plot"], "character"),
    (["sergeant"], "character"),
    (["trapper"], "character"),
])
def test_an_examination_hides_special_characters_behind_a_loyalty_card(modules, shown):
    """rules.md §2.3: with the Assassin, Hunter, Reverser or Rogue module (and a Defector, by
    current side) the examined player hands over an Inquisitor Loyalty card, else the
    Character card."""
    game = Game.new(7, 0, modules=["inquisitor", *modules], allow_incompatible=True)
    assert examination.card_shown(game) == shown


@pytest.mark.parametrize("modules,asked", [([], False), (["defector"], True), (["rogue"], False)])
def test_an_examination_asks_for_a_side_only_where_characters_change_sides(modules, asked):
    """rules.md §2.3, §13 `inquisitor-defector-allegiance`: only a Defector changes sides."""
    game = Game.new(7, 0, modules=["inquisitor", *modules])
    assert examination.allegiance_asked(game) is asked


def test_plot_cards_never_show_character_cards_with_the_rogue():
    """rules.md §3.4, §7: with the Rogue module Plot cards show Loyalty cards only; with the
    other special characters the house rule may show the Character card."""
    shown = {"plot-reveals": "character-card"}
    refused("errors.plot_reveals_rogue", Game.new, 7, 0, modules=["plot", "rogue"],
            house_rules=shown)
    assert Game.new(7, 0, modules=["plot", "commander"], house_rules=shown).phase == PLOT_DRAW
    assert Game.new(7, 0, modules=["rogue"], house_rules=shown).phase == "proposal"


# -- the cards played face down ----------------------------------------------------------------


def test_keeping_a_close_eye_waits_for_the_sergeants_switch():
    """rules.md §3.3 window 6, §8: the Sergeant's switch comes after the cards are played face
    down and before Keeping a Close Eye on You; without the Sergeant the card is usable as
    soon as the mission is under way."""
    for modules in (["plot"], ["plot", "sergeant"]):
        game = Game.new(7, 0, modules=modules, house_rules={"plot-hand-out": "any-other-players"})
        game = game.apply(DrawPlot([EYE, SL])).apply(GivePlot(EYE, 3)).apply(GivePlot(SL, 4))
        game = game.propose([0, 1], sergeant=1 if "sergeant" in modules else None)
        game = game.vote(range(7))
        if "sergeant" in modules:
            refused("errors.plot_window.close_eye_switch", game.apply, UsePlot(EYE, 3, target=0))
            game = game.apply(SwitchCard(None))
        assert game.apply(UsePlot(EYE, 3, target=0)).plot.looked_at == (0,)


# -- the decks the shell shuffles ----------------------------------------------------------------


def test_the_plot_draw_declares_its_deck_and_the_cards_drawn_so_far():
    """rules.md §3.1, §3.2: the round's first leader draws from the Plot deck; the cards drawn
    leave it. Only the draw draws."""
    game = Game.new(7, 0, modules=["plot"])
    before = game.deck(PLOT_DRAW)
    assert before is not None
    assert (before.cards, before.drawn, before.draws) == (deck(7), (), 2)
    game = game.apply(DrawPlot([EYE, SL]))
    assert game.deck(PLOT_DRAW).drawn == (EYE, SL)
    assert game.deck(LOYALTY) is None and game.deck("proposal") is None


def test_the_loyalty_card_declares_its_deck_and_the_cards_revealed():
    """rules.md §5.2: one card at a time off a deck of 3 No Change and 2 Switch cards."""
    game = played(played(Game.new(5, 0, modules=["defector"])), fails=1)
    assert game.deck(LOYALTY) == ("loyalty", DECK, (), 1)
    game = played(game.apply(RevealLoyalty("switch")))
    assert game.deck(LOYALTY).drawn == ("switch",)
    assert game.deck(PLOT_DRAW) is None
