"""Whole games played with the non-interactive commands, and `status --json` along the way.

The seven-player game below is the running example: one rejected team, then missions 1 to 4.
Mission 4 at seven players needs two Fail cards (rules.md §1.5), so its single Fail card does
not stop the Resistance's third success.
"""

from __future__ import annotations

import pytest

from moderator.i18n import t

SEVEN_PLAYERS = "new --players 7 --leader 1 --no-play"

MISSION_1 = (
    "propose 1 2",  # Player 1 leads
    "vote --approve 1,2",  # 2 to 5: rejected, the leader card passes to Player 2
    "propose 2 3",
    "vote --reject 5,6,7",  # 4 to 3: approved
    "mission --fails 0",  # success
)
MISSION_2 = ("propose 3 4 5", "vote --approve 3,4,5,6", "mission --fails 1")  # fail
MISSION_3 = ("propose 4 5 6", "vote --reject 7", "mission --fails 0")  # success
MISSION_4 = ("propose 1 2 5 6", "vote --reject 3,4", "mission --fails 1")  # success: needs 2

WHOLE_GAME = MISSION_1 + MISSION_2 + MISSION_3 + MISSION_4

#: rules.md §13: every house-rule setting and its default.
DEFAULT_HOUSE_RULES = {
    "plot-deck": "standard",
    "plot-strong-leader-rotation": "from-new-leader",
    "plot-strong-leader-window": "before-first-action",
    "plot-same-round-use": "allowed",
    "plot-hand-out": "different-players",
    "plot-take-responsibility": "immediate",
    "plot-opinion-maker-taken": "binds-taker",
    "plot-reveals": "loyalty-card",
    "plot-spotlight-target": "any-team-member",
    "inquisitor-targeting-timing": "completed-missions",
    "inquisitor-defector-allegiance": "current",
    "defector-reveal": "standard",
    "trapper-leader-on-team": "not-required",
    "trapper-sergeant-same-player": "allowed",
    "hunter-early-accusation": "once-per-game",
    "reverser-spy-visibility": "normal",
    "rogue-win-team": "no-team-winner",
    "rogue-partial-win": "whenever-team-wins",
    "rogue-earlier-mission": "any-mission",
}

PLAYERS = [f"Player {seat}" for seat in range(1, 8)]


def de(key: str, **params: object) -> str:
    """A message of the German catalogue (its wording is still being polished)."""
    return t("de", key, **params)


# -- status --json ----------------------------------------------------------------------------


def test_status_json_has_every_key_of_the_contract(play, status):
    play(SEVEN_PLAYERS)
    assert set(status()) >= {
        "game", "lang", "players", "modules", "variants", "phase", "leader", "mission",
        "attempt", "team_size", "fails_needed", "score", "proposals", "missions", "winner",
        "reason", "house_rules",
    }


def test_status_json_of_a_new_game(play, status):
    play(SEVEN_PLAYERS)
    shown = status()
    assert shown["game"]
    assert {key: shown[key] for key in (
        "lang", "players", "modules", "variants", "phase", "leader", "mission", "attempt",
        "team_size", "fails_needed", "score", "proposals", "missions", "winner", "reason",
    )} == {
        "lang": "en",
        "players": PLAYERS,
        "modules": [],
        "variants": [],
        "phase": "proposal",
        "leader": 1,
        "mission": 1,
        "attempt": 1,
        "team_size": 2,
        "fails_needed": 1,
        "score": {"resistance": 0, "spies": 0},
        "proposals": [],
        "missions": [],
        "winner": None,
        "reason": None,
    }


def test_status_json_lists_every_house_rule_with_its_default(play, status):
    play(SEVEN_PLAYERS)
    assert status()["house_rules"] == DEFAULT_HOUSE_RULES


def test_a_rejected_team_is_shown_with_approved_false_and_one_based_seats(play, status):
    play(SEVEN_PLAYERS, "propose 1 2", "vote --approve 1,2")
    shown = status()
    assert shown["proposals"] == [{
        "mission": 1, "attempt": 1, "leader": 1, "team": [1, 2],
        "approve": [1, 2], "reject": [3, 4, 5, 6, 7], "approved": False,
    }]
    assert (shown["phase"], shown["leader"], shown["mission"], shown["attempt"]) == (
        "proposal", 2, 1, 2,
    )


def test_a_team_waiting_for_its_vote_is_not_yet_in_proposals(play, status):
    play(SEVEN_PLAYERS, "propose 1 2")
    shown = status()
    assert shown["phase"] == "vote"
    assert shown["proposals"] == []
    assert shown["team"] == [1, 2]


