"""What every test shares: no test reaches Google's speech service or the user's cache unless
it says so. A test that speaks chooses its voice itself (and answers Google with `responses`,
or runs espeak-ng); this also covers commands run in a subprocess or a pseudo-terminal, which
inherit the environment.

Hypothesis is deterministic here: every property test draws the same examples on every run
(derandomized, no example database), so the same commit gives the same result twice. The
long fuzz run (`pytest -m fuzz`, deselected otherwise) is where random exploration happens.

Ctrl-C reaches the processes the tests start, however the run was started: a shell without
job control starts a background job with SIGINT ignored, which every child would inherit.
"""

from __future__ import annotations

import signal

import pytest
from hypothesis import settings

settings.register_profile("deterministic", derandomize=True, database=None, print_blob=True)
settings.load_profile("deterministic")

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # children get SIG_DFL back at exec
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def no_voice_unless_asked(tmp_path_factory: pytest.TempPathFactory,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MODERATOR_VOICE", "off")
    monkeypatch.setenv("MODERATOR_CACHE", str(tmp_path_factory.mktemp("voice-cache")))
