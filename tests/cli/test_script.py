"""`moderator script`, `moderator voice prepare`, and the reveal read aloud by `new`.

In-process tests use typer's runner (no terminal: nothing waits, nothing prompts). Reading
aloud is tested in a real pseudo-terminal with pexpect: single keys repeat a line, go on, or
stop. Sound goes to a stand-in player on PATH that notes each file (there is no sound card);
espeak-ng runs for real; Google's service is answered by `responses` in-process, and in a
subprocess is made unreachable through a proxy that refuses connections.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
from pathlib import Path

import pytest
import requests
import responses

from moderator.i18n import t

DONE_WHEN = ("script --players 10 --modules commander,rogue "
             "--roles body-guard,false-commander,deep-cover,spy-rogue,resistance-rogue --lang de")

DONE_WHEN_DE = [
    "Enthüllungsphase · 10 Personen · Der Attentäter (mit Kommandeur), Der Einzelgänger",
    "  1. Alle schließen die Augen und strecken eine Faust nach vorn.  (3 s Stille)",
    "  2. Der Einzelgänger der Spione lässt die Augen geschlossen.",
    "  3. Alle anderen Spione öffnen die Augen und schauen, wer alles dazugehört.  (8 s Stille)",
    "  4. Die Spione schließen die Augen.  (2 s Stille)",
    "  5. Jetzt sind alle Augen geschlossen, und alle strecken die Faust nach vorn.",
    "  6. Der Geheime Informant lässt die Faust geschlossen.",
    "  7. Der Einzelgänger der Spione lässt die Faust geschlossen.",
    "  8. Alle anderen Spione strecken den Daumen nach oben.  (2 s Stille)",
    "  9. Jetzt sind zwei Daumen oben.",
    " 10. Der Kommandeur öffnet die Augen und merkt sich, wessen Daumen oben ist.  (6 s Stille)",
    " 11. Alle Daumen gehen wieder herunter. Der Kommandeur schließt die Augen.  (2 s Stille)",
    " 12. Der Kommandeur und der Falsche Kommandeur strecken den Daumen nach oben.  (2 s Stille)",
    " 13. Der Leibwächter öffnet die Augen und merkt sich die beiden Daumen.  (6 s Stille)",
    " 14. Die Daumen gehen wieder herunter. Der Leibwächter schließt die Augen.  (2 s Stille)",
    " 15. Jetzt sind alle Augen geschlossen und alle Daumen unten.",
    " 16. Alle ziehen die Faust zurück und öffnen die Augen.",
]

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                  reason="espeak-ng is not installed (.ci/run installs it)")


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("MODERATOR_CACHE", str(folder))
    monkeypatch.delenv("MODERATOR_VOICE", raising=False)
    monkeypatch.delenv("MODERATOR_SPEED", raising=False)
    return folder


@pytest.fixture
def speakers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working sound device: `ffplay` (the first player tried) notes each file it plays.
    Returns the folder it is in; `played(folder)` lists the files."""
    folder = tmp_path / "bin"
    folder.mkdir()
    player = folder / "ffplay"
    player.write_text(f'#!/bin/sh\nfor last; do :; done; echo "$last" >> {folder / "played"}\n')
    player.chmod(player.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return folder


def played(folder: Path) -> list[Path]:
    log = folder / "played"
    return [Path(p) for p in log.read_text().splitlines()] if log.exists() else []


# -- printing ---------------------------------------------------------------------------------


def test_the_done_when_script_in_german(moderator):
    """rules.md §9.5 with §9.4: 10 players, Commander module and both Rogues."""
    result = moderator(DONE_WHEN)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == DONE_WHEN_DE


def test_more_special_spies_than_spies_is_refused_with_the_reason(refused):
    """rules.md §10.1: at 5 players there are 2 spies; the Assassin, the Deep Cover and the
    Blind Spy would need 3."""
    line = refused("script --players 5 --modules commander --roles deep-cover,blind-spy")
    assert line.startswith("Too many spy characters for 5 players:")
    assert "need 3 spy cards, but the table has only 2 spies" in line


def test_more_special_spies_than_spies_is_refused_in_german(refused):
    line = refused("script --players 6 --modules commander,rogue --roles deep-cover,spy-rogue "
                   "--lang de")
    assert line.startswith("Zu viele Spion-Charaktere für 6 Personen:")


def test_json_lists_every_step_with_who_sees_what(moderator):
    result = moderator(DONE_WHEN.replace("script", "script --json"))
    data = json.loads(result.stdout)
    assert (data["lang"], data["players"], data["game"]) == ("de", 10, None)
    steps = data["steps"]
    assert [s["text"] for s in steps] == [line[5:].split("  (")[0] for line in DONE_WHEN_DE[1:]]
    assert all(set(s) == {"key", "text", "pause", "everyone", "open", "thumb"} for s in steps)
    assert steps[0] == {"key": "script.close_fist", "text": DONE_WHEN_DE[1][5:].split("  (")[0],
                        "pause": 3,
                        "everyone": True, "open": [], "thumb": []}
    assert steps[2]["open"] == ["assassin", "deep-cover", "false-commander"]
    assert steps[9]["open"] == ["commander"]
    assert steps[9]["thumb"] == ["assassin", "false-commander"]
    assert steps[12]["open"] == ["body-guard"]
    assert steps[12]["thumb"] == ["commander", "false-commander"]
    assert all(not s["open"] and not s["thumb"] for s in steps if s["everyone"])


def test_the_script_of_the_current_game_is_that_of_its_configuration(play, moderator):
    play("new --players 7 --modules commander --roles body-guard --lang de")
    of_game = json.loads(moderator("script --json").stdout)
    of_options = json.loads(moderator("script --json --players 7 --modules commander "
                                      "--roles body-guard --lang de").stdout)
    assert of_game["steps"] == of_options["steps"]
    assert of_game["game"] is not None and of_game["lang"] == "de"


def test_lang_overrides_the_games_language(play, moderator):
    play("new --players 5 --lang de")
    assert moderator("script").stdout.splitlines()[1] == "  1. Alle schließen die Augen."
    assert moderator("script --lang en").stdout.splitlines()[1] == "  1. Everyone, close your eyes."


def test_a_house_rule_changes_the_script(moderator):
    """rules.md §9.6: the Defectors meet only with defector-reveal=know-each-other."""
    meeting = "Defectors, open your eyes and look at each other."
    assert meeting not in moderator("script --players 6 --modules defector").stdout
    assert meeting in moderator("script --players 6 --modules defector "
                                "--house-rule defector-reveal=know-each-other").stdout


def test_without_a_game_or_a_configuration_it_says_what_to_give(refused):
    assert refused("script") == (
        "There is no game yet: give a configuration, for example moderator script --players 7 "
        "--modules commander."
    )


@pytest.mark.parametrize("command,exit_code", [
    ("script --modules commander", 2),
    ("script --players 5 --say --json", 2),
    ("script --players 5 --house-rule reverser-spy-visibility=sometimes", 1),
    ("script --players 5 --say --voice loud", 2),
    ("script --players 5 --say --speed fast", 2),
    ("script --players 5 --modules sergeant,rogue", 1),
])
def test_bad_requests_are_refused_in_one_line(refused, command, exit_code):
    refused(command, exit_code=exit_code)


def test_an_uncovered_combination_needs_allow_incompatible(refused, moderator):
    """rules.md §10.3: Blind Spies with the Commander steps."""
    refused("script --players 7 --modules commander --variants blind-spies")
    result = moderator("script --players 7 --modules commander --variants blind-spies "
                       "--allow-incompatible")
    assert "Blind Spies: the spies never open their eyes to find each other." in result.stdout


# -- speaking without a terminal ------------------------------------------------------------


def test_say_with_voice_off_shows_the_lines(moderator, speakers):
    result = moderator("script --players 5 --variants blind-spies --say --voice off")
    assert result.exit_code == 0
    assert "  1. Blind Spies: there is no reveal." in result.stdout
    assert played(speakers) == []


@needs_espeak
def test_say_speaks_through_espeak(moderator, speakers):
    result = moderator("script --players 5 --variants blind-spies --say --voice espeak "
                       "--lang de")
    assert result.exit_code == 0, result.output
    assert [p.suffix for p in played(speakers)] == [".wav"]
    assert result.stderr == ""


def test_new_without_a_terminal_neither_speaks_nor_waits(moderator, speakers, cache):
    result = moderator("new --players 5 --no-play", env={"MODERATOR_VOICE": "espeak"})
    assert result.exit_code == 0
    assert "  2. Spies, open your eyes and look around: remember every other spy." \
        in result.stdout
    assert played(speakers) == [] and not cache.exists()


# -- voice prepare ----------------------------------------------------------------------------

GOOGLE = r"https://translate\.google\.[a-z.]+/_/TranslateWebserverUi/data/batchexecute"


def google_answer(audio: bytes) -> str:
    """Google's batchexecute answer around `audio` (ecosystem.md §1)."""
    import base64
    import re

    inner = json.dumps([base64.b64encode(audio).decode("ascii")])
    envelope = json.dumps([["wrb.fr", "jQ1olc", inner, None, None, None, "generic"]],
                          separators=(",", ":"))
    assert re.search(r'jQ1olc","\[\\"(.*)\\"]', envelope)
    return f")]}}'\n\n{len(envelope)}\n{envelope}\n"


def test_voice_prepare_makes_every_line_of_the_game(play, moderator, cache):
    import re

    play("new --players 10 --modules commander,rogue --roles "
         "body-guard,false-commander,deep-cover,spy-rogue,resistance-rogue --lang de")
    with responses.RequestsMock() as google:
        google.add(responses.POST, re.compile(GOOGLE),
                   body=google_answer(b"\xff\xf3\x44\xc4" + bytes(92)))
        result = moderator("voice prepare")
        asked = len(google.calls)
    assert result.exit_code == 0, result.output
    assert asked == 16  # 16 different lines, each short enough for one request
    assert result.stdout.startswith("16 Zeilen liegen auf Deutsch mit der Sprachausgabe von "
                                    "Google (gTTS) bereit (0 davon schon im Zwischenspeicher)")
    again = moderator("voice prepare", env={"HTTPS_PROXY": "http://127.0.0.1:9"})
    assert "(16 davon schon im Zwischenspeicher)" in again.stdout


@needs_espeak
def test_voice_prepare_offline_prepares_the_offline_voice(moderator, cache):
    import re

    with responses.RequestsMock() as google:
        google.add(responses.POST, re.compile(GOOGLE), body=requests.ConnectionError("offline"))
        result = moderator("voice prepare --players 5")
    assert result.exit_code == 0, result.output
    assert result.stderr.strip() == t("en", "voice.prepare_offline")
    assert result.stdout.startswith("4 lines are ready in English with the offline voice "
                                    "espeak-ng (0 already in the cache)")
    assert len(list(cache.rglob("*.wav"))) == 4


def test_voice_prepare_with_voice_off_is_refused(refused):
    assert refused("voice prepare --players 5 --voice off") == \
        "With --voice off there is nothing to prepare."


# -- reading aloud at a terminal --------------------------------------------------------------


@pytest.fixture
def terminal(speakers, home, cache):
    """Run `moderator ARGS` in a real pseudo-terminal (pexpect), 100 columns wide."""
    pexpect = pytest.importorskip("pexpect")

    def spawn(args: str, **env: str):
        environment = {**os.environ, "MODERATOR_HOME": str(home), "MODERATOR_CACHE": str(cache),
                       "TERM": "dumb", "NO_COLOR": "1", **env}
        return pexpect.spawn(sys.executable, ["-m", "moderator", *args.split()], env=environment,
                             encoding="utf-8", timeout=20, dimensions=(40, 100))

    return spawn


def read_to_the_end(child) -> str:
    """Go on at every countdown (space), until the program ends; everything it printed."""
    import pexpect

    shown = []
    while child.expect([r"… \d+ s", pexpect.EOF]) == 0:
        shown.append(child.before)
        child.send(" ")
    shown.append(child.before)
    child.close()
    return "".join(shown)


@needs_espeak
def test_the_done_when_script_is_spoken_through_espeak(terminal, speakers):
    child = terminal(DONE_WHEN + " --say --voice espeak")
    shown = read_to_the_end(child)
    assert child.exitstatus == 0, shown
    assert "w wiederholt die letzte Zeile" in shown
    for line in DONE_WHEN_DE[1:]:
        assert line.split("  (")[0] in shown
    files = played(speakers)
    assert len(files) == len(set(files)) == 16  # every line once, each its own text
    assert all(f.suffix == ".wav" for f in files)


@needs_espeak
def test_offline_the_voice_falls_back_to_espeak_and_says_so_once(terminal, speakers):
    child = terminal("script --players 5 --say --lang de", HTTPS_PROXY="http://127.0.0.1:9",
                     https_proxy="http://127.0.0.1:9")
    shown = read_to_the_end(child)
    assert child.exitstatus == 0, shown
    assert shown.count(t("de", "voice.offline")) == 1
    assert [f.suffix for f in played(speakers)] == [".wav"] * 4


@needs_espeak
def test_a_key_repeats_the_last_line_and_ctrl_c_stops(terminal, speakers):
    child = terminal("script --players 5 --say --voice espeak --lang de")
    child.expect(r"… \d+ s")  # the pause after line 2, the spies looking around
    child.send("w")
    child.expect_exact("Noch einmal: Die Spione öffnen die Augen und schauen, wer alles "
                       "dazugehört.")
    child.expect(r"… \d+ s")
    child.sendintr()
    child.expect_exact("Vorlesen nach Zeile 2 von 4 beendet.")
    child.expect(__import__("pexpect").EOF)
    assert "Traceback" not in child.before
    child.close()
    assert child.exitstatus == 1
    files = played(speakers)
    assert len(files) == 3 and files[1] == files[2]


@needs_espeak
def test_new_at_a_terminal_reads_the_reveal_once_everyone_has_seen_their_card(
        terminal, speakers, home):
    child = terminal("new --players 5 --no-play --lang de", MODERATOR_VOICE="espeak")
    child.expect_exact(t("de", "reading.start"))
    assert played(speakers) == []  # nothing is said before the host says go
    child.send("\r")
    shown = read_to_the_end(child)
    assert child.exitstatus == 0, shown
    assert "Alle öffnen die Augen." in shown
    assert len(played(speakers)) == 4
    assert len(list((home / "games").glob("*.jsonl"))) == 1


@needs_espeak
def test_new_at_a_terminal_can_skip_the_reading(terminal, speakers, home):
    child = terminal("new --players 5 --no-play", MODERATOR_VOICE="espeak")
    child.expect_exact(t("en", "reading.start"))
    child.sendintr()
    child.expect_exact(t("en", "reading.skipped"))
    child.expect(__import__("pexpect").EOF)
    child.close()
    assert child.exitstatus == 0
    assert played(speakers) == []
    assert len(list((home / "games").glob("*.jsonl"))) == 1
