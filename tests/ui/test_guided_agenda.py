"""Guided steps of the Reverser, Trapper, Defector and Inquisitor modules (rules.md §2.3,
§5.2, §5.3, §6.2): each logs exactly what the matching command logs."""

from __future__ import annotations

import pytest
from scripted import Key

from moderator import session
from moderator.ui import guided

FIVE = "new --players 5 --names Anna,Ben,Cleo,Dan,Eve --leader 1 --no-play"


def test_reverser_the_reverse_cards_are_counted_after_the_fail_cards(cli, guide, newest, log):
    """rules.md §6.2: the Spy Reverser never plays Fail, so at five players one Fail at most."""
    new = FIVE.replace("--no-play", "--modules reverser --no-play")
    cli(new)
    host = guide(["Anna", "Ben"], [], 0, 1, Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    fails, reverse = host.prompter.asked[2:4]
    assert len(fails.titles) == 2  # none or one: the other spy is the Spy Reverser
    assert reverse.titles == ["None", "1 Reverse card", "2 Reverse cards"]
    assert log() == log(cli(new, "propose 1 2", "vote --reject ''",
                            "mission --fails 0 --reverse 1", apart=True))


def test_trapper_the_leader_traps_a_card_before_the_reveal(cli, guide, newest, log):
    """rules.md §5.3: a team of one more; the trapped card is out of the reveal."""
    new = FIVE.replace("--no-play", "--modules trapper --no-play")
    cli(new)
    host = guide(["Anna", "Ben", "Cleo"], [], "Cleo", 2, Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    team, _, trap, fails = host.prompter.asked[:4]
    assert team.question == "Who is on Anna's team? Tick 3 for mission 1."
    assert trap.question == "Whose card does Anna trap and take out?"
    assert trap.titles == ["1 Anna", "2 Ben", "3 Cleo"]
    assert len(fails.titles) == 3  # two cards are revealed: none, one or two Fails
    assert log() == log(cli(new, "propose 1 2 3", "vote --reject ''",
                            "mission --fails 2 --trap 3", apart=True))


def test_a_defector_and_inquisitor_game_runs_start_to_finish_guided(
        cli, guide, newest, log, screen):
    """rules.md §2.3, §5.2: examinations after missions 2, 3 and 4, Loyalty cards at the start
    of rounds 3, 4 and 5, until the game is decided."""
    new = FIVE.replace("--no-play", "--modules defector,inquisitor --seed 5 --no-play")
    cli(new)
    host = guide(
        ["Anna", "Ben"], [], 0,
        ["Ben", "Cleo", "Dan"], [], 1,
        "Ben", "Draw it",                          # Eve examines Ben; round 3's card
        ["Cleo", "Dan"], [], 1,
        "Cleo", "Our table turned over: Switch",   # Ben examines Cleo; round 4's card
        ["Dan", "Eve", "Anna"], [], 0,
        "Anna", "Our table turned over: No Change",
        ["Eve", "Anna", "Ben"], [], 1,
        "No, close",
    )
    guided.play(host, newest())
    examine = next(a for a in host.prompter.asked if a.question == "Whom does Eve examine?")
    assert examine.titles == ["1 Anna", "2 Ben", "3 Cleo", "4 Dan"]  # never Eve herself
    game = session.open_game(newest()).game
    assert (game.winner, game.inquisitors) == ("spies", (4, 1, 2, 0))
    drawn = game.loyalty[0]
    assert game.loyalty == (drawn, "switch", "no-change")
    assert "Game over: the spies win (three missions failed)." in screen(host)
    assert log() == log(cli(
        new, "propose 1 2", "vote --reject ''", "mission --fails 0",
        "propose 2 3 4", "vote --reject ''", "mission --fails 1",
        "examine 2", f"loyalty {drawn}",
        "propose 3 4", "vote --reject ''", "mission --fails 1",
        "examine 3", "loyalty switch",
        "propose 1 4 5", "vote --reject ''", "mission --fails 0",
        "examine 1", "loyalty no-change",
        "propose 1 2 5", "vote --reject ''", "mission --fails 1", apart=True))


def test_a_hunter_game_runs_start_to_finish_guided(cli, guide, newest, log, screen):
    """rules.md §6.1: the Investigator token with every team before the last mission, the
    investigations, a declined early accusation, and the accusation that decides."""
    new = FIVE.replace("--no-play", "--modules hunter --no-play")
    cli(new)
    host = guide(
        ["Anna", "Ben"], "Cleo", [], 0, "Dan",              # Anna leads; she investigates Dan
        ["Ben", "Cleo", "Dan"], "Eve", [], 1,                # a Fail: the early accusation?
        "The spy Hunter does not accuse now", "Anna",       # no; Eve investigates Anna
        ["Cleo", "Dan"], "Eve", [], 0, "Ben",
        ["Dan", "Eve", "Anna"], "Ben", [], 0,                # the third success
        "Ben", "The Chief of the other side",                # the resistance Hunter is right
        "No, close",
    )
    guided.play(host, newest())
    token = host.prompter.asked[1]
    assert token.question == "Who gets the Investigator token? (neither Anna nor on the team)"
    assert token.titles == ["3 Cleo", "4 Dan", "5 Eve"]
    game = session.open_game(newest()).game
    assert (game.winner, game.reason) == ("resistance", "hunter_found_chief")
    assert "Game over: the Resistance wins (the Hunter found a Chief of the other side)." in \
        screen(host)
    assert log() == log(cli(
        new, "propose 1 2 --investigator 3", "vote --reject ''", "mission --fails 0",
        "investigate 4",
        "propose 2 3 4 --investigator 5", "vote --reject ''", "mission --fails 1",
        "accuse --nobody", "investigate 1",
        "propose 3 4 --investigator 5", "vote --reject ''", "mission --fails 0",
        "investigate 2",
        "propose 1 4 5 --investigator 2", "vote --reject ''", "mission --fails 0",
        "accuse 2 --shows chief", apart=True))


def test_a_reverser_game_runs_start_to_finish_guided(cli, guide, newest, log, screen):
    """rules.md §6.2: a failed mission turned into a success by one Reverse card."""
    new = FIVE.replace("--no-play", "--modules reverser --no-play")
    cli(new)
    host = guide(["Anna", "Ben"], [], 0, 0,
                 ["Ben", "Cleo", "Dan"], [], 1, 1,
                 ["Cleo", "Dan"], [], 0, 0, "No, close")
    guided.play(host, newest())
    assert "1 Reverse card turned the result over." in screen(host)
    assert "Game over: the Resistance wins (three missions succeeded)." in screen(host)
    assert log() == log(cli(
        new, "propose 1 2", "vote --reject ''", "mission --fails 0",
        "propose 2 3 4", "vote --reject ''", "mission --fails 1 --reverse 1",
        "propose 3 4", "vote --reject ''", "mission --fails 0", apart=True))


def test_a_trapper_game_runs_start_to_finish_guided(cli, guide, newest, log, screen):
    """rules.md §5.3: every team one larger, one trapped card per mission."""
    new = FIVE.replace("--no-play", "--modules trapper --no-play")
    cli(new)
    host = guide(["Anna", "Ben", "Cleo"], [], "Cleo", 0,
                 ["Ben", "Cleo", "Dan", "Eve"], [], "Dan", 2,
                 ["Cleo", "Dan", "Eve"], [], "Eve", 0,
                 ["Dan", "Eve", "Anna", "Ben"], [], "Anna", 0, "No, close")
    guided.play(host, newest())
    assert "The leader trapped the card of Anna and took it out." in screen(host)
    assert "Game over: the Resistance wins (three missions succeeded)." in screen(host)
    game = session.open_game(newest()).game
    assert [m.trapped for m in game.missions] == [2, 3, 4, 0]
    assert (game.successes, game.failures) == (3, 1)
    assert log() == log(cli(
        new, "propose 1 2 3", "vote --reject ''", "mission --fails 0 --trap 3",
        "propose 2 3 4 5", "vote --reject ''", "mission --fails 2 --trap 4",
        "propose 3 4 5", "vote --reject ''", "mission --fails 0 --trap 5",
        "propose 1 2 4 5", "vote --reject ''", "mission --fails 0 --trap 1", apart=True))


def test_the_blame_is_offered_before_each_team_until_it_is_used(cli, guide, newest, log):
    """rules.md §6.1: once per game, during team building before the vote, the Deep Agent may
    reveal and blame a player as the Pretender."""
    new = "new --players 7 --modules hunter --roles deep-agent,pretender --leader 1 --no-play"
    cli(new)
    host = guide("No Blame now", ["Player 1", "Player 2"], "Player 4",
                 ["Player 3", "Player 4", "Player 5", "Player 6"],  # rejected
                 "Player 6", "Player 3", "Yes: the two swap character cards and sides",
                 Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    questions = [asked.question for asked in host.prompter.asked]
    blame = "Before the team: does the Deep Agent reveal and blame someone as the Pretender " \
            "(once per game)?"
    assert questions.count(blame) == 2  # before each proposal, until it is used
    assert questions[-1] != blame  # used: not offered again
    assert log() == log(cli(
        new, "propose 1 2 --investigator 4", "vote --reject 3,4,5,6",
        "blame 3 --deep-agent 6 --pretender", apart=True))
