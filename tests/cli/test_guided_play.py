"""`moderator play` and the guided-play settings on the command line. The prompts themselves
are tested in tests/ui and, in a real terminal, in test_play_terminal.py; here the commands
run without a terminal, as in scripts and CI, where nothing may prompt."""

from __future__ import annotations

import json

FIVE = "new --players 5 --leader 1 --no-play"
VOTED = (FIVE, "propose 1 2", "vote --approve 1")  # rejected 1 to 4


def setup_line(game_file) -> dict:
    return json.loads(game_file().read_text("utf-8").splitlines()[0])


def test_play_without_a_terminal_is_refused_and_says_what_to_use(play, refused):
    play(FIVE)
    assert refused("play") == (
        "Guided play needs a terminal to ask its questions in. Without one, record each step "
        "with moderator propose, vote and mission.")


def test_play_without_a_terminal_is_refused_in_the_games_language(play, refused):
    play(FIVE + " --lang de")
    assert refused("play").startswith("Geführtes Spielen braucht ein Terminal")


def test_new_without_a_terminal_never_prompts(moderator, files):
    result = moderator("new")  # no --players: at a terminal it would ask
    assert result.exit_code == 2
    assert files() == {}


def test_new_without_a_terminal_sets_up_and_stops(play, status):
    output = play("new --players 5 --leader 1")
    assert "Shuffle these 5 character cards" in output
    assert status()["proposals"] == [] and status()["phase"] == "proposal"


def test_the_group_may_play_without_the_vote_history(play, moderator, game_file):
    play(FIVE + " --no-vote-history", *VOTED[1:])
    assert setup_line(game_file)["table"] == {"vote_history": False}
    assert "Votes" not in moderator("status").stdout
    assert "Votes" in moderator("status --vote-history").stdout


def test_status_hides_the_vote_history_when_asked(play, moderator):
    play(*VOTED)
    assert "Votes" in moderator("status").stdout
    shown = moderator("status --no-vote-history").stdout
    assert "Votes" not in shown and "Vote track: ●○○○○" in shown


def test_a_discussion_timer_is_kept_with_the_game(play, game_file):
    play(FIVE + " --timer 90")
    assert setup_line(game_file)["table"] == {"timer": 90}


def test_defaults_are_not_written_into_the_setup(play, game_file):
    play(FIVE + " --timer 0")
    assert "table" not in setup_line(game_file)


def test_a_negative_timer_is_refused(refused):
    assert refused(FIVE + " --timer -5") == (
        "The timer needs a number of seconds from 0 to 86400, not -5.")


def test_the_pause_hint_names_the_game_unless_it_is_the_newest():
    from moderator.cli.play import resume_command

    assert resume_command("2026-12-01-2", "2026-12-01-2") == "moderator play"
    assert resume_command("2026-12-01-1", "2026-12-01-2") == (
        "moderator play --game 2026-12-01-1")


def test_play_has_help_in_both_languages(capsys):
    from moderator.cli.app import run
    from moderator.i18n import t

    for lang in ("en", "de"):
        assert run(["play", "--help", "--lang", lang]) == 0
        shown = " ".join(capsys.readouterr().out.split())  # help wraps its columns
        assert t(lang, "help.play") in shown and t(lang, "help.timer") in shown
