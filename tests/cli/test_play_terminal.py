"""Whole games through the prompts, in a real pseudo-terminal, as a host plays them.

`moderator new` at a terminal asks for the names, the first leader, the checklist and the
reveal, then walks through every round; Ctrl-C pauses it and `moderator play` goes on at the
same step. Each game's log must equal the log the non-interactive commands write for the
same game (every entry but its time stamp).

The terminal is 120 by 50, so no question wraps; keys are sent only once their prompt is on
screen; every wait has a timeout. Like a real terminal, the host's side answers the prompts'
cursor-position requests (prompt_toolkit otherwise waits two seconds for each).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

pexpect = pytest.importorskip("pexpect")

DOWN, ENTER = "\x1b[B", "\r"
WAIT = 20  # seconds for any one prompt to appear
WHERE_IS_THE_CURSOR, TOP_LEFT = "\x1b[6n", "\x1b[1;1R"


class Host:
    """The person at the keyboard."""

    def __init__(self, home: Path, *args: str) -> None:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("MODERATOR_", "LC_")) and k not in ("LANG", "COLUMNS")}
        env.update(MODERATOR_HOME=str(home), MODERATOR_VOICE="off", TERM="xterm",
                   NO_COLOR="1", LANG="C.UTF-8", PYTHONIOENCODING="utf-8")
        self.terminal = pexpect.spawn(
            sys.executable, ["-m", "moderator", *args], env=env, encoding="utf-8",
            dimensions=(50, 120), timeout=WAIT,
        )

    def sees(self, text: str) -> None:
        while self.terminal.expect_exact([text, WHERE_IS_THE_CURSOR]) == 1:
            self.terminal.send(TOP_LEFT)

    def answer(self, prompt: str, keys: str) -> None:
        self.sees(prompt)
        self.terminal.send(keys)

    def pick(self, prompt: str, row: int) -> None:
        """The row-th line of a menu (0 is the first)."""
        self.answer(prompt, DOWN * row + ENTER)

    def tick(self, prompt: str, seats: set[int], players: int) -> None:
        """Tick these seats (1-based) in a list of every player."""
        self.answer(prompt, "".join((" " if seat in seats else "") + DOWN
                                    for seat in range(1, players + 1)) + ENTER)

    def leaves(self) -> int:
        while self.terminal.expect_exact([pexpect.EOF, WHERE_IS_THE_CURSOR]) == 1:
            self.terminal.send(TOP_LEFT)
        self.terminal.close()
        return self.terminal.exitstatus


def log_of(home: Path) -> list[dict]:
    """The newest game's log, without time stamps, game id, creation time and seed."""
    path = sorted((home / "games").glob("*.jsonl"))[-1]
    entries = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    setup = {k: v for k, v in entries[0].items() if k not in ("created", "game", "seed")}
    return [setup] + [{k: v for k, v in e.items() if k != "at"} for e in entries[1:]]


@pytest.fixture
def by_commands(moderator, tmp_path):
    """Record a game with the non-interactive commands, in a home of its own; its log."""

    def run(*commands: str) -> list[dict]:
        other = tmp_path / "by-commands"
        for command in commands:
            result = moderator(command, env={"MODERATOR_HOME": str(other)})
            assert result.exit_code == 0, f"moderator {command}\n{result.output}"
        return log_of(other)

    return run


