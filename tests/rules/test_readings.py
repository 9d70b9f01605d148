"""The points moderator decides without a source (rules.md §13.1) and the unsettled points with
no defined alternative (§13 "Not settings"): one test for each, named after it, and the list
of them written out from rules.md, so that a point left out of the rules lookup fails here."""

from pathlib import Path

from moderator import scripts
from moderator.rules import Game
from moderator.rules.house_rules import READINGS
from moderator.rules.modules import AGENDA
from moderator.rules.modules.defector import RevealLoyalty
from moderator.rules.modules.hunter import Accuse, Investigate
from moderator.rules.modules.inquisitor import Examine
from moderator.rules.modules.plot import DrawPlot, GivePlot, UsePlot
from moderator.rules.modules.rogue import ClaimRogue, GiveWatch

# rules.md §13.1, in its order, then §13's unsettled points with no defined alternative.
WRITTEN = {
    "agenda-order": "§13.1",
    "hunter-turned-investigation": "§13.1",
    "hunter-turned-third-failure": "§13.1",
    "hunter-declined-early": "§13.1",
    "hunter-early-five-six": "§13.1",
    "plot-strong-leader-steps": "§13.1",
    "plot-taken-received": "§13.1",
    "rogue-fifth-rejections": "§13.1",
    "blind-spies-modules": "§13.1",
    "rogue-possible-record": "§13.1",
    "hunter-fourth-mission": "§6.1",
    "rogue-spy-claim-check": "§7",
    "defector-assassination": "§5.2",
}


def test_every_point_of_section_13_1_is_a_reading():
    """rules.md §13.1: each point is listed by the rules lookup; §13: so are the unsettled
    points without an alternative."""
    assert READINGS == WRITTEN


def test_every_reading_has_a_test_naming_it():
    """Each reading is decided in one place and tested there, its test naming it."""
    tests = "".join(path.read_text() for path in Path(__file__).parent.glob("test_*.py")
                    if path.name != Path(__file__).name)
    tests += Path(__file__).read_text().split("def test_every_reading_has_a_test_naming_it")[-1]
    missing = [point for point in READINGS if f"`{point}`" not in tests]
    assert not missing


def approve(game, team, investigator=None):
    return game.propose(team, investigator=investigator).vote(range(game.players))


def test_agenda_order():
    """rules.md §13.1 `agenda-order`: accusation, investigation, examination, then the new
    round's Loyalty card and Plot draw."""
    assert AGENDA == (("hunter", "accusation"), ("hunter", "investigation"),
                      ("inquisitor", "examination"), ("defector", "loyalty"),
                      ("plot", "plot_draw"))
    game = Game.new(7, 0, modules=["hunter", "inquisitor", "defector", "plot"],
                    allow_incompatible=True)
    seen = []
    for team in ([0, 1], [1, 2, 3]):
        seen = []
        while game.phase != "proposal":
            seen.append(game.phase)
            game = step(game)
        game = approve(game, team, investigator=4).play_mission(0, chief_fail=1)
    seen = []
    while game.phase != "proposal":
        seen.append(game.phase)
        game = step(game)
    assert seen == ["accusation", "investigation", "examination", "loyalty", "plot_draw",
                    "plot_give", "plot_give"]


def step(game):
    """The step between missions taken any legal way: decline, investigate, examine, reveal a
    No Change, draw two held cards and hand them out."""
    from moderator.rules.modules.plot import receivers

    if game.phase == "accusation":
        return game.apply(Accuse(None))
    if game.phase == "investigation":
        return game.apply(Investigate(next(s for s in range(7) if s != game.investigator)))
    if game.phase == "examination":
        return game.apply(Examine(next(s for s in range(7) if s not in game.inquisitors)))
    if game.phase == "loyalty":
        return game.apply(RevealLoyalty("no-change"))
    if game.phase == "plot_draw":
        held = [c for c in game.plot.deck if c in ("close_eye", "strong_leader", "no_confidence")]
        return game.apply(DrawPlot(held[:1] + held[-1:]))
    return game.apply(GivePlot(game.plot.drawn[0], receivers(game)[0]))


def test_hunter_turned_investigation():
    """rules.md §13.1 `hunter-turned-investigation`: after a wrong accusation turned the
    mission over, the result after the turn decides who investigates: after a failure the
    holder of the Investigator token, not the leader."""
    game = Game.new(7, 0, modules=["hunter"])
    game = approve(game, [0, 1], 2).play_mission(0).apply(Investigate(3))
    game = approve(game, [1, 2, 3], 4).play_mission(0).apply(Investigate(5))
    game = approve(game, [2, 3, 4], 5).play_mission(0)  # the third success: seat 2 led
    game = game.apply(Accuse(6, "not-chief"))  # wrong: mission 3 fails
    assert (game.phase, game.missions[-1].succeeded) == ("investigation", False)
    assert game.investigator == 5


def test_hunter_declined_early_does_not_use_up_once_per_game():
    """rules.md §13.1 `hunter-declined-early`: a declined early accusation leaves the
    once-per-game one for later."""
    game = approve(Game.new(7, 0, modules=["hunter"]), [0, 1], 2).play_mission(0, chief_fail=1)
    game = game.apply(Accuse(None)).apply(Investigate(3))
    assert game.early_accusations == 0
    game = approve(game, [1, 2, 0], 4).play_mission(0, chief_fail=1)
    assert game.phase == "accusation" and game.hunt.early


