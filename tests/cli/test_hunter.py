"""Hunter games from the command line (rules.md §6.1)."""

from moderator.i18n import t

NAMES = "--names Anna,Ben,Carl,Dora,Emil,Fritz,Gabi"


def test_a_hunter_game_from_start_to_finish(play, status, refused):
    """rules.md §6.1: the Investigator token, investigations after every mission, a Chief
    Fail, a declined early accusation, a wrong accusation that turns the third success over,
    and the spy Hunter's accusation that ends the game."""
    play(f"new --players 7 {NAMES} --modules hunter --leader anna --no-play")
    assert refused("propose anna ben") == (
        "With the Hunter the leader also gives the Investigator token, before the vote: add "
        "--investigator PLAYER.")
    assert refused("propose anna ben --investigator ben") == (
        "The Investigator token goes to a player who is not on the team.")
    output = play("propose anna ben --investigator carl", "vote --reject gabi",
                  "mission --fails 0")
    assert "→ moderator mission --fails K [--chief-fail C]" in output
    assert "The mission succeeded, so its leader Anna investigates" in output
    assert refused("investigate anna") == (
        "The investigator chooses another player, not themselves.")
    output = play("investigate dora")
    assert "Anna investigates Dora, who hands over their Hunter Loyalty card in secret." in output
    output = play("propose ben carl dora --investigator emil", "vote --reject gabi",
                  "mission --fails 0 --chief-fail 1")
    assert "1 of them is a Chief Fail card: a spy Chief was on this team." in output
    assert "the spy Hunter may now reveal and accuse" in output
    output = play("accuse --nobody")
    assert "The mission failed, so Emil, who holds the Investigator token, investigates" in output
    play("investigate fritz",
         "propose carl dora emil --investigator fritz", "vote --reject gabi", "mission --fails 0",
         "investigate gabi",
         "propose dora emil fritz gabi --investigator anna", "vote --reject ben")
    output = play("mission --fails 1")  # one Fail is not enough on mission 4 at 7 players
    assert "now the resistance Hunter reveals and must accuse" in output
    assert refused("accuse --nobody").startswith("The Hunter must accuse now")
    output = play("accuse emil --shows not-chief")
    assert "Wrong: mission 4 now counts as a failure." in output
    assert "Score: Resistance 2 · Spies 2." in output
    play("investigate ben",
         "propose emil fritz gabi anna", "vote --reject ben")  # no token before the last mission
    output = play("mission --fails 1")
    assert "now the spy Hunter reveals and must accuse" in output
    output = play("accuse carl --shows chief")
    assert "Game over: the spies win (the Hunter found a Chief of the other side)." in output
    shown = status()
    assert [m["result"] for m in shown["missions"]] == ["success", "fail", "success", "fail",
                                                        "fail"]
    assert [m["turned"] for m in shown["missions"]] == [0, 0, 0, 1, 0]
    assert [m["chief_fail"] for m in shown["missions"]] == [0, 1, 0, 0, 0]
    assert shown["hunter"]["accusations"] == [
        {"accuser": "resistance", "accused": 5, "shown": "not-chief", "mission": 4,
         "early": False},
        {"accuser": "spies", "accused": 3, "shown": "chief", "mission": 5, "early": False},
    ]
    assert [i["player"] for i in shown["hunter"]["investigations"]] == [4, 6, 7, 2]


def test_the_blame_of_the_deep_agent(play, status, refused):
    """rules.md §6.1: once per game, before a vote."""
    play(f"new --players 8 {NAMES},Hans --modules hunter --roles deep-agent,pretender "
         "--leader anna --no-play")
    output = play("blame carl --deep-agent ben --pretender")
    assert "Ben, the Deep Agent, blamed Carl, who was the Pretender" in output
    assert refused("blame dora --deep-agent ben --not-pretender") == (
        "The Blame was already used: once per game.")
    assert status()["hunter"]["blame"] == {"deep_agent": 2, "blamed": 3, "pretender": True}


def test_an_early_accusation_in_german(play):
    play("new --players 5 --modules hunter --leader 1 --lang de --no-play")
    output = play("propose 1 2 --investigator 3", "vote --approve 1,2,3", "mission --fails 1")
    # rules.md §13.1 `hunter-early-five-six`: at 5 players the host confirms the claim
    assert t("de", "now.accusation_early_confirmed") in output
    output = play("accuse 4 --shows not-chief")
    assert "Falsch: Mission 1 zählt jetzt als gelungen." in output


def test_without_the_hunter_the_status_has_no_hunter_keys(play, status):
    play("new --players 5 --no-play", "propose 1 2", "vote --approve 1,2,3")
    assert "hunter" not in status()
    assert "investigator" not in status()["proposals"][0]


def test_the_rules_lookup_says_what_applies_in_the_hunter_steps(play, moderator):
    """rules.md §6.1: `moderator rules` without a query, at the token and the accusation."""
    play("new --players 7 --modules hunter --leader 1 --no-play")
    assert t("en", "now.investigator_token", leader="Player 1") in moderator("rules").stdout
    play("propose 1 2 --investigator 3", "vote --approve 1,2,3,4", "mission --fails 0",
         "investigate 2", "propose 2 3 4 --investigator 5", "vote --approve 1,2,3,4",
         "mission --fails 0", "investigate 3", "propose 3 4 5 --investigator 6",
         "vote --approve 1,2,3,4", "mission --fails 0")
    shown = moderator("rules").stdout
    assert t("en", "now.accusation.resistance") in shown
    assert "Hunter" in shown.split("Read more:")[1]


def test_with_the_dummy_agent_the_investigation_says_it_may_show_the_chief_card(play):
    """rules.md §6.1: the Dummy Agent may show the Chief card when investigated."""
    play("new --players 7 --modules hunter --roles dummy-agent --leader 1 --no-play")
    output = play("propose 1 2 --investigator 3", "vote --approve 1,2,3,4", "mission --fails 0")
    assert t("en", "now.investigation_dummy") in output
    assert t("en", "now.investigation_cards.three") in output


def test_the_chief_fail_step_is_asked_where_the_engine_has_chief_fail_cards(play):
    """rules.md §6.1: Chief Fail cards from 7 players only; the command's hint follows the
    engine's mission step, with no count of its own."""
    six = play("new --players 6 --modules hunter --leader 1 --no-play",
               "propose 1 2 --investigator 3", "vote --approve all")
    assert "moderator mission --fails K" in six and "--chief-fail" not in six
    seven = play("new --players 7 --modules hunter --leader 1 --no-play",
                 "propose 1 2 --investigator 3", "vote --approve all")
    assert "moderator mission --fails K [--chief-fail C]" in seven


def test_the_early_accusation_hint_offers_coordinator_only_with_a_coordinator(play):
    """rules.md §6.1: only the spy Hunter can find the Coordinator, and only in a game that
    has one; the next-step hint lists what the accused card can show in this game."""
    output = play(f"new --players 7 {NAMES} --modules hunter --leader anna --no-play",
                  "propose anna ben --investigator carl", "vote --reject gabi",
                  "mission --fails 0 --chief-fail 1")
    assert "→ moderator accuse PLAYER --shows chief|not-chief   or   moderator accuse --nobody" \
        in output
    assert "coordinator" not in output
    output = play(f"new --players 7 {NAMES} --modules hunter --roles coordinator --leader anna "
                  "--no-play", "propose anna ben --investigator carl", "vote --reject gabi",
                  "mission --fails 0 --chief-fail 1")
    assert "--shows chief|not-chief|coordinator   or   moderator accuse --nobody" in output
