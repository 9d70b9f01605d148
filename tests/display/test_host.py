"""The host's address and what guards it (issue 34, items 1 and 4), tier 1: the server runs on
127.0.0.1:0 in the test, requests are sent as the host page's script sends them
(`host_client`), or forged. Every request that is turned away must change nothing on disk.
"""

from __future__ import annotations

import json
import shutil
import socket
import time
from html import escape

import pytest
from display_client import PATIENCE, Stream, get, raw, state
from host_client import PAGE, HostPage

from moderator import live, store
from moderator.display import server
from moderator.i18n import t

pytestmark = pytest.mark.integration

SEVEN = "new --players 7 --names Ann,Bob,Cat,Dan,Eve,Fay,Gus --leader 1 --no-play"


@pytest.fixture
def host(display):
    """The host's page of a display."""
    def opened(**options):
        shown = display(**options)
        return shown, HostPage(shown.host_url)
    return opened


# -- the address ------------------------------------------------------------------------------


def test_the_host_has_an_address_of_its_own_kept_and_renewed_with_the_table_s(cli, display):
    cli(SEVEN)
    first = display()
    token, host_token = first.server.token, first.server.host_token
    assert len(host_token) >= 22 and host_token != token  # at least 128 random bits
    first.server.shutdown()
    first.close()
    again = display()
    assert (again.server.token, again.server.host_token) == (token, host_token)
    assert get(again.host_url)[0] == 200
    again.server.shutdown()
    again.close()
    fresh = display(new_address=True)
    assert fresh.server.token != token and fresh.server.host_token != host_token
    status, _, body = get(f"http://127.0.0.1:{fresh.port}/t/{host_token}/")
    assert status == 404 and fresh.server.host_token not in body.decode()


def test_the_table_never_carries_the_host_s_address(cli, display):
    cli(SEVEN, "propose 1 2")
    shown = display()
    host_token = shown.server.host_token
    for route in ("", "state.json", "qr.svg"):
        assert host_token not in get(shown.url + route)[2].decode()
    stream = Stream(shown.url)
    assert host_token not in json.dumps(stream.event())
    stream.close()
    assert shown.host_url not in json.dumps(state(shown))


