"""Official variants, the Assassination phase and the house-rule table.

rules.md §2.1 (Targeting), §2.2 (Blind Spies), §5.1 (Assassination phase), §10.3 (combinations
no rule covers) and §13 (house-rule settings). Numbers and ids are written out from rules.md.
"""

from __future__ import annotations

import copy

import pytest
from refusals import refused  # beside this file

from moderator.rules import Game, RuleError

from rulebook import TEAM_SIZES  # rules.md §1.2, written out

# rules.md §13: id -> values, the first one the default. `plot-deck` is the setting described
# in the paragraph right under the table (standard | forum-game-54).
HOUSE_RULES = {
    "plot-strong-leader-rotation": ("from-new-leader", "resume-order"),
    "plot-strong-leader-window": ("before-first-action", "before-team-tokens"),
    "plot-same-round-use": ("allowed", "next-round"),
    "plot-hand-out": ("different-players", "any-other-players"),
    "plot-take-responsibility": ("immediate", "held"),
    "plot-opinion-maker-taken": ("binds-taker", "binds-receiver"),
    "plot-reveals": ("loyalty-card", "character-card"),
    "inquisitor-targeting-timing": ("completed-missions", "mission-spaces"),
    "inquisitor-defector-allegiance": ("current", "printed"),
    "defector-reveal": ("standard", "know-each-other"),
    "trapper-leader-on-team": ("not-required", "required"),
    "trapper-sergeant-same-player": ("allowed", "forbidden"),
    "hunter-early-accusation": ("once-per-game", "repeatable"),
    "reverser-spy-visibility": ("normal", "hidden", "hidden-from-commander"),
    "rogue-win-team": ("no-team-winner", "team-partial"),
    "rogue-partial-win": ("whenever-team-wins", "fifth-mission-only"),
    "plot-spotlight-target": ("any-team-member", "other-team-member"),
    "rogue-earlier-mission": ("any-mission", "same-result"),
    "plot-deck": ("standard", "forum-game-54"),
}
DEFAULTS = {setting: values[0] for setting, values in HOUSE_RULES.items()}


# -- helpers ------------------------------------------------------------------------------------


def team(game: Game, mission: int) -> list[int]:
    """A legal team for `mission`: the leader and the seats after them."""
    return [(game.leader + k) % game.players for k in range(TEAM_SIZES[game.players][mission - 1])]


def everyone(game: Game) -> range:
    return range(game.players)


def target(game: Game, mission: int, fails: int) -> Game:
    """Targeting: choose `mission`, approve the team, reveal `fails` Fail cards."""
    game = game.propose(team(game, mission), mission=mission)
    return game.vote(everyone(game)).play_mission(fails)


def play(game: Game, fails: int) -> Game:
    """Without Targeting: play the mission that is due."""
    game = game.propose(team(game, game.mission))
    return game.vote(everyone(game)).play_mission(fails)


def play_results(game: Game, results: str) -> Game:
    for result in results:
        needed = 2 if game.mission == 4 and game.players >= 7 else 1
        game = play(game, 0 if result == "S" else needed)
    return game


# -- §2.1 Targeting -------------------------------------------------------------------------------


def test_targeting_requires_a_mission() -> None:
    """rules.md §2.1: under Targeting the Leader chooses the mission before the team."""
    game = Game.new(5, variants=["targeting"])
    assert game.mission is None
    refused("errors.mission_required", lambda g: g.propose([0, 1]), game)


@pytest.mark.parametrize("players", sorted(TEAM_SIZES))
@pytest.mark.parametrize("mission", [1, 2, 3, 4])
def test_targeting_chosen_missions_size_applies(players: int, mission: int) -> None:
    """rules.md §2.1: team size = the chosen space's size (here chosen as the first mission)."""
    game = Game.new(players, variants=["targeting"])
    size = TEAM_SIZES[players][mission - 1]
    wrong = [(k) % players for k in range(size + 1)]
    error = refused("errors.team_size", lambda g: g.propose(wrong, mission=mission), game)
    assert error.params == {"size": size, "mission": mission, "given": size + 1}
    proposed = game.propose(team(game, mission), mission=mission)
    assert proposed.mission == mission
    assert proposed.team_size == size
    assert len(proposed.team) == size


