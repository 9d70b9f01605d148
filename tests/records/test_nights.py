"""The night (issue 33): a game belongs to the night of the game before it when it starts within
six hours of that game's last action; `night --new` starts a new one by hand. The tally counts
wins by side and how, each player's wins from the sides entered after each game (never during
it, rules.md §1.3), and the night's best record per role."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from test_season import RESISTANCE_WIN, SPY_WIN, play

from moderator.records import nights
from moderator.records.season import Played

EIGHT_PM = datetime(2026, 12, 4, 20, 0, tzinfo=timezone.utc)


def at(played: Played, start: datetime, minutes: int = 40, **changes) -> Played:
    """The same game, started at `start`, its last action `minutes` later."""
    from dataclasses import replace

    return replace(played, game_id=f"g{start:%H%M}", created=start.isoformat(),
                   last=(start + timedelta(minutes=minutes)).isoformat(), **changes)


def test_a_game_within_six_hours_of_the_last_action_is_the_same_night():
    first = at(play(RESISTANCE_WIN), EIGHT_PM, minutes=60)  # last action at 21:00
    close = at(play(SPY_WIN), EIGHT_PM + timedelta(hours=6, minutes=59))  # 5h59 later
    far = at(play(SPY_WIN), close_last(close) + timedelta(hours=6, minutes=1))
    assert [[g.game_id for g in night] for night in nights.nights([far, first, close])] == [
        [first.game_id, close.game_id], [far.game_id]]
    assert nights.tonight([first, close, far]) == [far]


def close_last(game: Played) -> datetime:
    return datetime.fromisoformat(game.last)


def test_a_game_that_starts_before_the_last_one_ended_is_the_same_night():
    """A game left unfinished and played to its end a week later keeps the next game of its
    first evening in that evening."""
    long = at(play(RESISTANCE_WIN), EIGHT_PM, minutes=7 * 24 * 60)
    next_one = at(play(SPY_WIN), EIGHT_PM + timedelta(hours=1))
    assert nights.nights([long, next_one]) == [[long, next_one]]


def test_night_new_begins_a_new_night_and_an_imported_game_is_in_none():
    first = at(play(RESISTANCE_WIN), EIGHT_PM)
    second = at(play(SPY_WIN), EIGHT_PM + timedelta(hours=1), new_night=True)
    elsewhere = at(play(SPY_WIN), EIGHT_PM + timedelta(minutes=30), imported=True)
    assert nights.nights([first, second, elsewhere]) == [[first], [second]]
    assert nights.tonight([first, second], new_pending=True) == []


def test_the_tally_counts_wins_by_side_and_each_player_s_wins_from_the_sides_entered():
    games = [at(play(RESISTANCE_WIN, spies=[2, 4]), EIGHT_PM),  # Ben, Dora spies: they lose
             at(play(SPY_WIN, spies=[2, 5]), EIGHT_PM + timedelta(hours=1)),  # Ben, Emil win
             at(play(SPY_WIN), EIGHT_PM + timedelta(hours=2))]  # sides never entered
    tally = nights.tally(games)
    assert tally["wins"] == {"resistance": 1, "spies": 2}
    assert tally["reasons"] == {"three_failures": 2, "three_successes": 1}
    assert [g["game"] for g in tally["games"]] == [g.game_id for g in games]
    wins = {row["name"]: (row["wins"], row["games"], row["sides_known"])
            for row in tally["players"]}
    assert wins == {"Anna": (1, 3, 2), "Ben": (1, 3, 2), "Carl": (1, 3, 2), "Dora": (0, 3, 2),
                    "Emil": (2, 3, 2)}
    assert tally["players"][0]["name"] == "Emil"  # the most wins first
    best = {row["role"]: (row["names"], row["wins"], row["games"]) for row in tally["best"]}
    # one win each on the resistance side, Emil's in one game; Ben's spy win took two
    assert best == {"resistance": (["Emil"], 1, 1), "spies": (["Emil"], 1, 1)}


def test_the_best_record_per_character_comes_from_the_cards_entered():
    """rules.md §5.1: the Commander module's Commander and Assassin, entered after the game
    (`roles emil:commander ben:assassin`)."""
    assassinated = RESISTANCE_WIN + [{"type": "assassinate", "target": 3, "commander": 5}]
    cards = ("", "assassin", "", "", "commander")
    games = [at(play(assassinated, modules=["commander"], spies=[1, 2]), EIGHT_PM,
                characters=cards),
             at(play(assassinated, modules=["commander"], spies=[1, 2], names=(
                 "Emil", "Ben", "Carl", "Dora", "Anna")), EIGHT_PM + timedelta(hours=1),
                characters=cards)]
    best = {row["role"]: (row["names"], row["wins"], row["games"])
            for row in nights.tally(games)["best"]}
    assert best["commander"] == (["Anna", "Emil"], 1, 1)  # each once, each won
    assert "assassin" not in best  # Ben held it twice and lost twice: no record to show
