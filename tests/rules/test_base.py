"""The base game, rule by rule (rules.md §1, and the checklist of §12).

Every number below is written out from rules.md, never read from the engine's own tables, so a
wrong cell in `moderator/rules/tables.py` makes a test here fail.
"""

from __future__ import annotations

import copy

import pytest
from refusals import refused  # beside this file

from moderator.rules import Game, RuleError, character_cards

from rulebook import SIDES, TEAM_SIZES  # rules.md §1.1 and §1.2, written out

PLAYER_COUNTS = tuple(SIDES)


# -- helpers -----------------------------------------------------------------------------------


def size(players: int, mission: int) -> int:
    return TEAM_SIZES[players][mission - 1]


def team_for(game: Game, mission: int | None = None) -> list[int]:
    """A legal team for the mission now due: the leader and the seats after them."""
    mission = mission or game.mission
    return [(game.leader + k) % game.players for k in range(size(game.players, mission))]


def everyone(game: Game) -> set[int]:
    return set(range(game.players))


def play_round(game: Game, fails: int) -> Game:
    """Propose a legal team, approve it unanimously, reveal `fails` Fail cards."""
    game = game.propose(team_for(game))
    game = game.vote(everyone(game))
    return game.play_mission(fails)


def play_results(game: Game, results: str) -> Game:
    """Play one mission per letter: S = no Fail card, F = as many Fails as the mission needs."""
    for result in results:
        if result == "S":
            game = play_round(game, 0)
        else:
            needed = 2 if game.mission == 4 and game.players >= 7 else 1
            game = play_round(game, needed)
    return game


def play_results_after_vote(game: Game, result: str) -> Game:
    """Play the approved team's mission with result S or F."""
    needed = 2 if game.mission == 4 and game.players >= 7 else 1
    return game.play_mission(0 if result == "S" else needed)


def reject(game: Game, times: int = 1) -> Game:
    for _ in range(times):
        game = game.propose(team_for(game)).vote(())
    return game


# -- §1.1 sides and player count -----------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_sides_table(players: int) -> None:
    """rules.md §1.1: resistance and spy counts for 5-10 players."""
    resistance, spies = SIDES[players]
    assert resistance + spies == players
    game = Game.new(players)
    assert game.spies == spies
    assert character_cards(players) == {"resistance": resistance, "spy": spies}


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_spy_count_bounds_fail_cards(players: int) -> None:
    """rules.md §1.1 + §1.5: at most as many Fail cards as there are spies (biggest mission)."""
    spies = SIDES[players][1]
    game = play_results(Game.new(players), "SF")  # mission 3 next, 1-1
    game = game.propose(team_for(game)).vote(everyone(game))
    team = len(game.team)
    if spies < team:
        refused("errors.fails_spies", lambda g: g.play_mission(spies + 1), game)
    assert game.play_mission(min(spies, team)).failures == 2


@pytest.mark.parametrize("players", [0, 1, 3, 4, 11, 12])
def test_player_count_outside_5_to_10_refused(players: int) -> None:
    """rules.md §1.1: only 5-10 players are supported; 4 and 11 are refused."""
    with pytest.raises(RuleError) as caught:
        Game.new(players)
    assert caught.value.code == "errors.player_count"


# -- §1.2 team sizes ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "mission"), [(p, m) for p in PLAYER_COUNTS for m in range(1, 6)]
)
def test_team_size_cell(players: int, mission: int) -> None:
    """rules.md §1.2: every cell of the team-size chart (30 cells)."""
    expected = size(players, mission)
    game = play_results(Game.new(players), "SFSF"[: mission - 1])
    assert game.phase == "proposal"
    assert game.mission == mission
    assert game.team_size == expected
    for wrong in (expected - 1, expected + 1):
        team = [(game.leader + k) % players for k in range(wrong)]
        error = refused("errors.team_size", lambda g: g.propose(team), game)
        assert error.params == {"size": expected, "mission": mission, "given": wrong}
    proposed = game.propose(team_for(game))
    assert proposed.phase == "vote"
    assert len(proposed.team) == expected


def test_six_player_column_is_2_3_4_3_4() -> None:
    """rules.md §1.2 / §12.5: 6p mission 3 is larger than mission 4 (2-3-4-3-4)."""
    game = Game.new(6)
    sizes = []
    for result in "SFSF":
        sizes.append(game.team_size)
        game = play_results(game, result)
    sizes.append(game.team_size)
    assert sizes == [2, 3, 4, 3, 4]


