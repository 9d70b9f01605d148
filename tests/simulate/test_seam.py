"""The simulator's seam (issue 24): each player sees only what that player may know, and
every answer is one the engine offers; the table deals as the reveal script says
(rules.md §9)."""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import replace

import pytest

from moderator.rules import GAME_OVER, MISSION, Game, Input
from moderator.simulate import play, random_game
from moderator.simulate.players import Sensible, Style
from moderator.simulate.table import Table
from moderator.simulate.turn import Turns

SETUPS = [
    (5, (), ()), (7, (), ()), (10, (), ()),
    (5, ("commander",), ("body-guard", "false-commander")),
    (10, ("commander",), ("body-guard", "false-commander", "deep-cover", "blind-spy")),
    (8, ("hunter",), ()), (9, ("plot",), ()), (7, ("rogue", "reverser"), ()),
    (8, ("defector", "trapper"), ()), (6, ("sergeant", "inquisitor"), ()),
]


def dealt(players: int, modules=(), roles=(), seed: int = 0) -> tuple[Game, Table]:
    rng = random.Random(seed)
    game = Game.new(players, rng.randrange(players), modules=modules, roles=roles)
    return game, Table(game, rng)


@pytest.mark.parametrize("players,modules,roles", SETUPS)
def test_what_a_player_knows_is_true(players, modules, roles):
    for seed in range(30):
        _, table = dealt(players, modules, roles, seed)
        for view in table.views:
            for seats, spies in view.known:
                assert sum(1 for s in table.spies if seats >> s & 1) == spies


def test_a_plain_resistance_player_knows_only_their_own_card():
    """The base game's reveal shows the resistance nothing (rules.md §9.1)."""
    _, table = dealt(7, seed=3)
    for view in table.views:
        if not view.spy:
            assert view.known == [(1 << view.seat, 0)]
        else:  # the spies open their eyes and see each other
            assert view.spies_known() == table.spies


def test_the_commander_sees_the_spies_but_not_the_deep_cover_and_the_body_guard_two():
    """rules.md §9.4: the Deep Cover keeps its thumb down; the Body Guard sees the Commander
    and the False Commander, not which is which."""
    roles = ("body-guard", "false-commander", "deep-cover")
    _, table = dealt(10, ("commander",), roles, seed=5)
    commander = table.views[table.seat_of("commander")]
    assert commander.spies_known() == table.spies - {table.seat_of("deep-cover")}
    guard = table.views[table.seat_of("body-guard")]
    pair = {table.seat_of("commander"), table.seat_of("false-commander")}
    assert (sum(1 << s for s in pair), 1) in guard.known
    assert guard.spies_known() == frozenset()


def test_under_blind_spies_no_spy_knows_another():
    """rules.md §2.2: nobody opens their eyes."""
    rng = random.Random(2)
    game = Game.new(8, 0, variants=["blind-spies"])
    table = Table(game, rng)
    assert all(view.spies_known() <= {view.seat} for view in table.views)


class Checked(Sensible):
    """The sensible players, with every answer checked against the engine's choices."""

    def choose(self, view, game, asked: Input, given):
        value = super().choose(view, game, asked, given)
        allowed = set(asked.choices)
        assert (set(value) <= allowed and len(value) == asked.size) if asked.size > 1 \
            else value in allowed
        return value


@pytest.mark.parametrize("players,modules,roles", SETUPS)
def test_sensible_players_answer_within_the_engine_choices_and_games_end(players, modules,
                                                                         roles):
    for seed in range(15):
        rng = random.Random(seed)
        game = Game.new(players, rng.randrange(players), modules=modules, roles=roles)
        table = Table(game, rng)
        done = Turns(table, Checked(table.views, game, rng), rng).play(game)
        assert done.phase == GAME_OVER and done.winners


@pytest.mark.parametrize("players,variants", [(5, ()), (7, ("targeting",)), (10, ())])
def test_a_mission_without_modules_made_directly_is_the_one_the_engine_asks_for(players,
                                                                                 variants):
    """Without modules in play the engine asks for the Fail cards revealed alone (rules.md
    §1.5): the simulator makes that action directly, and it is the one the engine makes of
    the same count, which is among the choices it offers."""
    missions = 0
    for seed in range(10):
        rng = random.Random(seed)
        game = Game.new(players, rng.randrange(players), variants=variants)
        table = Table(game, rng)
        turns = Turns(table, Sensible(table.views, game, rng), rng)
        while game.phase != GAME_OVER:
            if game.phase == MISSION:  # the cards are chosen once a mission: these
                missions += 1
                cards = dict(turns.cards_played(game, game.proposals[-1].team, None))
                action = turns.action(game)
                asked = game.next_input({})
                assert asked is not None and asked.name == "fails"
                fails = sum(card == "fail" for card in cards.values())
                assert fails in asked.choices and game.next_input({"fails": fails}) is None
                assert action == game.action({"fails": fails})
            else:
                action = turns.action(game)
            game = game.apply(action)
    assert missions > 30


