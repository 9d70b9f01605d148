"""`moderator rules`: a question answered, what applies now, the house-rule settings.

design.md §4: `moderator rules [QUERY]` (rules lookup; without a query, what applies right
now) and `moderator rules house-rules` (every house-rule setting, its values and default).
A question needs no game; reading rules never writes anything.
"""

from __future__ import annotations

import json

import pytest

from moderator.i18n import t
from moderator.rules.house_rules import SETTINGS

SEVEN = "new --players 7 --names Anna,Ben,Carl,Dora,Emil,Fritz,Gabi --leader anna --no-play"


# -- a question --------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [
    "rules does a tie pass",
    "rules 'does a tie pass?'",
    "rules DOES A TIE PASS",
])
def test_a_question_is_answered_in_full_with_quotes_or_without(moderator, command):
    result = moderator(command)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "A tie rejects the team"
    assert lines[1] == t("en", "topics.tie.answer")
    assert lines[2] == t("en", "topics.tie.detail")
    assert "Source: rules reference §1.4 · confidence A (confirmed)" in result.stdout


def test_a_german_question_is_answered_in_german(moderator):
    result = moderator(["rules", "wer darf Misstrauen spielen?", "--lang", "de"])
    assert result.exit_code == 0
    assert result.stdout.startswith("„Misstrauen“ (Plotkarte)\n")
    assert "Nur mit „Die Spannung steigt“." in result.stdout


def test_a_question_in_a_german_game_is_answered_in_german(play, moderator):
    play(SEVEN + " --lang de")
    assert moderator("rules darf der anführer ins team").stdout.startswith(
        "Darf der Anführer ins Team?\n")


def test_a_question_clearly_in_the_other_language_is_answered_in_that_language(play, moderator):
    """Issue 25: the host asked in English in a German game, so the answer is English, its
    labels too."""
    play(SEVEN + " --lang de")
    shown = moderator("rules can the leader be on the team").stdout
    assert shown.startswith("Can the leader be on the team?\n")
    assert "Regel" not in shown


def test_an_unsettled_point_shows_the_default_and_the_games_choice(play, moderator):
    """rules.md §13: the default is the first value; the game records its own choice."""
    play(SEVEN + " --modules rogue --house-rule rogue-win-team=team-partial")
    shown = moderator("rules rogue wins alone").stdout
    assert ("Not settled by the rules (§7): The Rogue's team when a Rogue wins (house rule). "
            "moderator plays the default; choose another with "
            "moderator new --house-rule rogue-win-team=VALUE.") in shown
    assert "  default: no-team-winner: only the Rogue wins; no team wins or loses" in shown
    assert "  this game: team-partial: the Rogue's team also scores a partial victory" in shown


def test_a_topic_id_opens_the_topic(moderator):
    assert moderator("rules two-fails").stdout.startswith(
        "The fourth mission needs two Fail cards at 7+ players\n")


def test_a_question_as_json(moderator):
    result = moderator("rules --json Fuhrungsstarke")
    shown = json.loads(result.stdout)
    assert shown["topic"] == "strong-leader"
    assert (shown["section"], shown["confidence"]) == ("§3.4, §3.3, §1.7", "A")
    assert set(shown) >= {"query", "title", "answer", "detail", "applies", "house_rules",
                          "others"}
    window = shown["house_rules"][0]
    assert (window["id"], window["default"], window["game"]) == (
        "plot-strong-leader-window", "before-first-action", None)


def test_a_question_nothing_answers_is_refused(refused):
    assert refused("rules xyzzy plugh") == (
        "No rules topic matches 'xyzzy plugh'. Try other words, a card or role name, "
        "or moderator rules house-rules.")


def test_a_question_needs_no_readable_game(play, moderator, game_file):
    """A damaged game is no reason to refuse a question about the rules."""
    play(SEVEN)
    with game_file().open("a", encoding="utf-8") as log:
        log.write('{"type": "vote", "approve": [99]}\n{"type": "mission"')
    result = moderator("rules does a tie pass")
    assert result.exit_code == 0
    assert result.stdout.startswith("A tie rejects the team\n")


