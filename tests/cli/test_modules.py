"""Rogue Agent, Sergeant and Commander games from the command line (rules.md §5.1, §7, §8)."""

import pytest

from moderator.i18n import t

NAMES = "--names Anna,Ben,Carl,Dora,Emil,Fritz,Gabi,Hans,Ida"


def test_the_users_example_is_refused_in_clear_german_and_nothing_is_created(refused, files):
    """rules.md §8: the Sergeant does not combine with any module that brings its own
    mission cards, so not with the Rogue."""
    line = refused("new --players 9 --modules rogue,sergeant --lang de")
    assert line == t(
        "de", "errors.forbidden", first="Der Einzelgänger", second="Der Feldwebel",
        first_id="rogue", second_id="sergeant", section="§8",
    )
    assert line.startswith("Nach den Regeln dürfen „Der Einzelgänger“ (rogue) und „Der "
                           "Feldwebel“ (sergeant) nicht zusammen gespielt werden")
    assert "„Der Feldwebel“ passt zu keinem Modul mit eigenen Missionskarten" in line
    assert "--allow-incompatible" in line
    assert files() == {}


def test_the_users_example_can_be_played_as_a_house_rule(play, status):
    play("new --players 9 --modules rogue,sergeant --lang de --allow-incompatible")
    assert status()["modules"] == ["rogue", "sergeant"]


def test_a_rogue_and_commander_game_ends_with_the_resistance_rogue_alone(play, status):
    """rules.md §7: Rogue Success on the third success and on an earlier mission; the
    Assassination is skipped (§5.1)."""
    play(f"new --players 9 {NAMES} --modules rogue,commander --leader anna")
    output = play(
        "propose anna ben carl", "vote --reject ida", "watch anna",
        "mission --fails 0 --rogue-success 1",
        "propose ben carl dora emil", "vote --reject ida", "watch ben", "mission --fails 1",
        "propose carl dora emil fritz", "vote --reject ida", "watch carl", "mission --fails 0",
        # Carl, on mission 1's team without the Watch token, is on this one too (§13.1)
        "propose carl dora emil fritz gabi", "vote --reject ida", "watch dora",
        "mission --fails 1 --rogue-success 1",
    )
    assert "Mission 4 succeeded with 1 Fail card." in output  # two-fail mission at 9 players
    assert "Game over: the resistance Rogue wins alone" in output
    shown = status()
    assert (shown["phase"], shown["winner"], shown["reason"]) == (
        "game_over", None, "resistance_rogue_wins")
    assert shown["winners"] == [{"winner": "resistance-rogue", "victory": "full"}]
    assert [m["watch"] for m in shown["missions"]] == [1, 2, 3, 4]
    assert [m["rogue_success"] for m in shown["missions"]] == [1, 0, 0, 1]
    assert shown["leader"] is None and shown["mission"] is None


def test_without_a_personal_win_the_assassination_decides(play, status, moderator):
    play(f"new --players 9 {NAMES} --modules rogue,commander --leader anna")
    play(
        "propose anna ben carl", "vote --reject ida", "watch anna", "mission --fails 0",
        "propose ben carl dora emil", "vote --reject ida", "watch ben", "mission --fails 0",
        "propose carl dora emil fritz", "vote --reject ida", "watch carl", "mission --fails 0",
    )
    assert status()["phase"] == "assassination"
    output = play("assassinate gabi --commander hans")
    assert "Game over: the Resistance wins, a partial victory for the resistance Rogue" in output
    assert status()["winners"] == [{"winner": "resistance", "victory": "full"},
                                   {"winner": "resistance-rogue", "victory": "partial"}]


def test_the_watch_token_is_asked_for_and_explained(play, moderator):
    play(f"new --players 9 {NAMES} --modules rogue --leader anna", "propose anna ben carl")
    output = play("vote --reject ida")
    assert "now Anna gives the Watch token to one of its members" in output
    assert "→ moderator watch PLAYER" in output
    assert moderator("mission --fails 0").exit_code == 1
    output = play("watch carl")
    assert ("Carl holds the Watch token: if they are the resistance Rogue, they may not play "
            "Rogue Success on this mission.") in output
    assert moderator("watch dora").exit_code == 1


