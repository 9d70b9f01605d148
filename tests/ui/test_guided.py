"""The guided game, driven by scripted answers: every step goes through the session, so the
game's log is exactly what the non-interactive commands write for the same game.

Answers read like what the host picks: a player by name, a menu line by its start, a number
of Fail cards by its number. `Key("u")` presses a shortcut, CTRL_C presses Ctrl-C.
"""

from __future__ import annotations

import pytest
from scripted import CTRL_C, Key, Meanwhile, Wait

from moderator import session
from moderator.i18n import t
from moderator.ui import guided

FIVE = "new --players 5 --names Anna,Ben,Cleo,Dan,Eve --leader 1 --no-play"

#: A five-player game the Resistance wins 3 to 1, with one rejected team. Each proposal is
#: the team, then who rejected it, then (if approved) the Fail cards revealed. The leader card
#: passes clockwise after every rejected team and every mission (rules.md §1.7).
RESISTANCE_WINS = (
    ["Anna", "Ben"], [], 0,                              # Anna: all approve; success
    ["Ben", "Cleo", "Dan"], ["Anna", "Eve"], 1,          # Ben: 3 to 2; one Fail: failed
    ["Cleo", "Dan"], [], 0,                              # Cleo: success
    ["Dan", "Eve", "Anna"], ["Anna", "Ben", "Cleo"],     # Dan: 2 to 3, rejected
    ["Eve", "Anna", "Ben"], ["Cleo"], 0,                 # Eve: approved; the third success
)
RESISTANCE_WINS_BY_COMMANDS = (
    FIVE,
    "propose 1 2", "vote --approve 1,2,3,4,5", "mission --fails 0",
    "propose 2 3 4", "vote --reject 1,5", "mission --fails 1",
    "propose 3 4", "vote --reject ''", "mission --fails 0",
    "propose 1 4 5", "vote --reject 1,2,3",  # a team named in seat order, as ticked
    "propose 1 2 5", "vote --reject 3", "mission --fails 0",
)


def test_a_guided_game_logs_exactly_what_the_commands_log(cli, guide, newest, log, screen):
    """rules.md §1.4-§1.6 through the prompts, and the same game through the commands."""
    cli(FIVE)
    host = guide(*RESISTANCE_WINS, "No, close")
    guided.play(host, newest())
    assert log() == log(cli(*RESISTANCE_WINS_BY_COMMANDS, apart=True))
    assert "Game over: the Resistance wins (three missions succeeded)." in screen(host)


# -- the team (rules.md §1.2, §1.5) -----------------------------------------------------------


