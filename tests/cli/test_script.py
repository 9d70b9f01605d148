"""`moderator script`, `moderator voice prepare`, and the reveal read aloud by `new`.

In-process tests use typer's runner (no terminal: nothing is read, nothing waits, nothing
prompts). Reading aloud is tested in a real pseudo-terminal with pexpect: single keys repeat a
line, go on, or stop. Sound goes to a stand-in player on PATH that notes each file and takes
as long as it lasts (timed by sox's soxi: there is no sound card), or to stand-ins and real
players that do not play; espeak-ng runs for real; Google's service is answered by
`responses` in-process (`voice prepare` at home), and in a subprocess is made unreachable
through a proxy that refuses connections, or that takes them and never answers.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import stat
import subprocess
import sys
import threading
import time
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
    " 10. Der Kommandeur öffnet die Augen und merkt sich, wer den Daumen oben hat.  (6 s Stille)",
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


def stand_in(folder: Path, name: str, body: str) -> Path:
    path = folder / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


@pytest.fixture
def speakers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working sound device: `ffplay` (the first player tried) notes each file it plays,
    then takes as long as the file lasts. Returns the folder it is in; `played(folder)`
    lists the files."""
    soxi = shutil.which("soxi")
    if soxi is None:
        pytest.skip("sox is not installed (.ci/run installs it): soxi times the stand-in player")
    folder = tmp_path / "bin"
    folder.mkdir()
    # The pid first, then the file's name: whoever sees the name can rely on the pid. A test
    # that waits for a line to be playing makes the FIFO `playing`, and the stand-in tells it
    # there (`playing_now`), blocking until the test listens.
    stand_in(folder, "ffplay", f'for last; do :; done; echo $$ > {folder / "pid"}; '
                               f'echo "$last" >> {folder / "played"}; '
                               f'if [ -p {folder / "playing"} ]; then '
                               f'echo "$last" > {folder / "playing"}; fi; '
                               f'sleep "$({soxi} -D "$last")"')
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return folder


def listen_for_lines(folder: Path):
    """The stand-in player tells each file it starts (silences included) through a FIFO:
    `next(lines)` blocks until the next file is playing, whatever the machine's load, and
    fails after a minute instead of hanging."""
    import queue
    import threading

    fifo = folder / "playing"
    os.mkfifo(fifo)
    started: queue.Queue[str] = queue.Queue()

    def read() -> None:
        while True:
            with open(fifo, encoding="utf-8") as told:  # blocks until the player opens it
                started.put(told.read().strip())

    threading.Thread(target=read, daemon=True).start()

    def lines():
        while True:
            try:
                yield Path(started.get(timeout=60))
            except queue.Empty:
                pytest.fail("no line started playing within a minute")

    return lines()


def played(folder: Path) -> list[Path]:
    """The lines played, without the moment of silence played before the first line."""
    log = folder / "played"
    files = [Path(p) for p in log.read_text().splitlines()] if log.exists() else []
    return [f for f in files if not f.name.startswith("silence.")]


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
    assert moderator("script").stdout.splitlines()[1] == \
        "  1. Alle schließen die Augen.  (3 s Stille)"
    assert moderator("script --lang en").stdout.splitlines()[1] == \
        "  1. Everyone, close your eyes.  (3 s silence)"


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


@pytest.mark.integration
def test_say_with_voice_off_shows_the_lines(moderator, speakers):
    result = moderator("script --players 5 --variants blind-spies --say --voice off")
    assert result.exit_code == 0
    assert "  1. Blind Spies: there is no reveal." in result.stdout
    assert played(speakers) == []


@pytest.mark.integration
@needs_espeak
def test_say_without_a_terminal_prints_the_lines_and_says_why(moderator, speakers, cache):
    """README "Voice": without a terminal nothing is read and nothing waits (issue 16)."""
    result = moderator("script --players 5 --say --voice espeak --lang de")
    assert result.exit_code == 0, result.output
    assert played(speakers) == [] and not (cache / "voice").exists()  # no audio made
    assert result.stdout.splitlines()[1:] == [
        "  1. Alle schließen die Augen.  (3 s Stille)",
        "  2. Die Spione öffnen die Augen und schauen, wer alles dazugehört.  (8 s Stille)",
        "  3. Die Spione schließen die Augen. Jetzt sind alle Augen geschlossen.  (2 s Stille)",
        "  4. Alle öffnen die Augen.",
    ]
    assert result.stderr.strip() == t("de", "reading.no_terminal")


