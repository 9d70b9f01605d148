"""History: `undo`, `redo`, `log`, `games`, and choosing a game with --game or MODERATOR_GAME."""

from __future__ import annotations

import json

from moderator.i18n import t

GAME = (
    "propose 1 2", "vote --reject 1,2,3",  # rejected
    "propose 2 3", "vote --approve 1,2,3", "mission --fails 0",
    "propose 3 4 5", "vote --approve 1,2,3", "mission --fails 2",
    "propose 4 5", "vote --approve 1,2,3", "mission --fails 0",
    "propose 5 1 2", "vote --approve 1,2,3", "mission --fails 0",  # three successes
)


# -- undo and redo ----------------------------------------------------------------------------


def test_undo_walks_back_through_a_whole_game_and_redo_walks_forward_again(play, status,
                                                                             refused):
    play("new --players 5 --leader 1")
    seen = [status()]
    for command in GAME:
        play(command)
        seen.append(status())
    assert seen[-1]["winner"] == "resistance"

    for earlier in reversed(seen[:-1]):
        play("undo")
        assert status() == earlier
    refused("undo")

    for later in seen[1:]:
        play("redo")
        assert status() == later
    refused("redo")


def test_undo_says_what_it_took_back(play, moderator):
    play("new --players 5 --leader 1", "propose 1 2")
    result = moderator("undo")
    assert result.exit_code == 0
    assert "Taken back: team Player 1, Player 2." in result.stdout
    assert "Now Player 1 proposes a team of 2 for mission 1, attempt 1 of 5" in result.stdout


def test_redo_says_what_it_brought_back(play, moderator):
    play("new --players 5 --leader 1", "propose 1 2", "vote --reject 4,5", "undo")
    result = moderator("redo")
    assert result.exit_code == 0
    assert "Brought back: vote 3 to 2; approved: Player 1, Player 2, Player 3; " \
           "rejected: Player 4, Player 5." in result.stdout


def test_undo_with_nothing_recorded_is_refused(play, refused):
    play("new --players 5")
    assert refused("undo") == (
        "There is nothing to take back: no action has been recorded."
    )


def test_redo_with_nothing_taken_back_is_refused(play, refused):
    play("new --players 5 --leader 1", "propose 1 2")
    assert refused("redo") == (
        "There is nothing to bring back: no action has been taken back."
    )


def test_a_new_action_after_undo_drops_what_was_taken_back(play, refused, status):
    play("new --players 5 --leader 1", "propose 1 2", "undo", "propose 1 3")
    refused("redo")
    assert status()["team"] == [1, 3]


def test_a_refused_action_after_undo_keeps_what_was_taken_back(play, refused, status):
    play("new --players 5 --leader 1", "propose 1 2", "undo")
    refused("propose 1 2 3")
    play("redo")
    assert status()["team"] == [1, 2]


def test_undo_takes_back_a_proposal_waiting_for_its_vote(play, status):
    play("new --players 5 --leader 1", "propose 1 2", "undo", "propose 4 5")
    shown = status()
    assert (shown["phase"], shown["team"]) == ("vote", [4, 5])


def test_undo_keeps_the_undone_action_in_the_file_until_it_is_replaced(play, game_file):
    play("new --players 5 --leader 1", "propose 1 2")
    lines = game_file().read_text().splitlines()
    play("undo")
    assert game_file().read_text().splitlines()[: len(lines)] == lines


# -- log ----------------------------------------------------------------------------------------


def test_log_lists_every_action_with_mission_attempt_and_leader(play, moderator):
    play("new --players 5 --leader 1", "propose 1 2", "vote --reject 1,2,3", "propose 2 3")
    result = moderator("log")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1:] == [
        "  1. mission 1, attempt 1, leader Player 1: team Player 1, Player 2",
        "  2. mission 1, attempt 1, leader Player 1: vote 2 to 3; approved: Player 4, Player 5; "
        "rejected: Player 1, Player 2, Player 3",
        "  3. mission 1, attempt 2, leader Player 2: team Player 2, Player 3",
    ]
    assert result.stdout.splitlines()[0].endswith(": 3 actions.")


def test_log_lists_a_team_in_seat_order_as_typed_in_any_order(play, moderator):
    """The log names a team as status and export do: by seat, whatever order it was typed in."""
    play("new --players 5 --names Anna,Ben,Carl,Dora,Emil --leader 1", "propose Emil Anna")
    assert "Taken back: team Anna, Emil" in play("undo")
    play("redo")
    output = moderator("log").stdout
    assert "team Anna, Emil" in output and "Emil, Anna" not in output


def test_log_of_a_new_game(play, moderator):
    play("new --players 5")
    assert moderator("log").stdout.endswith(": nothing recorded yet.\n")


def test_log_counts_what_was_taken_back(play, moderator):
    play("new --players 5 --leader 1", "propose 1 2", "vote --reject 1,2,3", "undo", "undo")
    output = moderator("log").stdout
    assert "2 actions taken back (moderator redo brings the next one back)." in output


