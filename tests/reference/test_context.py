"""`moderator rules` without a question: what applies right now (issue 7, Deliver 3).

One test per phase: proposal, vote, mission, the Assassination, game over, Targeting, and the
module steps the engine plays (Watch token, Sergeant, the spy Rogue's claim). Games are driven
through the real engine; the view is read as the host reads it.
"""

from __future__ import annotations

import pytest

from moderator.reference import now
from moderator.rules import Game
from moderator.rules.modules.hunter import Investigate
from moderator.rules.modules.plot import DrawPlot, GivePlot
from moderator.rules.modules.rogue import GiveWatch

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gabi", "Hugo", "Ida", "Jan"]


def table(players: int) -> list[str]:
    return NAMES[:players]


def text(game: Game, lang: str = "en") -> str:
    return "\n".join(now(game, table(game.players), lang).lines)


def topics(game: Game) -> list[str]:
    return [topic for topic, _ in now(game, table(game.players), "en").topics]


def everyone(game: Game) -> set[int]:
    return set(range(game.players))


def first_seats(game: Game) -> list[int]:
    """A legal team for the mission now due: the leader and the seats after them."""
    return [(game.leader + k) % game.players for k in range(game.team_size)]


def play(game: Game, results: str) -> Game:
    """One approved mission per letter: S without a Fail card, F with as many as it needs."""
    for result in results:
        game = game.propose(first_seats(game)).vote(everyone(game))
        game = game.play_mission(0 if result == "S" else game.fails_needed)
    return game


def reject(game: Game, times: int) -> Game:
    for _ in range(times):
        game = game.propose(first_seats(game)).vote(set())
    return game


# -- proposal ----------------------------------------------------------------------------------


def test_proposal_says_who_leads_the_team_size_and_the_fail_rule():
    """rules.md §1.2, §1.4, §1.5: at 7 players mission 1 takes 2, one Fail fails it."""
    game = Game.new(players=7, first_leader=0)
    shown = text(game)
    assert ("Anna leads: mission 1, attempt 1 of 5. If this team is rejected, Ben "
            "leads next.") in shown
    assert "exactly 2 players" in shown and "Anna may be one of them" in shown
    assert "One Fail card among the revealed cards makes mission 1 fail." in shown
    assert "Vote track: 0 of 5" in shown
    assert "fifth proposal" not in shown
    assert topics(game)[:3] == ["team-building", "leader-on-team", "team-size"]
    assert now(game, table(7), "en").facts["team_size"] == 2


def test_the_fourth_mission_at_seven_players_needs_two_fails():
    """rules.md §1.5."""
    game = play(Game.new(players=7, first_leader=0), "SFS")
    shown = text(game)
    assert "mission 4, attempt 1 of 5" in shown
    assert "exactly 4 players" in shown
    assert "Mission 4 at 7 or more players fails only with two or more Fail cards" in shown
    assert "two-fails" in topics(game)


def test_the_fourth_mission_at_six_players_fails_with_one():
    """rules.md §1.5: no exception at 5-6 players."""
    game = play(Game.new(players=6, first_leader=0), "SFS")
    assert "One Fail card among the revealed cards makes mission 4 fail." in text(game)


def test_the_fifth_proposal_of_a_round_is_announced_as_the_last():
    """rules.md §1.4: the fifth rejected team of a round wins for the spies."""
    game = reject(Game.new(players=5, first_leader=0), 4)
    shown = text(game)
    assert "attempt 5 of 5" in shown
    assert "Vote track: 4 of 5" in shown
    assert ("This is the fifth proposal of the round: if this team is rejected, "
            "the spies win at once.") in shown
    assert now(game, table(5), "en").facts["last_attempt"] is True


def test_the_leader_card_has_moved_clockwise_after_rejections():
    """rules.md §1.4, §1.7."""
    game = reject(Game.new(players=5, first_leader=3), 2)
    assert ("Anna leads: mission 1, attempt 3 of 5. If this team is rejected, Ben "
            "leads next.") in text(game)


# -- vote -------------------------------------------------------------------------------------


def test_vote_with_an_odd_table_needs_a_majority():
    """rules.md §1.4: more than half of all players; 7 players need 4."""
    game = Game.new(players=7, first_leader=0).propose([0, 1])
    shown = text(game)
    assert "Everyone votes on the team Anna, Ben, the leader (Anna) too" in shown
    assert "at least 4 approvals" in shown and "tie" not in shown
    assert ("If it is rejected, the leader card passes clockwise to Ben and the "
            "vote track stands at 1 of 5.") in shown
    assert topics(game) == ["vote", "tie", "five-rejections"]


