"""A record no deal of the Character cards could have made is refused (rules.md §1.1, §1.5,
and each module's section): exit 1, one translated line in the table's words that says what
the record proves, nothing written; in English and German, in both themes. Every legal
counterpart is accepted. A game saved before the check loads with a warning naming its first
impossible line (design.md §3: nothing already saved stops loading)."""

from __future__ import annotations

import json

import pytest

NAMES = "Ada,Bo,Cy,Di,Ed"


def five(play, *options: str) -> None:
    """Five players, Ada leading; mission 1's team Ada and Bo reveals two Fail cards, so the
    two are the spies (§1.1) and Cy, Di and Ed loyal (§1.5)."""
    play(f"new --players 5 --names {NAMES} --leader ada --no-play {' '.join(options)}",
         "propose ada bo", "vote --approve all", "mission --fails 2")


def three_successes(play) -> None:
    """The loyal three win missions 2, 3 and 4: the third success."""
    play("propose cy di ed", "vote --approve all", "mission --fails 0",
         "propose cy di", "vote --approve all", "mission --fails 0",
         "propose cy di ed", "vote --approve all", "mission --fails 0")


@pytest.mark.parametrize("options, message", [
    pytest.param("--lang en", "Mission 2 cannot have revealed one Fail card. Mission 1 (two "
                 "Fail cards) made Ada and Bo spies and Cy, Di and Ed loyal; the loyal play only "
                 "Success, spies either (rules reference §1.5). The record allows only 0 here. "
                 "Check the revealed cards; nothing was recorded.", id="en"),
    pytest.param("--lang de", "Dass Mission 2 eine Fehlschlag-Karte gezeigt hat, ist nicht "
                 "möglich. Nach Mission 1 (zwei Fehlschlag-Karten) steht fest: Ada und Bo sind "
                 "Spione und Cy, Di und Ed sind loyal; Loyale spielen nur Erfolg, Spione auch "
                 "Fehlschlag (Regelreferenz §1.5). Möglich ist hier: nur 0. Prüf die "
                 "aufgedeckten Karten; nichts wurde festgehalten.", id="de"),
    pytest.param("--lang en --theme avalon", "Quest 2 cannot have revealed one Fail card. Quest "
                 "1 (two Fail cards) made Ada and Bo Minions of Mordred and Cy, Di and Ed loyal; "
                 "the loyal play only Success, Minions of Mordred either (rules reference §1.5). "
                 "The record allows only 0 here. Check the revealed cards; nothing was recorded.",
                 id="avalon-en"),
    pytest.param("--lang de --theme avalon", "Dass Queste 2 eine Fehlschlag-Karte gezeigt hat, "
                 "ist nicht möglich. Nach Queste 1 (zwei Fehlschlag-Karten) steht fest: Ada und "
                 "Bo sind Diener Mordreds und Cy, Di und Ed sind loyal; Loyale spielen nur "
                 "Erfolg, Diener Mordreds auch Fehlschlag (Regelreferenz §1.5). Möglich ist "
                 "hier: nur 0. Prüf die aufgedeckten Karten; nichts wurde festgehalten.",
                 id="avalon-de"),
])
def test_fails_from_players_proven_loyal_are_refused(play, refused, options, message):
    """The issue's example: team Cy, Di, Ed then reveals one Fail card."""
    five(play, options)
    play("propose cy di ed", "vote --approve all")
    assert refused("mission --fails 1") == message
    play("mission --fails 0")  # the legal counterpart


def test_a_sergeant_switch_on_a_proven_loyal_player(play, refused):
    """rules.md §8, §1.5: with Ada and Bo proven spies, Di made to switch shows the one Fail
    card the team can reveal; none is refused, one accepted."""
    play(f"new --players 5 --names {NAMES} --leader ada --no-play --modules sergeant",
         "propose ada bo --sergeant bo", "vote --approve all", "mission --fails 2",
         "propose cy di ed --sergeant cy", "vote --approve all")
    line = refused("mission --fails 0 --switch di")
    assert line.startswith("Mission 2 cannot have revealed no Fail card, with Di made to "
                           "switch (who shows the card not played). Mission 1 (two Fail cards) "
                           "made Ada and Bo spies and Cy, Di and Ed loyal")
    assert "The record allows only 1 here." in line
    assert refused("mission --fails 0 --switch di --lang de").startswith(
        "Dass Mission 2 keine Fehlschlag-Karte gezeigt hat, wobei Di tauschen musste (und so "
        "die nicht gespielte Karte zeigt), ist nicht möglich. Nach Mission 1")
    play("mission --fails 1 --switch di")