def test_random_players_keep_the_engine_property_runs_playable():
    for modules in (["plot"], ["hunter"], ["rogue", "commander"], ["defector", "inquisitor"]):
        for seed in range(10):
            assert random_game(7, random.Random(seed), modules=modules).phase == GAME_OVER


def test_one_seed_one_game():
    first = play(8, random.Random(4), modules=["plot"])
    assert play(8, random.Random(4), modules=["plot"]) == first


def test_after_a_mission_the_commander_speaks_against_the_spies_they_saw():
    """rules.md §5.1, §9: the Commander saw the spies (but not the Deep Cover); after a mission
    their words name those spies and no one else, each other resistance player names as many
    players as there are spies but never themselves, and spies say nothing aloud."""
    game, table = dealt(7, ("commander",), ("body-guard", "false-commander"), seed=4)
    rng = random.Random(1)
    players = Sensible(table.views, game, rng, style=Style(speaks=1.0, hint=1.0))
    belief = players.belief
    game = game.propose(list(range(game.team_size))).vote(range(7)).play_mission(0)
    belief.public(game)
    commander = table.seat_of("commander")
    assert sorted(belief.spoken[commander]) == sorted(table.spies)
    for view in table.views:
        if view.spy:
            assert belief.spoken[view.seat] == []
        else:
            assert len(belief.spoken[view.seat]) == game.spies
            assert view.seat not in belief.spoken[view.seat]
    before = [row[:] for row in belief.stance]
    team = range(game.team_size)
    game = game.propose(list(team)).vote(range(7)).play_mission(0)
    belief.public(game)  # a word against each spy, beside the approval of the team's members
    for spy in table.spies:
        approved = -1 / len(team) if spy in team and spy != commander else 0.0
        assert belief.stance[commander][spy] == pytest.approx(
            before[commander][spy] + 1.0 + approved)


def test_the_assassins_guess_favours_the_best_informed_as_the_style_says():
    """The Assassin names the best informed player always with `guess` 0, most often with
    a small `guess`, and nearly at random with a large one."""
    game, table = dealt(5, ("commander",), ("body-guard", "false-commander"), seed=2)
    for leader in range(2):
        game = game.propose([(leader + k) % 5 for k in range(game.team_size)]).vote(range(5))
        game = game.play_mission(0)
    assassin = table.views[table.seat_of("assassin")]
    choices = [s for s in range(5) if s not in table.spies]

    def named(guess: float) -> dict[int, int]:
        players = Sensible(table.views, game, random.Random(3), style=Style(guess=guess))
        found = dict.fromkeys(choices, 0)
        for _ in range(300):
            found[players._assassin(assassin, game, choices)] += 1
        return found

    sure = named(0.0)
    best = max(sure, key=sure.__getitem__)
    assert sure[best] == 300
    assert 300 > named(1.0)[best] > named(50.0)[best] > 300 / len(choices) - 40


def test_on_the_rounds_last_team_no_better_team_counts():
    """rules.md §1.4: a fifth rejected team loses the game for the resistance, so on the
    round's last team a voter does not weigh it against the team they would rather pick
    (`Style.choosy` counts on the earlier teams only)."""
    game, table = dealt(7, seed=5)
    game = game.propose([0, 1]).vote(range(7)).play_mission(1)  # a spy among seats 0 and 1

    def approvals(game: Game) -> set[float]:
        loyal = [v for v in table.views if not v.spy and v.seat not in game.proposals[-1].team
                 and v.seat != game.proposals[-1].leader]
        return {tuple(Sensible(table.views, game, random.Random(0), style=Style(choosy=c))
                      .approval(view, game) for view in loyal) for c in (0.0, 9.0)}

    early = game.propose([0, 1, 2])
    assert len(approvals(early)) == 2  # a suspect on it: the choosy reject it more often
    for _ in range(4):
        game = game.propose([0, 1, 2]).vote([])
    assert game.proposals[-1].attempt == 4 and len(approvals(game.propose([0, 1, 2]))) == 1


def first_vote(players: int, style: Style, seed: int = 0) -> list[float]:
    """How likely each plain resistance player off the first team approves it."""
    game, table = dealt(players, seed=seed)
    game = game.propose([(game.seat + k) % players for k in range(game.team_size)])
    team = game.proposals[-1].team
    sensible = Sensible(table.views, game, random.Random(0), style=style)
    return [sensible.approval(view, game) for view in table.views
            if not view.spy and view.seat not in team]


def test_a_table_of_eight_starts_out_more_doubtful_than_one_of_nine():
    """Before any mission a voter trusts a team as far as it is likely safe (`Style.trust`):
    a first team of three holds no spy more often at 9 players (three spies among eight
    others) than at 8 (three among seven), and real tables reject it less at 9. (Both
    tables in the same mood: the two games draw theirs apart.)"""
    style = Style(left_out=0.0, temper=0.0)
    eight, nine = first_vote(8, style), first_vote(9, style)
    assert len(set(eight)) == len(set(nine)) == 1  # nobody knows anything yet
    assert nine[0] > eight[0]
    assert first_vote(8, replace(style, trust=0.0)) == first_vote(9, replace(style, trust=0.0))