@pytest.mark.integration
@needs_espeak
def test_say_piped_reads_nothing_and_sleeps_through_no_pause(speakers, cache, home):
    """issue 16 item 6: the 10-player script has 33 s of pauses and about 55 s of speech;
    piped, it is printed at once."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "moderator", *DONE_WHEN.split(), "--say",
                           "--voice", "espeak"], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120,
                          env={**os.environ, "MODERATOR_HOME": str(home)})
    took = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    assert played(speakers) == [] and not (cache / "voice").exists()  # no audio made
    assert took < 20  # no pause slept (33 s); startup alone is well under a second
    assert done.stdout.splitlines() == DONE_WHEN_DE
    assert done.stderr.strip() == t("de", "reading.no_terminal")


@pytest.mark.integration
def test_new_without_a_terminal_neither_speaks_nor_waits(moderator, speakers, cache):
    result = moderator("new --players 5 --no-play", env={"MODERATOR_VOICE": "espeak"})
    assert result.exit_code == 0
    assert "  2. Spies, open your eyes and look around: remember every other spy." \
        in result.stdout
    assert played(speakers) == [] and not (cache / "voice").exists()  # no audio made


# -- voice prepare ----------------------------------------------------------------------------

GOOGLE = r"https://translate\.google\.[a-z.]+/_/TranslateWebserverUi/data/batchexecute"


def google_answer(audio: bytes) -> str:
    """Google's batchexecute answer around `audio` (design.md §8)."""
    import base64

    inner = json.dumps([base64.b64encode(audio).decode("ascii")])
    envelope = json.dumps([["wrb.fr", "jQ1olc", inner, None, None, None, "generic"]],
                          separators=(",", ":"))
    assert re.search(r'jQ1olc","\[\\"(.*)\\"]', envelope)
    return f")]}}'\n\n{len(envelope)}\n{envelope}\n"


def test_voice_prepare_makes_every_line_of_the_game(play, moderator, cache):
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


@pytest.mark.integration
@needs_espeak
def test_voice_prepare_offline_prepares_the_offline_voice(moderator, cache):
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


class BlackHole:
    """A proxy on this machine that takes every connection and never answers: a stalled
    network, as a captive portal or a dead router gives. It counts the connections."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.server.getsockname()[1]}"
        self.taken: list[socket.socket] = []
        threading.Thread(target=self._take, daemon=True).start()

    def _take(self) -> None:
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:  # closed at the end of the test
                return
            self.taken.append(connection)

    def close(self) -> None:
        self.server.close()
        for connection in self.taken:
            connection.close()


@pytest.fixture
def black_hole():
    hole = BlackHole()
    yield hole
    hole.close()


@pytest.mark.integration
@needs_espeak
def test_voice_prepare_on_a_stalled_network_waits_once_and_not_at_exit(black_hole, cache, home):
    """issue 16 item 4: `voice prepare --voice auto` against a network that never answers
    gives up within 8 s (4 requests at once, none after), says so before the lines are made
    with espeak-ng, and does not wait at exit for the requests it gave up on; the second run
    remembers the failure and asks nothing at all. The issue's limits are 10 s and 1 s."""
    env = {**os.environ, "MODERATOR_HOME": str(home), "HTTPS_PROXY": black_hole.url,
           "https_proxy": black_hole.url}
    command = [sys.executable, "-m", "moderator", "voice", "prepare", "--voice", "auto",
               *DONE_WHEN.split()[1:]]

    def prepare():
        started = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60,
                              stdin=subprocess.DEVNULL)
        assert done.returncode == 0, done.stderr
        return done, time.monotonic() - started

    first, took = prepare()
    asked = len(black_hole.taken)
    assert 1 <= asked <= 4
    assert first.stderr.strip() == t("de", "voice.prepare_offline")
    assert first.stdout.startswith("16 Zeilen liegen auf Deutsch mit der Offline-Stimme "
                                   "espeak-ng bereit (0 davon schon im Zwischenspeicher)")
    assert took < 10
    second, took = prepare()
    assert len(black_hole.taken) == asked  # not even a connection
    assert second.stderr.splitlines() == [t("de", "voice.unreachable_recently"),
                                          t("de", "voice.prepare_offline_cached")]
    assert "(16 davon schon im Zwischenspeicher)" in second.stdout
    assert took < 5


# -- reading aloud at a terminal --------------------------------------------------------------