# -- §1.4 team building ----------------------------------------------------------------------------


def test_leader_may_be_on_team() -> None:
    """rules.md §1.4.1: the Leader may pick themselves."""
    game = Game.new(5, first_leader=2)
    game = game.propose([2, 4])
    assert game.phase == "vote"
    assert 2 in game.team


def test_leader_may_stay_off_team() -> None:
    """rules.md §1.4.1: picking themselves is allowed, not required."""
    game = Game.new(5, first_leader=2).propose([0, 1])
    assert game.team == (0, 1)


def test_player_twice_refused() -> None:
    """rules.md §1.4.1: one Team token per player."""
    game = Game.new(5)
    refused("errors.player_twice", lambda g: g.propose([1, 1]), game)
    # also when the count would be right only by counting someone twice
    game = play_results(game, "S")  # mission 2: three players
    refused("errors.player_twice", lambda g: g.propose([0, 3, 0]), game)


def test_wrong_team_size_refused_with_params() -> None:
    """rules.md §1.4.1: exactly the required number of Team tokens."""
    game = Game.new(8)
    error = refused("errors.team_size", lambda g: g.propose([0, 1]), game)
    assert error.params == {"size": 3, "mission": 1, "given": 2}
    error = refused("errors.team_size", lambda g: g.propose([0, 1, 2, 3]), game)
    assert error.params == {"size": 3, "mission": 1, "given": 4}
    error = refused("errors.team_size", lambda g: g.propose([]), game)
    assert error.params == {"size": 3, "mission": 1, "given": 0}


@pytest.mark.parametrize("seat", [-1, 5, 99])
def test_seat_outside_table_refused(seat: int) -> None:
    """rules.md §1.4.1: Team tokens go to players at the table (seats 0-4 at 5p)."""
    game = Game.new(5)
    before = copy.deepcopy(game)
    with pytest.raises(RuleError):
        game.propose([0, seat])
    assert game == before


@pytest.mark.parametrize(
    ("players", "approvals", "approved"),
    [
        (5, 2, False), (5, 3, True),
        (6, 3, False), (6, 4, True),
        (7, 3, False), (7, 4, True),
        (8, 4, False), (8, 5, True),
        (9, 4, False), (9, 5, True),
        (10, 5, False), (10, 6, True),
        (5, 0, False), (5, 5, True), (10, 10, True),
    ],
)
def test_strict_majority_tie_rejects(players: int, approvals: int, approved: bool) -> None:
    """rules.md §1.4.3 / §12.1: approved only by strictly more than half of all players."""
    game = Game.new(players, first_leader=1)
    game = game.propose(team_for(game))
    # the approving seats are the last ones, so the leader (seat 1) votes against when possible
    voters = list(range(players - approvals, players))
    after = game.vote(voters)
    if approved:
        assert after.phase == "mission"
        assert after.team == game.team
        assert after.rejections == 0
    else:
        assert after.phase == "proposal"
        assert after.rejections == 1
        assert after.attempt == 2


def test_leaders_vote_counts() -> None:
    """rules.md §1.4.2: every player, the Leader included, votes."""
    game = Game.new(5, first_leader=0).propose([0, 1])
    assert game.vote([0, 1, 2]).phase == "mission"
    assert game.vote([1, 2]).phase == "proposal"


# -- §1.4 / §1.7 leader rotation -------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("first", [0, 3, "last"])
def test_leader_passes_clockwise_after_every_rejection(players: int, first) -> None:
    """rules.md §1.4.4 / §1.7: a rejection passes the Leader one seat clockwise (wrapping)."""
    first = players - 1 if first == "last" else first
    game = Game.new(players, first_leader=first)
    for attempt in range(1, 5):
        assert game.leader == (first + attempt - 1) % players
        assert game.attempt == attempt
        assert game.mission == 1
        game = reject(game)
    assert game.leader == (first + 4) % players
    assert game.attempt == 5


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("first", [0, 4, "last"])
def test_leader_passes_clockwise_after_every_mission(players: int, first) -> None:
    """rules.md §1.5 / §1.7: after each mission the Leader passes one seat clockwise."""
    first = players - 1 if first == "last" else first
    game = Game.new(players, first_leader=first)
    for done, result in enumerate("SFSF"):
        assert game.leader == (first + done) % players
        game = game.propose(team_for(game))
        assert game.leader == (first + done) % players  # no step for a proposal alone
        game = game.vote(everyone(game))
        assert game.leader == (first + done) % players  # nor for an approval
        game = play_results_after_vote(game, result)
    assert game.leader == (first + 4) % players
    assert game.mission == 5