def test_reading_the_rules_writes_nothing(play, moderator, files):
    play(SEVEN, "propose anna ben")
    before = files()
    for command in ("rules", "rules does a tie pass", "rules house-rules", "rules --json"):
        assert moderator(command).exit_code == 0
    assert files() == before


# -- what applies now --------------------------------------------------------------------------


def test_without_a_game_it_says_how_to_ask(moderator):
    result = moderator("rules")
    assert result.exit_code == 0
    assert result.stdout.strip() == t("en", "reference.no_game")
    assert json.loads(moderator("rules --json").stdout)["game"] is None


def test_an_unknown_game_is_refused(play, refused):
    play(SEVEN)
    assert refused("rules --game 1999-01-01-1") == (
        "There is no saved game '1999-01-01-1'. See the saved games with moderator games.")


def test_proposal(play, moderator):
    """rules.md §1.2, §1.4: the leader, the team size, one Fail fails, the vote track."""
    play(SEVEN)
    shown = moderator("rules").stdout
    assert shown.startswith("What applies now in game ")
    assert ("Anna leads: mission 1, attempt 1 of 5. If this team is rejected, Ben "
            "leads next.") in shown
    assert "The team has exactly 2 players, one Team token each; Anna may be one of them." in shown
    assert "  Can the leader be on the team?: see moderator rules leader-on-team" in shown


def test_vote(play, moderator):
    """rules.md §1.4: 7 players need 4 approvals."""
    play(SEVEN, "propose anna ben")
    shown = moderator("rules").stdout
    assert "The team needs more than half of the 7 votes: at least 4 approvals." in shown


def test_mission(play, moderator):
    play(SEVEN, "propose anna ben", "vote --approve anna,ben,carl,dora")
    shown = moderator("rules").stdout
    assert "Anna, Ben are on mission 1" in shown
    assert "One Fail card among the revealed cards makes mission 1 fail." in shown


def test_the_fifth_proposal(play, moderator):
    """rules.md §1.4: the fifth rejected team of a round wins for the spies."""
    rejected = []
    for leader, partner in (("anna", "ben"), ("ben", "carl"), ("carl", "dora"), ("dora", "emil")):
        rejected += [f"propose {leader} {partner}", "vote --approve anna"]
    play(SEVEN, *rejected)
    shown = moderator("rules").stdout
    assert "Emil leads: mission 1, attempt 5 of 5." in shown
    assert ("This is the fifth proposal of the round: if this team is rejected, "
            "the spies win at once.") in shown


def test_assassination_and_game_over(play, moderator):
    """rules.md §5.1, §1.6."""
    rounds = []
    for team in ("anna ben", "ben carl dora", "carl dora emil"):
        rounds += [f"propose {team}", "vote --reject gabi", "mission --fails 0"]
    play(SEVEN + " --modules commander", *rounds)
    shown = moderator("rules").stdout
    assert "then the Assassin names one player as the Commander" in shown
    play("assassinate anna --commander ben")
    shown = moderator("rules").stdout
    assert ("The game is over: the Resistance wins, the Assassin named the wrong player."
            in shown)


def test_targeting(play, moderator):
    """rules.md §2.1."""
    play(SEVEN + " --variants targeting")
    shown = moderator("rules").stdout
    assert ("Open missions: 1 (team of 2), 2 (team of 3), 3 (team of 3), "
            "4 (team of 4, fails only with two Fail cards).") in shown
    assert "Mission 5 can be chosen only after two missions have succeeded." in shown


def test_what_applies_now_as_json(play, moderator):
    play(SEVEN, "propose anna ben")
    shown = json.loads(moderator("rules --json").stdout)
    assert (shown["phase"], shown["leader"], shown["team"], shown["approvals_needed"]) == (
        "vote", 1, [1, 2], 4)
    assert [topic["topic"] for topic in shown["topics"]] == ["vote", "tie", "five-rejections"]


def test_what_applies_now_in_a_german_game(play, moderator):
    play(SEVEN + " --lang de", "propose anna ben")
    shown = moderator("rules").stdout
    assert shown.startswith("Was in Partie ")
    assert "mindestens 4 dafür" in shown


# -- house rules -------------------------------------------------------------------------------