def test_targeting_six_players_mission_three_first() -> None:
    """rules.md §2.1 + §1.2: at 6p, mission 3 chosen first needs four players."""
    game = Game.new(6, variants=["targeting"])
    refused("errors.team_size", lambda g: g.propose([0, 1], mission=3), game)
    game = game.propose([0, 1, 2, 3], mission=3)
    assert game.mission == 3
    game = game.vote(everyone(game)).play_mission(0)
    assert game.successes == 1
    assert 3 not in game.open_missions


def test_targeting_each_mission_once() -> None:
    """rules.md §2.1: each mission space can be attempted only once."""
    game = target(Game.new(5, variants=["targeting"]), 2, 0)
    assert game.open_missions == (1, 3, 4)
    refused("errors.mission_played", lambda g: g.propose(team(g, 2), mission=2), game)
    game = target(game, 4, 1)
    assert game.open_missions == (1, 3)
    refused("errors.mission_played", lambda g: g.propose(team(g, 4), mission=4), game)
    refused("errors.mission_played", lambda g: g.propose(team(g, 2), mission=2), game)


def test_targeting_no_mission_is_mandatory() -> None:
    """rules.md §2.1: missions may be attempted in any order (here 4, 3, 1)."""
    game = Game.new(7, variants=["targeting"])
    for mission in (4, 3, 1):
        game = target(game, mission, 0)
    assert (game.winner, game.reason) == ("resistance", "three_successes")


@pytest.mark.parametrize(
    ("before", "unlocked"),
    [
        ((), False),
        (((1, 0),), False),
        (((1, 1), (2, 1)), False),  # two failures, no success
        (((1, 0), (2, 1)), False),  # one success, one failure
        (((1, 1), (2, 0), (3, 1)), False),
        (((1, 0), (3, 0)), True),
        (((1, 1), (2, 0), (3, 0)), True),
    ],
)
def test_targeting_mission_five_locked_until_two_successes(before, unlocked: bool) -> None:
    """rules.md §2.1: mission 5 may not be chosen until two missions have succeeded."""
    game = Game.new(5, variants=["targeting"])
    for mission, fails in before:
        game = target(game, mission, fails)
    assert game.winner is None
    assert (5 in game.open_missions) is unlocked
    if unlocked:
        assert game.propose(team(game, 5), mission=5).mission == 5
    else:
        refused("errors.mission_five_locked", lambda g: g.propose(team(g, 5), mission=5), game)


@pytest.mark.parametrize("players", [7, 8, 9, 10])
@pytest.mark.parametrize(("fails", "succeeds"), [(1, True), (2, False)])
def test_targeting_two_fail_rule_on_space_four_played_first(
    players: int, fails: int, succeeds: bool
) -> None:
    """rules.md §1.5 / §2.1: the two-fail exception belongs to tableau space 4 (played first)."""
    game = Game.new(players, variants=["targeting"])
    game = game.propose(team(game, 4), mission=4)
    assert game.fails_needed == 2
    game = game.vote(everyone(game)).play_mission(fails)
    assert game.successes == (1 if succeeds else 0)


@pytest.mark.parametrize("players", [7, 8, 9, 10])
@pytest.mark.parametrize(("fails", "winner"), [(1, "resistance"), (2, "spies")])
def test_targeting_two_fail_rule_on_space_four_played_last(
    players: int, fails: int, winner: str
) -> None:
    """rules.md §1.5 / §2.1: space 4 played as the fifth mission still needs two Fails."""
    game = Game.new(players, variants=["targeting"])
    game = target(game, 1, 0)
    game = target(game, 2, 1)
    game = target(game, 3, 0)
    game = target(game, 5, 1)  # one Fail fails space 5 even as the fourth mission played
    assert (game.successes, game.failures) == (2, 2)
    assert game.open_missions == (4,)
    game = target(game, 4, fails)
    assert game.winner == winner


@pytest.mark.parametrize("players", [7, 10])
def test_targeting_fourth_mission_played_is_not_special(players: int) -> None:
    """rules.md §1.5: not "the fourth mission attempted": space 3 played fourth fails on one
    Fail card."""
    game = Game.new(players, variants=["targeting"])
    game = target(game, 4, 0)
    game = target(game, 1, 1)
    game = target(game, 2, 0)
    game = game.propose(team(game, 3), mission=3)
    assert game.fails_needed == 1
    game = game.vote(everyone(game)).play_mission(1)
    assert (game.successes, game.failures) == (2, 2)