@pytest.mark.parametrize("lang, theme, start", [
    ("en", "resistance", "Ada cannot be the Commander, one of the Resistance. Mission 1 (two "
     "Fail cards) made Ada and Bo spies and Cy, Di and Ed loyal."),
    ("de", "avalon", "Ada kann nicht Merlin sein, denn Merlin gehört zu den Loyalen. Nach "
     "Queste 1 (zwei Fehlschlag-Karten) steht fest: Ada und Bo sind Diener Mordreds und Cy, Di "
     "und Ed sind loyal."),
])
def test_a_commander_the_record_proved_a_spy_is_refused(play, refused, lang, theme, start):
    """rules.md §5.1: the Commander shown at the Assassination is loyal."""
    five(play, f"--lang {lang} --theme {theme} --modules commander")
    three_successes(play)
    assert refused("assassinate cy --commander ada").startswith(start)
    play("assassinate cy --commander di")


def test_an_accusation_showing_a_chief_the_record_rules_out_is_refused(play, refused):
    """rules.md §6.1: at 7+ only the spy Chief plays Chief Fail, so the Chief was on mission
    1's team; the resistance Hunter's accusation of someone else cannot show the Chief."""
    names = "Ada,Bo,Cy,Di,Ed,Fe,Gu"
    play(f"new --players 7 --names {names} --leader ada --no-play --modules hunter",
         "propose ada bo --investigator cy", "vote --approve all",
         "mission --fails 0 --chief-fail 1", "accuse --nobody", "investigate di",
         "propose cy di ed --investigator ada", "vote --approve all", "mission --fails 0",
         "investigate ada", "propose cy di fe --investigator ada", "vote --approve all",
         "mission --fails 0", "investigate ada",
         "propose cy di fe gu --investigator ada", "vote --approve all", "mission --fails 0")
    line = refused("accuse gu --shows chief")
    assert line.startswith("Gu's card cannot show a Chief here.")
    assert refused("accuse gu --shows chief --lang de").startswith(
        "Dass die Karte von Gu hier einen Vorsitzenden zeigt, ist nicht möglich.")
    play("accuse gu --shows not-chief")


@pytest.mark.parametrize("lang, start", [
    ("en", "These sides are not a deal the record allows. Mission 1 (two Fail cards) rules "
     "them out. Check the sides; nothing was recorded."),
    ("de", "Diese Seiten sind keine Verteilung, die der Verlauf erlaubt. Sie passen nicht zu "
     "Mission 1 (zwei Fehlschlag-Karten). Prüf die Seiten; nichts wurde festgehalten."),
])
def test_sides_the_record_rules_out_are_refused_after_the_game(play, refused, lang, start):
    """rules.md §1.1, §1.5: `roles` after the game takes a deal the record allows."""
    five(play, f"--lang {lang}")
    three_successes(play)
    assert refused("roles --spies ada,cy") == start
    play("roles --spies ada,bo")


# -- games saved before the check ---------------------------------------------------------------


def test_an_old_game_with_an_impossible_record_loads_with_a_warning(play, moderator,
                                                                    game_file):
    """A game saved before moderator checked the deals is kept and loads: every command warns
    once, naming the first impossible line, and the review proves nothing past it."""
    five(play)
    play("propose cy di ed", "vote --approve all", "mission --fails 0")
    path = game_file()
    lines = path.read_text("utf-8").splitlines()
    mission = json.loads(lines[-1])
    lines[-1] = json.dumps({**mission, "fails": 1})  # as an older moderator accepted it
    path.write_text("\n".join(lines) + "\n", "utf-8")
    shown = moderator("status --json")
    assert shown.exit_code == 0
    assert json.loads(shown.stdout)["missions"][-1]["fails"] == 1
    number = len(lines)
    assert f"line {number} of its file records what no deal of the cards allows" in shown.stderr
    review = moderator("review --now --json")
    assert json.loads(review.stdout)["impossible"] == number
    assert json.loads(review.stdout)["deals_left"] == 0
    play("propose cy di", "vote --approve all", "mission --fails 1")  # nothing more is refused
