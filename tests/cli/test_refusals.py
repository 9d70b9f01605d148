"""Bad input is refused: exit 1, one translated line on stderr that says what is wrong and what
to do, and not one byte written (the `refused` fixture checks all of that).

Each refusal is shown in an English game and in a German one (created with `new --lang de`,
later commands without --lang); refusals of `new` and of a missing game use `--lang de`.
English messages are written out; German ones are the German catalogue's message with the
values the refusal must name (the German wording is still being polished).
"""

from __future__ import annotations

import pytest

from moderator.i18n import t

NAMES = "Jörg,Änne,Ömer,Ute,Björn,Anna,Anne"  # seven players, seats 1 to 7


def de(key: str, **params: object) -> str:
    """A message of the German catalogue."""
    return t("de", key, **params)


def both(english: str, german: str) -> list:
    """Parameters of a refusal shown in an English and in a German game."""
    return [pytest.param("en", english, id="en"), pytest.param("de", german, id="de")]


def table(play, lang: str, *commands: str) -> None:
    """The seven players above, Jörg leading, in an English or a German game."""
    play(f"new --names {NAMES} --leader 1 --lang {lang}", *commands)


def five_players(play, lang: str, *commands: str) -> None:
    play(f"new --players 5 --leader 1 --lang {lang}", *commands)


# -- teams ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, message", both(
    "Mission 1 needs a team of exactly 2, not 3.",
    de("errors.team_size", mission=1, size=2, given=3),
))
def test_a_team_of_the_wrong_size(play, refused, lang, message):
    table(play, lang)
    assert refused("propose 1 2 3") == message


@pytest.mark.parametrize("lang, message", both(
    "There is no player 'Jorg' at this table. Did you mean Jörg?",
    de("errors.player_unknown_hint", name="Jorg", hint="Jörg"),
))
def test_a_name_not_at_the_table_suggests_the_closest_name(play, refused, lang, message):
    table(play, lang)
    assert refused("propose Jorg Ute") == message


@pytest.mark.parametrize("lang, message", both(
    "There is no player 'Xavier' at this table. "
    "Players: Jörg, Änne, Ömer, Ute, Björn, Anna, Anne.",
    de("errors.player_unknown", name="Xavier",
           names="Jörg, Änne, Ömer, Ute, Björn, Anna, Anne"),
))
def test_a_name_like_nobody_at_the_table_lists_the_players(play, refused, lang, message):
    table(play, lang)
    assert refused("propose Xavier Ute") == message


@pytest.mark.parametrize("lang, message", both(
    "'An' could be Anna, Anne: type more of the name, or the seat number.",
    de("errors.player_ambiguous", name="An", matches="Anna, Anne"),
))
def test_an_ambiguous_prefix(play, refused, lang, message):
    table(play, lang)
    assert refused("propose An Ute") == message


@pytest.mark.parametrize("lang, message", both(
    "Jörg is named twice: name every player once.",
    de("errors.player_twice_named", name="Jörg"),
))
def test_a_player_named_twice_in_a_team(play, refused, lang, message):
    table(play, lang)
    assert refused("propose jörg 1") == message


@pytest.mark.parametrize("lang, message", both(
    "There is no seat 8: seats go from 1 to 7.",
    de("errors.seat_unknown", number=8, players=7),
))
def test_a_seat_past_the_last(play, refused, lang, message):
    table(play, lang)
    assert refused("propose 8 1") == message


@pytest.mark.parametrize("lang, message", both(
    "There is no seat 0: seats go from 1 to 7.",
    de("errors.seat_unknown", number=0, players=7),
))
def test_seat_0(play, refused, lang, message):
    table(play, lang)
    assert refused("propose 0 1") == message


# -- votes ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, message", both(
    "With --approve and --reject together every player must be named; "
    "missing: Ute, Björn, Anna, Anne.",
    de("errors.vote_missing", names="Ute, Björn, Anna, Anne"),
))
def test_a_vote_that_misses_players(play, refused, lang, message):
    table(play, lang, "propose 1 2")
    assert refused("vote --approve 1,2 --reject 3") == message