def test_the_team_list_takes_only_the_missions_size(cli, guide, newest):
    """rules.md §1.2: five players send two on mission 1."""
    cli(FIVE)
    host = guide(["Anna", "Ben"], Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    team = host.prompter.asked[0]
    assert team.kind == "checkbox"
    assert "Tick 2 for mission 1" in team.question
    assert team.validate([0]) == "Tick exactly 2 (now 1)."
    assert team.validate([0, 1, 2]) == "Tick exactly 2 (now 3)."
    assert team.validate([0, 4]) is None


def test_the_two_fail_rule_is_named_on_mission_4_with_seven_players(cli, guide, newest):
    """rules.md §1.5: at 7+ players mission 4 fails only with two Fail cards, so one Fail
    card is offered as a success."""
    cli("new --players 7 --leader 1 --no-play",
        "propose 1 2", "vote --reject ''", "mission --fails 0",
        "propose 2 3 4", "vote --reject ''", "mission --fails 1",
        "propose 3 4 5", "vote --reject ''", "mission --fails 0")
    host = guide(["Player 4", "Player 5", "Player 6", "Player 7"], [], 1, "No, close")
    guided.play(host, newest())
    team, _, fails, _ = host.prompter.asked
    assert "This mission fails only with two or more Fail cards." in team.question
    assert fails.titles[:3] == [
        "No Fail card: the mission succeeds",
        "1 Fail card: the mission still succeeds (it needs two)",
        "2 Fail cards: the mission fails",
    ]
    assert session.open_game(newest()).game.winner == "resistance"


def test_no_more_fail_cards_are_offered_than_there_are_spies(cli, guide, newest):
    """rules.md §1.1, §1.5: five players have two spies, so a team of three shows at most two
    Fail cards."""
    cli(FIVE, "propose 1 2", "vote --reject ''", "mission --fails 0", "propose 2 3 4",
        "vote --reject ''")
    host = guide(Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert host.prompter.asked[0].titles == [
        "No Fail card: the mission succeeds", "1 Fail card: the mission fails",
        "2 Fail cards: the mission fails",
    ]


def test_the_fail_cards_are_waited_for_where_the_record_allows_one_count(cli, guide, newest,
                                                                       log):
    """rules.md §1.1, §1.5: two Fail cards from Cleo and Dan make them the two spies, so the
    team of Anna, Ben and Eve can show no Fail card; the table still turns the cards over,
    and guided play records the result once the host has seen them, not before."""
    cli(FIVE, "propose 3 4", "vote --reject ''", "mission --fails 2", "propose 1 2 5",
        "vote --reject ''")
    host = guide(Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert host.prompter.asked[0].titles == ["No Fail card: the mission succeeds"]
    assert log()[-1]["type"] == "vote"  # nothing recorded before the cards
    host = guide("No Fail card", Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert session.open_game(newest()).game.missions[-1].succeeded


# -- the votes (rules.md §1.4) ----------------------------------------------------------------


def test_votes_are_entered_as_who_rejected_and_shown_with_the_vote_track(
        cli, guide, newest, screen):
    """rules.md §1.4: a tie rejects; the leader card moves on and the vote track goes up."""
    cli("new --players 6 --names A,B,C,D,E,F --leader 1 --no-play")
    host = guide(["A", "B"], ["D", "E", "F"], Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    vote = host.prompter.asked[1]
    assert vote.question == "Who voted against? (Everyone else approved.)"
    shown = screen(host)
    assert "Rejected, 3 to 3." in shown
    assert "Vote track: ●○○○○ 1 of 5. B gets the leader card." in shown
    game = session.open_game(newest()).game
    assert (game.rejections, game.leader) == (1, 1)


def test_the_fifth_proposal_is_warned_and_its_rejection_wins_for_the_spies(
        cli, guide, newest, screen, log):
    """rules.md §1.4, §1.6: the fifth rejected team in a round wins for the spies at once."""
    cli(FIVE)
    answers = []
    for leader in ("Anna", "Ben", "Cleo", "Dan", "Eve"):
        answers += [[leader, "Anna" if leader != "Anna" else "Ben"], ["Anna", "Ben", "Cleo"]]
    host = guide(*answers, "No, close")
    guided.play(host, newest())
    shown = screen(host)
    assert "⚠ One more rejection and the spies win." in shown
    assert shown.count("Last attempt: if this team is rejected, the spies win.") == 2  # team, vote
    assert "Game over: the spies win (five teams in a row were rejected in one round)." in shown
    assert "5 teams put to the vote, 5 rejected." in shown
    teams = [f"propose {' '.join(sorted(pair))}" for pair in ("12", "12", "13", "14", "15")]
    by_commands = [FIVE]
    for team in teams:
        by_commands += [team, "vote --reject 1,2,3"]
    assert log() == log(cli(*by_commands, apart=True))


def test_no_warning_of_the_fifth_team_once_it_is_approved(cli, guide, newest, screen):
    """rules.md §1.4: the warning holds only while the fifth team is still to be proposed or
    voted on (the engine's `warnings()`); after its approval nothing warns any more."""
    rejected = [c for seat in range(1, 5) for c in (f"propose {seat} {seat + 1}",
                                                    "vote --approve 1")]
    cli(FIVE, *rejected)
    shown = []
    host = guide(["Eve", "Anna"], Meanwhile(lambda: shown.append(screen(host))), [],
                 Meanwhile(lambda: shown.append(screen(host))), Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    at_vote, at_mission = shown
    assert t("en", "now.last_attempt") in at_vote
    after = at_mission[len(at_vote):]
    assert "Approved, 5 to 0." in after
    assert t("en", "now.last_attempt") not in after
    assert t("en", "status.last_chance") not in after


# -- between steps: the result right above the next question ---------------------------------


def test_each_result_stands_right_above_the_next_question(cli, guide, newest, screen):
    """Between two steps a compact table (the score, the vote track, the leaders) and then
    the step's result, as the last lines before the next question; not the full table."""
    cli(FIVE)
    shown = []
    host = guide(["Anna", "Ben"], Meanwhile(lambda: shown.append(screen(host))), ["Eve"],
                 Meanwhile(lambda: shown.append(screen(host))), Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    at_vote, at_mission = (text.rstrip("\n").split("\n") for text in shown)
    assert at_vote[-3:] == [
        "Score: Resistance 0 · Spies 0 · Vote track: ○○○○○ 0 of 5",
        "Leader: Anna · then Ben",
        "Anna proposes Anna and Ben for mission 1 (attempt 1).",
    ]
    assert at_mission[-5:] == [
        "Score: Resistance 0 · Spies 0 · Vote track: ○○○○○ 0 of 5",
        "Leader: Anna · then Ben",
        "Approved, 4 to 1.",
        "  Approved: Anna, Ben, Cleo, Dan",
        "  Rejected: Eve",
    ]
    assert screen(host).count("Score: Resistance 0 · Spies 0\n") == 1  # the full table: once


@pytest.mark.parametrize("height, shown", [(30, 2), (9, 0)])
def test_on_a_short_screen_the_result_stays_and_the_table_lines_go(cli, newest, height, shown):
    """The compact table gets the rows that the step's heading and the question leave free;
    the result is shown however few they are."""
    import io

    from rich.console import Console
    from scripted import Clock, Scripted

    cli(FIVE, "propose 1 2")
    console = Console(file=io.StringIO(), width=80, height=height, highlight=False)
    host = guided.Guide(console=console, prompter=Scripted([["Eve"], Key("q")], Clock()),
                        lang="en")
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    lines = console.file.getvalue().rstrip("\n").split("\n")
    assert lines[-3:] == ["Approved, 4 to 1.", "  Approved: Anna, Ben, Cleo, Dan",
                          "  Rejected: Eve"]
    table = ["Score: Resistance 0 · Spies 0 · Vote track: ○○○○○ 0 of 5",
             "Leader: Anna · then Ben"]
    assert lines[-3 - shown:-3] == table[:shown]
    assert not set(lines[-5:-3]) & set(table[shown:])


# -- always at hand: undo, the table, the rules, quit -----------------------------------------


def test_undo_takes_back_the_last_step_and_asks_it_again(cli, guide, newest, screen, log):
    cli(FIVE)
    host = guide(["Anna", "Ben"], Key("u"), ["Anna", "Cleo"], Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert "Taken back: team Anna, Ben." in screen(host)
    kinds = [a.kind for a in host.prompter.asked]
    assert kinds == ["checkbox", "checkbox", "checkbox", "checkbox"]  # team, vote, team, vote
    assert host.prompter.asked[2].question == host.prompter.asked[0].question
    assert log() == log(cli(FIVE, "propose 1 2", "undo", "propose 1 3", apart=True))


def test_undo_with_nothing_recorded_says_so_and_asks_again(cli, guide, newest, screen):
    cli(FIVE)
    host = guide(Key("u"), Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert t("en", "errors.nothing_to_undo") in screen(host)
    assert len(host.prompter.asked) == 2


def test_the_table_key_shows_the_table_and_returns_to_the_same_step(cli, guide, newest, screen):
    cli(FIVE, "propose 1 2", "vote --reject ''", "mission --fails 1")
    host = guide(Key("t"), Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    shown = screen(host)
    assert shown.count("Score: Resistance 0 · Spies 1") == 2  # on arrival and on the key
    assert host.prompter.asked[0].question == host.prompter.asked[1].question


def test_the_rules_key_opens_a_section_a_message_cited(cli, guide, newest, screen):
    """issue 23: "rules reference §8" in a refusal can be followed from guided play too."""
    cli(FIVE)
    host = guide(Key("r"), "§8", Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert "§8 Sergeant module" in screen(host)


def test_the_rules_key_answers_a_question_and_returns_to_the_same_step(
        cli, guide, newest, screen):
    """The short answer first; the details only when asked for (issue 35, item 2)."""
    cli(FIVE)
    host = guide(Key("r"), "does a tie pass", "Back to the game", Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    shown = screen(host)
    assert t("en", "topics.tie.title") in shown and t("en", "topics.tie.answer") in shown
    assert t("en", "topics.tie.detail")[:40] not in shown
    asked = host.prompter.asked
    assert [a.kind for a in asked[:3]] == ["checkbox", "text", "select"]
    assert asked[2].question == t("en", "play.rules_more")
    assert asked[3].question == asked[0].question


def test_the_details_of_a_rule_come_on_request(cli, guide, newest, screen):
    cli(FIVE)
    host = guide(Key("r"), "does a tie pass", "Show the details", Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    shown = screen(host)
    assert shown.index(t("en", "topics.tie.answer")) < shown.index(
        t("en", "topics.tie.detail")[:40])


def test_every_menu_of_the_game_offers_the_keys_always_at_hand(cli, guide, newest):
    cli(FIVE)
    host = guide(["Anna", "Ben"], [], Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert [a.keys for a in host.prompter.asked] == ["utrq"] * 3


def test_quit_keeps_everything_and_play_goes_on_at_the_same_step(cli, guide, newest, log):
    cli(FIVE)
    first = guide(["Anna", "Ben"], Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(first, newest())
    later = guide(["Cleo"], Key("q"))
    with pytest.raises(guided.Quit):
        guided.resume(later, newest())
    assert later.prompter.asked[0].question == "Who voted against? (Everyone else approved.)"
    assert log()[-1] == {"type": "vote", "approve": [1, 2, 4, 5]}


def test_ctrl_c_at_a_prompt_loses_no_step(cli, guide, newest, log):
    cli(FIVE)
    host = guide(["Anna", "Ben"], CTRL_C)
    with pytest.raises(KeyboardInterrupt):
        guided.play(host, newest())
    assert log() == log(cli(FIVE, "propose 1 2", apart=True))


def test_a_step_recorded_in_another_terminal_meanwhile_is_respected(cli, guide, newest, screen):
    cli(FIVE)
    host = guide(Meanwhile(lambda: cli("propose 1 3")), ["Anna", "Ben"], Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert t("en", "errors.moved_on") in screen(host)  # chosen for the game before that team
    assert host.prompter.asked[-1].question == "Who voted against? (Everyone else approved.)"
    assert session.open_game(newest()).game.team == (0, 2)  # the other terminal's team


def test_the_last_step_can_be_taken_back_at_the_end(cli, guide, newest):
    cli(FIVE, *RESISTANCE_WINS_BY_COMMANDS[1:])
    host = guide(Key("u"), 1, Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert host.prompter.asked[0].question == "Another game with the same table?"
    game = session.open_game(newest()).game
    assert (game.successes, game.failures, game.winner) == (2, 2, None)


@pytest.mark.parametrize("lang, answer, another", [
    ("en", "Yes", True), ("en", "No, close", False), ("de", "Ja", True), ("de", "Nein", False)])
def test_the_end_asks_for_another_game_with_the_same_table(cli, guide, newest, lang, answer,
                                                            another):
    """Issue 33: Enter (the first choice) says yes; the choice names who leads first then,
    the player after this game's first leader (rules.md §1.3)."""
    cli(FIVE, *RESISTANCE_WINS_BY_COMMANDS[1:])
    host = guide(answer, lang=lang)
    assert guided.play(host, newest()) is another
    end = host.prompter.asked[0]
    assert end.question == t(lang, "play.end_question")
    assert end.titles == [t(lang, "play.again_yes", leader="Ben"), t(lang, "play.close")]


def test_quit_at_the_end_closes_the_game(cli, guide, newest):
    cli(FIVE, *RESISTANCE_WINS_BY_COMMANDS[1:])
    guided.play(guide(Key("q")), newest())


# -- the discussion timer ----------------------------------------------------------------------


def test_without_a_timer_no_prompt_shows_one(cli, guide, newest):
    cli(FIVE)
    host = guide(["Anna", "Ben"], Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert [a.footer for a in host.prompter.asked] == [None, None]


def test_the_timer_runs_under_the_team_and_the_vote_of_each_proposal(cli, guide, newest):
    """One discussion per proposal: it goes on from the team to its vote, and starts again
    for the next team. It never holds a prompt back."""
    cli(FIVE)
    host = guide(["Anna", "Ben"], Wait(50), ["Anna", "Ben", "Cleo"],  # rejected
                 Wait(20), ["Ben", "Cleo"], Wait(65), Key("q"), timer=60)
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert [a.footer for a in host.prompter.asked] == [
        "Discussion ░░░░░░░░░░░░░░░░░░░░ 1:00 left",
        "⚠ Discussion ████████████████░░░░ only 0:10 left",
        "Discussion ██████░░░░░░░░░░░░░░ 0:40 left",  # a new discussion since the vote
        "⏰ Time is up ████████████████████ +0:25",
    ]


# -- before the game: names, the first leader, the checklist, the reveal ------------------------


def test_names_are_asked_in_seating_order_and_confirmed(guide, screen):
    host = guide("Anna", "", "Cleo", "Dan", "Eve", "Yes")
    names = guided.ask_names(host, [f"Player {seat}" for seat in range(1, 6)])
    assert names == ["Anna", "Player 2", "Cleo", "Dan", "Eve"]  # Enter keeps the suggestion
    assert [a.question for a in host.prompter.asked[:2]] == ["Seat 1:", "Seat 2:"]
    assert ("Seating order, clockwise: 1 Anna → 2 Player 2 → 3 Cleo → 4 Dan → 5 Eve → back "
            "to Anna.") in screen(host)


def test_a_wrong_order_is_typed_again_with_the_names_so_far_suggested(guide):
    host = guide("Anna", "Cleo", "Ben", "Dan", "Eve", "No", "", "Ben", "Cleo", "", "", "Yes")
    names = guided.ask_names(host, [f"Player {seat}" for seat in range(1, 6)])
    assert names == ["Anna", "Ben", "Cleo", "Dan", "Eve"]


@pytest.mark.parametrize("typed,refusal", [
    ("7", "'7' cannot be a name: numbers stand for seats. Choose another name."),
    (" Niemand ", "'Niemand' cannot be a name: in a vote it stands for a whole side "
                  "(--approve all, --reject none, alle, niemand). Choose another name."),
    ("anna", "The name 'anna' is given twice: every player needs a name of their own."),
    ("Smith, J", "A name cannot contain a comma: commas separate names on the command line."),
    ("   ", "A name cannot be empty."),
])
def test_a_name_the_command_line_could_not_tell_apart_is_refused(guide, typed, refusal):
    host = guide("Anna", "Ben", "Cleo", "Dan", "Eve", "Yes")
    guided.ask_names(host, [f"Player {seat}" for seat in range(1, 6)])
    second = host.prompter.asked[1]
    assert second.validate(typed) == refusal
    assert second.validate("Zoe") is None


def test_the_number_of_players_is_asked_when_the_command_line_did_not_say(guide):
    """rules.md §1.1: 5 to 10 players."""
    host = guide("7 players")
    assert guided.ask_count(host) == 7
    assert host.prompter.asked[0].titles == [f"{n} players" for n in range(5, 11)]


def test_the_first_leader_is_chosen_or_drawn_at_random(guide):
    """rules.md §1.3: the first leader is chosen at random, unless the table picks one."""
    names = ["Anna", "Ben", "Cleo", "Dan", "Eve"]
    assert guided.ask_leader(guide("Cleo"), names) == 2
    assert guided.ask_leader(guide("Draw at random"), names) is None


def test_the_checklist_lists_the_deck_the_tokens_and_the_first_leader(cli, newest):
    """rules.md §1.1-§1.3: seven players are four Resistance and three spies; teams of
    2-3-3-4-4, mission 4 needing two Fail cards; one Approve and one Reject token each."""
    from rich.console import Console

    cli("new --players 7 --leader 3 --no-play")
    console = Console(width=100, record=True, highlight=False)
    console.print(guided.checklist(session.open_game(newest()), "en"))
    text = console.export_text()
    for line in (
        "☐ Shuffle these 7 character cards and deal one to each player, face down:",
        "  4 × Resistance", "  3 × Spy",
        "☐ Lay out the board for 7 players: teams of 2-3-3-4-4 on missions 1 to 5.",
        "  Mission 4 fails only with two Fail cards.",
        "☐ Give every player one Approve and one Reject vote token.",
        "☐ Keep 4 Team tokens and 4 pairs of Mission cards (Success and Fail) at hand.",
        "☐ First leader: Player 3 (seat 3). Give them the leader card.",
    ):
        assert line in text


def test_a_new_game_goes_from_the_checklist_through_the_reveal_to_the_first_team(
        cli, guide, newest, screen):
    """rules.md §9.1: the base game's reveal, read as text when there is no voice."""
    cli(FIVE)
    host = guide("Ready", "Show it again", "Yes", Key("q"))
    with pytest.raises(guided.Quit):
        guided.begin(host, session.open_game(newest()))
    shown = screen(host)
    assert shown.count("  1. Everyone, close your eyes.") == 2
    assert "  2. Spies, open your eyes and look around: remember every other spy.  (8 s silence)" \
        in shown
    assert host.prompter.asked[-1].question == "Who is on Anna's team? Tick 2 for mission 1."


def test_the_reveal_is_handed_to_the_voice_when_there_is_one(cli, guide, newest, screen):
    cli(FIVE)
    heard = []
    host = guide("Yes", read_aloud=lambda lines: heard.append(lines) or True)
    guided.reveal(host, session.open_game(newest()))
    assert heard[0][0] == ("Everyone, close your eyes.", 3)
    assert "Everyone, close your eyes." not in screen(host)


def test_a_reveal_the_voice_could_not_speak_is_shown_as_text(cli, guide, newest, screen):
    cli(FIVE)
    host = guide("Yes", read_aloud=lambda lines: False)
    guided.reveal(host, session.open_game(newest()))
    assert "  1. Everyone, close your eyes." in screen(host)


def test_a_game_with_nothing_recorded_may_set_up_again_when_resumed(cli, guide, newest, screen):
    cli(FIVE)
    host = guide("The setup checklist", "Ready", "Yes", Key("q"))
    with pytest.raises(guided.Quit):
        guided.resume(host, newest())
    assert "Game " in screen(host) and "going on where you left it." in screen(host)
    assert "☐ Give every player one Approve and one Reject vote token." in screen(host)


# -- variants and modules -------------------------------------------------------------------


def test_under_targeting_the_leader_chooses_the_mission_first(cli, guide, newest, log):
    """rules.md §2.1: any open mission, mission 5 only after two successes; the team size is
    that mission's."""
    cli(FIVE.replace("--no-play", "--variants targeting --no-play"))
    host = guide(3, ["Anna", "Ben"], [], 0, Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    choose, team = host.prompter.asked[:2]
    assert choose.titles == ["Mission 1: team of 2", "Mission 2: team of 3",
                             "Mission 3: team of 2", "Mission 4: team of 3"]
    assert "Tick 2 for mission 3" in team.question
    assert log()[1:] == log(cli(FIVE.replace("--no-play", "--variants targeting --no-play"),
                                "propose 1 2 --mission 3", "vote --reject ''",
                                "mission --fails 0", apart=True))[1:]


def test_commander_module_the_assassin_names_then_the_commander_shows(cli, guide, newest, log):
    """rules.md §5.1: after the third success the Assassin names one player; naming the
    Commander wins for the spies."""
    new = FIVE.replace("--no-play", "--modules commander --no-play")
    cli(new, *RESISTANCE_WINS_BY_COMMANDS[1:])
    host = guide("Cleo", "Cleo", "No, close")
    guided.play(host, newest())
    assert host.prompter.asked[1].question == (
        "Cleo is named. Now the Commander shows their card: who is the Commander?")
    game = session.open_game(newest()).game
    assert (game.winner, game.reason) == ("spies", "assassinated_commander")
    assert log() == log(cli(new, *RESISTANCE_WINS_BY_COMMANDS[1:],
                            "assassinate 3 --commander 3", apart=True))


def test_a_look_at_the_table_or_the_rules_keeps_the_ticks_made(cli, guide, newest, log):
    """`t` (or `r`) in the middle of a list shows the table, then the same list comes back with
    the same players ticked; undo does not keep them."""
    cli(FIVE)
    host = guide(Key("t", ticked=(0,)), Key("r", ticked=(0, 1)), "", ["Anna", "Ben"],
                 Key("t", ticked=(2,)), [], Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    team = [a for a in host.prompter.asked if a.question.startswith("Who is on")]
    assert [a.checked for a in team] == [[], [0], [0, 1]]
    vote = [a for a in host.prompter.asked if a.question.startswith("Who voted against")]
    assert [a.checked for a in vote] == [[], [2]]
    assert log() == log(cli(FIVE, "propose 1 2", "vote --reject ''", apart=True))


def test_sergeant_module_the_leader_names_a_sergeant_who_may_order_a_switch(
        cli, guide, newest, log, screen):
    """rules.md §8: a Sergeant on every team, never the leader; a switch may add a Fail. With
    a team of two the Sergeant can only be the other member: that is said, not asked."""
    new = FIVE.replace("--no-play", "--modules sergeant --no-play")
    cli(new)
    host = guide(["Anna", "Ben"], [], "Anna", 1, Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert "Whom does Anna make Sergeant? (A team member other than the leader.) 2 Ben: the " \
           "only possible answer." in screen(host)
    _, switch, fails = host.prompter.asked[1:4]
    assert switch.titles == ["No switch", "1 Anna"]  # the team without the Sergeant
    assert len(fails.titles) == 3  # two spies, and the switch can turn one more card
    # The switch is a step of its own, before the reveal (rules.md §3.3, §8).
    assert log() == log(cli(new, "propose 1 2 --sergeant 2", "vote --reject ''",
                            "switch 1", "mission --fails 1", apart=True))


def test_rogue_module_watch_token_and_rogue_success(cli, guide, newest, log):
    """rules.md §7: at seven players the Watch token goes to a team member after approval;
    the resistance Rogue may play one Rogue Success."""
    new = "new --players 7 --modules rogue --roles resistance-rogue --leader 1 --no-play"
    cli(new)
    host = guide(["Player 1", "Player 2"], [], "Player 2", 0, "One Rogue Success", Key("q"))
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert host.prompter.asked[2].titles == ["1 Player 1", "2 Player 2"]
    assert log() == log(cli(new, "propose 1 2", "vote --reject ''", "watch 2",
                            "mission --fails 0 --rogue-success 1", apart=True))


# -- in German ------------------------------------------------------------------------------


@pytest.mark.parametrize("leader, question", [
    ("Anna", "Wer kommt in Annas Team? Wähle 2 Leute für Mission 1."),
    ("Hans", "Wer kommt in Hans’ Team? Wähle 2 Leute für Mission 1."),
])
def test_the_german_team_question_says_whose_team_as_a_host_does(cli, guide, newest, leader,
                                                                 question):
    cli(f"new --names {leader},Ben,Carl,Dora,Emil --leader 1 --lang de --no-play")
    host = guide(Key("q"), lang="de")
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    assert host.prompter.asked[0].question == question


def test_a_german_game_asks_in_german_and_logs_the_same(cli, guide, newest, screen, log):
    new = "new --players 5 --leader 1 --lang de --no-play"
    cli(new)
    host = guide(["Spieler 1", "Spieler 2"], ["Spieler 3", "Spieler 4", "Spieler 5"],
                 Key("q"), lang="de")
    with pytest.raises(guided.Quit):
        guided.play(host, newest())
    team, vote, _ = host.prompter.asked
    assert team.question == "Wer kommt ins Team von Spieler 1? Wähle 2 Leute für Mission 1."
    assert vote.question == "Wer ist dagegen? (Alle anderen sind dafür.)"
    assert "Team abgelehnt – 2 dafür, 3 dagegen." in screen(host)
    assert "Abstimmungsleiste: ●○○○○ 1 von 5. Spieler 2 bekommt den Anführer-Marker." \
        in screen(host)
    assert log() == log(cli(new, "propose 1 2", "vote --reject 3,4,5", apart=True))
