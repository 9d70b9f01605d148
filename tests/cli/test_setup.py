"""Setting a game up with `new`: the first leader, --seed, modules, variants and house rules;
and playing the Targeting variant and the Commander module from the command line."""

from __future__ import annotations

import json

import pytest

from moderator.i18n import t
from moderator.rules import MODULES


def test_new_prints_the_deck_the_first_leader_and_the_reveal(moderator):
    """rules.md §1.1-§1.3, §9.1: the setup checklist, then the reveal to read aloud."""
    result = moderator("new --players 5 --leader 3")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Game ") and lines[0].endswith(": 5 players, in English.")
    assert lines[1:15] == [
        "Set the table before the reveal:",
        "☐ Shuffle these 5 character cards and deal one to each player, face down:",
        "  3 × Resistance",
        "  2 × Spy",
        "☐ Lay out the board for 5 players: teams of 2-3-2-3-3 on missions 1 to 5.",
        "☐ Give every player one Approve and one Reject vote token.",
        "☐ Keep 3 Team tokens and 3 pairs of Mission cards (Success and Fail) at hand.",
        "☐ Put the vote marker on the first space of the vote track.",
        "☐ First leader: Player 3 (seat 3). Give them the leader card.",
        "Read the reveal aloud once everyone has looked at their card:",
        "  1. Everyone, close your eyes.",
        "  2. Spies, open your eyes and look around: remember every other spy.",
        "  3. Spies, close your eyes. Now every eye should be closed.",
        "  4. Everyone, open your eyes.",
    ]
    assert lines[15].startswith("Now Player 3 proposes a team of 2 for mission 1, attempt 1 of 5")
    assert "moderator propose PLAYER …" in result.stdout


def test_new_json_prints_the_status(moderator, status):
    result = moderator("new --players 6 --leader 2 --json")
    assert json.loads(result.stdout) == status()


# -- the first leader -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 42, 2026])
def test_the_same_seed_gives_the_same_first_leader(play, status, seed):
    play(f"new --players 10 --seed {seed}")
    first = status()["leader"]
    play(f"new --players 10 --seed {seed}")
    assert status()["leader"] == first


def test_different_seeds_give_different_first_leaders(play, status):
    leaders = set()
    for seed in range(20):
        play(f"new --players 10 --seed {seed}")
        leaders.add(status()["leader"])
    assert len(leaders) > 1


def test_a_seeded_leader_is_announced_as_drawn_at_random(moderator, status):
    """rules.md §1.3: the first leader is drawn at random; the seed draws the same one again,
    and the one announced is the one who leads."""
    announced = set()
    for _ in range(2):
        said = moderator("new --players 5 --seed 1 --no-play").stdout
        leader = status()["leader"]
        assert f"First leader, drawn at random: Player {leader} (seat {leader})." in said
        announced.add(leader)
    assert len(announced) == 1


@pytest.mark.parametrize("seed", [1, 2, 3, 42, 2026])
def test_leader_wins_over_the_seed(play, status, seed):
    play(f"new --players 10 --seed {seed} --leader 7")
    assert status()["leader"] == 7


def test_leader_out_of_range_is_refused(refused):
    assert refused("new --players 5 --leader 6") == "There is no seat 6: seats go from 1 to 5."


# -- modules and variants ---------------------------------------------------------------------


@pytest.mark.parametrize("module", MODULES)
def test_every_module_of_the_contract_can_be_played(play, status, module):
    """design.md §4: the engine rules on every module; none is refused as unplayable."""
    play(f"new --players 7 --modules {module} --no-play")
    assert status()["modules"] == [module]


def test_an_optional_character_needs_its_module(refused):
    """rules.md §5.1: the Body Guard is a character of the Commander module."""
    assert refused("new --players 5 --roles body-guard") == (
        "The character Body Guard belongs to the module Assassin (with the Commander): "
        "add --modules commander, or leave the character out."
    )


def test_blind_spies_with_the_commander_are_refused(refused):
    assert refused("new --players 5 --variants blind-spies --modules commander") == (
        "No rule we know says how Blind Spies and Assassin (with the Commander) play together "
        "(rules reference §10.3). Leave one out (blind-spies or commander), or add "
        "--allow-incompatible to play them as a house rule."
    )