@pytest.mark.parametrize("lang, message", both(
    "Ute is named twice: name every player once.",
    de("errors.player_twice_named", name="Ute"),
))
def test_a_vote_that_names_a_player_twice(play, refused, lang, message):
    table(play, lang, "propose 1 2")
    assert refused("vote --reject ute,4") == message


@pytest.mark.parametrize("lang, message", both(
    "Ute cannot both approve and reject.",
    de("errors.vote_both_sides", name="Ute"),
))
def test_a_vote_that_names_a_player_on_both_sides(play, refused, lang, message):
    table(play, lang, "propose 1 2")
    assert refused("vote --approve 1,2,3,4 --reject 4,5,6,7") == message


def test_a_vote_with_neither_side_is_a_usage_error(play, refused):
    table(play, "en", "propose 1 2")
    assert refused("vote", exit_code=2) == (
        "Say how the table voted: --approve PLAYERS, --reject PLAYERS, or both."
    )


def test_a_vote_with_neither_side_is_a_usage_error_in_german_with_lang(play, refused):
    table(play, "en", "propose 1 2")
    assert refused("vote --lang de", exit_code=2) == de("errors.vote_no_side")


def test_a_vote_with_neither_side_is_a_usage_error_in_the_language_of_the_game(play, refused):
    table(play, "de", "propose 1 2")
    assert refused("vote", exit_code=2) == de("errors.vote_no_side")


# -- missions ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, message", both(
    "The team has 2 members, so between 0 and 2 Fail cards can be revealed.",
    de("errors.fails_range", size=2),
))
@pytest.mark.parametrize("fails", ["3", "-1"])
def test_more_fails_than_team_members(play, refused, lang, message, fails):
    table(play, lang, "propose 1 2", "vote --approve 1,2,3,4")
    assert refused(f"mission --fails {fails}") == message


@pytest.mark.parametrize("lang, message", both(
    "There are only 2 spies in this game, so no more than 2 Fail cards can be revealed.",
    de("errors.fails_spies", spies=2),
))
def test_more_fails_than_spies(play, refused, lang, message):
    five_players(play, lang, "propose 1 2", "vote --approve 1,2,3", "mission --fails 0",
                 "propose 1 2 3", "vote --approve 1,2,3")
    assert refused("mission --fails 3") == message


# -- out of turn ------------------------------------------------------------------------------