def test_an_approved_team_is_shown_with_approved_true(play, status):
    play(SEVEN_PLAYERS, *MISSION_1[:4])
    shown = status()
    assert shown["phase"] == "mission"
    assert shown["proposals"][-1] == {
        "mission": 1, "attempt": 2, "leader": 2, "team": [2, 3],
        "approve": [1, 2, 3, 4], "reject": [5, 6, 7], "approved": True,
    }


def test_missions_are_shown_with_their_result(play, status):
    play(SEVEN_PLAYERS, *MISSION_1, *MISSION_2)
    shown = status()
    assert shown["missions"] == [
        {"mission": 1, "team": [2, 3], "fails": 0, "result": "success"},
        {"mission": 2, "team": [3, 4, 5], "fails": 1, "result": "fail"},
    ]
    assert shown["score"] == {"resistance": 1, "spies": 1}


def test_mission_4_with_seven_players_needs_a_team_of_4_and_two_fails(play, status):
    play(SEVEN_PLAYERS, *MISSION_1, *MISSION_2, *MISSION_3)
    shown = status()
    assert (shown["mission"], shown["team_size"], shown["fails_needed"], shown["leader"]) == (
        4, 4, 2, 5,
    )


def test_one_fail_card_on_mission_4_still_succeeds_with_seven_players(play):
    output = play(SEVEN_PLAYERS, *MISSION_1, *MISSION_2, *MISSION_3, *MISSION_4)
    assert "Mission 4 succeeded with 1 Fail card." in output
    assert "One Fail card is not enough on this mission: it needs two." in output


def test_three_successes_win_for_the_resistance(play, status):
    play(SEVEN_PLAYERS, *WHOLE_GAME)
    shown = status()
    assert (shown["phase"], shown["winner"], shown["reason"]) == (
        "game_over", "resistance", "three_successes",
    )
    assert shown["score"] == {"resistance": 3, "spies": 1}
    assert [m["result"] for m in shown["missions"]] == ["success", "fail", "success", "success"]
    assert shown["missions"][-1] == {"mission": 4, "team": [1, 2, 5, 6], "fails": 1,
                                     "result": "success"}


def test_nothing_is_due_once_the_game_is_over(play, status):
    play(SEVEN_PLAYERS, *WHOLE_GAME)
    shown = status()
    assert [shown[key] for key in ("leader", "mission", "attempt", "team_size", "fails_needed")] \
        == [None] * 5


# -- what the host reads ----------------------------------------------------------------------


def test_a_seven_player_game_in_english(play):
    output = play(SEVEN_PLAYERS, *WHOLE_GAME)
    for line in (
        "Game ",
        "Shuffle these 7 character cards and deal one to each player, face down:",
        "  4 × Resistance",
        "  3 × Spy",
        "First leader: Player 1 (seat 1). Give them the leader card.",
        "Player 1 proposes Player 1 and Player 2 for mission 1 (attempt 1).",
        "Rejected, 2 to 5.",
        "Vote track: ●○○○○ 1 of 5. Player 2 gets the leader card.",
        "Approved, 4 to 3.",
        "Mission 1 succeeded: no Fail card.",
        "Mission 2 failed: 1 Fail card.",
        "Score: Resistance 1 · Spies 1.",
        "Now Player 5 proposes a team of 4 for mission 4, attempt 1 of 5",
        "Mission 4 succeeded with 1 Fail card.",
        "Game over: the Resistance wins (three missions succeeded).",
    ):
        assert line in output


def test_a_seven_player_game_in_german(play):
    output = play(SEVEN_PLAYERS + " --lang de", *WHOLE_GAME)
    assert "abgelehnt" in output.lower()
    assert "Mission 4" in output
    for line in (
        de("setup.created", game=output.split()[1].rstrip(":"), count=7, language="Deutsch"),
        de("setup.deck", count=7),
        de("setup.leader_chosen", leader="Spieler 1", seat=1),
        de("result.proposed", leader="Spieler 1", team="Spieler 1 und Spieler 2", mission=1,
           attempt=1),
        de("result.rejected", yes=2, no=5),
        de("result.approved", yes=4, no=3),
        de("result.mission_fail", mission=2, count=1),
        de("result.mission_success", mission=4, count=1),
        de("result.two_fails_held"),
        de("now.game_over", winner=de("winner.resistance"), reason=de("reason.three_successes")),
    ):
        assert line in output
    for english in ("Rejected", "Approved", "Mission 4 succeeded", "Player 1", "Game over"):
        assert english not in output


