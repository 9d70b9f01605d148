"""The group's ratings (issue 33): a Weng-Lin rating per player from the games whose sides were
entered after them (never during one, rules.md §1.3), with each side's difficulty at that number
of players and module set taken from the season's own win rates. Seasons are built for each
check; nobody else's rating is involved where a stranger (a numbered name) can sit instead."""

from __future__ import annotations

import pytest

from moderator.records import ratings
from moderator.records.season import Played
from moderator.rules import tables

#: One second apart, in the order they are listed.
STAMP = "2026-11-30T20:{:02d}:{:02d}+00:00"


def game(number: int, players: int, names, spies, won_by: str, modules: str = "base"
         ) -> Played:
    """A finished game: `names` in seat order (None: a numbered name), `spies` 0-based."""
    stamp = STAMP.format(number // 60, number % 60)
    return Played(f"2026-11-30-{number + 1}", stamp, players, modules, True, won_by,
                  "three_failures" if won_by == "spies" else "three_successes",
                  tuple(names), frozenset(spies), last=stamp)


def strangers(players: int) -> list[None]:
    return [None] * players


def test_a_player_always_on_the_winning_side_ranks_above_one_never_on_it():
    """Whichever side the cards deal them: Wim wins as a spy and as resistance, Lou loses
    as both; each of the others is Wim's fellow spy once and Lou's once, in turn."""
    names = ("Wim", "Lou", "Ada", "Bea", "Cy", "Dee")
    season = []
    for number in range(16):
        wim_spy = number % 2 == 0
        other = 2 + (number // 2) % 4
        spies = {0, other} if wim_spy else {1, other}  # Lou is a spy when Wim is not
        season.append(game(number, 6, names, spies, "spies" if wim_spy else "resistance"))
    listed = ratings.table(season)
    assert [row["name"] for row in listed][::5] == ["Wim", "Lou"]
    wim, lou = listed[0], listed[-1]
    assert wim["rating"] > listed[1]["rating"] and lou["rating"] < listed[-2]["rating"]
    assert (wim["rank"], wim["wins"], lou["wins"]) == (1, 16, 0)
    assert wim["low"] < wim["rating"] < wim["high"]  # shown with its uncertainty


def test_a_rank_comes_only_after_enough_games():
    season = [game(n, 5, ("Ann", "Bo", None, None, None), {0, 2}, "spies")
              for n in range(ratings.RANKED_FROM - 1)]
    season.append(game(99, 5, ("Ann", None, None, None, None), {0, 1}, "spies"))
    rows = {row["name"]: row for row in ratings.table(season)}
    assert rows["Ann"]["games"] == ratings.RANKED_FROM and rows["Ann"]["rank"] == 1
    assert rows["Bo"]["games"] == ratings.RANKED_FROM - 1 and rows["Bo"]["rank"] is None


def background(start: int, players: int, games: int, spy_wins: int) -> list[Played]:
    """Games of strangers at this count: they set the count's spy win rate, and nobody's
    rating."""
    spies = set(range(tables.spies(players)))
    return [game(start + n, players, strangers(players), spies,
                 "spies" if n < spy_wins else "resistance") for n in range(games)]


@pytest.mark.parametrize("hard, easy", [(5, 7), (7, 5), (6, 9), (9, 6), (8, 10), (10, 8)])
def test_a_spy_win_at_a_hard_count_moves_a_rating_more_than_at_an_easy_one(hard, easy):
    """At `hard` players the season's spies won 3 games in 20, at `easy` 17 in 20. Hana wins
    once as a spy at the hard count, Ezra once at the easy one, each among strangers. Each
    pair of counts both ways round: the season's rates decide, not the count."""
    season = background(0, hard, 20, 3) + background(20, easy, 20, 17)
    for number, (count, name) in enumerate(((hard, "Hana"), (easy, "Ezra")), start=40):
        seats = [name, *strangers(count - 1)]
        season.append(game(number, count, seats, set(range(tables.spies(count))), "spies"))
    found = ratings.ratings(season)
    start = ratings.model().rating().mu
    assert found["hana"]["mu"] - start > found["ezra"]["mu"] - start > 0


def test_a_setup_s_rate_of_few_games_is_shrunk_toward_its_count_s_and_the_season_s():
    season = background(0, 5, 30, 24)  # base game at 5 players: 80 %
    season += [game(30, 5, strangers(5), {0, 1}, "resistance", modules="plot")]  # one game
    season += background(31, 7, 30, 6)  # 20 % at 7
    difficulty = ratings.Difficulty.of(season, prior_games=16)
    base, plot = difficulty.by_setup[(5, "base")], difficulty.by_setup[(5, "plot")]
    assert 0.6 < base < 0.8  # toward the season's 49 %, a little
    assert 0.5 < plot < base  # its one resistance win counts for little against its count's


def test_the_same_games_in_another_order_of_ids_give_the_same_ratings():
    """An imported season gets other ids: the order is by when the games were played."""
    names = ("Ann", "Bo", "Cy", "Di", "Ed")
    season = [game(n, 5, names, {n % 5, (n + 2) % 5}, "spies" if n % 3 else "resistance")
              for n in range(12)]
    from dataclasses import replace

    renamed = [replace(g, game_id=f"2027-01-0{9 - n % 9}-{n}") for n, g in enumerate(season)]
    assert ratings.table(renamed[::-1]) == ratings.table(season)


def test_games_without_sides_or_won_by_a_rogue_alone_rate_nobody():
    names = ("Ann", "Bo", "Cy", "Di", "Ed")
    no_sides = Played("g1", STAMP.format(0, 0), 5, "base", True, "spies", "three_failures",
                      names, None)
    rogue = game(1, 5, names, {0, 1}, "resistance-rogue", modules="rogue")
    assert ratings.table([no_sides, rogue]) == []