WAITING_FOR_VOTE = {
    "en": "Not now: a team is waiting for its vote. Record the vote with moderator vote, "
          "or take the proposal back with moderator undo.",
    "de": de("errors.turn.vote"),
}
WAITING_FOR_PROPOSAL = {
    "en": "Not now: the leader has not proposed a team yet. Record it first: "
          "moderator propose PLAYER …",
    "de": de("errors.turn.proposal"),
}
WAITING_FOR_MISSION = {
    "en": "Not now: the approved team is on its mission. Record the revealed cards with "
          "moderator mission --fails K.",
    "de": de("errors.turn.mission"),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_propose_while_a_vote_is_due(play, refused, lang):
    table(play, lang, "propose 1 2")
    assert refused("propose 3 4") == WAITING_FOR_VOTE[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_mission_while_a_vote_is_due(play, refused, lang):
    table(play, lang, "propose 1 2")
    assert refused("mission --fails 0") == WAITING_FOR_VOTE[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_vote_while_a_proposal_is_due(play, refused, lang):
    table(play, lang)
    assert refused("vote --approve 1,2,3,4") == WAITING_FOR_PROPOSAL[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_mission_while_a_proposal_is_due(play, refused, lang):
    table(play, lang)
    assert refused("mission --fails 0") == WAITING_FOR_PROPOSAL[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_propose_while_a_mission_is_due(play, refused, lang):
    table(play, lang, "propose 1 2", "vote --approve 1,2,3,4")
    assert refused("propose 3 4") == WAITING_FOR_MISSION[lang]


def test_a_refusal_in_a_german_game_can_be_read_in_english_with_lang(play, refused):
    table(play, "de")
    assert refused("propose 1 2 3 --lang en") == "Mission 1 needs a team of exactly 2, not 3."


def test_a_refusal_in_an_english_game_can_be_read_in_german_with_lang(play, refused):
    table(play, "en")
    assert refused("propose 1 2 3 --lang de") == de(
        "errors.team_size", mission=1, size=2, given=3
    )


def test_a_refusal_is_one_line_on_a_narrow_terminal(play, refused):
    table(play, "en")
    assert refused("vote --approve 1,2,3,4", env={"COLUMNS": "80"}) == (
        WAITING_FOR_PROPOSAL["en"]
    )


# -- new ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, players, message", [
    pytest.param("en", 4, "The Resistance is played with 5 to 10 players, not 4.", id="en-4"),
    pytest.param("en", 11, "The Resistance is played with 5 to 10 players, not 11.", id="en-11"),
    pytest.param("de", 4, de("errors.player_count", players=4, low=5, high=10), id="de-4"),
    pytest.param("de", 11, de("errors.player_count", players=11, low=5, high=10), id="de-11"),
])
def test_new_with_too_few_or_too_many_players_creates_no_game(refused, moderator, lang,
                                                               players, message):
    assert refused(f"new --players {players} --lang {lang}") == message
    assert moderator("games").stdout.startswith("No saved games yet")


@pytest.mark.parametrize("lang, message", both(
    "The Resistance is played with 5 to 10 players, not 4.",
    de("errors.player_count", players=4, low=5, high=10),
))
def test_new_with_four_names(refused, lang, message):
    assert refused(f"new --names Al,Bo,Cy,Di --lang {lang}") == message


@pytest.mark.parametrize("lang, message", both(
    "3 names were given for 5 players: give one name per player.",
    de("errors.names_count", names=3, players=5),
))
def test_new_with_fewer_names_than_players(refused, lang, message):
    assert refused(f"new --players 5 --names Al,Bo,Cy --lang {lang}") == message


@pytest.mark.parametrize("lang, message", both(
    "There is no module 'bogus'. Modules: plot, rogue, sergeant, commander, defector, "
    "trapper, inquisitor, hunter, reverser.",
    de("errors.module_unknown", module="bogus", known="plot, rogue, sergeant, "
           "commander, defector, trapper, inquisitor, hunter, reverser"),
))
def test_new_with_an_unknown_module(refused, lang, message):
    assert refused(f"new --players 5 --modules bogus --lang {lang}") == message


@pytest.mark.parametrize("lang, message", both(
    "There is no variant 'bogus'. Variants: targeting, blind-spies.",
    de("errors.variant_unknown", variant="bogus", known="targeting, blind-spies"),
))
def test_new_with_an_unknown_variant(refused, lang, message):
    assert refused(f"new --players 5 --variants bogus --lang {lang}") == message


KNOWN_HOUSE_RULES = (
    "plot-deck, plot-strong-leader-rotation, plot-strong-leader-window, plot-same-round-use, "
    "plot-hand-out, plot-take-responsibility, plot-opinion-maker-taken, plot-reveals, "
    "plot-spotlight-target, inquisitor-targeting-timing, inquisitor-defector-allegiance, defector-reveal, "
    "trapper-leader-on-team, trapper-sergeant-same-player, hunter-early-accusation, "
    "reverser-spy-visibility, rogue-win-team, rogue-partial-win, rogue-earlier-mission"
)


@pytest.mark.parametrize("lang, message", both(
    f"There is no house-rule setting 'bogus'. Known settings: {KNOWN_HOUSE_RULES}.",
    de("errors.house_rule_unknown", setting="bogus", known=KNOWN_HOUSE_RULES),
))
def test_new_with_an_unknown_house_rule(refused, lang, message):
    assert refused(f"new --players 5 --house-rule bogus=1 --lang {lang}") == message


@pytest.mark.parametrize("lang, message", both(
    "The house rule plot-hand-out cannot be 'sometimes'. "
    "Choose one of: different-players, any-other-players.",
    de("errors.house_rule_value", setting="plot-hand-out", value="sometimes",
           values="different-players, any-other-players"),
))
def test_new_with_an_unknown_house_rule_value(refused, lang, message):
    assert refused(f"new --players 5 --house-rule plot-hand-out=sometimes --lang {lang}") \
        == message


@pytest.mark.parametrize("lang, message", both(
    "'plot-hand-out' is not a house-rule setting: write it as ID=VALUE, "
    "for example plot-hand-out=any-other-players.",
    de("errors.house_rule_format", given="plot-hand-out"),
))
def test_new_with_a_house_rule_without_a_value(refused, lang, message):
    assert refused(f"new --players 5 --house-rule plot-hand-out --lang {lang}") == message


def test_new_with_an_unknown_language(refused):
    assert refused("new --players 5 --lang fr") == (
        "There is no language 'fr'. Choose one of: en, de."
    )


def test_new_without_players_or_names_is_a_usage_error(refused):
    assert refused("new", exit_code=2) == (
        "Say how many players there are: moderator new --players 5 "
        "(or give their names with --names)."
    )


# -- finding the game -------------------------------------------------------------------------


@pytest.mark.parametrize("lang, message", both(
    "There is no saved game '2020-01-01-1'. See the saved games with moderator games.",
    de("errors.game_unknown", game="2020-01-01-1"),
))
@pytest.mark.parametrize("command", ["status", "propose 1 2", "undo", "log"])
def test_an_unknown_game_id(play, refused, lang, message, command):
    play("new --players 5")
    assert refused(f"{command} --game 2020-01-01-1 --lang {lang}") == message


def test_an_unknown_game_id_in_moderator_game(play, refused):
    play("new --players 5")
    assert refused("status", env={"MODERATOR_GAME": "2020-01-01-1"}).startswith(
        "There is no saved game '2020-01-01-1'."
    )


@pytest.mark.parametrize("lang, message", both(
    "There is no game yet. Start one with: moderator new --players 5",
    de("errors.no_games"),
))
@pytest.mark.parametrize("command", [
    "status", "status --json", "propose 1 2", "vote --approve 1", "mission --fails 0",
    "assassinate 1 --commander 2", "undo", "redo", "log",
])
def test_no_game_yet(refused, lang, message, command):
    assert refused(f"{command} --lang {lang}") == message


# -- a damaged game file ------------------------------------------------------------------------


def damage_line_3(play, game_file, lang="en"):
    """A game of five actions whose third line (the first vote) is replaced by nonsense."""
    five_players(play, lang, "propose 1 2", "vote --approve 1,2,3", "mission --fails 0",
                 "propose 1 2 3")
    path = game_file()
    lines = path.read_bytes().split(b"\n")
    lines[2] = b"nonsense"
    path.write_bytes(b"\n".join(lines))
    return path


@pytest.mark.parametrize("command", [
    "status", "status --json", "propose 1 2 3", "vote --approve 1,2,3", "mission --fails 0",
    "undo", "redo", "log",
])
def test_a_damaged_game_file_is_refused_naming_the_line(play, refused, game_file, command):
    path = damage_line_3(play, game_file)
    assert refused(command) == (
        f"Game {path.stem} is damaged at line 3 of its file, so it cannot be loaded. The file is "
        "left untouched: repair that line by hand or start a new game."
    )


def test_a_damaged_game_file_is_refused_in_german(play, refused, game_file):
    path = damage_line_3(play, game_file, lang="de")
    assert refused("status --lang de") == de("errors.game_corrupt", game=path.stem, line=3)


def test_a_line_the_rules_refuse_marks_the_file_as_damaged(play, refused, game_file):
    five_players(play, "en", "propose 1 2", "vote --approve 1,2,3")
    path = game_file()
    lines = path.read_bytes().split(b"\n")
    lines[2] = b'{"type":"vote","approve":[9]}'
    path.write_bytes(b"\n".join(lines))
    assert "is damaged at line 3 of its file" in refused("status")


def test_games_lists_a_damaged_game_as_unreadable(play, moderator, game_file):
    path = damage_line_3(play, game_file)
    result = moderator("games")
    assert result.exit_code == 0
    assert result.stdout.startswith(f"{path.stem}  cannot be read: Game {path.stem} is damaged")