def test_blind_spies_with_the_commander_are_allowed_as_a_house_rule(play, status):
    play("new --players 5 --variants blind-spies --modules commander --allow-incompatible")
    shown = status()
    assert (shown["modules"], shown["variants"]) == (["commander"], ["blind-spies"])


def test_blind_spies_have_no_reveal(moderator):
    output = moderator("new --players 5 --variants blind-spies").stdout
    assert "Variant Blind Spies: the spies do not learn who the other spies are" in output
    assert "  1. Blind Spies: there is no reveal." in output
    assert "Spies, open your eyes" not in output


def test_the_commander_module_deals_a_commander_and_an_assassin(moderator):
    output = moderator("new --players 5 --modules commander").stdout
    assert "Module: Assassin (with the Commander)." in output
    for card in ("  2 × Resistance", "  1 × Spy", "  1 × Commander (Resistance)",
                 "  1 × Assassin (Spy)"):
        assert card in output.splitlines()
    assert "Commander, open your eyes and remember whose thumbs are up." in output


# -- house rules ------------------------------------------------------------------------------


def test_a_house_rule_is_recorded_in_status_json(play, status):
    play("new --players 7 --house-rule plot-hand-out=any-other-players")
    house_rules = status()["house_rules"]
    assert house_rules["plot-hand-out"] == "any-other-players"
    assert house_rules["plot-deck"] == "standard"
    assert len(house_rules) == 19


def test_house_rule_is_repeatable(play, status):
    play("new --players 7 --house-rule plot-hand-out=any-other-players "
         "--house-rule trapper-leader-on-team=required")
    house_rules = status()["house_rules"]
    assert (house_rules["plot-hand-out"], house_rules["trapper-leader-on-team"]) == (
        "any-other-players", "required",
    )


# -- Targeting --------------------------------------------------------------------------------

TARGETING = "new --players 5 --variants targeting --leader 1"


def test_under_targeting_the_leader_names_the_mission(play, status):
    play(TARGETING, "propose 1 2 3 --mission 4")
    shown = status()
    assert (shown["mission"], shown["team_size"], shown["team"]) == (4, 3, [1, 2, 3])


def test_under_targeting_no_mission_is_set_before_the_proposal(play, status):
    play(TARGETING)
    shown = status()
    assert (shown["variants"], shown["phase"], shown["leader"]) == (["targeting"], "proposal", 1)
    assert (shown["mission"], shown["team_size"], shown["fails_needed"]) == (None, None, None)
    assert shown["open_missions"] == [1, 2, 3, 4]


def test_under_targeting_a_proposal_without_mission_is_refused(play, refused):
    play(TARGETING)
    assert refused("propose 1 2") == (
        "Under Targeting the leader also chooses the mission: add --mission K "
        "(open: 1, 2, 3, 4)."
    )


def test_under_targeting_mission_5_waits_for_two_successes(play, refused):
    play(TARGETING)
    assert refused("propose 1 2 3 --mission 5") == (
        "Mission 5 can only be chosen after two missions have succeeded."
    )


def test_under_targeting_mission_5_waits_for_two_successes_not_two_missions(play, refused):
    play(TARGETING,
         "propose 1 2 --mission 1", "vote --approve 1,2,3", "mission --fails 0",
         "propose 1 2 3 --mission 2", "vote --approve 1,2,3", "mission --fails 1")
    assert refused("propose 1 2 3 --mission 5") == (
        "Mission 5 can only be chosen after two missions have succeeded."
    )


def test_under_targeting_mission_5_opens_after_two_successes(play, status):
    play(TARGETING,
         "propose 1 2 --mission 1", "vote --approve 1,2,3", "mission --fails 0",
         "propose 1 2 3 --mission 2", "vote --approve 1,2,3", "mission --fails 0")
    assert status()["open_missions"] == [3, 4, 5]
    play("propose 1 2 3 --mission 5")
    assert status()["mission"] == 5


def test_under_targeting_a_mission_played_already_is_refused(play, refused):
    play(TARGETING, "propose 1 2 --mission 1", "vote --approve 1,2,3", "mission --fails 0")
    assert refused("propose 1 2 --mission 1") == (
        "Mission 1 cannot be chosen: open missions are 2, 3, 4."
    )