def test_targeting_six_players_space_four_has_no_exception() -> None:
    """rules.md §1.5: no two-fail exception at 5-6 players, under Targeting too."""
    game = Game.new(6, variants=["targeting"])
    game = target(game, 4, 1)
    assert game.failures == 1


def test_targeting_leader_and_vote_track_as_usual() -> None:
    """rules.md §2.1 + §1.4: rotation and the five-rejection rule apply under Targeting."""
    game = Game.new(5, first_leader=4, variants=["targeting"])
    for attempt in range(1, 5):
        assert game.leader == (4 + attempt - 1) % 5
        assert game.attempt == attempt
        game = game.propose(team(game, 3), mission=3).vote(())
    game = game.propose(team(game, 1), mission=1).vote(())
    assert (game.winner, game.reason) == ("spies", "five_rejections")


@pytest.mark.parametrize("mission", [0, 6, -1])
def test_targeting_mission_outside_tableau_refused(mission: int) -> None:
    """rules.md §2.1: the Leader chooses one of the five mission spaces."""
    game = Game.new(5, variants=["targeting"])
    before = copy.deepcopy(game)
    with pytest.raises(RuleError):
        game.propose([0, 1], mission=mission)
    assert game == before


@pytest.mark.parametrize("mission", [2, 3, 5])
def test_without_targeting_other_mission_refused(mission: int) -> None:
    """rules.md §1.4 / §2.1: without Targeting the missions are played in order."""
    game = Game.new(5)
    refused("errors.mission_not_targeting", lambda g: g.propose([0, 1], mission=mission), game)
    assert game.propose([0, 1], mission=1).mission == 1


def test_without_targeting_later_round() -> None:
    """rules.md §1.4: without Targeting, mission 2 follows mission 1; 1 cannot be named again."""
    game = play_results(Game.new(5), "S")
    refused("errors.mission_not_targeting", lambda g: g.propose([0, 1], mission=1), game)
    assert game.propose([0, 1, 2]).mission == 2


# -- §2.2 Blind Spies -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", sorted(TEAM_SIZES))
def test_blind_spies_accepted(players: int) -> None:
    """rules.md §2.2: Blind Spies is an official variant."""
    game = Game.new(players, variants=["blind-spies"])
    assert "blind-spies" in game.variants
    assert game.phase == "proposal"


@pytest.mark.parametrize(
    "script",
    [
        "SSS", "FFF", "SFSFS", "rrrrr", "rrrrSrrrrFSS", "FrSrrFrrrrSF",
    ],
)
@pytest.mark.parametrize("players", [5, 7, 10])
def test_blind_spies_game_play_unchanged(script: str, players: int) -> None:
    """rules.md §2.2: only the reveal step changes; play is that of the base game."""
    base = Game.new(players, first_leader=2)
    blind = Game.new(players, first_leader=2, variants=["blind-spies"])
    for step in script:
        if step == "r":
            base = base.propose(team(base, base.mission)).vote(())
            blind = blind.propose(team(blind, blind.mission)).vote(())
        else:
            base = play_results(base, step)
            blind = play_results(blind, step)
        observe = ("phase", "leader", "mission", "attempt", "successes", "failures",
                   "winner", "reason", "team_size", "fails_needed", "rejections")
        assert {k: getattr(blind, k) for k in observe} == {k: getattr(base, k) for k in observe}
    assert base.winner is not None and blind.winner == base.winner


def test_blind_spies_with_targeting() -> None:
    """rules.md §2.2 + §2.1: the two official base variants combine."""
    game = Game.new(5, variants=["blind-spies", "targeting"])
    game = target(game, 3, 0)
    assert game.successes == 1


# -- §10.3 Blind Spies + Commander ----------------------------------------------------------------


def test_blind_spies_with_commander_refused() -> None:
    """rules.md §10.3: Blind Spies with the Commander reveal steps is not covered: refused."""
    with pytest.raises(RuleError) as caught:
        Game.new(7, modules=["commander"], variants=["blind-spies"])
    assert caught.value.code == "errors.uncovered"


def test_blind_spies_with_commander_allowed_when_asked() -> None:
    """rules.md §10.3: ... unless the host allows incompatible combinations."""
    game = Game.new(7, modules=["commander"], variants=["blind-spies"], allow_incompatible=True)
    assert "commander" in game.modules and "blind-spies" in game.variants
    game = play_results(game, "SSS")
    assert game.phase == "assassination"


