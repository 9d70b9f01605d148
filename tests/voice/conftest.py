"""Shared set-up of the voice tests: a private cache, Google's service answered by `responses`,
and a sound player that writes down what it was asked to play.

Only the process boundary is replaced: gTTS runs its real code and its one HTTP call is
answered here in Google's batchexecute format (design.md §8); espeak-ng runs for real; the
sound device is a small program on PATH, since there is no sound card to test with. Like a
real device it takes as long as the file plays (measured by sox's `soxi`, not by our code):
a player that returns at once has not played anything.
"""

from __future__ import annotations

import base64
import json
import os
import re
import stat
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import parse_qs

import shutil

import pytest
import requests
import responses

BATCH_URL = re.compile(
    r"https://translate\.google\.[a-z.]+/_/TranslateWebserverUi/data/batchexecute")
#: One MPEG-2 Layer III frame: 24 ms of silence at 32 kbit/s, 24 kHz, mono.
FRAME = b"\xff\xf3\x44\xc4" + bytes(92)


def batchexecute_body(audio: bytes) -> str:
    """Google's answer: an XSSI guard, then length-prefixed JSON with the audio in base64."""
    inner = json.dumps([base64.b64encode(audio).decode("ascii")])
    envelope = json.dumps([["wrb.fr", "jQ1olc", inner, None, None, None, "generic"],
                           ["di", 42], ["af.httprm", 41, "-1234567890", 7]],
                          separators=(",", ":"))
    tail = '[["e",4,null,null,%d]]' % (len(envelope) + 50)
    return f")]}}'\n\n{len(envelope)}\n{envelope}\n{len(tail)}\n{tail}\n"


def asked(call) -> list:
    """What gTTS asked for: [text, language, slow, "null"]."""
    rpc = json.loads(parse_qs(call.request.body)["f.req"][0])
    return json.loads(rpc[0][0][1])


@pytest.fixture
def sent():
    """`sent(call)`: the text and language of one request to Google."""
    return asked


@pytest.fixture
def wire():
    """Google's side of the wire: its URL, a frame of audio, and the answer around audio."""
    return SimpleNamespace(url=BATCH_URL, frame=FRAME, answer=batchexecute_body)


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("MODERATOR_CACHE", str(folder))
    return folder


@pytest.fixture
def google():
    """Google's service, answering every request with a little audio."""
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.add(responses.POST, BATCH_URL, body=batchexecute_body(FRAME * 10))
        yield mock


@pytest.fixture
def offline():
    """No network: every request fails to connect, as with no DNS."""
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.add(responses.POST, BATCH_URL, body=requests.ConnectionError("offline"))
        yield mock


def program(folder: Path, name: str, body: str) -> Path:
    path = folder / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


@pytest.fixture
def bin_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder first on PATH for stand-in programs; the system's programs stay reachable."""
    folder = tmp_path / "bin"
    folder.mkdir()
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return folder


#: The body of a stand-in player that works: it notes the file, then plays it for as long as
#: the file lasts, as a sound device does. `{log}` is where it notes the files.
PLAYS = 'for last; do :; done; echo "$last" >> {log}; sleep "$({soxi} -D "$last")"'


def plays(log: Path) -> str:
    """The stand-in's body; soxi is found now, so PATH may be narrowed afterwards."""
    soxi = shutil.which("soxi")
    if soxi is None:
        pytest.skip("sox is not installed (.ci/run installs it): soxi times the stand-in player")
    return PLAYS.format(log=log, soxi=soxi)


class Speakers:
    """A sound device that works: `ffplay` (the first player tried) notes each file it
    plays, and takes as long as the file lasts."""

    def __init__(self, bin_dir: Path, log: Path) -> None:
        self.log = log
        program(bin_dir, "ffplay", plays(log))

    def files(self) -> list[Path]:
        return [Path(p) for p in self.log.read_text().splitlines()] if self.log.exists() else []


@pytest.fixture
def speakers(bin_dir: Path, tmp_path: Path) -> Speakers:
    return Speakers(bin_dir, tmp_path / "played.log")


@pytest.fixture
def make_program(bin_dir: Path):
    """`make_program(name, shell_body)`: a stand-in program first on PATH."""
    return lambda name, body: program(bin_dir, name, body)


@pytest.fixture
def working_player(bin_dir: Path):
    """`working_player(name, log)`: a stand-in player on PATH that plays each file for as
    long as it lasts and notes it in `log`."""
    plays("{log}")  # soxi is looked for now, before a test narrows PATH
    soxi = shutil.which("soxi")
    return lambda name, log: program(bin_dir, name, PLAYS.format(log=log, soxi=soxi))
