"""The table's screen for a whole evening, tier 1 (no browser; issue 22): the address kept
across restarts, an old address answered in words, hostile clients that cost nothing, a torn
line said on the page and in the display's terminal, the game-over page, and the spoken line
served to the screens. Every connection goes to 127.0.0.1 only, and every loop is bounded.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from html import escape

import pytest
from display_client import PATIENCE, Stream, get, raw, state

from moderator import live, store
from moderator.display import page, server, view
from moderator.i18n import t

# -- one address per home -------------------------------------------------------------------


def test_a_restarted_display_serves_the_same_address_and_new_address_changes_it(cli, display):
    cli("new --players 5 --no-play")
    first = display()
    token = first.server.token
    first.server.shutdown()
    first.close()
    again = display()
    assert again.server.token == token  # the same address: open pages reconnect to it
    assert get(again.url)[0] == 200
    again.server.shutdown()
    again.close()
    fresh = display(new_address=True)
    assert fresh.server.token != token
    status, headers, body = get(f"http://127.0.0.1:{fresh.port}/t/{token}/")
    assert status == 404 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert escape(t("en", "display.moved_title")) in body.decode()
    assert fresh.server.token not in body.decode()
    assert display().server.token == fresh.server.token  # the new one is kept from now on


def test_a_kept_address_that_was_damaged_by_hand_is_replaced(cli, display, home):
    cli("new --players 5 --no-play")
    (store.games_dir() / server.ADDRESS_FILE).write_text('{"token": "../../x", "port": "a"}')
    shown = display()
    assert shown.server.token != "../../x" and get(shown.url)[0] == 200


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_old_or_mistyped_address_gets_a_translated_page_with_404(cli, display, lang):
    cli(f"new --players 5 --lang {lang} --no-play")
    shown = display()
    root = f"http://127.0.0.1:{shown.port}"
    for path in ("/", "/t/old-token/", f"/t/{shown.server.token}/nothing"):
        status, _, body = get(root + path)
        assert status == 404
        text = body.decode()
        assert escape(t(lang, "display.moved_title")) in text
        assert escape(t(lang, "display.moved")) in text
        assert f'<html lang="{lang}">' in text and shown.server.token not in text


# -- hostile clients --------------------------------------------------------------------------


@pytest.mark.parametrize("host,status", [
    ("evil.example", b"421"), ("127.0.0.1.nip.io", b"421"), ("attacker.local:8765", b"421"),
    ("127.0.0.1:8765", b"200"), ("localhost", b"200"), ("[::1]:8765", b"200"),
    ("192.168.1.20", b"200"), (socket.gethostname(), b"200"),
])
def test_the_host_header_must_name_this_computer(cli, display, host, status):
    """DNS rebinding: a page from another site that resolves its name to this computer must
    not read the table."""
    cli("new --players 5 --no-play")
    shown = display()
    request = f"GET /t/{shown.server.token}/state.json HTTP/1.1\r\nHost: {host}\r\n\r\n"
    assert raw(shown.port, request.encode()).split(b" ")[1] == status


def test_tokenless_connections_trickling_heads_never_keep_a_page_from_loading(cli, display):
    """150 connections without the token send their heads a byte at a time, again and again;
    meanwhile a screen with the token loads the page 20 times."""
    cli("new --players 10 --no-play")
    shown = display()
    stop = threading.Event()
    cut = []

    def trickle() -> None:
        for _ in range(20):  # bounded: each connection is cut within a second
            if stop.is_set():
                return
            try:
                connection = socket.create_connection(("127.0.0.1", shown.port), timeout=3)
            except OSError:
                continue
            began = time.monotonic()
            try:
                for byte in b"GET / HTTP/1.1\r\nX-Slow: " + b"a" * 200:
                    if stop.is_set():
                        break
                    connection.sendall(bytes([byte]))
                    time.sleep(0.05)
            except OSError:  # cut off by the server, as it should
                cut.append(time.monotonic() - began)
            finally:
                connection.close()

    attackers = [threading.Thread(target=trickle, daemon=True) for _ in range(150)]
    for attacker in attackers:
        attacker.start()
    time.sleep(1.5)  # every attacker is connected and trickling
    loads = []
    for _ in range(20):
        began = time.monotonic()
        try:
            status, _, body = get(shown.url)
            loads.append(status == 200 and b'id="table"' in body
                         and time.monotonic() - began <= 2.0)
        except OSError:
            loads.append(False)
        time.sleep(0.1)
    stop.set()
    for attacker in attackers:
        attacker.join(PATIENCE)
    assert sum(loads) >= 19, loads
    assert cut and max(cut) < 1.5, "trickling connections are cut off within a second or so"


def _resident_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.mark.integration
@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs Linux's /proc")
def test_huge_request_heads_leave_the_server_small(cli):
    """100 requests with 60 KB of headers, 20 at a time, to the real command."""
    cli("new --players 5 --no-play")
    process, url, _ = start_command()
    port = int(url.split(":")[2].split("/")[0])
    try:
        head = b"GET / HTTP/1.1\r\n" + b"".join(
            b"X-Big-%d: %s\r\n" % (n, b"a" * 6000) for n in range(10)) + b"\r\n"
        assert len(head) > 60_000
        for _ in range(5):
            threads = [threading.Thread(target=raw, args=(port, head)) for _ in range(20)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(PATIENCE)
        assert get(url)[0] == 200
        assert _resident_mb(process.pid) < 100
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=PATIENCE)


# -- a torn line ------------------------------------------------------------------------------


def start_command(*options: str, env: dict | None = None
                  ) -> tuple[subprocess.Popen, str, list[str]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "moderator", "display", "--host", "127.0.0.1", "--port", "0",
         *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, **(env or {})})
    lines = []
    while True:
        line = process.stdout.readline()
        assert line, process.stderr.read()
        lines.append(line.rstrip("\n"))
        if "Ctrl-C" in line or "Strg-C" in line:
            break
    url = next(word for line in lines for word in line.split() if word.startswith("http://"))
    return process, url, lines


@pytest.mark.integration
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_torn_line_is_said_in_the_terminal_and_on_the_page_until_the_next_action(
        cli, command, lang):
    cli(f"new --players 5 --lang {lang} --no-play", "propose 1 2")
    game_id = store.game_ids()[-1]
    process, url, _ = start_command()
    try:
        stream = Stream(url)
        assert stream.event()["data"]["state"]["torn"] is None
        with open(store.path_of(game_id), "ab") as log:  # a command killed mid-write
            log.write(b'{"type": "vote", "appro')
        shown = stream.event()["data"]
        notice = escape(t(lang, "display.torn", game=game_id))
        assert shown["state"]["torn"] == {"game": game_id} and notice in shown["html"]
        assert notice in get(url)[2].decode()  # a page loaded now says it too
        command("vote --approve 1,2,3")  # the next action: the notice has done its work
        after = stream.event()["data"]
        while after["state"]["status"]["phase"] != "mission":
            after = stream.event()["data"]
        assert after["state"]["torn"] is None and notice not in after["html"]
        stream.close()
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=PATIENCE)
    aside = next(store.games_dir().glob(f"{game_id}.torn-*.txt"))
    said = t(lang, "warnings.torn", game=game_id, path=str(aside))
    assert said in err.splitlines()


# -- the game-over page -----------------------------------------------------------------------


@pytest.mark.parametrize("lang,named,resistance", [
    ("en", "The Assassin named Cat.", "The resistance were: Ann, Cat, Eve"),
    ("de", "Der Attentäter hat Cat genannt.", "Zum Widerstand gehörten: Ann, Cat, Eve"),
])
def test_the_game_over_page_names_the_assassin_s_target_then_each_side(cli, lang, named,
                                                                       resistance):
    cli(f"new --players 5 --names Ann,Bob,Cat,Dan,Eve --leader 1 --modules commander "
        f"--lang {lang} --no-play")
    for team in ("1 2", "1 2 3", "1 2"):
        cli(f"propose {team}", "vote --approve 1,2,3", "mission --fails 0")
    cli("assassinate Cat --commander Ann")
    shown = page.render(view.of_game(None, None, None))
    named, resistance = escape(named), escape(resistance)
    assert named in shown and resistance not in shown  # the sides are not known yet
    cli("roles --spies Bob,Dan")
    shown = page.render(view.of_game(None, None, None))
    assert named in shown and resistance in shown
    assert escape(t(lang, "display.spies_were", names="Bob, Dan")) in shown


# -- the spoken line --------------------------------------------------------------------------


@pytest.mark.integration
def test_only_the_line_being_read_is_served_and_only_from_the_voice_cache(
        cli, display, tmp_path, monkeypatch):
    monkeypatch.setenv("MODERATOR_CACHE", str(tmp_path / "cache"))
    from moderator.voice import cache

    cli("new --players 5 --no-play")
    shown = display()
    line = cache.path("Everyone, close your eyes.", "en", "espeak", ".wav")
    line.parent.mkdir(parents=True)
    line.write_bytes(server._silence())
    outside = tmp_path / "secret.wav"
    outside.write_bytes(server._silence())
    stream = Stream(shown.url, query="?sound=1")  # a screen with the sound on
    stream.event()
    assert live.listening() == 1  # the commands that read aloud learn a screen listens
    live.speaking(1, "Everyone, close your eyes.", "en", str(line), 0.1)
    spoken = stream.event()["data"]
    while spoken["speech"] is None:
        spoken = stream.event()["data"]
    assert spoken["speech"]["text"] == "Everyone, close your eyes."
    status, headers, body = get(shown.url + spoken["speech"]["url"])
    assert status == 200 and headers["Content-Type"] == "audio/wav"
    assert body == line.read_bytes()
    assert get(shown.url + "audio/1-0.wav")[0] == 404  # not the line being read
    live.speaking(2, "A secret", "en", str(outside), 0.1)  # outside the cache: never served
    spoken = stream.event()["data"]
    assert get(shown.url + spoken["speech"]["url"])[0] == 404
    live.silent()
    assert stream.event()["data"]["speech"] is None
    stream.close()
    deadline = time.monotonic() + PATIENCE
    while live.listening() and time.monotonic() < deadline:  # the screen left
        time.sleep(0.05)
    assert live.listening() == 0
    assert state(shown)["speech"] is None


@pytest.mark.integration
@pytest.mark.skipif(shutil.which("espeak-ng") is None,
                    reason="espeak-ng is not installed (.ci/run installs it)")
def test_ctrl_c_on_the_terminal_stops_the_reveal_on_the_screens(cli, display, home, tmp_path):
    """Read on the screens only (--say-on screens): the terminal keeps pace with each line's
    length; Ctrl-C there takes the line off every screen at once."""
    pexpect = pytest.importorskip("pexpect")
    cli("new --players 5 --no-play")
    shown = display()
    stream = Stream(shown.url, query="?sound=1")
    stream.event()
    child = pexpect.spawn(
        sys.executable, ["-m", "moderator", "script", "--players", "5", "--say", "--voice",
                         "espeak", "--say-on", "screens"],
        env={**os.environ, "MODERATOR_HOME": str(home),
             "MODERATOR_CACHE": str(tmp_path / "cache"), "TERM": "dumb", "NO_COLOR": "1"},
        encoding="utf-8", timeout=60, dimensions=(40, 100))
    spoken = stream.event()["data"]
    while spoken["speech"] is None:
        spoken = stream.event()["data"]
    assert spoken["speech"]["url"].startswith("audio/1-")  # the first line, on the screens
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    while spoken["speech"] is not None:
        spoken = stream.event()["data"]
    assert live.speech() is None
    stream.close()


# -- the banner -------------------------------------------------------------------------------


@pytest.mark.parametrize("rows,force,code", [(24, False, None), (12, False, False),
                                             (12, True, True)])
def test_the_banner_fits_the_terminal_address_first(cli, capsys, monkeypatch, rows, force,
                                                    code):
    """A display for the local network (served on loopback here, its address as a phone would
    type it): the address is the first line; the QR code comes below it when it fits, else it
    is left out and the banner says so, unless --qr forces it."""
    from moderator.cli import display as command
    from moderator.cli.common import Out

    cli("new --players 5 --no-play")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", str(rows))
    capsys.readouterr()
    with server.running(url_host="192.168.1.20") as shown:
        command._banner(Out("en"), shown, 0, "192.168.1.20", [], force, False, False, False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"The table display is on: {shown.url}"
    printed = any("█" in line for line in lines)
    if code is None:  # 80×24: whatever is printed fits
        assert len(lines) <= 24 and printed == (t("en", "display.qr_left_out") not in lines)
    else:
        assert printed == code
        assert (t("en", "display.qr_left_out") in lines) == (not code)
    scan = t("en", "display.how") in lines
    assert scan == printed and (t("en", "display.how_no_qr") in lines) == (not printed)
    assert all(len(line) <= 80 for line in lines if "█" in line)