def test_an_english_game_the_resistance_wins(home, by_commands):
    """rules.md §1.4-§1.6: five players, one rejected team, one failed mission, three
    successes; with an undo on the way and a discussion timer."""
    host = Host(home, "new", "--players", "5", "--lang", "en", "--timer", "300")
    for seat, name in enumerate(("Anna", "Ben", "Cleo", "Dan", "Eve"), start=1):
        host.answer(f"Seat {seat}:", name + ENTER)
    host.answer("Is that the order around the table?", ENTER)
    host.pick("Who gets the leader card first?", 1)  # Anna
    host.answer("Is everything on the table?", ENTER)
    host.sees("  1. Everyone, close your eyes.")
    host.answer("Is the reveal over?", ENTER)

    host.tick("Tick 2 for mission 1.", {1, 2}, 5)
    host.sees("Discussion")
    host.answer("Who voted against?", ENTER)  # nobody: everyone approved
    host.sees("Approved, 5 to 0.")
    host.pick("How many Fail cards were revealed?", 0)
    host.sees("Mission 1 succeeded: no Fail card.")

    host.tick("Tick 3 for mission 2.", {1, 2, 3}, 5)  # a slip: Ben meant Cleo, Dan, himself
    host.answer("Who voted against?", "u")
    host.sees("Taken back: team Anna, Ben, Cleo.")
    host.tick("Tick 3 for mission 2.", {2, 3, 4}, 5)
    host.tick("Who voted against?", {1, 5}, 5)
    host.sees("Approved, 3 to 2.")
    host.pick("How many Fail cards were revealed?", 1)
    host.sees("Mission 2 failed: 1 Fail card.")

    host.tick("Tick 2 for mission 3.", {3, 4}, 5)
    host.answer("Who voted against?", ENTER)
    host.pick("How many Fail cards were revealed?", 0)

    host.tick("Tick 3 for mission 4.", {1, 4, 5}, 5)
    host.tick("Who voted against?", {1, 2, 3}, 5)
    host.sees("Rejected, 2 to 3.")
    host.sees("Vote track: ●○○○○ 1 of 5. Eve gets the leader card.")
    host.tick("Tick 3 for mission 4.", {1, 2, 5}, 5)
    host.tick("Who voted against?", {3}, 5)
    host.pick("How many Fail cards were revealed?", 0)
    host.sees("Game over: the Resistance wins (three missions succeeded).")
    host.pick("Another game with the same table?", 1)  # no, close
    assert host.leaves() == 0

    assert log_of(home) == by_commands(
        "new --players 5 --names Anna,Ben,Cleo,Dan,Eve --leader 1 --lang en --timer 300 "
        "--no-play",
        "propose 1 2", "vote --approve 1,2,3,4,5", "mission --fails 0",
        "propose 1 2 3", "undo", "propose 2 3 4", "vote --reject 1,5", "mission --fails 1",
        "propose 3 4", "vote --approve 1,2,3,4,5", "mission --fails 0",
        "propose 1 4 5", "vote --reject 1,2,3",
        "propose 1 2 5", "vote --reject 3", "mission --fails 0",
    )


def test_a_german_game_lost_by_five_rejections_paused_with_ctrl_c_in_a_vote(home, by_commands):
    """rules.md §1.4, §1.6: the fifth rejected team in a round wins for the spies. Ctrl-C in
    the middle of the third vote loses nothing; `moderator play` asks that vote again."""
    host = Host(home, "new", "--players", "7", "--lang", "de")
    for seat in range(1, 8):
        host.answer(f"Platz {seat}:", ENTER)  # the suggested names: Spieler 1 … 7
    host.answer("Stimmt die Reihenfolge am Tisch?", ENTER)
    host.pick("Wer bekommt zuerst den Anführer-Marker?", 3)  # Spieler 3
    host.answer("Liegt alles bereit?", ENTER)
    host.answer("Ist die Enthüllungsphase vorbei?", ENTER)
    for _ in range(2):
        host.tick("Wähle 2 Leute für Mission 1.", {1, 2}, 7)
        host.tick("Wer ist dagegen?", set(range(1, 8)), 7)
        host.sees("Team abgelehnt – 0 dafür, 7 dagegen.")
    host.tick("Wähle 2 Leute für Mission 1.", {1, 2}, 7)
    host.answer("Wer ist dagegen?", " " + DOWN + " ")  # two ticked, then Ctrl-C
    host.terminal.sendintr()
    host.sees("Pausiert. Alle bisherigen Schritte sind gespeichert – weiter geht es mit "
              "moderator play")
    assert host.leaves() == 130
    assert [e["type"] for e in log_of(home)[1:]] == ["propose", "vote"] * 2 + ["propose"]

    host = Host(home, "play")
    host.sees("Es geht dort weiter, wo ihr aufgehört habt.")
    host.tick("Wer ist dagegen?", set(range(1, 8)), 7)
    for attempt in (4, 5):
        host.sees(f"Versuch {attempt} von 5")
        host.tick("Wähle 2 Leute für Mission 1.", {1, 2}, 7)
        host.tick("Wer ist dagegen?", set(range(1, 8)), 7)
    host.sees("Partie beendet: Die Spione gewinnen (in einer Runde wurden fünf Teams")
    host.pick("Noch eine Partie am selben Tisch?", 1)  # nein, schließen
    assert host.leaves() == 0

    assert log_of(home) == by_commands(
        "new --players 7 --leader 3 --lang de --no-play",
        *["propose 1 2", "vote --reject 1,2,3,4,5,6,7"] * 5,
    )