def test_hunter_early_five_six_after_every_failed_mission_with_a_fail():
    """rules.md §13.1 `hunter-early-five-six`: at 5-6 players no card shows a spy Chief's
    Fail, so the early accusation is offered after every failed mission with a Fail card
    (the host confirms the claim); never after a success."""
    failed = approve(Game.new(5, 0, modules=["hunter"]), [0, 1], 2).play_mission(1)
    assert failed.phase == "accusation" and failed.hunt.early
    held = approve(Game.new(5, 0, modules=["hunter"]), [0, 1], 2).play_mission(0)
    assert held.phase == "investigation"


def test_plot_taken_received_counts_in_the_round_it_was_taken():
    """rules.md §13.1 `plot-taken-received`: under `plot-same-round-use=next-round` a card
    taken with Take Responsibility counts as received in the round it was taken."""
    game = Game.new(7, 0, modules=["plot"], house_rules={"plot-same-round-use": "next-round"})
    game = game.apply(DrawPlot(["strong_leader", "close_eye"])).apply(GivePlot("strong_leader", 3))
    game = game.apply(GivePlot("close_eye", 4))
    game = approve(game, [0, 1]).play_mission(0)  # round 2: seat 1 leads
    game = game.apply(DrawPlot(["take_responsibility", "no_confidence"]))
    game = game.apply(GivePlot("take_responsibility", 5)).apply(UsePlot(
        "take_responsibility", 5, target=3, take="strong_leader")).apply(GivePlot("no_confidence", 6))
    game = game.propose([0, 1, 2]).vote([])  # seat 2 leads and has not acted
    assert game.plot.held[-1].received == 2
    assert game.usable() == ()  # the Strong Leader taken in round 2 waits for round 3


def test_rogue_fifth_rejections_count_as_the_fifth_mission():
    """rules.md §13.1 `rogue-fifth-rejections`: under `rogue-partial-win=fifth-mission-only`
    five rejections in round 5 count as "on the 5th mission": the spy Rogue's partial win."""
    game = Game.new(5, 0, modules=["rogue"], roles=["spy-rogue"],
                    house_rules={"rogue-partial-win": "fifth-mission-only"})
    for team, fails in (([0, 1], 1), ([1, 2, 3], 0), ([2, 3], 1), ([3, 4, 0], 0)):
        game = approve(game, team)
        game = game.apply(GiveWatch(team[0])) if game.phase == "watch" else game
        game = game.play_mission(fails)
    for _ in range(5):
        game = game.propose([0, 1, 2]).vote([])
    assert game.reason == "five_rejections"
    assert ("spy-rogue", "partial") in game.winners


def test_blind_spies_modules_keep_the_commanders_steps():
    """rules.md §13.1 `blind-spies-modules`: with `--allow-incompatible`, no spy opens their
    eyes, and the Commander's steps stay."""
    game = Game.new(7, 0, modules=["commander"], variants=["blind-spies"],
                    allow_incompatible=True)
    keys = [step.key for step in scripts.for_game(game)]
    assert "script.spies_open" not in keys
    assert any("commander" in key for key in keys)


def test_hunter_fourth_mission_has_no_special_rule():
    """rules.md §6.1, §13 (`hunter-fourth-mission`): the note "4th mission requires chief
    fail" is not understood, so mission 4 at 7+ fails with two Fail cards as always: one
    Chief Fail alone does not fail it."""
    game = Game.new(7, 0, modules=["hunter"])
    game = approve(game, [0, 1], 2).play_mission(0).apply(Investigate(3))
    game = approve(game, [1, 2, 3], 4).play_mission(1).apply(Investigate(5))  # no Chief Fail:
    game = approve(game, [2, 3, 4], 5).play_mission(1).apply(Investigate(6))  # no early accusation
    game = approve(game, [3, 4, 5, 6], 0).play_mission(0, chief_fail=1)
    assert game.missions[-1].succeeded


def test_rogue_spy_claim_check_rules_out_only_what_the_record_shows():
    """rules.md §7, §13 (`rogue-spy-claim-check`): the record can rule a claim out (not on
    this failed team, no Fail there or on an earlier team with the claimant); the rest is the
    claimant's word, confirmed by the host."""
    game = Game.new(5, 0, modules=["rogue"], roles=["spy-rogue"])
    for team, fails in (([0, 1], 1), ([1, 2, 3], 0), ([2, 3], 1), ([1, 3, 4], 1)):
        game = approve(game, team).play_mission(fails)
    assert game.phase == "rogue_claim"
    assert game.inputs()[0].choices == (None, 1, 3)  # on this team and an earlier failed one
    assert game.apply(ClaimRogue(3)).reason == "spy_rogue_wins"


def test_defector_assassination_runs_unchanged_after_a_switch():
    """rules.md §5.2, §13 (`defector-assassination`): after a Switch Allegiance the
    Assassination still comes after the third success and names the Commander."""
    game = Game.new(7, 0, modules=["commander", "defector"])
    game = approve(game, [0, 1]).play_mission(0)
    game = approve(game, [1, 2, 3]).play_mission(0)
    game = game.apply(RevealLoyalty("switch"))
    assert game.defectors_switched
    game = approve(game, [2, 3, 4]).play_mission(0)
    assert game.phase == "assassination"
    assert game.assassinate(5, 5).winner == "spies"