def test_under_targeting_the_refusals_are_german_in_a_german_game(play, refused):
    play(TARGETING + " --lang de")
    assert refused("propose 1 2 3 --mission 5") == t("de", "errors.mission_five_locked")


def test_without_targeting_mission_must_be_the_next_one(play, refused):
    play("new --players 5 --leader 1")
    assert refused("propose 1 2 3 --mission 2") == (
        "Without the Targeting variant the missions go in order: this team is for mission 1."
    )


def test_without_targeting_mission_may_name_the_next_one(play, status):
    play("new --players 5 --leader 1", "propose 1 2 --mission 1")
    assert status()["mission"] == 1


# -- Commander ----------------------------------------------------------------------------------

THREE_SUCCESSES = (
    "propose 1 2", "vote --approve 1,2,3", "mission --fails 0",
    "propose 1 2 3", "vote --approve 1,2,3", "mission --fails 0",
    "propose 1 2", "vote --approve 1,2,3", "mission --fails 0",
)


@pytest.fixture
def assassination(play):
    """A Commander game where the Resistance has just won its third mission."""
    play("new --players 5 --modules commander --leader 1", *THREE_SUCCESSES)


def test_three_successes_with_the_commander_lead_to_the_assassination(assassination, status,
                                                                      moderator):
    shown = status()
    assert (shown["phase"], shown["winner"], shown["score"]) == (
        "assassination", None, {"resistance": 3, "spies": 0},
    )
    assert [shown[key] for key in ("leader", "mission", "attempt", "team_size", "fails_needed")] \
        == [None] * 5
    assert "then the Assassin names one player as the Commander" in moderator("status").stdout


def test_the_assassin_naming_the_commander_wins_for_the_spies(assassination, moderator,
                                                               status):
    result = moderator("assassinate 2 --commander 2")
    assert result.exit_code == 0
    assert "Game over: the spies win (the Assassin named the Commander)." in result.stdout
    shown = status()
    assert (shown["winner"], shown["reason"]) == ("spies", "assassinated_commander")
    assert shown["assassination"] == {"target": 2, "commander": 2}


def test_the_assassin_missing_the_commander_wins_for_the_resistance(assassination, moderator,
                                                                    status):
    result = moderator("assassinate 2 --commander 3")
    assert "Game over: the Resistance wins (the Assassin named the wrong player)." in result.stdout
    shown = status()
    assert (shown["phase"], shown["winner"], shown["reason"]) == (
        "game_over", "resistance", "assassin_missed",
    )


@pytest.mark.parametrize("command", ["propose 1 2", "vote --approve 1,2,3", "mission --fails 0"])
def test_during_the_assassination_only_the_assassin_may_act(assassination, refused, command):
    assert refused(command) == (
        "Not now: the Assassin must name a player first: "
        "moderator assassinate PLAYER --commander PLAYER."
    )


def test_the_assassination_can_be_taken_back(assassination, play, status):
    play("assassinate 2 --commander 2", "undo", "assassinate 2 --commander 4")
    assert status()["reason"] == "assassin_missed"


def test_the_assassination_is_refused_before_three_successes(play, refused):
    play("new --players 5 --modules commander --leader 1")
    assert refused("assassinate 2 --commander 3").startswith("Not now: the leader has not")


def test_the_assassination_is_refused_without_the_commander_module(play, refused):
    play("new --players 5 --leader 1")
    assert refused("assassinate 2 --commander 3") == (
        "There is no Assassin in this game: it was set up without the Commander module."
    )


def test_assassinate_without_commander_is_a_usage_error(assassination, moderator, files,
                                                        status):
    """design.md §4: the revealed Commander is part of the command; without it nothing is
    recorded and the Assassin still has to name someone."""
    before = files()
    result = moderator("assassinate 2")
    assert result.exit_code == 2 and "--commander" in result.stderr and not result.stdout
    assert files() == before
    assert status()["phase"] == "assassination"


def test_the_assassination_in_german(play, moderator):
    play("new --players 5 --modules commander --leader 1 --lang de", *THREE_SUCCESSES)
    output = moderator("assassinate 2 --commander 3").stdout
    assert t("de", "result.assassinated", target="Spieler 2", commander="Spieler 3") in output
    assert t("de", "now.game_over", winner=t("de", "winner.resistance"),
             reason=t("de", "reason.assassin_missed")) in output