def test_the_spy_rogue_claims_at_the_third_failure(play, status, refused):
    play(f"new --players 9 {NAMES} --modules rogue --leader anna")
    play(
        "propose anna ben carl", "vote --reject ida", "watch anna", "mission --fails 1",
        "propose anna dora emil fritz", "vote --reject ida", "watch anna", "mission --fails 1",
        "propose anna gabi hans ida", "vote --reject ida", "watch anna", "mission --fails 1",
    )
    assert status()["phase"] == "rogue_claim"
    assert refused("rogue-claim ben") == (
        "Ben cannot be the winning spy Rogue: they were not on the team of this failed mission."
    )
    assert refused("rogue-claim gabi") == (
        "Gabi cannot be the winning spy Rogue: they were on no earlier team that revealed a "
        "Fail card."
    )
    assert refused("rogue-claim", exit_code=2) == (
        "Name the player who shows the spy Rogue card, or say --nobody."
    )
    output = play("rogue-claim anna")
    assert "Anna shows the spy Rogue card." in output
    assert status()["winners"] == [{"winner": "spy-rogue", "victory": "full"}]
    play("undo")
    play("rogue-claim --nobody")
    assert status()["winners"] == [{"winner": "spies", "victory": "full"},
                                   {"winner": "spy-rogue", "victory": "partial"}]


def test_a_sergeant_game_from_start_to_finish(play, status, refused, moderator):
    """rules.md §8: a Sergeant on every mission, an optional switch, then the reveal."""
    play("new --players 7 --names Anna,Ben,Carl,Dora,Emil,Fritz,Gabi --modules sergeant "
         "--leader anna")
    assert refused("propose anna ben") == (
        "With the Sergeant module the leader names a Sergeant on every mission: add "
        "--sergeant PLAYER."
    )
    assert refused("propose anna ben --sergeant anna") == (
        "The leader cannot be their own Sergeant: name another team member."
    )
    output = play("propose anna ben --sergeant ben")
    assert "Sergeant: Ben." in output
    output = play("vote --reject gabi")
    assert "the Sergeant Ben may order one other team member to switch" in output
    assert "→ moderator mission --fails K [--switch PLAYER]" in output
    assert refused("mission --fails 1 --switch ben") == (
        "The Sergeant cannot make themselves switch: name another team member."
    )
    output = play("mission --fails 1 --switch anna")
    assert "The Sergeant Ben made Anna switch cards." in output
    assert "Mission 1 failed: 1 Fail card." in output
    play(
        "propose ben carl dora --sergeant carl", "vote --reject gabi", "mission --fails 0",
        "propose carl dora emil --sergeant dora", "vote --reject gabi", "mission --fails 0",
        "propose dora emil fritz gabi --sergeant gabi", "vote --reject gabi",
        "mission --fails 2",
        "propose emil fritz gabi anna --sergeant anna", "vote --reject gabi",
    )
    output = play("mission --fails 0")
    assert "Game over: the Resistance wins (three missions succeeded)." in output
    shown = status()
    assert [m["sergeant"] for m in shown["missions"]] == [2, 3, 4, 7, 1]
    assert [m["switched"] for m in shown["missions"]] == [1, None, None, None, None]
    log = moderator("log").stdout
    assert "team Anna, Ben; Sergeant Ben" in log
    assert "mission cards: 1 Fail; the Sergeant made Anna switch" in log


def test_undo_walks_back_through_module_steps(play, status):
    play(f"new --players 9 {NAMES} --modules rogue --leader anna",
         "propose anna ben carl", "vote --reject ida", "watch anna",
         "mission --fails 0 --rogue-success 1")
    play("undo")
    assert (status()["phase"], status()["watch"]) == ("mission", 1)
    play("undo")
    assert status()["phase"] == "watch"
    play("redo", "redo")
    assert status()["missions"][0]["rogue_success"] == 1


@pytest.mark.parametrize("lang,contradiction", [("en", "counts as a success"),
                                                ("de", "zählt als Erfolg")])
def test_a_rogue_success_on_a_failed_mission_does_not_read_as_a_success(play, lang,
                                                                         contradiction):
    """Issue 35, item 4: "Mission 2 failed … it counts as a success" read as a contradiction.
    The card counts as a Success card (rules.md §7); the Fail card still fails the mission."""
    play(f"new --players 7 --modules rogue --roles resistance-rogue --leader 1 --lang {lang} "
         "--no-play", "propose 1 2", "vote --approve all", "watch 1",
         "mission --fails 0 --rogue-success 1", "propose 2 3 4", "vote --approve all",
         "watch 3")
    shown = play("mission --fails 1 --rogue-success 1")
    assert t(lang, "result.mission_fail", mission=2, count=1) in shown
    assert contradiction not in shown
    assert t(lang, "result.rogue_success_failed", count=1) in shown