def test_leader_rotation_mixes_rejections_and_missions() -> None:
    """rules.md §1.7: one step per rejected proposal and one per mission, wrapping at 5p."""
    game = Game.new(5, first_leader=3)
    game = reject(game, 2)  # 3 -> 4 -> 0
    assert game.leader == 0
    game = play_round(game, 0)  # 0 leads the approved team, then 1
    assert game.leader == 1
    game = reject(game, 3)  # 1 -> 2 -> 3 -> 4
    assert game.leader == 4
    game = play_round(game, 1)  # then 0
    assert game.leader == 0
    assert game.next_leaders == (1, 2, 3, 4)


def test_vote_track_resets_after_approved_team() -> None:
    """rules.md §1.4.6 / §12.3: the vote track resets when a team is approved."""
    game = reject(Game.new(6), 3)
    assert game.rejections == 3
    assert game.attempt == 4
    game = game.propose(team_for(game)).vote(everyone(game))
    assert game.phase == "mission"
    game = game.play_mission(0)
    assert game.rejections == 0
    assert game.attempt == 1
    assert game.mission == 2


def test_five_rejections_spies_win_immediately() -> None:
    """rules.md §1.4.5 / §1.6 / §12.3: the fifth rejection in a round is an immediate spy win."""
    game = reject(Game.new(7, first_leader=5), 4)
    assert game.winner is None
    assert game.attempt == 5
    game = game.propose(team_for(game)).vote({0, 1, 2})  # 3 of 7: rejected
    assert game.winner == "spies"
    assert game.reason == "five_rejections"
    assert game.phase == "game_over"
    assert game.failures == 0  # a game end, not a failed mission
    assert game.leader is None and game.mission is None and game.attempt is None


def test_five_rejections_in_a_later_round() -> None:
    """rules.md §1.4.5: the five rejections are counted per round, in any round."""
    game = play_results(Game.new(5), "SF")
    game = reject(game, 5)
    assert (game.winner, game.reason) == ("spies", "five_rejections")
    assert (game.successes, game.failures) == (1, 1)


def test_four_rejections_then_approval_does_not_end_game() -> None:
    """rules.md §1.4.5: only a fifth rejection ends the game; a fifth proposal may pass."""
    game = reject(Game.new(5), 4)
    game = game.propose(team_for(game)).vote(everyone(game))
    assert game.winner is None
    assert game.phase == "mission"
    game = game.play_mission(0)
    assert game.winner is None
    assert game.successes == 1
    assert game.attempt == 1


def test_rejections_do_not_carry_over_rounds() -> None:
    """rules.md §1.4.5-6: four rejections in each of two rounds do not make five."""
    game = reject(Game.new(6), 4)
    game = play_round(game, 0)
    game = reject(game, 4)
    assert game.winner is None
    assert game.attempt == 5
    assert game.rejections == 4


# -- §1.5 missions and the two-fail rule -----------------------------------------------------------


def fails_needed(players: int, mission: int) -> int:
    """rules.md §1.5: two Fail cards only on mission 4 at 7+ players."""
    return 2 if mission == 4 and players >= 7 else 1


@pytest.mark.parametrize(
    ("players", "mission"), [(p, m) for p in PLAYER_COUNTS for m in range(1, 6)]
)
def test_one_fail_card(players: int, mission: int) -> None:
    """rules.md §1.5 / §12.2: one Fail fails every mission except mission 4 at 7+ players."""
    game = play_results(Game.new(players), "SFSF"[: mission - 1])
    assert game.fails_needed == fails_needed(players, mission)
    game = game.propose(team_for(game)).vote(everyone(game))
    before = game.successes
    game = game.play_mission(1)
    succeeded = game.successes == before + 1
    assert succeeded == (players >= 7 and mission == 4)


@pytest.mark.parametrize("players", [7, 8, 9, 10])
def test_two_fails_fail_fourth_mission_at_7_plus(players: int) -> None:
    """rules.md §1.5: at 7+ players two Fail cards fail mission 4."""
    game = play_results(Game.new(players), "SFS")
    assert game.mission == 4
    game = play_round(game, 2)
    assert game.failures == 2 and game.successes == 2


