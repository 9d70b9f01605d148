"""Reverser, Trapper, Defector and Inquisitor games from the command line (rules.md §2.3,
§5.2, §5.3, §6.2)."""

from moderator.i18n import t

NAMES = "--names Anna,Ben,Carl,Dora,Emil,Fritz,Gabi"


def test_a_reverser_game_from_start_to_finish(play, status, refused):
    """rules.md §6.2: each Reverse card turns the result over after the normal threshold."""
    play(f"new --players 7 {NAMES} --modules reverser --leader anna --no-play")
    output = play("propose anna ben", "vote --reject gabi", "mission --fails 0 --reverse 1")
    assert "→ moderator mission --fails K [--reverse R]" in output
    assert "Mission 1 failed: 0 Fail cards." in output
    assert "1 Reverse card turned the result over." in output
    assert refused("mission --fails 0").startswith("Not now")
    play("propose ben carl dora", "vote --reject gabi")
    assert refused("mission --fails 3") == (
        "The Spy Reverser never plays Fail, so the Fail cards revealed can be at most 2.")
    play("mission --fails 1 --reverse 2",
         "propose carl dora emil", "vote --reject gabi", "mission --fails 0")
    output = play("propose dora emil fritz gabi", "vote --reject anna",
                  "mission --fails 1 --reverse 1")
    assert "Mission 4 failed: 1 Fail card." in output  # one Fail held, then reversed
    assert "Game over: the spies win (three missions failed)." in output
    shown = status()
    assert [m["reverse"] for m in shown["missions"]] == [1, 2, 0, 1]
    assert [m["result"] for m in shown["missions"]] == ["fail", "fail", "success", "fail"]
    assert (shown["winner"], shown["reason"]) == ("spies", "three_failures")


def test_a_trapper_game_from_start_to_finish(play, status, refused):
    """rules.md §5.3: one extra team member; the leader traps one card before the reveal."""
    play("new --players 5 --names Anna,Ben,Carl,Dora,Emil --modules trapper --leader anna "
         "--no-play")
    assert status()["team_size"] == 3
    assert refused("propose anna ben") == "Mission 1 needs a team of exactly 3, not 2."
    play("propose anna ben carl", "vote --reject emil")
    assert refused("mission --fails 0") == (
        "With the Trapper the leader traps one team member's card before the reveal: add "
        "--trap PLAYER.")
    assert refused("mission --fails 0 --trap dora") == (
        "The leader can only trap the card of a team member.")
    output = play("mission --fails 0 --trap carl")
    assert "The leader trapped the card of Carl and took it out." in output
    play("propose ben carl dora emil", "vote --reject anna", "mission --fails 0 --trap dora")
    output = play("propose carl dora emil", "vote --reject anna", "mission --fails 0 --trap emil")
    assert "Game over: the Resistance wins (three missions succeeded)." in output
    shown = status()
    assert [m["trapped"] for m in shown["missions"]] == [3, 4, 5]
    assert shown["winner"] == "resistance"


def test_a_defector_game_from_start_to_finish(play, status, moderator):
    """rules.md §5.2: Loyalty cards from the game's seeded deck at the start of rounds 3-5."""
    play("new --players 5 --names Anna,Ben,Carl,Dora,Emil --modules defector --leader anna "
         "--seed 7 --no-play")
    output = play("propose anna ben", "vote --reject emil", "mission --fails 0",
                  "propose ben carl dora", "vote --reject emil", "mission --fails 1")
    assert "Round 3 begins: reveal the top Loyalty card of the Defector deck to everyone." in output
    assert moderator("propose carl dora").exit_code == 1
    first = play("loyalty")
    again = play("undo", "loyalty")  # the same seed gives the same card
    card = status()["loyalty"]["revealed"][0]
    assert t("en", f"result.loyalty.{card}") in first and t("en", f"result.loyalty.{card}") in again
    play("propose carl dora", "vote --reject emil", "mission --fails 1")
    output = play("loyalty switch")  # the card the table turned over
    assert "Switch Allegiance" in output
    play("propose dora emil anna", "vote --reject ben")
    output = play("mission --fails 0")
    assert "Game over" not in output and status()["phase"] == "loyalty"
    play("loyalty no-change")
    output = play("propose emil anna ben", "vote --reject carl", "mission --fails 0")
    assert "Game over: the Resistance wins (three missions succeeded)." in output
    shown = status()["loyalty"]
    assert shown["revealed"][1:] == ["switch", "no-change"] and shown["left"] == 2


def test_an_inquisitor_game_from_start_to_finish(play, status, refused):
    """rules.md §2.3: the token starts on the first leader's right; examinations after
    missions 2, 3 and 4 of players who never held it."""
    play(f"new --players 7 {NAMES} --modules inquisitor --leader anna --no-play")
    assert status()["inquisitor"] == {"holder": 7, "held": [7]}
    output = play("propose anna ben", "vote --reject gabi", "mission --fails 0",
                  "propose ben carl dora", "vote --reject gabi", "mission --fails 1")
    assert ("Now Gabi, who holds the Inquisitor token, examines a player who has never held "
            "it; the token then passes to that player. The examined player hands over their "
            "character card.") in output
    assert refused("examine gabi") == (
        "Gabi has already held the Inquisitor token: the Inquisitor examines someone who "
        "never held it.")
    assert "Gabi examines Carl; Carl now holds the Inquisitor token." in play("examine carl")
    play("propose carl dora emil", "vote --reject gabi", "mission --fails 0")
    assert refused("examine carl").startswith("Carl has already held")
    play("examine fritz", "propose dora emil fritz gabi", "vote --reject anna",
         "mission --fails 2", "examine anna")
    output = play("propose emil fritz gabi anna", "vote --reject ben", "mission --fails 1")
    assert "Game over: the spies win (three missions failed)." in output
    assert status()["inquisitor"] == {"holder": 1, "held": [7, 3, 6, 1]}


