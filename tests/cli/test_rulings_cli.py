"""Rulings a table can trust on the command line (issue 13): an impossible record is refused
with its reason before anything is written, in English and in German; Take Responsibility and
Strong Leader say why; every unsettled point is listed by `moderator rules`; nothing the host
tries is silent."""

from __future__ import annotations

import json

import pytest

from moderator.i18n import t
from moderator.rules.house_rules import READINGS, SETTINGS

ROGUE = "new --players 5 --modules rogue --roles resistance-rogue --leader 1 --no-play"


def rogue_record(play, lang: str) -> None:
    """rules.md §13.1's example: team {1,2} reveals a Rogue Success, team {2,3,4} none."""
    play(f"{ROGUE} --lang {lang}", "propose 1 2", "vote --approve all",
         "mission --fails 0 --rogue-success 1", "propose 2 3 4", "vote --approve all",
         "mission --fails 0")


@pytest.mark.parametrize("lang, message", [
    ("en", ("No single player was on the teams of missions 1 and 3 without the Watch token: "
            "only the resistance Rogue plays Rogue Success, so this record is impossible. "
            "Check the revealed cards; nothing was recorded.")),
    ("de", t("de", "errors.rogue_success_impossible", together="1 und 3")),
])
def test_the_impossible_rogue_record_is_refused_on_the_last_mission(play, refused, lang,
                                                                    message):
    """rules.md §7, §13.1 `rogue-possible-record`: team {3,4} with the Watch token on 3 leaves
    only player 4, who was not on team {1,2}: exit 1, one line, the log unchanged."""
    rogue_record(play, lang)
    play("propose 3 4", "vote --approve all", "watch 3")
    assert refused("mission --fails 0 --rogue-success 1") == message


def test_the_same_record_with_an_eligible_shared_player_is_accepted_and_wins(play, status):
    """rules.md §7: team {2,3} with the Watch token on 3 leaves player 2, on team {1,2} too."""
    rogue_record(play, "en")
    shown = play("propose 2 3", "vote --approve all", "watch 3",
                 "mission --fails 0 --rogue-success 1")
    assert "the resistance Rogue wins alone" in shown
    assert status()["reason"] == "resistance_rogue_wins"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_chief_fail_no_spy_chief_could_have_played_is_refused(play, refused, lang):
    """rules.md §6.1, §13.1: at 7 players one spy Chief plays every Chief Fail card."""
    play(f"new --players 7 --modules hunter --leader 1 --no-play --lang {lang}",
         "propose 1 2 --investigator 3", "vote --approve all", "mission --fails 0 --chief-fail 1",
         "accuse --nobody", "investigate 4", "propose 3 4 5 --investigator 6",
         "vote --approve all")
    assert refused("mission --fails 0 --chief-fail 1") == t(
        lang, "errors.chief_fail_impossible", count=1,
        together="1 and 2" if lang == "en" else "1 und 2")


def plot_round_two(play, lang: str = "en") -> None:
    """Seven players with Plot cards: round 1 hands out Keeping a Close Eye and No
    Confidence; round 2 (Player 2 leads) draws Take Responsibility and Strong Leader."""
    play(f"new --players 7 --modules plot --leader 1 --no-play --lang {lang}",
         "plot draw close_eye no_confidence", "plot give close_eye 2",
         "plot give no_confidence 3", "propose 1 2", "vote --approve all", "mission --fails 0",
         "plot draw take_responsibility strong_leader", "plot give take_responsibility 4")


@pytest.mark.parametrize("lang, message", [
    ("en", ("Not yet: Player 4 must first use Take Responsibility, which acts as soon as it "
            "is received; then the leader hands out the next card.")),
    ("de", t("de", "errors.plot_give_pending", seat="Spieler 4",
             card="Verantwortung übernehmen")),
])
def test_the_next_card_waits_while_take_responsibility_is_unresolved(play, refused, lang,
                                                                      message):
    """rules.md §3.3 window 2, §3.4: under `immediate` Take Responsibility resolves the moment
    it is handed out, before the next drawn card; it takes from what is held then."""
    plot_round_two(play, lang)
    assert refused("plot give strong_leader 5") == message
    play("plot use take_responsibility --target 3 --take no_confidence",
         "plot give strong_leader 5")


def test_take_responsibility_with_nothing_to_take_is_discarded_in_one_line(play):
    """rules.md §3.4 (C): handed out first in round 1 nobody else holds a Plot card."""
    shown = play("new --players 7 --modules plot --leader 1 --no-play",
                 "plot draw take_responsibility strong_leader",
                 "plot give take_responsibility 4")
    assert shown.count("Take Responsibility has no effect: no other player holds a Plot card, "
                       "so it goes to the discard pile.") == 1


