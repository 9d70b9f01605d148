"""Naming players: by seat number (1-based), by name in any case, or by a prefix that fits one
player only; umlauts as typed. Without --names the players are numbered in the game's language.
"""

from __future__ import annotations

import unicodedata

import pytest

NAMES = "Jörg,Änne,Ömer,Ute,Björn"  # seats 1 to 5


@pytest.fixture
def umlauts(play):
    """Five players with umlauts in their names; Jörg leads mission 1 (a team of two)."""
    play(f"new --names {NAMES} --leader 1")


@pytest.mark.parametrize("command", [
    "propose 2 5",
    "propose 2,5",
    "propose Änne Björn",
    "propose änne BJÖRN",
    "propose Ä Bj",
    "propose Än,B",
    "propose 2 Björn",
])
def test_the_same_team_named_in_different_ways(umlauts, play, status, command):
    play(command)
    assert status()["team"] == [2, 5]


def test_a_team_is_printed_with_the_names_as_given(umlauts, moderator):
    result = moderator("propose ä bj")
    assert result.stdout.startswith("Jörg proposes Änne and Björn for mission 1 (attempt 1).")


def test_votes_name_players_the_same_ways(umlauts, play, status):
    play("propose 1 2", "vote --approve jö,Ä,3 --reject ute,5")
    proposal = status()["proposals"][0]
    assert (proposal["approve"], proposal["reject"], proposal["approved"]) == (
        [1, 2, 3], [4, 5], True,
    )


def test_a_vote_naming_one_side_puts_everyone_else_on_the_other(umlauts, play, status):
    play("propose 1 2", "vote --reject Ömer")
    proposal = status()["proposals"][0]
    assert (proposal["approve"], proposal["reject"]) == ([1, 2, 4, 5], [3])


@pytest.mark.parametrize("lang, command, approve", [
    ("en", "vote --approve all", [1, 2, 3, 4, 5]),
    ("en", "vote --reject none", [1, 2, 3, 4, 5]),
    ("en", "vote --reject ALL", []),
    ("en", "vote --approve none", []),
    ("de", "vote --approve alle", [1, 2, 3, 4, 5]),
    ("de", "vote --reject alle", []),
    ("de", "vote --reject niemand", [1, 2, 3, 4, 5]),
    ("de", "vote --approve Niemand", []),
    ("en", "vote --approve all --reject none", [1, 2, 3, 4, 5]),
])
def test_a_whole_side_is_named_with_one_word(play, status, lang, command, approve):
    """The most common vote of a game has a short command: everyone approved (or rejected);
    the word works in either language (rules.md §1.4: a unanimous vote is a strict majority)."""
    play(f"new --names {NAMES} --leader 1 --lang {lang}", "propose 1 2", command)
    proposal = status()["proposals"][0]
    assert proposal["approve"] == approve
    assert proposal["approved"] is (approve != [])


@pytest.mark.parametrize("lang, names, refusal", [
    ("en", "all,B,C,D,E", "'all' cannot be a name: in a vote it stands for a whole side "
                          "(--approve all, --reject none, alle, niemand). Choose another name."),
    ("en", "Ann,NONE,C,D,E", "'NONE' cannot be a name: in a vote it stands for a whole side "
                             "(--approve all, --reject none, alle, niemand). Choose another name."),
    ("de", "Anna,Annabel,niemand,Dora,Emil",
     "„niemand“ kann kein Name sein: Bei der Abstimmung steht es für eine ganze Seite "
     "(--approve alle, --reject niemand, all, none). Wähle einen anderen Namen."),
    ("de", "Alle,Ben,Carl,Dora,Emil", "„Alle“ kann kein Name sein: Bei der Abstimmung steht es "
     "für eine ganze Seite (--approve alle, --reject niemand, all, none). Wähle einen anderen "
     "Namen."),
])
def test_a_name_that_is_a_word_of_the_vote_in_any_language_is_refused(refused, lang, names,
                                                                       refusal):
    """`--approve all` must mean everyone: a player called `all` would turn the vote into
    one approval (rules.md §1.4 counts every player's vote), so no player is called so."""
    assert refused(f"new --lang {lang} --players 5 --names {names} --no-play") == refusal