@pytest.mark.parametrize("lang, prompt, said", [
    ("en", "Seat 2:", "Stopped before the game was set up: nothing was saved."),
    ("de", "Platz 2:", "Abgebrochen, bevor die Partie aufgebaut war: Nichts wurde gespeichert."),
])
def test_ctrl_c_during_the_questions_of_new_exits_130_and_saves_nothing(home, lang, prompt,
                                                                       said):
    """Like Ctrl-C in guided play: exit 130 with one line that says what became of it."""
    host = Host(home, "new", "--players", "5", "--lang", lang)
    host.answer("Seat 1:" if lang == "en" else "Platz 1:", "Anna" + ENTER)
    host.sees(prompt)
    host.terminal.sendintr()
    host.sees(said)
    assert host.leaves() == 130
    assert not (home / "games").exists() or not list((home / "games").iterdir())


def test_seat_numbers_tick_players_and_a_look_at_the_table_keeps_them(home, by_commands):
    """Fewer keys (issue 17): seat numbers tick players in a list, `t` keeps the ticks made,
    questionary's `a` (tick everyone) does nothing, and a question with one possible answer
    is said, not asked (rules.md §8: the Sergeant of a team of two led by a member)."""
    host = Host(home, "new", "--players", "5", "--names", "Anna,Ben,Cleo,Dan,Eve",
                "--leader", "anna", "--modules", "sergeant", "--lang", "en")
    host.answer("Is everything on the table?", ENTER)
    host.answer("Is the reveal over?", ENTER)
    host.answer("Tick 2 for mission 1.", "12")  # Anna and Ben, by their seats
    host.terminal.send("t")
    host.sees("Score: Resistance 0 · Spies 0")  # the table, then the same list again
    host.answer("Tick 2 for mission 1.", ENTER)  # still ticked: accepted as it is
    host.sees("2 Ben: the only possible answer.")
    host.answer("Who voted against?", "a" + "34" + ENTER)  # `a` ticks nobody
    host.sees("Approved, 3 to 2.")
    host.pick("Did the Sergeant Ben order someone to switch cards?", 0)
    host.pick("How many Fail cards were revealed?", 0)
    host.sees("Mission 1 succeeded: no Fail card.")
    host.answer("Tick 3 for mission 2.", "q")
    assert host.leaves() == 0
    assert log_of(home) == by_commands(
        "new --players 5 --names Anna,Ben,Cleo,Dan,Eve --leader anna --modules sergeant "
        "--lang en --no-play",
        "propose 1 2 --sergeant 2", "vote --reject 3,4", "switch --nobody", "mission --fails 0",
    )


def test_the_leader_chooses_the_hand_out_order_and_a_star_card_resolves_first(home,
                                                                           by_commands):
    """rules.md §3.3 window 2, §3.4 (issue 13): the leader chooses which drawn card to hand
    out next; a card that acts at once is used before the next one is handed out."""
    setup = "new --players 7 --modules plot --leader 1 --lang en --no-play"
    for line in (setup, "plot draw overheard_conversation strong_leader"):
        assert Host(home, *line.split()).leaves() == 0
    host = Host(home, "play")
    host.pick("Which drawn card does Player 1 hand out next?", 1)  # Strong Leader first
    host.pick("Player 1 hands Strong Leader to whom?", 3)  # Player 5
    host.sees("Strong Leader goes to Player 5.")
    host.pick("Player 1 hands Overheard Conversation to whom?", 0)  # the last card: Player 2
    host.pick("Whose card does Player 2 look at (a neighbour)?", 0)  # Player 1
    host.sees("Overheard Conversation has been used and goes to the discard pile.")
    host.answer("Tick 2 for mission 1.", "q")
    assert host.leaves() == 0
    assert log_of(home) == by_commands(
        setup, "plot draw overheard_conversation strong_leader", "plot give strong 5",
        "plot give overheard 2", "plot use overheard --target 1",
    )