def test_vote_with_an_even_table_says_a_tie_rejects():
    """rules.md §1.4: at 6 players 3 to 3 is a rejection."""
    game = Game.new(players=6, first_leader=0).propose([0, 1])
    assert "at least 4 approvals. A tie, 3 to 3, rejects it." in text(game)


def test_the_fifth_vote_of_a_round_is_announced_as_the_last():
    game = reject(Game.new(players=5, first_leader=0), 4).propose([4, 0])
    shown = text(game)
    assert "if this team is rejected, the spies win at once" in shown
    assert "vote track stands at" not in shown


# -- mission ----------------------------------------------------------------------------------


def test_mission_says_who_plays_which_card():
    """rules.md §1.5: both cards to every member; Resistance must play Success."""
    game = Game.new(players=5, first_leader=0).propose([0, 1]).vote({0, 1, 2})
    shown = text(game)
    assert "Anna, Ben are on mission 1" in shown
    assert "Resistance members must play Success, spies may play either" in shown
    assert "only the number of Fail cards becomes known" in shown
    assert "After the mission the leader card passes clockwise to Ben." in shown


def test_mission_says_what_a_third_success_or_failure_would_mean():
    """rules.md §1.6."""
    game = play(Game.new(players=5, first_leader=0), "SSFF")
    game = game.propose(first_seats(game)).vote(everyone(game))
    shown = text(game)
    assert "A success now is the Resistance's third: it wins the game." in shown
    assert "A failure now is the spies' third: they win the game." in shown


def test_with_the_commander_a_third_success_leads_to_the_assassination():
    """rules.md §5.1."""
    game = play(Game.new(players=5, first_leader=0, modules=["commander"]), "SS")
    game = game.propose(first_seats(game)).vote(everyone(game))
    assert "A success now is the Resistance's third: then comes the Assassination." in text(game)


# -- the Assassination and game over ----------------------------------------------------------


def test_assassination_explains_the_last_step_and_names_nobody():
    """rules.md §5.1: open discussion, then the Assassin names one player."""
    game = play(Game.new(players=5, first_leader=0, modules=["commander"]), "SSS")
    assert game.phase == "assassination"
    shown = text(game)
    assert "the Assassin names one player as the Commander" in shown
    assert ("If the named player is the Commander, the spies win; if not, the "
            "Resistance wins.") in shown
    assert not any(name in shown for name in NAMES)
    assert topics(game) == ["assassin", "commander"]


def test_game_over_says_who_won_and_why():
    """rules.md §1.6."""
    game = reject(Game.new(players=5, first_leader=0), 5)
    shown = text(game)
    assert ("The game is over: the spies win, five teams in a row were rejected in "
            "one round.") in shown
    assert "moderator undo" in shown
    assert topics(game) == ["game-end"]


# -- Targeting --------------------------------------------------------------------------------


def test_targeting_lists_the_open_missions_with_their_sizes():
    """rules.md §2.1: mission 5 only after two successes; two Fails on space 4 at 7+."""
    game = Game.new(players=7, first_leader=0, variants=["targeting"])
    shown = text(game)
    assert ("Open missions: 1 (team of 2), 2 (team of 3), 3 (team of 3), "
            "4 (team of 4, fails only with two Fail cards).") in shown
    assert "Mission 5 can be chosen only after two missions have succeeded." in shown
    assert "chooses the mission as well as the team" in shown
    assert topics(game)[0] == "targeting"


def test_targeting_opens_mission_five_after_two_successes():
    game = Game.new(players=7, first_leader=0, variants=["targeting"])
    for mission in (1, 2):
        team = [(game.leader + k) % 7 for k in range(2 if mission == 1 else 3)]
        game = game.propose(team, mission=mission).vote(everyone(game)).play_mission(0)
    shown = text(game)
    assert ("Open missions: 3 (team of 3), 4 (team of 4, fails only with two Fail "
            "cards), 5 (team of 4).") in shown
    assert "Mission 5 can be chosen only after" not in shown


# -- module steps -----------------------------------------------------------------------------


def test_sergeant_module_the_leader_names_a_sergeant_and_the_sergeant_may_switch():
    """rules.md §8."""
    game = Game.new(players=5, first_leader=0, modules=["sergeant"])
    assert "Anna also makes a team member other than themselves the Sergeant" in text(game)
    game = game.propose([0, 1], sergeant=1).vote(everyone(game))
    assert "Ben is the Sergeant" in text(game)
    assert "sergeant" in topics(game)


