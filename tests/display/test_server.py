"""The display's server, tier 1 (no browser): the server runs on 127.0.0.1:0 in the test, the
event stream is read with `http.client`, and the game changes through the command line in
processes of their own, as from a second terminal (issue 14, items 3-5)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest
from display_client import PATIENCE, Stream, get, raw, state

from moderator import live, store
from moderator.display import server


@pytest.mark.integration
def test_a_vote_on_the_command_line_reaches_the_stream_within_two_seconds(cli, command,
                                                                         display):
    cli("new --players 7 --no-play", "propose 1 2", "vote --reject 1,2,3,4")
    shown = display()
    stream = Stream(shown.url)
    first = stream.event()
    assert first["data"]["state"]["status"]["vote_track"] == 1
    command("propose 2 3")
    assert stream.event()["data"]["state"]["status"]["phase"] == "vote"
    command("vote --reject 1,4,5,6")
    voted = stream.event(timeout=2)  # the bound: a new event within 2 s
    assert voted["data"]["state"]["status"]["vote_track"] == 2
    assert int(voted["id"]) > int(first["id"])
    assert "2 of 5 rejected this round" in voted["data"]["html"]
    stream.close()


@pytest.mark.integration
def test_an_undo_is_a_new_state_not_a_step_back(cli, command, display):
    cli("new --players 5 --no-play", "propose 1 2")
    stream = Stream(display().url)
    before = stream.event()
    command("vote --approve 1,2,3")
    voted = stream.event()
    command("undo")
    undone = stream.event()
    assert int(before["id"]) < int(voted["id"]) < int(undone["id"])
    assert undone["data"]["state"]["status"] == before["data"]["state"]["status"]


@pytest.mark.integration
def test_a_reconnecting_page_catches_up_at_once(cli, command, display):
    cli("new --players 5 --no-play")
    shown = display()
    stream = Stream(shown.url)
    seen = stream.event()
    stream.close()
    command("propose 1 2")  # while the page is away
    deadline = time.monotonic() + PATIENCE
    while state(shown)["state"]["status"]["phase"] != "vote" and time.monotonic() < deadline:
        time.sleep(server.POLL)  # until the server has seen it
    again = Stream(shown.url, last_event_id=seen["id"])
    assert again.frame()["retry"] == str(server.RETRY_MS)  # how soon to come back next time
    caught_up = again.event()
    assert caught_up["data"]["state"]["status"]["phase"] == "vote"
    again.close()


@pytest.mark.integration
def test_it_follows_a_new_game(cli, command, display):
    cli("new --players 5 --no-play")
    stream = Stream(display().url)
    first = stream.event()["data"]["state"]["game"]
    command("new --players 6 --lang de --no-play")
    followed = stream.event()["data"]
    assert followed["state"]["game"] != first and followed["lang"] == "de"
    assert "Jetzt schlägt" in followed["html"]


@pytest.mark.integration
def test_a_pinned_game_stays_pinned(cli, command, display):
    cli("new --players 5 --no-play")
    pinned = store.game_ids()[-1]
    shown = display(game_id=pinned)
    command("new --players 6 --no-play")
    time.sleep(3 * server.POLL)
    assert state(shown)["state"]["game"] == pinned


def test_the_game_s_language_or_the_one_asked_for(cli, display):
    cli("new --players 5 --lang de --leader 1 --no-play")
    german = state(display())
    assert german["lang"] == "de" and "Jetzt schlägt Spieler 1 für Mission 1" in german["html"]
    english = state(display(lang="en"))
    assert english["lang"] == "en"
    assert "Now Spieler 1 proposes a team of 2 for mission 1" in english["html"]


# -- the token gate, and no writes ----------------------------------------------------------


def test_without_the_token_every_path_is_404(cli, display):
    cli("new --players 5 --no-play")
    shown = display()
    root = f"http://127.0.0.1:{shown.port}"
    token = shown.server.token
    for path in ("/", "/index.html", "/events", "/state.json", "/t/", "/t//", "/t/x/",
                 f"/t/{token[:-1]}/", f"/t/{token}x/", f"/T/{token}/", f"/{token}/",
                 f"/t/{token}/nothing", f"/t/{token}/events/", f"/t/{token}/../state.json",
                 f"/t/{token}/%2e%2e/%2e%2e/etc/passwd", f"/../t/{token}/",
                 f"/t/{token}/..%2fstate.json", "/t/../../../../etc/passwd"):
        status, _, body = get(root + path)
        assert status == 404, path
        assert token.encode() not in body
    assert get(root + f"/t/{token}")[0] == 301  # the address typed without its last slash
    assert get(shown.url)[0] == 200


def test_only_get_and_head_are_answered_and_nothing_writes(cli, home, display):
    cli("new --players 5 --no-play", "propose 1 2")
    shown = display()

    def files() -> dict:
        return {p: p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file()}

    before = files()
    for route in ("", "events", "state.json", "qr.svg"):
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT",
                       "PROPFIND", "FOO"):
            status, headers, _ = get(shown.url + route, method=method)
            assert status == 405, (method, route)
            assert headers["Allow"] == "GET, HEAD"
        status, headers, body = get(shown.url + route, method="HEAD")
        # no code to scan for an address only this computer opens
        assert status == (404 if route == "qr.svg" else 200) and body == b""
    assert get(shown.url + "state.json?vote=1,2,3")[0] == 200
    time.sleep(3 * server.POLL)
    assert files() == before


def test_the_page_is_self_contained_and_strict(cli, display):
    # Bob leads, so his name is on the page whatever the seed would have chosen.
    cli("new --players 5 --names 'Ann,<b>Bob</b>,Cat,Dan,Eve' --leader 2 --no-play")
    shown = display(url_host="192.168.1.20")  # an address phones reach: a code to scan
    status, headers, body = get(shown.url.replace("192.168.1.20", "127.0.0.1"))
    page = body.decode()
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"
    assert "<b>Bob</b>" not in page and "&lt;b&gt;Bob&lt;/b&gt;" in page
    assert "http://" not in page and "https://" not in page  # no CDN, nothing from outside
    assert 'aria-live="polite"' in page and '<html lang="en">' in page
    assert "<svg" in page  # the QR code, for latecomers


# -- hostile and broken clients ---------------------------------------------------------------


def test_hostile_requests_cost_little_and_the_server_goes_on(cli, display, monkeypatch):
    cli("new --players 5 --no-play")
    monkeypatch.setattr(server, "HEAD_TIMEOUT", 0.5)
    shown = display()
    port, path = shown.port, f"/t/{shown.server.token}/".encode()
    huge = b"GET " + path + b" HTTP/1.1\r\nX-Huge: " + b"a" * 70_000 + b"\r\n\r\n"
    assert raw(port, huge).startswith(b"HTTP/1.0 431")
    many = b"GET " + path + b" HTTP/1.1\r\n" + b"".join(
        b"X-%d: 1\r\n" % n for n in range(150)) + b"\r\n"
    assert raw(port, many).startswith(b"HTTP/1.0 431")
    assert raw(port, b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n").startswith(b"HTTP/1.0 414")
    # TLS spoken to a plain server: no token in it, so the page that says the address is wrong
    hello = b"\x16\x03\x01\x02\x00\x01\xfc\x03\x03" * 20 + b"\r\n\r\n"
    assert raw(port, hello).startswith(b"HTTP/1.0 404")
    assert raw(port, b"GET " + path + b"/../../.. HTTP/1.1\r\n\r\n").startswith(b"HTTP/1.0 404")
    # a slowloris client: a byte now and then, never a whole head
    slow = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)
    slow.sendall(b"GET " + path + b" HTTP/1.1\r\n")
    closed = False
    for _ in range(40):
        try:
            slow.sendall(b"X")
            time.sleep(0.25)
            closed = slow.recv(1, socket.MSG_DONTWAIT) == b""
        except BlockingIOError:
            continue
        except OSError:
            closed = True
        if closed:
            break
    slow.close()
    assert closed, "the slow client was never cut off"
    assert get(shown.url)[0] == 200
    assert state(shown)["state"]["status"]["phase"] == "proposal"


def test_pages_beyond_the_cap_get_503_and_idle_connections_are_cut_off(cli, display,
                                                                       monkeypatch):
    cli("new --players 5 --no-play")
    monkeypatch.setattr(server, "MAX_CONNECTIONS", 5)
    shown = display()
    streams = [Stream(shown.url) for _ in range(5)]  # five screens hold the five threads
    assert raw(shown.port, f"GET /t/{shown.server.token}/ HTTP/1.0\r\n\r\n".encode()
               ).startswith(b"HTTP/1.0 503")
    idle = [socket.create_connection(("127.0.0.1", shown.port), timeout=PATIENCE)
            for _ in range(5)]
    for connection in idle:  # silent connections hold no thread and are cut off soon
        assert connection.recv(1) == b""
        connection.close()
    for stream in streams:
        stream.close()
    deadline = time.monotonic() + PATIENCE
    while shown.server.connections and time.monotonic() < deadline:
        time.sleep(0.05)
    assert get(shown.url)[0] == 200


def test_a_damaged_then_missing_game_shows_the_error_and_the_server_goes_on(cli, display):
    cli("new --players 5 --no-play", "propose 1 2")
    shown = display()
    stream = Stream(shown.url)
    assert stream.event()["data"]["state"]["kind"] == "game"
    path = store.path_of(store.game_ids()[-1])
    good = path.read_bytes()
    path.write_bytes(good.replace(b'"propose"', b'"propsoe"'))
    damaged = stream.event()["data"]
    assert damaged["state"]["kind"] == "error" and "is damaged at line 2" in damaged["html"]
    path.write_bytes(good)  # repaired by hand
    assert stream.event()["data"]["state"]["status"]["phase"] == "vote"
    path.unlink()
    missing = stream.event()["data"]
    assert "There is no game yet" in missing["html"]
    assert get(shown.url)[0] == 200


@pytest.mark.integration
@pytest.mark.soak
def test_many_screens_at_once_cost_little(cli, command, display, request):
    """20 phones follow the game: each stream gets every change, and the server answers a
    new page at once meanwhile. A few seconds by default; a full minute under `-m soak`."""
    cli("new --players 5 --no-play")
    shown = display()
    streams = [Stream(shown.url) for _ in range(20)]
    for stream in streams:
        stream.event()
    seconds = 60 if request.config.getoption("-m") == "soak" else 3
    end, changes = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        command("propose 1 2" if changes % 2 == 0 else "undo")
        changes += 1
        revisions = {stream.event()["id"] for stream in streams}
        assert len(revisions) == 1  # every screen got the same newest state
        assert get(shown.url)[0] == 200
    for stream in streams:
        stream.close()


# -- the live signals: the reveal and the timer ----------------------------------------------


def test_the_reveal_turns_the_screens_dark_until_it_is_done(cli, display):
    cli("new --players 5 --no-play")
    game_id = store.game_ids()[-1]
    stream = Stream(display().url)
    assert stream.event()["data"]["dark"] is False
    with live.eyes_closed(game_id):
        dark = stream.event()["data"]
        assert dark["dark"] is True and dark["eyes_closed"] == "Eyes closed"
    assert stream.event()["data"]["dark"] is False
    assert not live.path_of(game_id).exists()


@pytest.mark.integration
def test_the_timer_counts_down_for_the_proposal_under_discussion(cli, command, display):
    cli("new --players 5 --no-play")
    game_id = store.game_ids()[-1]
    stream = Stream(display().url)
    assert stream.event()["data"]["timer"] is None
    live.timer(game_id, 0, 120, elapsed=20, warning=30)
    timed = stream.event()["data"]["timer"]
    assert 0 < timed["left_ms"] <= 100_000 and timed["warning_ms"] == 30_000
    assert timed["running"] == "Discussion: {left}"
    command("propose 1 2")  # the team is up for the vote: still the same discussion
    assert stream.event()["data"]["timer"] is not None
    command("vote --approve 1,2,3")  # the vote is in: its timer is over
    assert stream.event()["data"]["timer"] is None


@pytest.mark.integration
def test_a_signal_whose_writer_was_killed_is_ignored(cli, display, home):
    cli("new --players 5 --no-play")
    game_id = store.game_ids()[-1]
    writer = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from moderator import live; "
         f"live.reveal_started({game_id!r}); print('dark', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE, text=True, env=os.environ.copy())
    assert writer.stdout.readline() == "dark\n"
    stream = Stream(display().url)
    assert stream.event()["data"]["dark"] is True
    writer.send_signal(signal.SIGKILL)  # no clean-up: the file stays behind
    writer.wait()
    assert live.path_of(game_id).exists()
    assert stream.event()["data"]["dark"] is False


# -- the command -----------------------------------------------------------------------------


def start_command(*options: str) -> tuple[subprocess.Popen, str, list[str]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "moderator", "display", "--host", "127.0.0.1", *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ.copy())
    lines = []
    while True:
        line = process.stdout.readline()
        assert line, process.stderr.read()
        lines.append(line.rstrip("\n"))
        if "Ctrl-C" in line or "Strg-C" in line:  # the last line it prints
            break
    url = next(word for line in lines for word in line.split() if word.startswith("http://"))
    return process, url, lines


@pytest.mark.integration
def test_the_command_serves_until_ctrl_c_and_says_so_in_one_line(cli):
    cli("new --players 5 --no-play")
    process, url, lines = start_command("--port", "0")
    assert lines[0].startswith("The table display is on: http://127.0.0.1:")
    # only this computer can open it: no code for phones, and nothing said about Wi-Fi
    assert not any("█" in line for line in lines)
    assert "Only this computer can open the page (--host 127.0.0.1)." in lines
    assert "Open the address in a browser on this computer." in lines
    assert not any("Wi-Fi" in line or "Scan" in line for line in lines)
    assert json.loads(get(url + "state.json")[2])["state"]["kind"] == "game"
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=PATIENCE)
    assert process.returncode == 130
    assert err.splitlines() == ["The table display has stopped."] and out == ""


@pytest.mark.integration
def test_a_taken_port_is_said_and_the_next_free_one_used(cli):
    cli("new --players 5 --lang de --no-play")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process, url, lines = start_command("--port", str(port), "--no-qr")
        try:
            assert lines[0].startswith("Die Tischanzeige läuft: http://127.0.0.1:")  # first
            assert lines[1].startswith(f"Port {port} ist belegt, die Anzeige nutzt Port ")
            assert not any("█" in line for line in lines)
            # no code printed, so none to scan: the address alone, on this computer
            assert "Öffne die Adresse in einem Browser auf diesem Computer." in lines
            assert not any("Scanne" in line or "WLAN" in line for line in lines)
            assert get(url)[0] == 200
        finally:
            process.send_signal(signal.SIGINT)
            process.communicate(timeout=PATIENCE)


@pytest.mark.integration
@pytest.mark.parametrize("options,message", [
    ("--game 1999-01-01-1", "There is no saved game '1999-01-01-1'. See the saved games with "
                            "moderator games."),
    ("--port 70000", "The port must be a number from 0 to 65535, not 70000."),
])
def test_refusals(cli, command, options, message):
    cli("new --players 5 --no-play")
    done = command(f"display --host 127.0.0.1 {options}", check=False)
    assert done.returncode == (2 if "port" in options else 1)
    assert done.stderr.splitlines() == [message] and done.stdout == ""


@pytest.mark.integration
def test_open_shows_the_page_in_this_computer_s_browser(cli, tmp_path, monkeypatch):
    """--open, for a TV on HDMI: the browser named by $BROWSER (here a program that notes the
    address it was given) gets the page's address."""
    opened = tmp_path / "opened"
    browser = tmp_path / "browser"
    browser.write_text(f'#!/bin/sh\necho "$1" >> {opened}\n')
    browser.chmod(0o755)
    monkeypatch.setenv("BROWSER", str(browser))
    cli("new --players 5 --no-play")
    process, url, _ = start_command("--port", "0", "--no-qr", "--open")
    try:
        deadline = time.monotonic() + PATIENCE
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert opened.read_text().split() == [url]
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=PATIENCE)


@pytest.mark.parametrize("addresses,chosen", [
    (["127.0.0.1", "172.17.0.1", "192.168.1.20"], "192.168.1.20"),  # not the container bridge
    (["127.0.0.1", "10.0.0.5", "172.17.0.1"], "10.0.0.5"),
    (["169.254.3.4", "fe80::1", "203.0.113.7"], "203.0.113.7"),
    (["127.0.0.1", "169.254.3.4", "::1"], None),  # no network: the command says so
    ([], None),
])
def test_the_address_phones_can_reach(addresses, chosen):
    from moderator.display import network

    assert network.pick(addresses) == chosen


@pytest.mark.integration
def test_the_computer_s_own_interfaces_are_read():
    from moderator.display import network

    found = network.lan_address()
    assert found is None or network.pick([found]) == found
