"""The live signals the display watches (issue 14, item 2: "eyes closed" during the reveal, and
guided play's timer): a sidecar file next to the game, never part of its log.

The reveal is tested where it really happens: `new` and `script --say` in a real terminal
(pexpect) with espeak-ng speaking, guided play through its real loop; only the sound device is
a small program on PATH, since there is no sound card to test with.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys

import pytest
from display_client import Stream

from moderator import live, store

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng")


def test_a_signal_is_read_back_and_the_file_goes_when_nothing_is_left(cli):
    cli("new --players 5 --no-play")
    game_id = store.game_ids()[-1]
    assert live.read(game_id) == {"reveal": False, "timer": None}
    live.reveal_started(game_id)
    live.timer(game_id, 3, 120, elapsed=10, warning=30)
    shown = live.read(game_id)
    assert shown["reveal"] is True
    assert shown["timer"]["proposal"] == 3 and shown["timer"]["seconds"] == 120
    live.reveal_ended(game_id)
    assert live.read(game_id)["reveal"] is False and live.read(game_id)["timer"] is not None
    live._update(game_id, live.TIMER, None)
    assert not live.path_of(game_id).exists()
    assert list(store.games_dir().iterdir()) == [store.path_of(game_id)]  # no temporary file


def test_the_file_holds_nothing_secret_and_other_commands_ignore_it(cli, app):
    from typer.testing import CliRunner

    cli("new --players 5 --no-play")
    game_id = store.game_ids()[-1]
    with live.eyes_closed(game_id):
        fields = json.loads(live.path_of(game_id).read_text())
        assert {k: sorted(v) for k, v in fields.items()} == {"reveal": ["pid", "since"]}
        assert store.game_ids() == [game_id]
        games = CliRunner().invoke(app, ["games", "--json"])
        assert [row["game"] for row in json.loads(games.stdout)] == [game_id]
        assert CliRunner().invoke(app, ["status"]).exit_code == 0


def test_a_damaged_file_reads_as_no_signal(cli):
    cli("new --players 5 --no-play")
    game_id = store.game_ids()[-1]
    for text in ("{not json", "[1, 2]", '{"reveal": true}', '{"reveal": {"pid": "me"}}',
                 '{"timer": {"pid": %d, "proposal": "one"}}' % os.getpid()):
        live.path_of(game_id).write_text(text)
        assert live.read(game_id) == {"reveal": False, "timer": None}, text


@pytest.mark.integration
def test_a_process_removes_its_signals_when_it_ends_and_a_killed_one_s_are_ignored(cli):
    cli("new --players 5 --no-play")
    game_id = store.game_ids()[-1]
    code = ("import sys, time; from moderator import live; "
            f"live.reveal_started({game_id!r}); print('on', flush=True); "
            "time.sleep(float(sys.argv[1])); raise KeyboardInterrupt")
    env = os.environ.copy()
    ended = subprocess.run([sys.executable, "-c", code, "0"], env=env, capture_output=True)
    assert ended.returncode != 0 and b"on" in ended.stdout  # interrupted, as by Ctrl-C
    assert not live.path_of(game_id).exists()
    killed = subprocess.Popen([sys.executable, "-c", code, "60"], env=env,
                              stdout=subprocess.PIPE)
    assert killed.stdout.readline() == b"on\n"
    assert live.read(game_id)["reveal"] is True
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    killed.stdout.close()
    assert live.path_of(game_id).exists() and live.read(game_id)["reveal"] is False
    live.timer(game_id, 0, 60, elapsed=0, warning=15)  # the next writer drops what is stale
    assert set(json.loads(live.path_of(game_id).read_text())) == {"timer"}


def test_without_a_game_nothing_is_written(home):
    with live.eyes_closed(None):
        live.timer(None, 0, 60, elapsed=0, warning=15)
    assert not home.exists()


# -- where the reveal and the timer happen ----------------------------------------------------


def terminal(args: str, **env: str):
    pexpect = pytest.importorskip("pexpect")
    environment = {**os.environ, "TERM": "dumb", "NO_COLOR": "1", **env}
    return pexpect.spawn(sys.executable, ["-m", "moderator", *args.split()], env=environment,
                         encoding="utf-8", timeout=30, dimensions=(40, 100))


def read_through(child, game_id: str, stream: Stream) -> None:
    """At the first countdown the screens are dark; go on at every countdown to the end."""
    import pexpect

    child.expect(r"… \d+ s")
    assert live.read(game_id)["reveal"] is True
    dark = stream.event()["data"]
    assert dark["dark"] is True and dark["eyes_closed"] == "Eyes closed"
    child.send(" ")
    while child.expect([r"… \d+ s", pexpect.EOF]) == 0:
        child.send(" ")
    child.close()
    assert child.exitstatus == 0
    assert live.read(game_id)["reveal"] is False and not live.path_of(game_id).exists()
    assert stream.event()["data"]["dark"] is False


@pytest.mark.integration
@needs_espeak
def test_the_reveal_read_by_new_darkens_the_display(display, sound_device):
    """The issue's host: `moderator new --players 7 --no-play` at a terminal reads the
    reveal once everyone has seen their card, while the display in another window goes dark."""
    shown = display()
    stream = Stream(shown.url)
    assert "There is no game yet" in stream.event()["data"]["html"]
    child = terminal("new --players 7 --no-play", MODERATOR_VOICE="espeak")
    child.expect("Press Enter once everyone has looked at their card")
    game_id = store.game_ids()[-1]
    assert stream.event()["data"]["dark"] is False  # the new game, before the reveal
    child.send("\r")
    read_through(child, game_id, stream)


@pytest.mark.integration
@needs_espeak
def test_the_reveal_read_again_with_script_say_darkens_the_display(cli, display, sound_device):
    cli("new --players 5 --no-play")
    game_id = store.game_ids()[-1]
    stream = Stream(display().url)
    assert stream.event()["data"]["dark"] is False
    read_through(terminal("script --say --voice espeak"), game_id, stream)


def test_guided_play_darkens_the_display_for_its_reveal_and_shows_its_timer(cli, display):
    """Guided play's reveal (read by its hook, here one that looks at the screens while it
    reads) and the discussion timer of its first team, through the real loop."""
    import io

    from rich.console import Console

    from moderator import session
    from moderator.ui import guided

    cli("new --players 5 --names Ann,Bob,Cat,Dan,Eve --leader 1 --no-play")
    game_id = store.game_ids()[-1]
    stream = Stream(display().url)
    assert stream.event()["data"]["dark"] is False
    seen = []

    def read_aloud(lines) -> bool:
        seen.append(stream.event()["data"]["dark"])
        return True

    class Prompter:
        """The host's answers: the checklist is done, the reveal too, then quit at the team."""

        def select(self, question, choices, **_):
            if question == guided.t("en", "play.reveal_question"):
                seen.append(live.read(game_id)["reveal"])
            return choices[0].value

        def checkbox(self, question, choices, footer=None, **_):
            seen.append(footer())  # the timer line guided play shows under the team prompt
            raise guided.Quit

    guide = guided.Guide(console=Console(file=io.StringIO()), prompter=Prompter(), lang="en",
                         timer=90, read_aloud=read_aloud)
    with pytest.raises(guided.Quit):
        guided.begin(guide, session.open_game(game_id))
    assert seen[0] is True  # dark while the reveal is read
    assert seen[1] is True  # and until the host says everyone has opened their eyes
    assert "1:30" in seen[2]
    after = stream.event()["data"]
    while after["timer"] is None:  # the reveal's end and the timer may come one by one
        assert after["dark"] is False
        after = stream.event()["data"]
    assert after["dark"] is False
    assert 0 < after["timer"]["left_ms"] <= 90_000 and after["timer"]["warning_ms"] == 22_500