def test_commander_alone_and_with_targeting_accepted() -> None:
    """rules.md §10.2-10.3: Commander is refused only in the combinations §10.3 names."""
    assert Game.new(5, modules=["commander"]).phase == "proposal"
    assert Game.new(5, modules=["commander"], variants=["targeting"]).phase == "proposal"


# -- §5.1 Assassination phase ------------------------------------------------------------------


@pytest.mark.parametrize("results", ["SSS", "SFSFS", "FFSSS", "SSFS"])
@pytest.mark.parametrize("players", [5, 6, 7, 10])
def test_assassination_after_third_success(results: str, players: int) -> None:
    """rules.md §5.1: with the Commander module the 3rd success opens the Assassination."""
    game = Game.new(players, modules=["commander"])
    for played, result in enumerate(results, start=1):
        game = play_results(game, result)
        if played < len(results):
            assert game.phase == "proposal"
    assert game.phase == "assassination"
    assert game.winner is None and game.reason is None
    assert game.leader is None and game.mission is None and game.attempt is None
    assert game.successes == 3


def test_assassination_blocks_other_actions() -> None:
    """rules.md §5.1: after the 3rd success only the Assassin's choice remains."""
    game = play_results(Game.new(5, modules=["commander"]), "SSS")
    refused("errors.turn.assassination", lambda g: g.propose([0, 1]), game)
    refused("errors.turn.assassination", lambda g: g.vote(range(5)), game)
    refused("errors.turn.assassination", lambda g: g.play_mission(0), game)


@pytest.mark.parametrize("commander", range(6))
def test_assassin_names_commander(commander: int) -> None:
    """rules.md §5.1: the named player is the Commander -> spies win."""
    game = play_results(Game.new(6, modules=["commander"]), "SFSS")
    game = game.assassinate(commander, commander)
    assert (game.winner, game.reason) == ("spies", "assassinated_commander")
    assert game.phase == "game_over"


@pytest.mark.parametrize(("named", "commander"), [(0, 1), (4, 2), (5, 0), (2, 3)])
def test_assassin_misses(named: int, commander: int) -> None:
    """rules.md §5.1: anyone else named -> resistance wins."""
    game = play_results(Game.new(6, modules=["commander"]), "SSS")
    game = game.assassinate(named, commander)
    assert (game.winner, game.reason) == ("resistance", "assassin_missed")
    assert game.phase == "game_over"


def test_assassination_only_once() -> None:
    """rules.md §5.1 / §1.6: the Assassin names exactly one player; then the game is over."""
    game = play_results(Game.new(5, modules=["commander"]), "SSS").assassinate(1, 2)
    refused("errors.game_over", lambda g: g.assassinate(2, 2), game)
    refused("errors.game_over", lambda g: g.propose([0, 1]), game)


@pytest.mark.parametrize("results", ["FFF", "SFSFF", "SSFFF"])
def test_no_assassination_after_three_failures(results: str) -> None:
    """rules.md §5.1: never after a spy win (3 failed missions)."""
    game = play_results(Game.new(7, modules=["commander"]), results)
    assert (game.winner, game.reason) == ("spies", "three_failures")
    assert game.phase == "game_over"
    refused("errors.game_over", lambda g: g.assassinate(0, 0), game)


def test_no_assassination_after_five_rejections() -> None:
    """rules.md §5.1: never after a spy win (5 rejections), even with two successes."""
    game = play_results(Game.new(5, modules=["commander"]), "SS")
    for _ in range(5):
        game = game.propose(team(game, game.mission)).vote(())
    assert (game.winner, game.reason) == ("spies", "five_rejections")
    refused("errors.game_over", lambda g: g.assassinate(0, 0), game)


def test_no_assassination_before_third_success() -> None:
    """rules.md §5.1: happens only when the Resistance has completed its 3rd success."""
    game = Game.new(5, modules=["commander"])
    refused("errors.turn.proposal", lambda g: g.assassinate(0, 0), game)
    game = play_results(game, "SS")
    assert game.phase == "proposal"
    refused("errors.turn.proposal", lambda g: g.assassinate(0, 0), game)
    voting = game.propose([0, 1])  # mission 3 at 5p: two players
    refused("errors.turn.vote", lambda g: g.assassinate(0, 0), voting)


