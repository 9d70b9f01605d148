"""`moderator new --again` (issue 33): the next game with the last game's table, nothing typed
again: the names in their seats, modules, optional characters in the deck, variants, theme,
language, house rules and the group's choices; the first leader is the player one seat
clockwise of the last game's first leader (the leader card moves on, rules.md §1.3). Any
option given replaces the kept one."""

from __future__ import annotations

import json

NAMES = "Anna,Ben,Carl,Dora,Emil,Fritz"
FIRST = (f"new --players 6 --names {NAMES} --leader 6 --modules commander,rogue "
         "--roles body-guard,resistance-rogue --variants targeting --theme avalon --lang de "
         "--house-rule rogue-partial-win=fifth-mission-only --timer 90 --no-vote-history --no-play")
#: What a game's setup line holds that is its own, never kept.
OWN = ("created", "game", "seed", "first_leader")


def setups(home) -> list[dict]:
    """Every game's setup line, oldest first."""
    paths = sorted((home / "games").glob("*.jsonl"), key=lambda p: int(p.stem.rpartition("-")[2]))
    return [json.loads(p.read_text("utf-8").splitlines()[0]) for p in paths]


def kept(setup: dict) -> dict:
    return {k: v for k, v in setup.items() if k not in OWN}


def test_three_games_in_a_row_keep_the_table_and_pass_the_leader_card_on(play, home):
    play(FIRST, "new --again --no-play", "new --again --no-play")
    first, second, third = setups(home)
    assert kept(second) == kept(third) == {**kept(first), "leader_chosen": True}
    assert first["names"] == NAMES.split(",") and first["theme"] == "avalon"
    assert first["table"] == {"vote_history": False, "timer": 90}
    # Fritz (seat 6) led first, then the player after him: Anna (seat 1), then Ben.
    assert [s["first_leader"] for s in (first, second, third)] == [6, 1, 2]
    assert len({s["seed"] for s in (first, second, third)}) == 3  # the cards are each game's


def test_it_says_the_table_it_keeps_in_the_game_s_language(play, moderator, home):
    play(FIRST)
    shown = moderator("new --again --no-play")
    assert shown.exit_code == 0
    first = setups(home)[0]["game"]
    assert shown.stdout.splitlines()[0] == (
        f"Derselbe Tisch wie in Partie {first}: Anna → Ben → Carl → Dora → Emil → Fritz.")
    assert "Anna (Platz 1)" in shown.stdout


def test_an_option_given_replaces_the_kept_one(play, home):
    play(FIRST, "new --again --theme resistance --lang en --variants '' --timer 0 "
         "--house-rule rogue-win-team=team-partial --no-play")
    first, second = setups(home)
    assert "theme" not in second  # the Resistance's own words: no theme kept in the setup
    assert second["lang"] == "en" and second["variants"] == []
    assert second.get("table") == {"vote_history": False}  # --timer 0: no timer from now on
    assert second["house_rules"] == {**first["house_rules"], "rogue-win-team": "team-partial"}
    # one rule changed, the rest kept
    assert second["house_rules"]["rogue-partial-win"] == "fifth-mission-only"
    assert (second["modules"], second["roles"]) == (first["modules"], first["roles"])


def test_new_modules_or_characters_replace_the_kept_ones_in_the_kept_theme(play, home):
    play(FIRST, "new --again --modules sergeant --no-play",
         "new --again --roles percival --no-play")
    _, second, third = setups(home)
    # an Avalon table keeps Merlin and the Assassin (the theme's default module, rules.md §14)
    assert second["modules"] == ["commander", "sergeant"]
    assert second["roles"] == ["body-guard"]  # the Rogue is gone with its module
    assert third["modules"] == ["commander", "sergeant"] and third["roles"] == ["body-guard"]


def test_a_new_seating_starts_with_the_player_after_the_last_first_leader(play, home):
    said = play(f"new --players 6 --names {NAMES} --leader carl --no-play",
                "new --again --names Carl,Gabi,Anna,Ben,Dora,Emil,Fritz --no-play",
                "new --again --names Hans,Ida,Jan,Kai,Lea --no-play",
                "new --again --no-play")
    first, second, third, fourth = setups(home)
    # a new seating is not called the same table; the same seats again are
    assert f"The setup of game {first['game']}, with a new seating: Carl → Gabi → " in said
    assert f"The setup of game {second['game']}, with a new seating: Hans → Ida" in said
    assert f"The same table as game {third['game']}: Hans → Ida → Jan → Kai → Lea." in said
    assert second["players"] == 7 and second["first_leader"] == 2  # Gabi sits after Carl
    # Gabi is not at the third table: the leader card goes one seat on from her seat 2
    assert third["names"] == ["Hans", "Ida", "Jan", "Kai", "Lea"] and third["first_leader"] == 3


def test_leader_or_draw_leader_instead_of_the_next_seat(play, home):
    play(FIRST, "new --again --leader dora --no-play", "new --again --draw-leader --seed 4 "
         "--no-play", "new --again --draw-leader --seed 4 --no-play")
    _, chosen, drawn, again = setups(home)
    assert (chosen["first_leader"], chosen["leader_chosen"]) == (4, True)
    assert drawn["leader_chosen"] is False and drawn["first_leader"] == again["first_leader"]


def test_the_sides_entered_for_the_last_game_are_never_kept(play, home):
    """The deck's optional characters are kept, never who held them (rules.md §1.3)."""
    five = [c for team in ("1 2", "2 3 4", "3 4") for c in (
        f"propose {team}", "vote --approve all", "mission --fails 0")]
    play("new --players 5 --names Anna,Ben,Carl,Dora,Emil --leader 1 --no-play", *five,
         "roles --spies ben,dora", "new --again --no-play")
    text = sorted((home / "games").glob("*.jsonl"))[-1].read_text("utf-8")
    assert len(text.splitlines()) == 1 and "spies" not in text


def test_refusals_change_nothing(play, refused):
    assert refused("new --again --no-play").startswith("There is no game yet.")
    play("new --players 5 --names Anna,Ben,Carl,Dora,Emil --no-play")
    assert refused("new --again --players 6 --no-play") == (
        "The last game's table has 5 players; for 6 players give their names with --names "
        "(in seating order).")
    assert refused("new --again --players 11 --no-play") == (
        "The Resistance is played with 5 to 10 players, not 11.")
    assert refused("new --again --leader 2 --draw-leader --no-play", exit_code=2) == (
        "Give either --leader or --draw-leader, not both.")