def test_rogue_module_the_watch_token_after_approval():
    """rules.md §7: after approval the leader gives the Watch token to a team member
    (at 7+ players from the first mission on)."""
    game = Game.new(players=7, first_leader=0, modules=["rogue"])
    game = game.propose([0, 1]).vote(everyone(game))
    assert game.phase == "watch"
    shown = text(game)
    assert "Now the leader (Anna) gives the Watch token to one team member" in shown
    game = game.apply(GiveWatch(1))
    shown = text(game)
    assert "Ben holds the Watch token for this mission." in shown
    assert "only the resistance Rogue may play it, and it counts as a Success" in shown


def test_rogue_module_the_spy_rogue_may_claim_at_the_third_failure():
    """rules.md §7."""
    game = play(Game.new(players=5, first_leader=0, modules=["rogue"], roles=["spy-rogue"]), "FFF")
    assert game.phase == "rogue_claim"
    assert "the spy Rogue may show their card and claim the win alone" in text(game)
    assert topics(game) == ["spy-rogue"]


def test_plot_the_round_starts_with_the_leaders_draw():
    """rules.md §3.2: 2 cards at 7-8 players, to other players, each to a different one by
    default (`plot-hand-out`)."""
    game = Game.new(players=7, first_leader=0, modules=["plot"])
    shown = text(game)
    assert ("Before any team is proposed, Anna draws 2 Plot cards and gives each to another "
            "player, never to themselves.") in shown
    assert "Each card goes to a different player." in shown
    assert topics(game)[0] == "plot-draw"


def test_plot_who_may_use_a_card_now():
    """rules.md §3.3: No Confidence right after an approval, by its holder."""
    game = Game.new(players=7, first_leader=0, modules=["plot"])
    game = game.apply(DrawPlot(["no_confidence", "strong_leader"]))
    shown = text(game)
    assert "Anna hands out the cards drawn (No Confidence, Strong Leader)" in shown
    game = game.apply(GivePlot("no_confidence", 2)).apply(GivePlot("strong_leader", 3))
    game = game.propose([0, 1]).vote(everyone(game))
    assert "Carl may use No Confidence now, to cancel this approval." in text(game)
    assert "no-confidence" in topics(game)


def test_plot_opinion_maker_votes_first():
    """rules.md §3.4."""
    game = Game.new(players=7, first_leader=0, modules=["plot"])
    game = game.apply(DrawPlot(["opinion_maker", "close_eye"]))
    game = game.apply(GivePlot("opinion_maker", 4)).apply(GivePlot("close_eye", 5))
    game = game.propose([0, 1])
    assert "Opinion Maker: first Emil reveals their vote, then everyone else votes at once." \
        in text(game)
    assert "opinion-maker" in topics(game)


def test_two_opinion_makers_reveal_together():
    """rules.md §3.4: if both Opinion Makers are out, those two reveal together."""
    game = Game.new(players=7, first_leader=0, modules=["plot"])
    game = game.apply(DrawPlot(["opinion_maker", "opinion_maker"]))
    game = game.apply(GivePlot("opinion_maker", 4)).apply(GivePlot("opinion_maker", 5))
    game = game.propose([0, 1])
    assert "Opinion Maker: first Emil and Fritz reveal their votes together, then everyone " \
           "else votes at once." in text(game)


# -- house rules, language, secrets -----------------------------------------------------------


def test_a_house_rule_of_a_module_in_play_is_shown_when_it_differs_from_the_default():
    """rules.md §13."""
    game = Game.new(players=5, first_leader=0, modules=["rogue"],
                    house_rules={"rogue-win-team": "team-partial"})
    assert ("House rule in this game: The Rogue's team when a Rogue wins (house rule): "
            "the Rogue's team also scores a partial victory.") in text(game)


def test_a_house_rule_of_a_module_not_in_play_is_not_shown():
    """rules.md §13: a setting of a module that is not in the game has no effect."""
    game = Game.new(players=5, first_leader=0, house_rules={"rogue-win-team": "team-partial"})
    assert "House rule" not in text(game)


def test_the_view_speaks_german():
    game = Game.new(players=7, first_leader=0).propose([0, 1])
    shown = text(game, "de")
    assert "Das Team braucht mehr als die Hälfte der 7 Stimmen: mindestens 4 dafür." in shown