def test_guided_play_offers_only_a_rogue_success_the_record_allows(home, by_commands):
    """rules.md §7, §13.1 `rogue-possible-record`: team {3,4} with the Watch token on 3 after
    a Rogue Success on team {1,2}: no single player could play both, so guided play does not
    offer a Rogue Success (a count with one possible value is not asked)."""
    Host(home, "new", "--players", "5", "--modules", "rogue", "--roles", "resistance-rogue",
         "--leader", "1", "--lang", "en", "--no-play").leaves()
    for line in ("propose 1 2", "vote --approve all", "mission --fails 0 --rogue-success 1",
                 "propose 2 3 4", "vote --approve all", "mission --fails 0", "propose 3 4",
                 "vote --approve all", "watch 3"):
        assert Host(home, *line.split()).leaves() == 0
    host = Host(home, "play")
    host.sees("mission cards for mission 3; shuffle")  # not "… and Rogue Success"
    host.pick("How many Fail cards were revealed?", 0)
    host.sees("Game over: the Resistance wins")  # the Rogue's share: a partial victory
    host.pick("Another game with the same table?", 1)  # no, close
    assert host.leaves() == 0
    assert log_of(home)[-1] == {"type": "mission", "fails": 0}


@pytest.mark.parametrize("lang, question, why", [
    ("en", "Play this combination anyway, as a house rule?", "be played together"),
    ("de", "Diese Kombination trotzdem spielen, als Hausregel?", "nicht zusammen"),
])
def test_enter_at_the_house_rule_question_plays_nothing(tmp_path, lang, question, why):
    """rules.md §8, §10.2: the combination is refused by the rules, so the safe answer is the
    default: one Enter does not start a game, and the refusal is not printed a second time
    (issue 25, the user's own `new --players 9 --modules rogue,sergeant --lang de`)."""
    import io

    home = tmp_path / "home"
    host = Host(home, "new", "--players", "9", "--modules", "rogue,sergeant", "--lang", lang)
    host.terminal.logfile_read = seen = io.StringIO()
    host.answer(question, ENTER)
    assert host.leaves() == 1
    assert seen.getvalue().count(why) == 1
    assert not list(home.glob("games/*.jsonl"))


@pytest.mark.parametrize("lang, how, which, typed, card", [
    ("en", "How does Player 1 draw?", "Card 1 of 1 drawn:", "no confidence", "no_confidence"),
    ("de", "Wie zieht Spieler 1?", "Gezogene Karte 1 von 1:", "MISSTRAUEN", "no_confidence"),
])
def test_a_card_the_table_drew_is_typed_by_its_name(home, moderator, lang, how, which, typed,
                                                    card):
    """Issue 25 (rules.md §3.2): the table drew from its own deck; the host types the card's
    name as printed on it (any case) instead of scrolling the deck with the arrow keys."""
    assert moderator(f"new --players 5 --modules plot --leader 1 --no-play --lang {lang}",
                     env={"MODERATOR_HOME": str(home)}).exit_code == 0
    start = {"en": "Nothing has been recorded yet. Start with:",
             "de": t_de_start()}[lang]
    host = Host(home, "play")
    host.answer(start, ENTER)  # with the first team
    host.pick(how, 1)  # from our own deck
    host.answer(which, typed + ENTER)
    host.sees("?")  # the next question: the draw is recorded
    host.terminal.sendcontrol("c")
    assert host.leaves() == 130
    assert log_of(home)[1] == {"type": "plot_draw", "cards": [card]}


def t_de_start() -> str:
    from moderator.i18n import t

    return t("de", "play.start_question")