def test_a_german_game_gives_the_same_status_json_but_its_language_and_names(play, status):
    play(SEVEN_PLAYERS, *WHOLE_GAME)
    english = status()
    play(SEVEN_PLAYERS + " --lang de", *WHOLE_GAME)
    german = status()
    assert german["lang"] == "de"
    assert german["players"] == [f"Spieler {seat}" for seat in range(1, 8)]
    assert german["game"] != english["game"]
    same = {key: value for key, value in german.items() if key not in ("game", "lang", "players")}
    assert same == {key: english[key] for key in same}


def test_status_shows_the_table(play, moderator):
    play(SEVEN_PLAYERS, *MISSION_1)
    result = moderator("status")
    assert result.exit_code == 0
    assert "Score: Resistance 1 · Spies 0" in result.stdout
    assert "4*" in result.stdout and "* two Fail cards needed" in result.stdout
    assert "Now Player 3 proposes a team of 3 for mission 2, attempt 1 of 5" in result.stdout


# -- five rejections --------------------------------------------------------------------------

FIVE_REJECTIONS = ("propose 1 2", "vote --reject 1,2,3") * 5


def test_five_rejected_teams_in_one_round_win_for_the_spies(play, status):
    output = play("new --players 5 --leader 1", *FIVE_REJECTIONS)
    assert "Game over: the spies win (five teams in a row were rejected in one round)." in output
    shown = status()
    assert (shown["phase"], shown["winner"], shown["reason"]) == (
        "game_over", "spies", "five_rejections",
    )
    assert [p["approved"] for p in shown["proposals"]] == [False] * 5
    assert [p["leader"] for p in shown["proposals"]] == [1, 2, 3, 4, 5]
    assert [shown[key] for key in ("leader", "mission", "attempt", "team_size", "fails_needed")] \
        == [None] * 5


def test_the_fifth_attempt_is_announced_as_the_last(play):
    output = play("new --players 5 --leader 1", *FIVE_REJECTIONS[:8])
    assert "attempt 5 of 5" in output
    assert "Last attempt: if this team is rejected, the spies win." in output


@pytest.mark.parametrize("command", [
    "propose 1 2",
    "vote --approve 1,2,3",
    "vote --reject 1",
    "mission --fails 0",
])
def test_after_the_game_is_over_nothing_more_can_be_recorded(play, refused, command):
    play("new --players 5 --leader 1", *FIVE_REJECTIONS)
    assert refused(command) == (
        "This game is over: nothing more can be recorded. Start a new one with moderator new, "
        "or take the last action back with moderator undo."
    )


def test_after_the_game_is_over_an_assassination_is_refused(play, refused):
    play("new --players 5 --leader 1", *FIVE_REJECTIONS)
    refused("assassinate 1 --commander 2")


def test_after_the_game_is_over_redo_has_nothing_to_bring_back(play, refused):
    play("new --players 5 --leader 1", *FIVE_REJECTIONS)
    refused("redo")


def test_after_the_game_is_over_the_table_can_still_be_read(play):
    play("new --players 5 --leader 1", *FIVE_REJECTIONS)
    play("status", "status --json", "log", "log --json", "games")


def test_after_the_game_is_over_the_last_vote_can_be_taken_back(play, status):
    play("new --players 5 --leader 1", *FIVE_REJECTIONS, "undo")
    shown = status()
    assert (shown["phase"], shown["attempt"], shown["winner"]) == ("vote", 5, None)


@pytest.mark.parametrize("lang,warning", [
    ("en", "One more rejection and the spies win."), ("de", "Noch eine Ablehnung"),
])
def test_the_fifth_proposal_warning_goes_once_the_fifth_team_is_approved(
        play, moderator, lang, warning):
    """rules.md §1.4: the warning holds while the round's fifth team is still to be voted
    on; after its approval nothing can reject it (no Plot cards here)."""
    play(f"new --players 5 --leader 1 --lang {lang} --no-play")
    for leader in range(1, 5):
        play(f"propose {leader} {leader % 5 + 1}", "vote --reject all")
    assert warning in moderator("status").stdout
    play("propose 5 1")
    assert warning in moderator("status").stdout
    approved = play("vote --approve all")
    assert warning not in approved
    assert warning not in moderator("status").stdout