@pytest.mark.parametrize("modules", [["commander"], ["rogue"], ["sergeant"]])
def test_only_public_seats_are_ever_named(modules):
    """The tool never shows a hidden role: every name in the view is the leader, the next
    leader, a team member, the Sergeant or the Watch token's holder, all public."""
    game = Game.new(players=7, first_leader=2, modules=modules)
    for _ in range(12):
        if game.phase == "game_over":
            break
        shown = text(game)
        public = set()
        if game.leader is not None:
            public |= {game.leader, game.next_leaders[0]}
        public |= set(game.team or ())
        named = {seat for seat, name in enumerate(NAMES[:7]) if name in shown}
        assert named <= public
        game = _step(game)


def _step(game: Game) -> Game:
    """The next action of a game where every team is approved and every mission succeeds."""
    if game.phase == "proposal":
        team = first_seats(game)
        sergeant = team[1] if "sergeant" in game.modules else None
        return game.propose(team, sergeant=sergeant)
    if game.phase == "vote":
        return game.vote(everyone(game))
    if game.phase == "watch":
        return game.apply(GiveWatch(game.team[0]))
    if game.phase == "mission":
        return game.play_mission(0)
    if game.phase == "assassination":
        return game.assassinate(target=0, commander=1)
    raise AssertionError(game.phase)


# -- what the current mission decides, as the engine says (issue 12) ---------------------------


def approved(game: Game, team, **extra) -> Game:
    game = game.propose(team, **extra).vote(everyone(game))
    return game.apply(GiveWatch(team[0])) if game.phase == "watch" else game


def third_chance(game: Game, **extra) -> Game:
    """Two successes, then the team of mission 3 approved (so this mission can be the
    Resistance's third success)."""
    for team in ([0, 1], [1, 2, 3]):
        game = approved(game, team, **extra).play_mission(0)
        if game.phase == "investigation":
            game = game.apply(Investigate(6))
    return approved(game, [2, 3, 4], **extra)


@pytest.mark.parametrize("lang,first,wrong", [
    ("en", "first the resistance Hunter must accuse one player of being the spy Chief",
     "it wins the game"),
    ("de", "Zuerst muss der Jäger des Widerstands eine Person beschuldigen",
     "Er gewinnt die Partie"),
])
def test_with_the_hunter_a_third_success_brings_the_accusation_first(lang, first, wrong):
    """rules.md §6.1: right after the third successful mission the resistance Hunter must
    accuse; the Resistance has not won yet."""
    shown = text(third_chance(Game.new(7, 0, modules=["hunter"]), investigator=5), lang)
    assert first in shown
    assert wrong not in shown


@pytest.mark.parametrize("lang,claim,wrong", [
    ("en", "The spy Rogue may then show their card and claim the win alone",
     "they win the game"),
    ("de", "Dann kann der Einzelgänger der Spione seine Karte zeigen",
     "Sie gewinnen die Partie"),
])
def test_with_the_spy_rogue_a_third_failure_brings_the_claim_first(lang, claim, wrong):
    """rules.md §7: at the moment of the third failed mission the spy Rogue may claim the win
    alone; only then do the spies win."""
    game = Game.new(5, 0, modules=["rogue"], roles=["spy-rogue"])
    for team in ([0, 1], [1, 2, 3]):
        game = approved(game, team).play_mission(1)
    shown = text(approved(game, [2, 3]), lang)
    assert claim in shown
    assert wrong not in shown.split(claim)[0]  # never "they win" before the claim is said


@pytest.mark.parametrize("lang,rogue,then", [
    ("en", "If a Rogue Success card is among its cards, the resistance Rogue wins alone",
     "Otherwise the Assassination comes."),
    ("de", "Ist eine Einzelgänger-Erfolg-Karte dabei, gewinnt der Einzelgänger des Widerstands "
     "allein", "Sonst kommt das Attentat."),
])
def test_a_rogue_success_on_record_makes_a_rogue_success_now_the_rogues_win(lang, rogue, then):
    """rules.md §7: Rogue Success on the third success and on an earlier mission is the
    resistance Rogue's own win, and the Assassination is skipped (§5.1 with §7)."""
    game = Game.new(7, 0, modules=["commander", "rogue"], roles=["resistance-rogue"])
    game = approved(game, [0, 1]).play_mission(0, rogue_success=1)
    game = approved(game, [1, 2, 3]).play_mission(0)
    shown = text(approved(game, [2, 1, 3]), lang)  # Ben, the only possible Rogue, is on it
    assert rogue in shown and then in shown
    assert shown.index(rogue) < shown.index(then)
    assert "then comes the Assassination" not in shown
    assert "Danach kommt das Attentat" not in shown