def test_log_json(play, moderator, status):
    play("new --players 5 --leader 2", "propose 1 2", "vote --approve 1,2,3", "undo")
    result = moderator("log --json")
    assert result.exit_code == 0
    log = json.loads(result.stdout)
    assert log["game"] == status()["game"]
    assert log["players"] == [f"Player {seat}" for seat in range(1, 6)]
    assert log["first_leader"] == 2
    assert [{k: v for k, v in a.items() if k != "at"} for a in log["actions"]] == [
        {"type": "propose", "team": [1, 2]},
    ]
    assert [{k: v for k, v in a.items() if k != "at"} for a in log["undone"]] == [
        {"type": "vote", "approve": [1, 2, 3]},
    ]


def test_log_in_german(play, moderator):
    play("new --players 5 --leader 1 --lang de", "propose 1 2", "vote --reject 1,2,3")
    output = moderator("log").stdout
    where = t("de", "log.where", mission=1, attempt=1, leader="Spieler 1")
    assert f"  1. {where}" + t("de", "log.propose", team="Spieler 1, Spieler 2") in output
    assert t("de", "log.vote", yes=2, no=3, approve="Spieler 4, Spieler 5",
             reject="Spieler 1, Spieler 2, Spieler 3") in output


# -- games, --game and MODERATOR_GAME -----------------------------------------------------------


def test_games_without_any_game(moderator):
    result = moderator("games")
    assert result.exit_code == 0
    assert result.stdout.startswith("No saved games yet (in ")


def test_games_lists_every_game_and_marks_the_newest(play, moderator, status):
    play("new --players 5")
    first = status()["game"]
    play("new --players 6")
    second = status()["game"]
    assert moderator("games").stdout.splitlines() == [
        f"  {first}  5 players  the leader chooses a team",
        f"* {second}  6 players  the leader chooses a team",
    ]


def test_games_shows_who_won(play, moderator):
    play("new --players 5 --leader 1", *("propose 1 2", "vote --reject 1,2,3") * 5)
    assert moderator("games").stdout.endswith("5 players  over: the spies win\n")


def test_commands_work_on_the_newest_game(play, status):
    play("new --players 5", "new --players 7")
    assert len(status()["players"]) == 7


def test_game_option_picks_an_older_game(play, status):
    play("new --players 5 --leader 1")
    older = status()["game"]
    play("new --players 7")
    play(f"propose 1 2 --game {older}")
    assert status(f"--game {older}")["team"] == [1, 2]
    assert status()["phase"] == "proposal"


def test_moderator_game_picks_an_older_game(play, status):
    play("new --players 5 --leader 1")
    older = status()["game"]
    play("new --players 7")
    play("propose 1 2", env={"MODERATOR_GAME": older})
    shown = status(env={"MODERATOR_GAME": older})
    assert (shown["game"], shown["team"]) == (older, [1, 2])


def test_game_option_wins_over_moderator_game(play, status):
    play("new --players 5")
    older = status()["game"]
    play("new --players 7")
    newer = status()["game"]
    assert status(f"--game {newer}", env={"MODERATOR_GAME": older})["game"] == newer


def test_undo_and_log_work_on_the_game_asked_for(play, status, moderator):
    play("new --players 5 --leader 1", "propose 1 2")
    older = status()["game"]
    play("new --players 7")
    play(f"undo --game {older}")
    assert status(f"--game {older}")["phase"] == "proposal"
    assert moderator(f"log --game {older}").stdout == (
        f"Game {older}: nothing recorded yet.\n"
        "1 action taken back (moderator redo brings it back).\n"
    )


def test_undo_of_a_named_action_is_refused_once_the_game_has_moved_on(play, game_file, files):
    """The action the host agreed to take back (issue 35, item 4) is the one taken back, or
    none: another terminal may have recorded one meanwhile."""
    import pytest

    from moderator import session, store
    from moderator.rules import RuleError

    play("new --players 5", *GAME[:5])
    game_id = store.game_ids()[-1]
    named = session.open_game(game_id).history.done[-1].line
    play("propose 3 4 5")  # recorded meanwhile
    before = files()
    with pytest.raises(RuleError) as refused:
        session.undo(game_id, named)
    assert refused.value.code == "errors.undo_moved_on" and files() == before
    assert session.undo(game_id, named + 1)[1]["type"] == "propose"


def test_games_speaks_the_language_of_each_game_it_lists(play, moderator):
    """Issue 35, item 5: German games are listed in German; --lang says otherwise."""
    play("new --players 5 --lang de --no-play", "new --players 5 --lang de --theme avalon "
         "--no-play", "new --players 6 --no-play")
    rows = moderator("games").stdout.splitlines()
    assert "5 Personen" in rows[0] and rows[0].endswith(t("de", "phase.proposal"))
    assert "5 Personen" in rows[1] and rows[1].endswith(t("de", "phase.proposal"))
    assert "6 players" in rows[2] and rows[2].endswith(t("en", "phase.proposal"))
    english = moderator("games --lang en").stdout
    assert "Personen" not in english and english.count("players") == 3
