"""The season's statistics: wins by side and reason, by player count and module set, and per
player from the sides entered after the game (never during it, rules.md §1.3)."""

from __future__ import annotations



from moderator import session
from moderator.records import season
from moderator.records.season import Played

NAMES = ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gabi")


def play(actions, players=5, modules=(), names=None, spies=None, day="2026-11-30") -> Played:
    setup = {"players": players, "first_leader": 1, "modules": list(modules), "variants": [],
             "house_rules": {}, "roles": []}
    game = session.new_game(setup)
    for action in actions:
        game = session.apply(game, action)
    return Played.of(f"{day}-1", f"{day}T20:00:00+00:00", game,
                  tuple(names or NAMES[:players]),
                  None if spies is None else frozenset(s - 1 for s in spies))


def propose(*team):
    return {"type": "propose", "team": list(team)}


def vote(*approve):
    return {"type": "vote", "approve": list(approve)}


def mission(fails, **extra):
    return {"type": "mission", "fails": fails, **extra}


def missions(*fails):
    """Five-player missions in order, every team approved by all."""
    teams = [(1, 2), (2, 3, 4), (3, 4), (4, 5, 1), (5, 1, 2)]
    return [a for team, f in zip(teams, fails)
            for a in (propose(*team), vote(1, 2, 3, 4, 5), mission(f))]


RESISTANCE_WIN = missions(0, 1, 0, 0)  # rules.md §1.6: three successes
SPY_WIN = missions(1, 0, 1, 1)  # three failures
FIVE_REJECTIONS = [a for team in ((1, 2), (2, 3), (3, 4), (4, 5), (5, 1))
                   for a in (propose(*team), vote(1))]  # rules.md §1.4: spies win at once


def test_only_finished_games_count_and_each_is_counted_by_side_and_reason():
    summary = season.season([
        play(RESISTANCE_WIN), play(SPY_WIN), play(FIVE_REJECTIONS), play(missions(0, 0)),
    ], unreadable=["2026-11-29-1"])
    assert (summary["games"], summary["over"], summary["in_progress"]) == (5, 3, 1)
    assert summary["unreadable"] == ["2026-11-29-1"]
    assert summary["wins"] == {"resistance": 1, "spies": 2}
    assert summary["reasons"] == {"three_failures": 1, "five_rejections": 1,
                                  "three_successes": 1}


def test_games_are_grouped_by_player_count_and_by_module_set():
    seven = [a for team in ((1, 2), (2, 3, 4), (3, 4, 5)) for a in (
        propose(*team), vote(*range(1, 8)), mission(0))]
    assassinated = RESISTANCE_WIN + [{"type": "assassinate", "target": 3, "commander": 3}]
    summary = season.season([
        play(RESISTANCE_WIN), play(SPY_WIN), play(seven, players=7),
        play(assassinated, modules=["commander"]),  # rules.md §5.1: the spies win
    ])
    assert summary["by_players"] == [
        {"players": 5, "games": 3, "wins": {"resistance": 1, "spies": 2}},
        {"players": 7, "games": 1, "wins": {"resistance": 1, "spies": 0}},
    ]
    assert summary["by_modules"] == [
        {"modules": "base", "games": 3, "wins": {"resistance": 2, "spies": 1},
         "themes": ["resistance"]},
        {"modules": "commander", "games": 1, "wins": {"resistance": 0, "spies": 1},
         "themes": ["resistance"]},
    ]


def test_a_rogue_who_wins_alone_is_a_winner_of_its_own():
    """rules.md §7: the resistance Rogue wins alone with Rogue Success on the third success
    and on an earlier mission; no team wins."""
    everyone = range(1, 8)
    # Player 2, on the first team without the Watch token, is on the third too (§13.1)
    rogue_game = [a for team, rs in (((1, 2), 1), ((2, 3, 4), 0), ((3, 2, 5), 1))
                  for a in (propose(*team), vote(*everyone), {"type": "watch", "holder": team[0]},
                            mission(0, rogue_success=rs))]
    summary = season.season([play(rogue_game, players=7, modules=["rogue"],
                                  spies=[6, 7, 1])])
    assert summary["wins"] == {"resistance": 0, "spies": 0, "resistance-rogue": 1}
    assert summary["reasons"] == {"resistance_rogue_wins": 1}
    assert summary["by_modules"][0]["modules"] == "rogue"
    anna = next(row for row in summary["players"] if row["name"] == "Anna")
    assert anna["spies"] == {"games": 1, "wins": 0}  # her team did not win


def test_per_player_wins_by_side_need_the_sides_entered_after_the_game():
    summary = season.season([
        play(RESISTANCE_WIN, spies=[2, 4]),
        play(SPY_WIN, spies=[2, 5]),
        play(FIVE_REJECTIONS),  # sides never entered
    ])
    ben = next(row for row in summary["players"] if row["name"] == "Ben")
    assert ben == {"name": "Ben", "games": 3, "sides_known": 2,
                   "resistance": {"games": 0, "wins": 0}, "spies": {"games": 2, "wins": 1}}
    anna = next(row for row in summary["players"] if row["name"] == "Anna")
    assert anna["resistance"] == {"games": 2, "wins": 1}


def test_a_player_is_the_same_person_whatever_the_case_and_numbered_names_are_nobody():
    summary = season.season([
        play(RESISTANCE_WIN, names=("Anna", "Ben", "Jörg", "Dora", "Emil")),
        play(SPY_WIN, names=("anna", "Ben", "JÖRG", None, None)),
    ])
    rows = {row["name"].casefold(): row["games"] for row in summary["players"]}
    assert rows == {"anna": 2, "ben": 2, "jörg": 2, "dora": 1, "emil": 1}


def test_no_finished_game_gives_empty_counts():
    summary = season.season([play(missions(0))])
    assert summary["over"] == 0 and summary["wins"] == {"resistance": 0, "spies": 0}
    assert summary["players"] == []