def test_an_examination_hides_special_characters_behind_loyalty_cards_in_german(play):
    """rules.md §2.3: with the Reverser (or Assassin, Hunter, Rogue) the examined player
    hands over an Inquisitor Loyalty card; a Defector shows the side they play for now."""
    play(f"new --players 7 {NAMES} --modules inquisitor,reverser,defector --leader anna "
         "--lang de --no-play")
    output = play("propose anna ben", "vote --reject gabi", "mission --fails 0",
                  "propose ben carl dora", "vote --reject gabi", "mission --fails 0")
    assert t("de", "now.examination_loyalty") in output
    assert t("de", "now.examination_defector.current") in output
    assert "Verhörspezialist-Marker" in output


def test_module_keys_appear_in_the_status_only_with_their_module(play, status):
    play("new --players 5 --no-play", "propose 1 2", "vote --approve 1,2,3", "mission --fails 0")
    shown = status()
    assert not {"loyalty", "inquisitor"} & set(shown)
    assert not {"reverse", "trapped"} & set(shown["missions"][0])


def test_house_rules_of_the_trapper_are_honoured(play, refused, status):
    """rules.md §5.3, §13."""
    play("new --players 5 --modules trapper --house-rule trapper-leader-on-team=required "
         "--leader 1 --no-play")
    assert status()["house_rules"]["trapper-leader-on-team"] == "required"
    assert refused("propose 2 3 4") == (
        "House rule: with the Trapper the leader must be on their own team "
        "(trapper-leader-on-team=required).")


def test_house_rules_list_every_setting_its_values_default_and_why_in_both_languages(
        moderator):
    """rules.md §13: every unsettled point is a named setting, listed with its values, its
    default and why it is unsettled — in English and in German."""
    import json

    from moderator.rules.house_rules import SETTINGS

    for lang in ("en", "de"):
        shown = json.loads(moderator(f"rules house-rules --json --lang {lang}").stdout)
        listed = {s["id"]: s for s in shown["house_rules"]}
        assert list(listed) == list(SETTINGS)
        text = moderator(f"rules house-rules --lang {lang}").stdout
        for setting, (values, section) in SETTINGS.items():
            entry = listed[setting]
            assert entry["section"] == section and entry["default"] == values[0]
            assert [v["value"] for v in entry["values"]] == list(values)
            assert entry["why"] and entry["why"] in text
            assert all(v["text"] for v in entry["values"])
    assert "Voreinstellung: normal" in moderator("rules house-rules --lang de").stdout


def test_a_game_records_every_setting_it_was_played_with(play, status, game_file):
    """rules.md §13: defaults included, in the game's first log line."""
    import json

    from moderator.rules.house_rules import SETTINGS

    play("new --players 7 --modules defector,inquisitor --no-play "
         "--house-rule defector-reveal=know-each-other "
         "--house-rule inquisitor-defector-allegiance=printed")
    recorded = json.loads(game_file().read_text("utf-8").splitlines()[0])["house_rules"]
    assert set(recorded) == set(SETTINGS)
    assert recorded["defector-reveal"] == "know-each-other"
    assert recorded["reverser-spy-visibility"] == "normal"
    assert status()["house_rules"] == recorded


def test_the_defector_allegiance_house_rule_changes_what_the_host_is_told(play):
    """rules.md §2.3, §13 `inquisitor-defector-allegiance`."""
    play("new --players 7 --modules defector,inquisitor --leader 1 --no-play "
         "--house-rule inquisitor-defector-allegiance=printed")
    output = play("propose 1 2", "vote --approve 1,2,3,4,5", "mission --fails 0",
                  "propose 2 3 4", "vote --approve 1,2,3,4,5", "mission --fails 0")
    assert t("en", "now.examination_defector.printed") in output


def test_the_spy_reverser_visibility_house_rule_changes_the_reveal_of_a_game(play):
    """rules.md §6.2, §9.8, §13 `reverser-spy-visibility`: hidden, he and the other spies do
    not learn each other."""
    normal = play("new --players 7 --modules reverser --leader 1 --no-play")
    hidden = play("new --players 7 --modules reverser --leader 1 --no-play "
                  "--house-rule reverser-spy-visibility=hidden")
    assert "Spy Reverser" not in normal.split("Read the reveal")[1]
    assert "Spy Reverser" in hidden.split("Read the reveal")[1]


def test_the_log_names_the_module_steps_between_missions(play, moderator):
    play("new --players 7 --modules inquisitor,defector --leader 1 --seed 1 --no-play",
         "propose 1 2", "vote --approve 1,2,3,4", "mission --fails 0",
         "propose 2 3 4", "vote --approve 1,2,3,4", "mission --fails 0",
         "examine 3", "loyalty switch")
    shown = moderator("log").stdout
    assert "  7. Player 7, who holds the Inquisitor token, examines Player 3\n" in shown
    assert "  8. Loyalty card: Switch Allegiance\n" in shown
    assert "Taken back: Loyalty card: Switch Allegiance" in play("undo")