@pytest.mark.parametrize(
    ("players", "mission", "fails", "succeeds"),
    [
        (7, 4, 1, True),
        (7, 4, 2, False),
        (6, 4, 1, False),
        (5, 4, 1, False),
        (7, 3, 1, False),
        (7, 5, 1, False),
        (10, 4, 1, True),
        (10, 4, 0, True),
        (10, 5, 1, False),
    ],
)
def test_two_fail_rule_examples(players: int, mission: int, fails: int, succeeds: bool) -> None:
    """rules.md §1.5 / §12.2: the named examples of the two-fail exception."""
    game = play_results(Game.new(players), "SFSF"[: mission - 1])
    assert game.mission == mission
    before = game.successes
    game = play_round(game, fails)
    assert (game.successes == before + 1) is succeeds


def test_fails_more_than_team_size_refused() -> None:
    """rules.md §1.5: each team member plays one card, so no more Fails than members."""
    game = Game.new(10).propose([0, 1, 2])  # mission 1: 3 members, 4 spies in the game
    game = game.vote(everyone(game))
    refused("errors.fails_range", lambda g: g.play_mission(4), game)
    refused("errors.fails_range", lambda g: g.play_mission(-1), game)
    assert game.play_mission(3).failures == 1


def test_fails_more_than_spies_refused() -> None:
    """rules.md §1.1 + §1.5: Resistance members must play Success, so Fails <= spies."""
    game = play_results(Game.new(5), "S")  # mission 2: 3 members, 2 spies
    game = game.propose([0, 1, 2]).vote(everyone(game))
    error = refused("errors.fails_spies", lambda g: g.play_mission(3), game)
    assert error.params.get("spies") == 2
    assert game.play_mission(2).failures == 1


# -- §1.6 end of game ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize(
    ("results", "winner", "reason"),
    [
        ("SSS", "resistance", "three_successes"),
        ("FFF", "spies", "three_failures"),
        ("SFSFS", "resistance", "three_successes"),
        ("FSFSF", "spies", "three_failures"),
        ("SSFFS", "resistance", "three_successes"),
        ("FFSSF", "spies", "three_failures"),
        ("SFFSF", "spies", "three_failures"),
    ],
)
def test_game_ends_at_three(players: int, results: str, winner: str, reason: str) -> None:
    """rules.md §1.6: 3 successes -> resistance, 3 failures -> spies, the moment it happens."""
    game = Game.new(players)
    for played, result in enumerate(results, start=1):
        game = play_results(game, result)
        if played < len(results):
            assert game.winner is None and game.reason is None
            assert game.phase == "proposal"
    assert game.winner == winner
    assert game.reason == reason
    assert game.phase == "game_over"
    assert game.leader is None and game.mission is None and game.attempt is None
    assert (game.successes, game.failures) == (results.count("S"), results.count("F"))


def ended_games() -> list[tuple[str, Game]]:
    return [
        ("three_successes", play_results(Game.new(5), "SSS")),
        ("three_failures", play_results(Game.new(8), "FSFF")),
        ("five_rejections", reject(Game.new(6), 5)),
    ]


@pytest.mark.parametrize(("reason", "game"), ended_games(), ids=[r for r, _ in ended_games()])
def test_nothing_after_game_over(reason: str, game: Game) -> None:
    """rules.md §1.6: the game ends the moment a win condition holds; no further action."""
    assert game.reason == reason
    refused("errors.game_over", lambda g: g.propose([0, 1]), game)
    refused("errors.game_over", lambda g: g.propose([0, 1, 2]), game)
    refused("errors.game_over", lambda g: g.vote(everyone(g)), game)
    refused("errors.game_over", lambda g: g.vote(()), game)
    refused("errors.game_over", lambda g: g.play_mission(0), game)


# -- turn order -----------------------------------------------------------------------------------


def test_actions_out_of_turn_during_proposal() -> None:
    """rules.md §1.4-1.5: the order is proposal -> vote -> mission; nothing can skip ahead."""
    game = Game.new(5)
    assert game.phase == "proposal"
    refused("errors.turn.proposal", lambda g: g.vote(everyone(g)), game)
    refused("errors.turn.proposal", lambda g: g.play_mission(0), game)