def test_off_the_team_a_player_measures_it_against_one_they_would_lead():
    """People like to be on teams: off it, a voter weighs the team against the one they
    would lead themselves as far as `Style.left_out` says (on it, they are already there)."""
    alone, left_out = first_vote(7, Style(left_out=0.0)), first_vote(7, Style(left_out=1.0))
    assert all(a > b for a, b in zip(alone, left_out, strict=True))
    assert first_vote(7, Style(left_out=1.0, choosy=0.0)) == first_vote(
        7, Style(left_out=0.0, choosy=0.0))


def test_the_votes_are_talked_over_once_a_mission_shows_who_was_right():
    """A round's votes move what the table makes of each player (`Belief.said`) when the
    next mission is played, not at each vote: the missions are what show whose votes were
    right (`Style.follow`)."""
    game, table = dealt(7, seed=5)
    belief = Sensible(table.views, game, random.Random(0)).belief
    game = game.propose([0, 1]).vote([0, 1, 2, 3]).play_mission(1)
    belief.public(game)
    said = belief.said[:]
    game = game.propose([2, 3, 4]).vote([2, 3])  # rejected
    game = game.propose([4, 5, 6]).vote([0, 1, 4, 5, 6])
    belief.public(game)
    assert belief.said == said
    belief.public(game.play_mission(0))
    assert belief.said != said


def test_a_spy_feels_a_last_team_the_spies_cannot_fail_as_spy_hammer_says():
    """rules.md §1.4: a fifth rejected team wins the game for the spies. On a last team
    without a spy a spy feels only `Style.spy_hammer` of the `hammer`; on one the spies can
    fail, all of it, as the table does."""
    game, table = dealt(7, seed=5)
    spy = min(table.spies)
    clean = [s for s in range(7) if s not in table.spies][:game.team_size]
    dirty = [spy, *clean[:game.team_size - 1]]

    def approval(team: list[int], spy_hammer: float) -> float:
        last = game
        for _ in range(4):
            last = last.propose(team).vote([])
        last = last.propose(team)
        assert last.proposals[-1].attempt == 5
        return Sensible(table.views, last, random.Random(0), style=Style(
            spy_hammer=spy_hammer)).approval(table.views[spy], last)

    assert approval(clean, 0.0) < approval(clean, 0.5) < approval(clean, 1.0)
    assert approval(dirty, 0.0) == approval(dirty, 1.0)


def test_a_tables_mood_moves_every_vote_of_its_game_alike():
    """Some tables trust, some doubt everything (`Style.temper`): a game's mood is one draw
    for the whole table, so it moves every voter's log-odds on every team by as much, and
    from game to game it spreads as `temper` says."""
    game, table = dealt(7, seed=5)
    game = game.propose([(game.seat + k) % 7 for k in range(game.team_size)])
    voters = [view for view in table.views if view.seat != game.proposals[-1].leader]

    def odds(mood: float) -> list[float]:
        sensible = Sensible(table.views, game, random.Random(0))
        sensible.mood = mood
        return [math.log(p / (1 - p)) for p in (sensible.approval(v, game) for v in voters)]

    grumpy, trusting = odds(-1.0), odds(0.5)
    assert [t - g for g, t in zip(grumpy, trusting, strict=True)] == pytest.approx(
        [1.5] * len(voters), abs=1e-6)

    def moods(temper: float) -> list[float]:
        return [Sensible(table.views, game, random.Random(seed), style=Style(temper=temper))
                .mood for seed in range(400)]

    assert set(moods(0.0)) == {0.0}
    assert statistics.pstdev(moods(2.0)) == pytest.approx(2.0, rel=0.15)


def test_a_resistance_player_who_knows_a_spy_on_the_last_team_rejects_it_all_the_same():
    """rules.md §1.4: a fifth rejected team wins the game for the spies, so a voter feels
    `Style.hammer` on it. One who knows a spy is on it (here: they played a mission with
    that player alone, and it failed) rejects it all the same, as real tables do; one who
    only doubts still feels it."""
    game, table = dealt(5, seed=5)
    spy = min(table.spies)
    me, other = [s for s in range(5) if s not in table.spies][:2]
    game = game.propose([me, spy]).vote(range(5)).play_mission(1)
    team = [spy, *[s for s in range(5) if s not in (me, spy, other)][:2]]
    for _ in range(4):
        game = game.propose(team).vote([])
    game = game.propose(team)
    assert game.proposals[-1].attempt == 5 and game.proposals[-1].leader not in (me, other)
    assert me not in team and other not in team

    def approval(seat: int, hammer: float) -> float:
        return Sensible(table.views, game, random.Random(0), style=Style(
            hammer=hammer)).approval(table.views[seat], game)

    assert approval(me, 0.0) == approval(me, 9.0)
    assert approval(other, 0.0) < approval(other, 9.0)
