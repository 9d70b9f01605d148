"""Where the reveal is heard when a screen of the table display has its sound on (issue 35,
item 1): the screens play whenever one listens, also when this computer plays no sound; the
terminal says where the reveal is heard and never asks the host to read aloud what a screen
plays; where both play, they play the same file, so one voice is heard, never two.

`script --say` runs in a real terminal with espeak-ng; the display runs for real with a screen
whose sound is on (its event stream, read by a thread). Only the sound device here is a
stand-in: players that fail as they do without a sound card, or one that notes each file and
takes as long as it lasts.
"""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest
from display_client import Stream, get, read_aloud

from moderator import live
from moderator.i18n import t

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(
                  shutil.which("espeak-ng") is None or shutil.which("soxi") is None,
                  reason="espeak-ng and sox are not installed (.ci/run installs them)")]

PLAYERS = ("ffplay", "mpv", "gst-play-1.0", "mpg123", "play", "paplay", "aplay")
READ_ALOUD = "read them aloud yourself"


def stand_ins(folder: Path, works: bool, breaks: bool = False) -> Path:
    """Every player moderator tries: failing as without a sound card, or (`works`) an ffplay
    that notes the file and takes as long as it lasts; one that `breaks` plays only the first
    file (the moment of silence before the first line)."""
    folder.mkdir()
    soxi = shutil.which("soxi")
    for name in PLAYERS:
        body = 'echo "audio open failed" >&2; exit 1'
        if works and name == "ffplay":
            body = f'for last; do :; done; echo "$last" >> {folder / "played"}; ' \
                   f'sleep "$({soxi} -D "$last")"'
            if breaks:
                body = f'[ -e {folder / "played"} ] && exit 1; {body}'
        (folder / name).write_text(f"#!/bin/sh\n{body}\n")
        (folder / name).chmod(0o755)
    return folder


class Screen:
    """A screen with its sound on: every spoken line it is sent, in order, with its audio."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.stream = Stream(url, query="?sound=1")
        self.stream.event()
        self.lines: list[dict] = []
        self.audio: list[bytes] = []
        self.silent = threading.Event()  # a line was taken off again: the reading ended
        self.thread = threading.Thread(target=self._listen, daemon=True)
        self.thread.start()

    def _listen(self) -> None:
        try:
            while True:
                speech = self.stream.event(timeout=120)["data"]["speech"]
                if speech is None and self.lines:
                    self.silent.set()
                elif speech and (not self.lines or speech != self.lines[-1]):
                    self.lines.append(speech)
                    if speech["url"]:
                        self.audio.append(get(self.url + speech["url"])[2])
        except (EOFError, OSError):
            return

    def heard(self) -> list[dict]:
        """Every line sent, once the reading has ended (what the stream still carries is
        read first)."""
        assert self.silent.wait(20)
        return self.lines

    def close(self) -> None:
        self.stream.close()
        self.thread.join(10)


def read(home: Path, cache: Path, path: Path, say_on: str | None) -> tuple[str, list[str]]:
    """`script --say` at a terminal, going on at every pause; what the terminal showed and
    the texts of its numbered lines."""
    return read_aloud(home, cache, path, *(["--say-on", say_on] if say_on else []))


@pytest.fixture
def table(cli, display, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("MODERATOR_CACHE", str(cache))  # the display reads the same cache
    cli("new --players 5 --no-play")
    shown = display()
    screen = Screen(shown.url)
    assert live.listening() == 1
    yield screen, cache
    screen.close()


@pytest.mark.parametrize("say_on,said", [(None, "reading.heard_screens_unheard"),
                                         ("screens", "reading.heard_screens"),
                                         ("both", "reading.heard_screens_unheard")])
def test_without_sound_here_the_screens_play_and_the_terminal_says_so(
        table, home, tmp_path, say_on, said):
    screen, cache = table
    text, lines = read(home, cache, stand_ins(tmp_path / "bin", works=False), say_on)
    assert len(lines) >= 4  # the base game's reveal
    assert [line["text"] for line in screen.heard()] == lines
    assert all(line["url"] for line in screen.heard()) and all(screen.audio)
    assert t("en", said, count=1) in text
    assert READ_ALOUD not in text


def test_with_sound_here_and_on_a_screen_both_play_the_same_file(table, home, tmp_path):
    screen, cache = table
    path = stand_ins(tmp_path / "bin", works=True)
    text, lines = read(home, cache, path, None)
    assert t("en", "reading.heard_both", count=1) in text
    played = (path / "played").read_text().splitlines()[1:]  # after the moment of silence
    assert [line["text"] for line in screen.heard()] == lines
    assert [Path(p).read_bytes() for p in played] == screen.audio  # one voice, never two


def test_on_the_screens_alone_nothing_plays_here(table, home, tmp_path):
    screen, cache = table
    path = stand_ins(tmp_path / "bin", works=True)
    text, lines = read(home, cache, path, "screens")
    assert not (path / "played").exists()  # not even the moment of silence
    assert len(screen.heard()) == len(lines) == len(screen.audio) and all(screen.audio)
    assert t("en", "reading.heard_screens", count=1) in text


def test_sound_here_that_breaks_off_leaves_the_screens_reading_on(table, home, tmp_path):
    screen, cache = table
    path = stand_ins(tmp_path / "bin", works=True, breaks=True)
    text, lines = read(home, cache, path, None)
    assert len((path / "played").read_text().splitlines()) == 1  # the moment of silence
    assert [line["text"] for line in screen.heard()] == lines
    assert len(screen.audio) == len(lines) and all(screen.audio)
    assert t("en", "reading.heard_both", count=1) in text
    assert t("en", "reading.heard_screens_unheard", count=1) in text
    assert READ_ALOUD not in text