def test_assassinate_without_commander_module_refused() -> None:
    """rules.md §5.1: the Assassination belongs to the Commander module only."""
    game = Game.new(5)
    refused("errors.no_commander_module", lambda g: g.assassinate(0, 1), game)
    won = play_results(game, "SSS")
    assert (won.winner, won.reason) == ("resistance", "three_successes")
    refused("errors.no_commander_module", lambda g: g.assassinate(0, 0), won)


def test_assassination_with_targeting() -> None:
    """rules.md §5.1 + §2.1: the Assassination follows the 3rd success under Targeting too."""
    game = Game.new(7, modules=["commander"], variants=["targeting"])
    game = target(game, 4, 1)  # space 4 at 7p: one Fail still succeeds
    game = target(game, 2, 0)
    assert game.phase == "proposal"
    game = target(game, 5, 0)
    assert game.phase == "assassination"
    assert game.assassinate(3, 3).reason == "assassinated_commander"


@pytest.mark.parametrize("seat", [-1, 5])
def test_assassination_seats_at_the_table(seat: int) -> None:
    """rules.md §5.1: the Assassin names one of the players."""
    game = play_results(Game.new(5, modules=["commander"]), "SSS")
    for action in (lambda g: g.assassinate(seat, 0), lambda g: g.assassinate(0, seat)):
        before = copy.deepcopy(game)
        with pytest.raises(RuleError):
            action(game)
        assert game == before


# -- §13 House-rule settings ---------------------------------------------------------------------


def test_house_rules_defaults() -> None:
    """rules.md §13: a game records every setting, each at its first value by default."""
    assert Game.new(5).settings == DEFAULTS
    assert Game.new(5, house_rules={}).settings == DEFAULTS
    assert Game.new(5, house_rules=None).settings == DEFAULTS


@pytest.mark.parametrize(
    ("setting", "value"),
    [(s, v) for s, values in HOUSE_RULES.items() for v in values],
)
def test_house_rule_every_value_accepted(setting: str, value: str) -> None:
    """rules.md §13: every id and value of the table is accepted; the rest stay default."""
    game = Game.new(6, house_rules={setting: value})
    assert game.settings == {**DEFAULTS, setting: value}


def test_house_rules_several_at_once() -> None:
    """rules.md §13: several settings together."""
    chosen = {setting: values[-1] for setting, values in HOUSE_RULES.items()}
    assert Game.new(8, house_rules=chosen).settings == chosen


def test_house_rules_do_not_change_base_play() -> None:
    """rules.md §13: a setting of a module that is not in the game has no effect."""
    chosen = {setting: values[-1] for setting, values in HOUSE_RULES.items()}
    game = play_results(Game.new(5, house_rules=chosen), "SFS")
    plain = play_results(Game.new(5), "SFS")
    state = {name: value for name, value in vars(game).items() if name != "config"}
    assert state == {name: value for name, value in vars(plain).items() if name != "config"}
    asked = [(i.name, i.kind, i.choices) for i in game.inputs()]
    assert asked == [(i.name, i.kind, i.choices) for i in plain.inputs()]
    assert game.next_leaders == plain.next_leaders


@pytest.mark.parametrize(
    "setting", ["plot-deck-size", "assassin-timing", "", "PLOT-DECK", "plot_deck"]
)
def test_house_rule_unknown_id_refused(setting: str) -> None:
    """rules.md §13: only the listed ids exist."""
    with pytest.raises(RuleError) as caught:
        Game.new(5, house_rules={setting: "standard"})
    assert caught.value.code == "errors.house_rule_unknown"


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("plot-deck", "later-printing"),  # reserved, not yet a value (§13)
        ("plot-deck", "Standard"),
        ("plot-strong-leader-rotation", "resume"),
        ("trapper-leader-on-team", "yes"),  # values are words, never yes/no/on/off
        ("trapper-leader-on-team", "off"),
        ("reverser-spy-visibility", "hidden-from-spies"),
        ("rogue-win-team", ""),
        ("defector-reveal", "allowed"),  # a value of another setting
    ],
)
def test_house_rule_unknown_value_refused(setting: str, value: str) -> None:
    """rules.md §13: only the listed values of each id exist."""
    with pytest.raises(RuleError) as caught:
        Game.new(5, house_rules={setting: value})
    assert caught.value.code == "errors.house_rule_value"