def test_a_used_card_says_it_is_discarded(play):
    """Nothing silent: a card used once goes to the discard pile, and the host is told."""
    plot_round_two(play)
    shown = play("plot use take_responsibility --target 3 --take no_confidence")
    assert "Take Responsibility has been used and goes to the discard pile." in shown


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_strong_leader_refused_says_why(play, refused, lang):
    """rules.md §3.3 window 1: after the Team tokens are out, the refusal says so (not that
    the moment has passed before the leader acted)."""
    play(f"new --players 7 --modules plot --leader 1 --no-play --lang {lang}",
         "plot draw strong_leader close_eye", "plot give strong_leader 4",
         "plot give close_eye 5", "propose 1 2")
    assert refused("plot use strong_leader") == t(lang, "errors.plot_window.strong_leader_team")


def test_strong_leader_during_the_examination(play, status):
    """rules.md §13.1 `plot-strong-leader-steps`: during the Inquisitor's examination of a new
    round the leader has not acted yet, so a Strong Leader may take over, and draws."""
    play("new --players 7 --modules plot,inquisitor --leader 1 --no-play",
         "plot draw strong_leader close_eye", "plot give strong_leader 4",
         "plot give close_eye 5", "propose 1 2", "vote --approve all", "mission --fails 0",
         "plot draw no_confidence no_confidence", "plot give no_confidence 6",
         "plot give no_confidence 7", "propose 1 2 3", "vote --approve all",
         "mission --fails 0")
    assert status()["phase"] == "examination"
    assert "Player 4 may use Strong Leader now" in play("status")
    shown = play("plot use strong_leader", "examine 1")
    assert "Player 4 uses Strong Leader and is now the leader." in shown
    assert (status()["phase"], status()["leader"]) == ("plot_draw", 4)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_watch_token_on_the_first_two_missions_at_five_says_it_is_not_used(play, refused,
                                                                                lang):
    """rules.md §7: at 5-6 players the Watch token is not used on missions 1 and 2."""
    play(f"{ROGUE} --lang {lang}", "propose 1 2", "vote --approve all")
    assert refused("watch 1") == t(lang, "errors.watch_first_missions", missions=2)


def test_the_early_accusation_at_five_is_the_hosts_confirmation(play):
    """rules.md §6.1, §13.1 `hunter-early-five-six`: at 5-6 no card shows a spy Chief's
    Fail, so the tool says the host confirms the claim, never that it saw one."""
    shown = play("new --players 5 --modules hunter --leader 1 --no-play",
                 "propose 1 2 --investigator 3", "vote --approve all", "mission --fails 1")
    assert "no card shows whether a spy Chief played a Fail on it" in shown
    assert "failed with a spy Chief's Fail" not in shown


def test_every_reading_is_listed_as_unsettled_in_house_rules_json(moderator):
    """rules.md §13.1: every point appears, as a reading (no values), beside the settings."""
    shown = json.loads(moderator("rules house-rules --json").stdout)
    assert [s["id"] for s in shown["house_rules"]] == list(SETTINGS)
    assert {s["kind"] for s in shown["house_rules"]} == {"setting"}
    assert [r["id"] for r in shown["readings"]] == list(READINGS)
    assert all(r["kind"] == "reading" and r["how"] and r["section"] == READINGS[r["id"]]
               for r in shown["readings"])
    spotlight = next(s for s in shown["house_rules"] if s["id"] == "plot-spotlight-target")
    assert [v["value"] for v in spotlight["values"]] == ["any-team-member", "other-team-member"]


@pytest.mark.parametrize("lang, heading", [
    ("en", "Points moderator decides without a source (readings, not settings)"),
    ("de", "Punkte, die moderator ohne Quelle entscheidet (Lesarten, keine Hausregeln)"),
])
def test_house_rules_say_which_points_are_readings(moderator, lang, heading):
    shown = moderator(f"rules house-rules --lang {lang}").stdout
    assert heading in shown
    for point in READINGS:
        assert f", {point}): " in shown


def test_a_topic_lists_its_readings_with_how_moderator_plays_them(moderator):
    """rules.md §13.1: `moderator rules` shows the unsettled point and how it is played."""
    shown = moderator("rules accusation").stdout
    assert ("Not settled by the rules (§13.1, hunter-turned-third-failure): a third failure "
            "reached through a wrong accusation. How moderator plays it: it goes straight to "
            "the spy Hunter's accusation") in shown
    found = json.loads(moderator("rules accusation --json").stdout)
    assert "hunter-early-five-six" in [r["id"] for r in found["readings"]]
    spotlight = json.loads(moderator("rules in-the-spotlight --json").stdout)
    assert [s["id"] for s in spotlight["house_rules"]] == ["plot-spotlight-target"]
