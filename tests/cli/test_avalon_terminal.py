"""A whole Avalon game in guided play, in a real pseudo-terminal (rules.md §14): every screen
in Avalon's words, the Lady of the Lake after quests 2, 3 and 4, the Assassination, and the
log the commands write for the same game."""

from __future__ import annotations

import io

import pytest

from test_avalon import GAME, NAMES, banned_words  # the same folder, on sys.path in pytest
from test_play_terminal import ENTER, Host, log_of

pytestmark = pytest.mark.integration

pytest.importorskip("pexpect")

#: What the host sees, per language: the questions and a few answers.
SEES = {
    "en": {"table": "Is everything on the table?", "reveal": "Is the reveal over?",
           "team": "Tick {count} for quest {quest}.", "against": "Who voted against?",
           "fails": "How many Fail cards were revealed?",
           "examine": "Whom does {holder} examine?", "examined": "{holder} examines {player}",
           "assassin": "Whom does the Assassin name as Merlin?",
           "merlin": "Carl is named. Now Merlin shows their card: who is Merlin?",
           "won": "Game over: Good wins", "over": "Another game with the same table?"},
    "de": {"table": "Liegt alles bereit?", "reveal": "Ist die Enthüllungsphase vorbei?",
           "team": "Wähle {count} Leute für Queste {quest}.", "against": "Wer ist dagegen?",
           "fails": "Wie viele Fehlschläge wurden aufgedeckt?",
           "examine": "Wen prüft {holder}?", "examined": "{holder} prüft {player}",
           "assassin": "Wen nennt der Meuchelmörder als Merlin?",
           "merlin": "Carl wurde genannt. Jetzt zeigt Merlin seine Karte: Wer ist Merlin?",
           "won": "Partie beendet: Das Gute gewinnt", "over": "Noch eine Partie am selben Tisch?"},
}
SEATS = {name: seat for seat, name in enumerate(NAMES.split(","), start=1)}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_guided_avalon_game_to_the_assassination(home, moderator, tmp_path, lang):
    """The game of test_avalon's GAME, played at the prompts: quests ✔ ✘ ✔ ✘ ✔ with one
    team rejected, the Lady of the Lake examining after quests 2, 3 and 4."""
    said = SEES[lang]
    host = Host(home, "new", "--theme", "avalon", "--players", "7", "--names", NAMES,
                "--leader", "Anna", "--seed", "5", "--modules", "lady-of-the-lake",
                "--lang", lang)
    screen = io.StringIO()
    host.terminal.logfile_read = screen
    host.answer(said["table"], ENTER)
    host.answer(said["reveal"], ENTER)

    def quest(number: int, team: str, against: str, fails: int) -> None:
        members = {SEATS[name] for name in team.split()}
        host.tick(said["team"].format(count=len(members), quest=number), members, 7)
        host.tick(said["against"], {SEATS[name] for name in against.split()}, 7)
        if against.split() != NAMES.split(","):
            host.pick(said["fails"], fails)

    def examine(holder: str, player: str, row: int) -> None:
        host.pick(said["examine"].format(holder=holder), row)
        host.sees(said["examined"].format(holder=holder, player=player))

    quest(1, "Anna Ben", "", 0)
    quest(2, "Ben Carl Dora", "", 1)
    examine("Gus", "Dora", 3)  # Gus has held it: Anna … Fay may be examined
    quest(3, "Carl Dora Emil", "", 0)
    examine("Dora", "Emil", 3)  # Anna, Ben, Carl, Emil, Fay
    quest(4, "Dora Emil Fay Gus", NAMES.replace(",", " "), 0)
    quest(4, "Anna Emil Fay Gus", "", 2)
    examine("Emil", "Fay", 3)  # Anna, Ben, Carl, Fay
    quest(5, "Anna Ben Fay Gus", "", 0)
    host.pick(said["assassin"], 2)  # Carl
    host.pick(said["merlin"], 3)  # Dora
    host.sees(said["won"])
    host.pick(said["over"], 1)  # no more games
    assert host.leaves() == 0

    assert said["won"] in screen.getvalue()  # the whole game was seen
    assert banned_words(lang, screen.getvalue()) == []
    other = tmp_path / "by-commands"
    commands = [f"new --theme avalon --players 7 --names {NAMES} --leader Anna --seed 5 "
                f"--no-play --modules lady-of-the-lake --lang {lang}",
                *[c for at, c in enumerate(GAME) if c.split()[0] in
                  ("propose", "vote", "mission", "examine", "assassinate")
                  and GAME[at + 1:at + 2] != ["undo"]]]  # what was taken back was not played
    for command in commands:
        assert moderator(command, env={"MODERATOR_HOME": str(other)}).exit_code == 0, command
    assert log_of(home) == log_of(other)