@pytest.mark.parametrize("command, word", [("vote --approve all,ute", "all"),
                                           ("vote --reject none --reject 2", "none")])
def test_the_word_for_a_whole_side_stands_alone(umlauts, play, refused, command, word):
    play("propose 1 2")
    assert refused(command) == (f"'{word}' means a whole side and stands alone: "
                                "--approve all, --reject none, or name the players.")


def test_everyone_approving_on_one_side_and_someone_rejecting_is_refused(umlauts, play,
                                                                        refused):
    play("propose 1 2")
    assert refused("vote --approve all --reject ute") == (
        "Ute cannot both approve and reject.")


def test_the_assassin_and_the_commander_are_named_the_same_ways(play, status):
    play(f"new --names {NAMES} --leader 1 --modules commander",
         *("propose 1 2", "vote --approve 1,2,3", "mission --fails 0"),
         *("propose 1 2 3", "vote --approve 1,2,3", "mission --fails 0"),
         *("propose 1 2", "vote --approve 1,2,3", "mission --fails 0"),
         "assassinate ute --commander Bj")
    assert status()["assassination"] == {"target": 4, "commander": 5}


def test_a_name_typed_in_decomposed_unicode_is_found(umlauts, play, status):
    # macOS keyboards may send "Jo" + combining diaeresis + "rg"
    play(f"propose {unicodedata.normalize('NFD', 'Jörg')} 2")
    assert status()["team"] == [1, 2]


def test_the_first_leader_can_be_named(play, status):
    play(f"new --names {NAMES} --leader ömer")
    assert status()["leader"] == 3


def test_names_that_differ_only_in_case_are_refused(refused):
    assert refused("new --names Ute,ute,Al,Bo,Cy") == (
        "The name 'ute' is given twice: every player needs a name of their own."
    )


def test_names_that_differ_only_in_unicode_normalisation_are_refused(refused):
    decomposed = unicodedata.normalize("NFD", "Jörg")
    assert refused(f"new --names Jörg,{decomposed},Al,Bo,Cy").startswith("The name ")


def test_a_number_cannot_be_a_name(refused):
    assert refused("new --names 7,Al,Bo,Cy,Di") == (
        "'7' cannot be a name: numbers stand for seats. Choose another name."
    )


def test_names_are_printed_as_typed_even_when_they_look_like_markup(play, moderator):
    play("new --names Al[/b],Bo,Cy,Di,Ed --leader 2")
    result = moderator("propose 1 2")
    assert result.exit_code == 0, result.output
    assert "Bo proposes Al[/b] and Bo for mission 1 (attempt 1)." in result.stdout


# -- default names ------------------------------------------------------------------------------


def test_default_names_in_english(play, status):
    play("new --players 5")
    assert status()["players"] == ["Player 1", "Player 2", "Player 3", "Player 4", "Player 5"]


def test_default_names_in_german(play, status):
    play("new --players 5 --lang de")
    assert status()["players"] == [
        "Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4", "Spieler 5",
    ]


def test_default_names_can_be_typed_in_full(play, status):
    play("new --players 5 --leader 1", "propose 'player 1' 'Player 2'")
    assert status()["team"] == [1, 2]


def test_player_1_is_not_ambiguous_at_a_table_of_ten(play, status):
    play("new --players 10 --leader 1", "propose 'Player 1' 'Player 10' 2")
    assert status()["team"] == [1, 2, 10]


def test_the_common_start_of_default_names_is_ambiguous(play, refused):
    play("new --players 5 --leader 1")
    assert refused("propose Player 1") == (
        "'Player' could be Player 1, Player 2, Player 3, Player 4, Player 5: "
        "type more of the name, or the seat number."
    )