def test_the_terminal_prints_the_host_s_address_and_its_code(cli, capsys, monkeypatch):
    from moderator.cli import display as command
    from moderator.cli.common import Out

    cli(SEVEN)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "60")
    capsys.readouterr()
    with server.running(url_host="192.168.1.20") as shown:
        command._banner(Out("en"), shown, 0, "192.168.1.20", [], False, False, False, False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"The table display is on: {shown.url}"
    at = lines.index(t("en", "display.host_serving", url=shown.host_url))
    assert any("█" in line for line in lines[at:])  # its own code, below its address
    assert t("en", "display.host_how") in lines[at:]


def test_without_a_game_the_host_page_says_so_and_follows_the_first_one(cli, host):
    shown, page = host()
    assert t("en", "errors.no_games") in page.text()
    stream = Stream(shown.host_url)
    assert t("en", "errors.no_games") in json.dumps(stream.event()["data"], ensure_ascii=False)
    cli(SEVEN)
    assert escape(t("en", "play.team_question", team="Ann's team", count=2, mission=1)) in \
        stream.event()["data"]["step"]
    stream.close()


# -- the gate: heads and bodies -----------------------------------------------------------------


def test_a_head_over_the_limit_is_refused_even_when_it_comes_all_at_once(cli, display):
    """A 20 KB head sent in one piece got through (and a 200) before."""
    cli(SEVEN)
    shown = display()
    head = (f"GET /t/{shown.server.token}/ HTTP/1.1\r\nX-Big: ".encode() + b"a" * 20_000
            + b"\r\n\r\n")
    assert raw(shown.port, head).startswith(b"HTTP/1.0 431")
    line = f"GET /t/{shown.server.token}/?{'a' * 10_000} HTTP/1.1\r\n\r\n".encode()
    assert raw(shown.port, line).startswith(b"HTTP/1.0 414")
    assert get(shown.url)[0] == 200


def test_a_body_must_say_its_length_and_be_small(cli, host, files):
    cli(SEVEN)
    shown, page = host()
    before = files()
    path = f"/t/{shown.server.host_token}/act"
    heads = {
        b"413": f"POST {path} HTTP/1.1\r\nContent-Length: {server.MAX_BODY + 1}\r\n\r\n",
        b"411": f"POST {path} HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
        b"400": f"POST {path} HTTP/1.1\r\nContent-Length: -3\r\n\r\n",
    }
    for status, head in heads.items():
        assert raw(shown.port, head.encode() + b"{}").split(b" ")[1] == status, head
    assert raw(shown.port, f"POST {path} HTTP/1.1\r\n\r\n".encode()).split(b" ")[1] == b"411"
    status, _ = page.post("act", {"answers": [0], "pad": "x" * server.MAX_BODY})
    assert status == 413
    assert files() == before


def test_a_body_that_never_comes_is_cut_off(cli, host, monkeypatch):
    cli(SEVEN)
    monkeypatch.setattr(server, "HEAD_TIMEOUT", 0.5)
    shown, _ = host()
    path = f"/t/{shown.server.host_token}/act"
    started = time.monotonic()
    answer = raw(shown.port, f"POST {path} HTTP/1.1\r\nContent-Length: 100\r\n\r\n{{".encode())
    assert answer == b"" and time.monotonic() - started < PATIENCE


def test_what_the_table_s_address_withstands_the_host_s_does_too(cli, host, monkeypatch):
    """The same gate: a huge head, a head trickling in for ever, a flood of connections; the
    host's page still loads and acts."""
    cli(SEVEN)
    monkeypatch.setattr(server, "HEAD_TIMEOUT", 0.5)
    shown, page = host()
    path = f"/t/{shown.server.host_token}/act".encode()
    huge = b"POST " + path + b" HTTP/1.1\r\nX-Huge: " + b"a" * 70_000 + b"\r\n\r\n"
    assert raw(shown.port, huge).startswith(b"HTTP/1.0 431")
    slow = [socket.create_connection(("127.0.0.1", shown.port), timeout=PATIENCE)
            for _ in range(50)]
    for connection in slow:
        connection.sendall(b"POST " + path + b" HTTP/1.1\r\nX: ")
    assert page.tick("1 Ann", "2 Bob")[0] == 200  # while they wait, holding no thread
    for connection in slow:  # cut off once their time is up
        assert connection.recv(1) == b""
        connection.close()
    assert HostPage(shown.host_url).step().question == t("en", "play.who_rejected")


# -- the guard: only the host's own page acts -----------------------------------------------


def test_what_the_guard_turns_away_changes_nothing(cli, host, files):
    """The table's token, a foreign Origin or none, a forged page token, a stale log's
    length, a replayed request, an oversized body, a wrong type: each changes nothing."""
    cli(SEVEN, "propose 1 2")
    shown, page = host()
    before = files()
    vote = [1]  # the list to tick (who rejected), then the button under it
    assert page.step().question == t("en", "play.who_rejected")
    acting = page.body({"answers": [vote]})
    assert get(shown.url + "act", "POST", page.headers(), acting)[0] == 404  # the table's
    assert get(shown.url, "POST", page.headers(), acting)[0] == 405  # token reaches no act
    refused = {
        "foreign origin": ({"headers": {"Origin": "http://evil.example"}}, 403),
        "no origin": ({"headers": {"Origin": None}}, 403),
        "null origin": ({"headers": {"Origin": "null"}}, 403),
        "cross-site fetch": ({"headers": {"Sec-Fetch-Site": "cross-site"}}, 403),
        "no page token": ({"headers": {PAGE: None}}, 403),
        "forged page token": ({"headers": {PAGE: "x" * 22}}, 403),
        "form post": ({"headers": {"Content-Type": "text/plain"}}, 415),
        "not json": ({"raw": b"answers=1"}, 400),
        "a list": ({"raw": b"[1]"}, 400),
        "no request id": ({"request_id": "short"}, 400),
        "stale log": ({"made_for": (page.at[0], page.at[1] - 1)}, 409),
        "another game": ({"made_for": ("2020-01-01-1", page.at[1])}, 409),
    }
    for case, (how, status) in refused.items():
        got, reply = page.post("act", {"answers": [vote]}, **how)
        assert got == status, (case, reply)
        assert "refused" in reply, case
        assert files() == before, case
    assert page.post("act", {"answers": [vote]}, request_id="a" * 32)[0] == 200  # recorded
    after = files()
    assert after != before
    status, reply = page.post("act", {"answers": [vote]}, request_id="a" * 32,
                              made_for=(page.at[0], page.at[1] - 1))
    assert status == 409 and reply["refused"] == t("en", "host.replayed")  # a copy
    assert files() == after


def test_no_cors_and_only_post_acts(cli, host):
    cli(SEVEN)
    shown, page = host()
    assert "Access-Control-Allow-Origin" not in page.served
    assert "default-src 'none'" in page.served["Content-Security-Policy"]
    for route in ("act", "undo", "redo", "timer", "reveal", "stop", "rules"):
        status, headers, _ = get(shown.host_url + route, "OPTIONS",
                                 {"Origin": "http://evil.example",
                                  "Access-Control-Request-Method": "POST"})
        assert status == 405 and headers["Allow"] == "POST", route
        assert not any(name.startswith("Access-Control") for name in headers)
        assert get(shown.host_url + route)[0] == 405


def test_requests_beyond_the_rate_are_refused(cli, host, files, monkeypatch):
    from moderator.display import host as routes

    cli(SEVEN, "propose 1 2")
    monkeypatch.setattr(routes, "BURST", 3.0)
    monkeypatch.setattr(routes, "RATE", 0.001)
    _, page = host()
    before = files()
    got = [page.post("rules", {"query": "tie"})[0] for _ in range(5)]
    assert got == [200, 200, 200, 429, 429]
    assert page.last["reply"]["refused"] == t("en", "host.too_many")
    assert files() == before


def test_answers_that_fit_no_question_are_refused(cli, host, files):
    cli(SEVEN, "propose 1 2")
    _, page = host()
    before = files()
    for answers in ([99], ["1"], [True], [[0, 0]], [[0, 99]], [0], "x", [[0]] * 50):
        status, reply = page.post("act", {"answers": answers})
        assert status in (400, 422), (answers, reply)
    assert files() == before


# -- one path for every action ------------------------------------------------------------------


def test_two_pages_at_once_the_later_is_refused_as_moved_on(cli, host, files):
    cli(SEVEN, "propose 1 2")
    shown, first = host()
    second = HostPage(shown.host_url)
    assert first.tick()[0] == 200  # nobody rejected: everyone approves
    after = files()
    status, reply = second.tick("4 Dan")
    assert status == 409 and reply["refused"] == t("en", "errors.moved_on")
    assert files() == after
    assert second.step().question == t("en", "play.fails_question")  # shown as it is now


def test_a_refusal_says_what_the_command_says(cli, moderator, host):
    cli(SEVEN)
    _, page = host()
    said = moderator("undo").output.strip()
    status, reply = page.post("undo")
    assert status == 422 and reply["refused"] == said


@pytest.mark.integration
def test_a_command_s_action_reaches_the_host_page_within_a_second(cli, command, host):
    cli(SEVEN)
    shown, _ = host()
    stream = Stream(shown.host_url)
    first = stream.event()["data"]
    command("propose 1 2")
    update = stream.event(timeout=1)["data"]  # the issue's bound
    assert update["key"] != first["key"]
    assert escape(t("en", "play.who_rejected")) in update["step"]
    stream.close()


# -- besides the step ---------------------------------------------------------------------------


def test_the_timer_started_on_the_host_page_runs_on_the_table(cli, host):
    cli(SEVEN, "propose 1 2")
    shown, page = host()
    stream = Stream(shown.url)
    assert stream.event()["data"]["timer"] is None
    assert page.post("timer")[0] == 200
    timed = stream.event()["data"]["timer"]
    while timed is None:
        timed = stream.event()["data"]["timer"]
    assert 0 < timed["left_ms"] <= 120_000
    game_id = store.game_ids()[-1]
    assert live.read(game_id)["timer"]["proposal"] == 0
    stream.close()


def test_at_the_end_another_game_is_started_from_the_host_page_and_the_table_follows(cli,
                                                                                     host):
    """The next game with the same table, as guided play offers it (`new --again`); a tap
    made for a game that has since moved on starts nothing."""
    cli("new --players 5 --names Ann,Bob,Cat,Dan,Eve --leader 1 --no-play",
        *[c for team in ("1 2", "2 3 4", "3 4") for c in (
            f"propose {team}", "vote --approve all", "mission --fails 0")])
    shown, page = host()
    over = store.game_ids()[-1]
    assert page.step().choices == [t("en", "play.again_yes", leader="Bob")]
    stale = page.at[:2]
    assert page.tap("Yes")[0] == 200
    assert store.game_ids()[-1] != over and len(store.game_ids()) == 2
    assert page.post("act", {"answers": [0]}, made_for=stale)[0] == 409  # moved on
    assert len(store.game_ids()) == 2
    deadline = time.monotonic() + PATIENCE
    while state(shown)["state"]["game"] == over and time.monotonic() < deadline:
        time.sleep(0.05)
    assert state(shown)["state"]["game"] == store.game_ids()[-1]  # the table's screen follows


def test_the_rules_are_looked_up_as_guided_play_looks_them_up(cli, host, files):
    cli(SEVEN)
    _, page = host()
    before = files()
    status, reply = page.post("rules", {"query": "does a tie pass"})
    assert status == 200 and "tie" in reply["rules"].lower()
    status, reply = page.post("rules", {"query": ""})  # what applies right now
    assert status == 200 and escape(t("en", "reference.heading", game=page.at[0])) in \
        reply["rules"]
    assert files() == before


# -- the reveal -----------------------------------------------------------------------------------


def test_without_a_voice_the_reveal_is_refused_in_words(cli, host, files):
    cli(SEVEN)
    _, page = host()
    before = files()
    status, reply = page.post("reveal")
    assert status == 422 and reply["refused"] == t("en", "host.voice_off")
    assert files() == before


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng")
def test_the_reveal_started_on_the_host_page_is_read_and_darkens_the_table_until_stopped(
        cli, host, sound_device, monkeypatch):
    """Read where --say-on says: `screens` with no screen listening is read here, and the page
    says so; the table's screens go dark; "stop" ends it after the line being said."""
    monkeypatch.setenv("MODERATOR_VOICE", "espeak")
    cli(SEVEN)
    shown, page = host(say_on="screens")
    assert t("en", "host.reveal") in page.text()  # offered before the first action
    stream = Stream(shown.url)
    assert stream.event()["data"]["dark"] is False
    assert page.post("reveal")[0] == 200
    assert stream.event()["data"]["dark"] is True
    deadline = time.monotonic() + PATIENCE
    while not (sound_device / "played").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (sound_device / "played").exists()  # heard here, where the host is
    status, reply = page.post("reveal")
    assert status == 422 and reply["refused"] == t("en", "host.reveal_busy")
    assert page.post("stop")[0] == 200
    assert stream.event()["data"]["dark"] is False
    stream.close()
    lines = len((sound_device / "played").read_text().splitlines())
    assert 1 <= lines < 10  # stopped before the end of the reveal's ten lines
    assert t("en", "display.screens_silent") in HostPage(shown.host_url).text()