def test_targeting_with_the_trapper_lists_the_teams_the_engine_asks_for():
    """rules.md §2.1, §5.3: with the Trapper every team has one extra member; the open missions
    name the size `propose` takes (8 players: 3+1, 4+1, …), not the table's."""
    game = Game.new(players=8, first_leader=0, variants=["targeting"], modules=["trapper"])
    sizes = {m["mission"]: m["team_size"] for m in now(game, table(8), "en").facts["open_missions"]}
    assert sizes == {m: game.team_size_for(m) for m in game.open_missions}
    assert sizes[1] == 4
    assert "1 (team of 4)" in text(game)
    team = list(range(sizes[1]))
    assert game.propose(team, mission=1).phase == "vote"


@pytest.mark.parametrize("lang, three, two", [
    ("en", "each holds three cards: Success, Fail and Rogue Success",
     "each gets a Success and a Fail card"),
    ("de", "Jede Person hat drei Karten: Erfolg, Fehlschlag und Einzelgänger-Erfolg",
     "eine Erfolgs- und eine Fehlschlag-Karte"),
])
def test_in_a_rogue_game_each_team_member_holds_three_cards(lang, three, two):
    """rules.md §7: every team member gets Success, Fail and Rogue Success."""
    game = Game.new(players=7, first_leader=0, modules=["rogue"])
    game = game.propose([0, 1]).vote(everyone(game)).apply(GiveWatch(0))
    assert three in text(game, lang) and two not in text(game, lang)
    base = Game.new(players=7, first_leader=0).propose([0, 1]).vote(set(range(7)))
    assert two in text(base, lang)


def test_no_rogue_win_is_announced_for_a_team_without_anyone_who_can_be_the_rogue():
    """rules.md §7, §13.1: the Rogue Success on record is Ben's; a team without Ben cannot
    reveal one, so the mission's line does not say the Rogue may win alone."""
    game = Game.new(players=7, first_leader=0, modules=["rogue"], roles=["resistance-rogue"])
    game = game.propose([0, 1]).vote(everyone(game)).apply(GiveWatch(0))
    game = game.play_mission(0, rogue_success=1)
    game = game.propose([2, 3, 4]).vote(everyone(game)).apply(GiveWatch(2)).play_mission(0)
    alone = "the resistance Rogue wins alone"
    without = game.propose([2, 3, 4]).vote(everyone(game)).apply(GiveWatch(2))
    assert alone not in text(without)
    assert "A success now is the Resistance's third: it wins the game." in text(without)
    ben = game.propose([1, 2, 3]).vote(everyone(game)).apply(GiveWatch(2))
    assert alone in text(ben)


@pytest.mark.parametrize("reveals,shown,gezeigt", [
    ("loyalty-card", "their Loyalty card", "die eigene Treuekarte"),
    ("character-card", "their Character card", "die eigene Charakterkarte"),
])
def test_plot_establish_confidence_names_the_card_the_leader_shows(reveals, shown, gezeigt):
    """rules.md §3.4 and house rule `plot-reveals` (§13): with special characters in the game
    the leader shows the Loyalty card by default, the Character card under `character-card`;
    the reminder names the same card as the card's effect."""
    game = Game.new(players=7, first_leader=0, modules=["plot", "commander"],
                    house_rules={"plot-reveals": reveals})
    game = game.apply(DrawPlot(["establish_confidence", "strong_leader"]))
    game = game.apply(GivePlot("establish_confidence", 3))
    assert f"takes effect now: the leader shows {shown} to a player" in text(game)
    assert f"Person seiner Wahl {gezeigt}." in text(game, "de")


def test_at_the_mission_it_says_which_fail_counts_the_record_allows():
    """rules.md §1.5: what applies now asks the same place as the refusal. Anna and Ben
    revealed two Fail cards, so they are the spies: the team of the others may reveal none."""
    game = Game.new(5, 0).propose([0, 1]).vote(everyone(Game.new(5, 0))).play_mission(2)
    game = game.propose([2, 3, 4]).vote(everyone(game))
    found = now(game, table(5), "en")
    assert "The record so far allows only one count of Fail cards from this team: 0." in (
        "\n".join(found.lines))
    assert found.facts["fails_allowed"] == [0]
    fresh = Game.new(5, 0).propose([0, 1]).vote(everyone(game))
    assert "allows 0 to 2 Fail cards" in text(fresh)
    assert "erlaubt aus diesem Team 0 bis 2 Fehlschlag-Karten" in text(fresh, "de")