FRAME = b"\xff\xf3\x44\xc4" + bytes(92)  # 24 ms of MPEG-2 Layer III silence
REFUSED = {"HTTPS_PROXY": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9"}


@pytest.fixture
def prepared(moderator):
    """`prepared("--players 5 --lang de")`: `voice prepare` at home, Google's service
    answered by `responses` with `frames` of audio per line (ten: a quarter of a second)."""

    def run(options: str, frames: int = 10):
        with responses.RequestsMock() as google:
            google.add(responses.POST, re.compile(GOOGLE), body=google_answer(FRAME * frames))
            result = moderator(f"voice prepare --voice auto {options}")
        assert result.exit_code == 0, result.output
        return result

    return run


@pytest.fixture
def terminal(speakers, home, cache):
    """Run `moderator ARGS` in a real pseudo-terminal (pexpect), 100 columns wide."""
    pexpect = pytest.importorskip("pexpect")

    def spawn(args: str, **env: str):
        environment = {**os.environ, "MODERATOR_HOME": str(home), "MODERATOR_CACHE": str(cache),
                       "TERM": "dumb", "NO_COLOR": "1", **env}
        return pexpect.spawn(sys.executable, ["-m", "moderator", *args.split()], env=environment,
                             encoding="utf-8", timeout=30, dimensions=(40, 100))

    return spawn


def read_to_the_end(child) -> str:
    """Go on at every countdown (space), until the program ends; everything it printed."""
    import pexpect

    shown = []
    while child.expect([r"… \d+ s", pexpect.EOF]) == 0:
        shown.append(child.before + child.after)
        child.send(" ")
    shown.append(child.before)
    child.close()
    return "".join(shown)


@pytest.mark.integration
def test_a_game_prepared_with_google_s_voice_is_heard_in_it_at_a_table_without_network(
        prepared, terminal, speakers, cache):
    """issue 16: prepared at home with Google's voice; at the table every line is played from
    the cache, in Google's voice, and the network is not missed."""
    prepared(DONE_WHEN.replace("script ", ""))
    child = terminal(DONE_WHEN + " --say", **REFUSED)
    shown = read_to_the_end(child)
    assert child.exitstatus == 0, shown
    for line in DONE_WHEN_DE[1:]:
        assert line.split("  (")[0] in shown
    files = played(speakers)
    assert len(files) == len(set(files)) == 16  # every line once, each its own text
    assert all(f.suffix == ".mp3" and f.is_relative_to(cache) for f in files)
    assert t("de", "voice.offline") not in shown


@pytest.mark.integration
@needs_espeak
def test_prepared_lines_are_heard_in_google_s_voice_after_one_that_was_not(
        prepared, terminal, speakers):
    """issue 16 item 2: the base game was prepared; the table plays with the Rogue. The new
    lines are spoken by espeak-ng (said once, before the first of them), every prepared line
    still in Google's voice."""
    prepared("--players 5 --lang de")
    child = terminal("script --players 5 --modules rogue --say --lang de", **REFUSED)
    shown = read_to_the_end(child)
    assert child.exitstatus == 0, shown
    assert [f.suffix for f in played(speakers)] == [".mp3", ".wav", ".wav", ".mp3", ".mp3"]
    assert shown.count(t("de", "voice.offline")) == 1
    assert shown.index("  1. Alle schließen") < shown.index(t("de", "voice.offline")) \
        < shown.index("  2. Der Einzelgänger")


@pytest.mark.integration
@needs_espeak
def test_offline_the_voice_falls_back_to_espeak_and_says_so_once_before_the_first_line(
        terminal, speakers):
    child = terminal("script --players 5 --say --lang de", **REFUSED)
    shown = read_to_the_end(child)
    assert child.exitstatus == 0, shown
    assert shown.count(t("de", "voice.offline")) == 1
    assert shown.index(t("de", "voice.offline")) < shown.index("  1. Alle schließen")
    assert [f.suffix for f in played(speakers)] == [".wav"] * 4


def no_sound_is_told_once_before_the_first_line(child) -> None:
    """The "no sound" notice, once and before line 1; then every line as text, with the
    countdown of every pause."""
    shown = read_to_the_end(child)
    assert child.exitstatus == 0, shown
    notice = t("de", "voice.no_player")
    assert shown.count(notice) == 1, shown
    assert shown.index(notice) < shown.index("  1. Alle schließen die Augen.")
    assert "  4. Alle öffnen die Augen." in shown
    assert len(re.findall(r"… \d+ s", shown)) == 3  # the pauses after lines 1-3


@pytest.fixture
def no_player_but(tmp_path: Path):
    """A PATH with espeak-ng and nothing else but what the test puts there."""
    folder = tmp_path / "only"
    folder.mkdir()
    os.symlink(shutil.which("espeak-ng"), folder / "espeak-ng")
    return folder


@pytest.mark.integration
@needs_espeak
def test_players_that_exit_0_without_playing_leave_the_reveal_as_text(terminal, no_player_but):
    """issue 16, Done when: every player here returns at once with exit status 0 and plays
    nothing."""
    for name in ("ffplay", "mpv", "gst-play-1.0", "mpg123", "play", "paplay", "aplay"):
        stand_in(no_player_but, name, "exit 0")
    child = terminal("script --players 5 --say --voice espeak --lang de",
                     PATH=str(no_player_but))
    no_sound_is_told_once_before_the_first_line(child)


@pytest.mark.integration
@needs_espeak
@pytest.mark.skipif(shutil.which("ffplay") is None,
                    reason="ffplay is not installed (.ci/run installs ffmpeg)")
def test_the_real_ffplay_with_no_device_leaves_the_reveal_as_text(terminal, no_player_but):
    """issue 16, Done when: ffplay finds no device ("audio open failed") and exits 0. SDL is
    sent to an ALSA device that does not exist, so this holds on a computer with sound too."""
    os.symlink(shutil.which("ffplay"), no_player_but / "ffplay")
    child = terminal("script --players 5 --say --voice espeak --lang de",
                     PATH=str(no_player_but), SDL_AUDIODRIVER="alsa",
                     AUDIODEV="moderator-no-such-device")
    no_sound_is_told_once_before_the_first_line(child)


@pytest.mark.integration
@needs_espeak
@pytest.mark.parametrize("lang", ["en", "de"])
def test_without_network_or_sound_one_notice_says_what_will_happen(
        terminal, no_player_but, lang):
    """Issue 25: no connection and no working player. Not three stories (reading aloud,
    reading on with espeak-ng, no sound after all): one notice, the one that holds."""
    for name in ("ffplay", "mpv", "gst-play-1.0", "mpg123", "play", "paplay", "aplay"):
        stand_in(no_player_but, name, "exit 0")
    child = terminal(f"script --players 5 --say --lang {lang}", PATH=str(no_player_but),
                     **REFUSED)
    shown = read_to_the_end(child)
    assert child.exitstatus == 0, shown
    assert shown.count(t(lang, "voice.no_player")) == 1
    assert t(lang, "voice.offline") not in shown
    assert t(lang, "reading.keys") not in shown  # nothing is read aloud
    assert t(lang, "reading.keys_shown") in shown


@pytest.mark.integration
def test_a_key_repeats_the_last_line_and_ctrl_c_stops(prepared, terminal, speakers):
    prepared("--players 5 --lang de")
    child = terminal("script --players 5 --say --lang de", **REFUSED)
    child.expect(r"… \d+ s")  # the pause after line 1, everyone closing their eyes
    child.send(" ")
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
    assert child.exitstatus == 130
    files = played(speakers)
    assert len(files) == 3 and files[1] == files[2]


@pytest.mark.integration
def test_ctrl_c_during_speech_stops_the_sound_and_exits_130(prepared, terminal, speakers):
    """issue 16 item 6: a line of forty seconds is playing when the host presses Ctrl-C; the
    player ends within ten, so it was stopped, not played out."""
    prepared("--players 5 --lang de", frames=1600)
    started = listen_for_lines(speakers)
    child = terminal("script --players 5 --say --lang de", **REFUSED)
    child.expect_exact("  1. Alle schließen die Augen.")
    log = speakers / "played"
    while next(started).name.startswith("silence."):  # until line 1 itself is playing
        pass
    child.sendintr()
    child.expect_exact("Vorlesen nach Zeile 1 von 4 beendet.")
    child.expect(__import__("pexpect").EOF)
    child.close()
    assert child.exitstatus == 130
    assert len(log.read_text().splitlines()) == 2  # the silence, then line 1: nothing after
    assert ends(int((speakers / "pid").read_text()), patience=10)


def ends(pid: int, patience: float) -> bool:
    """Whether a stopped process is gone (or a zombie, left to be reaped) within `patience`
    seconds: on a loaded machine its end may come a moment after the program's, so this waits
    for it instead of looking once."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as status:
                if status.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.01)
    return False


@pytest.mark.integration
def test_new_at_a_terminal_reads_the_reveal_once_everyone_has_seen_their_card(
        prepared, terminal, speakers, home):
    prepared("--players 5 --lang de")
    child = terminal("new --players 5 --no-play --lang de", MODERATOR_VOICE="auto", **REFUSED)
    child.expect_exact(t("de", "reading.start"))
    assert played(speakers) == []  # nothing is said before the host says go
    child.send("\r")
    shown = read_to_the_end(child)
    assert child.exitstatus == 0, shown
    assert "Alle öffnen die Augen." in shown
    assert [f.suffix for f in played(speakers)] == [".mp3"] * 4
    assert len(list((home / "games").glob("*.jsonl"))) == 1


@pytest.mark.integration
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
