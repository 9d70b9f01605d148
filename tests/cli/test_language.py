"""Language: a game keeps the language it was created with; --lang overrides it for one call;
`new` takes --lang, then MODERATOR_LANG, then the locale, then English."""

from __future__ import annotations

import pytest

from moderator.cli import main
from moderator.cli.app import run
from moderator.i18n import t


def now(lang: str, leader: str) -> str:
    """The line that says what comes first in a new five-player game."""
    return t(lang, "now.proposal", leader=leader, count=2, mission=1, attempt=1)


@pytest.fixture
def german_game(play):
    play("new --players 5 --leader 1 --lang de")


@pytest.mark.parametrize("command, key, params", [
    ("status", "status.score", {"resistance": 0, "spies": 0}),
    ("propose 1 2", "result.proposed",
     {"leader": "Spieler 1", "team": "Spieler 1 und Spieler 2", "mission": 1, "attempt": 1}),
    ("undo", "errors.nothing_to_undo", {}),
])
def test_a_german_game_speaks_german_without_lang(german_game, moderator, command, key, params):
    assert t("de", key, **params) in moderator(command).output


def test_a_german_game_votes_and_missions_in_german(german_game, play):
    output = play("propose 1 2", "vote --reject 1,2,3", "propose 2 3", "vote --approve 1,2,3",
                  "mission --fails 1", "undo")
    assert "abgelehnt" in output.lower()
    for key, params in (
        ("result.rejected", {"yes": 2, "no": 3}),
        ("result.approved", {"yes": 3, "no": 2}),
        ("result.mission_fail", {"mission": 1, "count": 1}),
        ("history.undo", {"text": t("de", "log.mission", count=1)}),
    ):
        assert t("de", key, **params) in output


def test_lang_en_overrides_a_german_game_for_one_call(german_game, moderator):
    assert now("en", "Spieler 1") in moderator("status --lang en").stdout
    assert now("de", "Spieler 1") in moderator("status").stdout


def test_lang_de_overrides_an_english_game_for_one_call(play, moderator):
    play("new --players 5 --leader 1")
    assert now("de", "Player 1") in moderator("status --lang de").stdout
    assert now("en", "Player 1") in moderator("status").stdout


def test_lang_on_an_action_says_all_of_its_result_in_that_language(play):
    """A team of an English game proposed with --lang de is listed with „und“, as the rest
    of the sentence is German (found by a host's review: „Anna and Ben“)."""
    said = play("new --players 5 --leader 1", "propose 1 2 --lang de")
    assert "Player 1 schlägt Player 1 und Player 2 für Mission 1 vor" in said
    assert "Player 1 proposes Player 1 and Player 2" in play("undo", "propose 1 2")


def test_lang_on_an_action_does_not_change_the_games_language(german_game, play, status):
    play("propose 1 2 --lang en")
    assert status()["lang"] == "de"


def test_status_json_names_the_games_language(german_game, status):
    assert status()["lang"] == "de"


def test_moderator_lang_chooses_german_for_new(moderator, status):
    result = moderator("new --players 5 --leader 1", env={"MODERATOR_LANG": "de"})
    assert result.stdout.startswith("Partie ")
    assert status()["lang"] == "de"


def test_the_locale_chooses_german_for_new(moderator, status):
    result = moderator("new --players 5 --leader 1", env={"LANG": "de_DE.UTF-8"})
    assert result.stdout.startswith("Partie ")
    assert status()["players"][0] == "Spieler 1"


def test_lang_wins_over_moderator_lang(moderator, status):
    moderator("new --players 5 --lang en", env={"MODERATOR_LANG": "de", "LANG": "de_DE.UTF-8"})
    assert status()["lang"] == "en"


def test_moderator_lang_wins_over_the_locale(moderator, status):
    moderator("new --players 5", env={"MODERATOR_LANG": "en", "LANG": "de_DE.UTF-8"})
    assert status()["lang"] == "en"


def test_an_unknown_locale_falls_back_to_english(moderator, status):
    moderator("new --players 5", env={"LANG": "fr_FR.UTF-8"})
    assert status()["lang"] == "en"


def test_without_a_game_refusals_follow_moderator_lang(refused):
    assert refused("status", env={"MODERATOR_LANG": "de"}) == t("de", "errors.no_games")


# -- the entry point --------------------------------------------------------------------------


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("moderator ")


def test_help_is_shown_in_the_language_asked_for(capsys):
    assert run(["vote", "--help", "--lang", "de"]) == 0
    assert t("de", "help.approve") in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("lang, words", [
    ("en", ["--approve all", "--reject none", "or all, or none"]),
    ("de", ["--approve alle", "--reject niemand", "oder „alle“ oder „niemand“"]),
])
def test_vote_help_names_the_words_for_a_whole_side(capsys, lang, words):
    assert run(["vote", "--help", "--lang", lang]) == 0
    shown = " ".join(capsys.readouterr().out.split())  # help wraps its columns
    assert all(word in shown for word in words)


@pytest.mark.parametrize("args", [["vote", "--help", "--lang", "de"], ["--lang", "de", "--help"],
                                  ["--help", "--lang=de"], ["plot", "--help", "--lang", "de"]])
def test_german_help_has_typers_own_words_in_german_too(capsys, args):
    assert run(args) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Aufruf: moderator")
    assert "Optionen:" in shown and "  -h, --help" in shown
    assert "Diese Hilfe zeigen und beenden." in shown
    for english in ("Usage", "Options", "Show this message", "Commands", "env var", "<str>"):
        assert english not in shown


def test_english_help_stays_english_after_a_german_one(capsys):
    assert run(["new", "--help", "--lang", "de"]) == 0
    assert run(["new", "--help"]) == 0
    shown = capsys.readouterr().out.split("Usage: moderator new", 1)
    assert len(shown) == 2 and "Show this message and exit." in shown[1]


def test_run_returns_the_exit_code(capsys):
    assert run(["status"]) == 1
    assert capsys.readouterr().err == (
        "There is no game yet. Start one with: moderator new --players 5\n"
    )


def test_a_mistyped_command_in_a_german_game_is_answered_in_german(german_game, capsys):
    assert run(["mission", "--fails", "x"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(t("de", "errors.usage_number", what="--fails", value="x"))


def test_a_mistyped_command_follows_lang_when_given(german_game, capsys):
    assert run(["propose", "--lang", "en"]) == 2
    assert capsys.readouterr().err.startswith("Missing: the team (PLAYER …).")


def test_a_damaged_german_game_is_reported_in_german(german_game, moderator, game_file):
    path = game_file()
    path.write_bytes(path.read_bytes() + b"nonsense\n{}\n")
    result = moderator("status")
    assert result.exit_code == 1
    assert t("de", "errors.game_corrupt", game=path.stem, line=2) in result.stderr


def test_lang_may_come_before_the_command(german_game, capsys):
    assert run(["--lang", "en", "undo"]) == 1
    assert capsys.readouterr().err == "There is nothing to take back: no action has been recorded.\n"
    assert run(["--lang=en", "plot", "list"]) == 1
    assert capsys.readouterr().err == "This game is played without Plot cards.\n"