def test_house_rules_lists_every_setting_with_its_default(moderator):
    shown = moderator("rules house-rules").stdout
    for setting, (values, section) in SETTINGS.items():
        assert f"{setting} ({section}): " in shown
        assert f"  default: {values[0]}: " in shown
        for value in values[1:]:
            assert f"  or: {value}: " in shown


def test_house_rules_show_the_games_own_choices(play, moderator):
    play(SEVEN + " --house-rule plot-hand-out=any-other-players")
    shown = moderator("rules house-rules").stdout
    assert "  this game: any-other-players: one player may receive several" in shown
    assert shown.count("  this game: ") == 1  # defaults are not repeated


def test_house_rules_as_json(play, moderator):
    play(SEVEN + " --house-rule plot-hand-out=any-other-players")
    shown = json.loads(moderator("rules house-rules --json --all").stdout)["house_rules"]
    assert [s["id"] for s in shown] == list(SETTINGS)
    hand_out = next(s for s in shown if s["id"] == "plot-hand-out")
    assert (hand_out["default"], hand_out["game"]) == ("different-players", "any-other-players")
    assert [v["value"] for v in hand_out["values"]] == ["different-players", "any-other-players"]


def test_house_rules_in_german(moderator):
    shown = moderator("rules house-rules --lang de").stdout
    assert shown.startswith("Hausregeln. Wo die Regeln ungeklärt sind")
    assert "  Voreinstellung: immediate: wird sofort beim Erhalt abgehandelt" in shown


def test_a_question_no_topic_fits_well_is_answered_with_the_nearest_topics(moderator):
    """Issue 17: not one confident wrong answer, but the three nearest topics to choose from."""
    result = moderator("rules kann ich pizza bestellen --lang de")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Zu dieser Frage passt kein Regelthema sicher. Die 3 nächstliegenden:"
    assert all(": siehe moderator rules " in line for line in lines[1:4])
    assert lines[4].startswith("Frag mit anderen Worten noch einmal")
    shown = json.loads(moderator("rules kann ich pizza bestellen --json").stdout)
    assert shown["sure"] is False and len(shown["others"]) == 2
    assert json.loads(moderator("rules does a tie pass --json").stdout)["sure"] is True


@pytest.mark.parametrize("setup, settings, readings", [
    ("--theme avalon --modules lady-of-the-lake", [], []),
    ("--theme avalon --modules lady-of-the-lake,lancelot",
     ["inquisitor-defector-allegiance", "defector-reveal"],
     ["agenda-order", "defector-assassination"]),
    ("--modules plot", [s for s in SETTINGS if s.startswith("plot-")],
     ["plot-strong-leader-steps", "plot-taken-received"]),
    ("--modules trapper,sergeant --allow-incompatible",
     ["trapper-leader-on-team", "trapper-sergeant-same-player"], []),
])
def test_house_rules_lists_those_that_can_arise_in_the_game(play, moderator, setup, settings,
                                                            readings):
    """Issue 35, item 2: in a game, the settings and readings its modules and variants can
    meet (rules.md §13, §13.1); --all lists every one."""
    play(f"new --players 7 {setup} --no-play")
    shown = json.loads(moderator("rules house-rules --json").stdout)
    assert [s["id"] for s in shown["house_rules"]] == settings
    assert [r["id"] for r in shown["readings"]] == readings
    every = json.loads(moderator("rules house-rules --json --all").stdout)
    assert [s["id"] for s in every["house_rules"]] == list(SETTINGS)
    text = moderator("rules house-rules").stdout
    assert "rules house-rules --all" in text.splitlines()[0]


def test_a_ruling_in_an_avalon_game_names_no_point_that_cannot_arise(play, moderator):
    """Issue 35, item 2: the Lady of the Lake without Targeting or Lancelot has no open point
    in the game: no inquisitor-… setting, no see-also of one."""
    play("new --players 7 --theme avalon --modules lady-of-the-lake --lang de --no-play")
    shown = moderator("rules wann darf die Herrin vom See benutzt werden").stdout
    assert "inquisitor-" not in shown and "mission" not in shown.lower()
    for banned in ("Grundspiel", "Jäger", "Hacker", "Einzelgänger"):
        assert banned not in shown