def test_actions_out_of_turn_during_vote() -> None:
    """rules.md §1.4: a proposed team must be voted on before anything else happens."""
    game = Game.new(5).propose([0, 1])
    assert game.phase == "vote"
    refused("errors.turn.vote", lambda g: g.propose([2, 3]), game)
    refused("errors.turn.vote", lambda g: g.play_mission(0), game)


def test_actions_out_of_turn_during_mission() -> None:
    """rules.md §1.5: an approved team goes on its mission before the next proposal or vote."""
    game = Game.new(5).propose([0, 1]).vote(everyone(Game.new(5)))
    assert game.phase == "mission"
    refused("errors.turn.mission", lambda g: g.propose([2, 3]), game)
    refused("errors.turn.mission", lambda g: g.vote(everyone(g)), game)


def test_turn_order_resumes_after_a_refusal() -> None:
    """rules.md §1.4: a refused action changes nothing, so the right action still works."""
    game = Game.new(5).propose([0, 1])
    with pytest.raises(RuleError):
        game.propose([2, 3])
    assert game.vote({0, 1, 2}).phase == "mission"


# -- refusals change nothing ----------------------------------------------------------------------


def refusal_cases() -> list[tuple[str, Game, object, str]]:
    start = Game.new(5, first_leader=1)
    voting = start.propose([1, 2])
    on_mission = voting.vote({0, 1, 2})
    mission2 = on_mission.play_mission(0)
    late = reject(play_results(Game.new(7), "SFS"), 2)
    return [
        ("team size", start, lambda g: g.propose([1, 2, 3]), "errors.team_size"),
        ("player twice", start, lambda g: g.propose([2, 2]), "errors.player_twice"),
        ("vote in proposal", start, lambda g: g.vote({0, 1, 2}), "errors.turn.proposal"),
        ("mission in proposal", start, lambda g: g.play_mission(0), "errors.turn.proposal"),
        ("propose in vote", voting, lambda g: g.propose([3, 4]), "errors.turn.vote"),
        ("mission in vote", voting, lambda g: g.play_mission(1), "errors.turn.vote"),
        ("vote twice the same seat", voting, lambda g: g.vote([0, 0, 1]), "errors.player_twice"),
        ("propose in mission", on_mission, lambda g: g.propose([3, 4]), "errors.turn.mission"),
        ("vote in mission", on_mission, lambda g: g.vote({0}), "errors.turn.mission"),
        ("fails > team", on_mission, lambda g: g.play_mission(3), "errors.fails_range"),
        ("fails < 0", on_mission, lambda g: g.play_mission(-1), "errors.fails_range"),
        ("fails > spies", mission2.propose([0, 1, 2]).vote({0, 1, 2}),
         lambda g: g.play_mission(3), "errors.fails_spies"),
        ("team size m4 7p", late, lambda g: g.propose([0, 1, 2]), "errors.team_size"),
        ("fails > team m4 7p", late.propose([0, 1, 2, 3]).vote(range(7)),
         lambda g: g.play_mission(5), "errors.fails_range"),
        ("not targeting", start, lambda g: g.propose([1, 2], mission=2),
         "errors.mission_not_targeting"),
    ] + [
        (f"after {reason}", ended, lambda g: g.propose([0, 1]), "errors.game_over")
        for reason, ended in ended_games()
    ]


@pytest.mark.parametrize(
    ("name", "game", "action", "code"), refusal_cases(), ids=[c[0] for c in refusal_cases()]
)
def test_refused_action_leaves_game_unchanged(name: str, game: Game, action, code: str) -> None:
    """rules.md §1 (design.md §2): a refused action raises RuleError and changes nothing."""
    before = copy.deepcopy(game)
    with pytest.raises(RuleError) as caught:
        action(game)
    assert caught.value.code == code
    assert game == before
    assert game.phase == before.phase
    observed = (game.leader, game.mission, game.attempt)
    assert observed == (before.leader, before.mission, before.attempt)
    assert (game.successes, game.failures, game.rejections) == (
        before.successes, before.failures, before.rejections,
    )


def test_actions_return_new_games() -> None:
    """design.md §2: each action returns the game after it; the old game stays as it was."""
    start = Game.new(5)
    snapshot = copy.deepcopy(start)
    voting = start.propose([0, 1])
    assert start == snapshot and start.phase == "proposal"
    assert voting != start
    on_mission = voting.vote(range(5))
    assert voting.phase == "vote"
    done = on_mission.play_mission(0)
    assert on_mission.phase == "mission" and on_mission.successes == 0
    assert done.successes == 1
