"""The table's screen at its edges (issue 35, items 3 and 6): no code to scan on an address
only this computer opens, a page in words when every place is taken, nothing of the host's
folders sent to the screens, and a kept address that can neither be read by another account
nor hang, crash or lock out the display. Every connection goes to 127.0.0.1 only.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import threading
from html import escape

import pytest
from display_client import PATIENCE, Stream, get, state

from moderator import live, store
from moderator.display import routes, server
from moderator.i18n import t

# -- the code to scan, only where a phone can reach the address (item 3) ----------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_address_only_this_computer_opens_has_no_code_to_scan(cli, display, lang):
    cli(f"new --players 5 --lang {lang} --no-play")
    html = get(display().url)[2].decode()
    assert "<svg" not in html and escape(t(lang, "display.join")) not in html
    assert get(display().url + "qr.svg")[0] == 404


def test_an_address_on_the_network_has_its_code_and_the_words(cli, display):
    cli("new --players 5 --no-play")
    shown = display(url_host="192.168.1.20")  # bound here, reached by the phones there
    html = get(shown.url.replace("192.168.1.20", "127.0.0.1"))[2].decode()
    assert "<svg" in html and escape(t("en", "display.join")) in html


# -- every place taken: a page that says so (item 3) --------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_screen_beyond_the_limit_gets_a_page_in_words(cli, display, monkeypatch, lang):
    cli(f"new --players 5 --lang {lang} --no-play")
    monkeypatch.setattr(server, "MAX_CONNECTIONS", 2)
    shown = display()
    streams = [Stream(shown.url) for _ in range(2)]
    try:
        status, headers, body = get(shown.url)
        assert status == 503 and headers["Content-Type"] == "text/html; charset=utf-8"
        text = body.decode()
        assert f'lang="{lang}"' in text
        assert escape(t(lang, "display.full_title")) in text
        assert escape(t(lang, "display.full", count=2)) in text
        assert shown.server.token not in text  # nothing of the game, not even its address
    finally:
        for stream in streams:
            stream.close()


# -- the line read aloud: its words and a name, never the host's folders (item 6) -------------


def test_the_voice_cache_s_path_never_reaches_a_screen_even_when_it_is_not_utf8(
        cli, display, tmp_path, monkeypatch):
    """A cache under a folder whose name is not UTF-8 (and names the host's account): the
    screens get the line's words and a name to fetch it by, and keep updating; the audio is
    still served from the cache."""
    cache = tmp_path / "home-of-hannelore-\udcff"  # the byte 0xFF: no UTF-8 text
    monkeypatch.setenv("MODERATOR_CACHE", str(cache))
    sound = cache / "voice" / "en" / "line.wav"
    sound.parent.mkdir(parents=True)
    sound.write_bytes(routes.silence_wav())
    cli("new --players 5 --no-play")
    shown = display()
    stream = Stream(shown.url)
    try:
        stream.event()
        live.speaking(1, "Everyone, close your eyes.", "en", str(sound), 1.0)
        frame = stream.event()
        sent = json.dumps(frame["data"], ensure_ascii=False)
        assert frame["data"]["speech"]["text"] == "Everyone, close your eyes."
        assert "hannelore" not in sent and "line.wav" not in sent
        body = get(shown.url + "state.json")[2].decode()
        assert "hannelore" not in body and "Everyone, close your eyes." in body
        url = frame["data"]["speech"]["url"]
        status, _, audio = get(shown.url + url)
        assert status == 200 and audio == sound.read_bytes()
    finally:
        live.silent()
        stream.close()


# -- the kept address (item 6) ----------------------------------------------------------------


def _kept_file():
    return store.games_dir() / server.ADDRESS_FILE


def test_the_kept_address_is_readable_by_its_owner_only(cli, display):
    cli("new --players 5 --no-play")
    display()
    assert stat.S_IMODE(_kept_file().stat().st_mode) == 0o600


def test_a_kept_address_readable_by_everyone_is_made_owner_only_and_kept(cli, display):
    cli("new --players 5 --no-play")
    _kept_file().write_text('{"token": "abcdefgh12345678", "port": 8765}')
    _kept_file().chmod(0o644)
    shown = display()
    assert shown.server.token == "abcdefgh12345678"  # the same address as before
    assert stat.S_IMODE(_kept_file().stat().st_mode) == 0o600


def _started_without_hanging(**options) -> server.Display:
    """`server.start` in a thread: a test that hangs fails instead (a FIFO is opened for
    writing to let a stuck reader go)."""
    found: list = []
    worker = threading.Thread(target=lambda: found.append(server.start("127.0.0.1", 0,
                                                                       **options)),
                              daemon=True)
    worker.start()
    worker.join(PATIENCE)
    if worker.is_alive():
        with open(os.open(_kept_file(), os.O_WRONLY | os.O_NONBLOCK), "wb"):
            pass
        worker.join(PATIENCE)
        pytest.fail("the display hung reading its kept address")
    assert found, "the display did not start"
    return found[0]


@pytest.mark.parametrize("damage", ["fifo", "nested", "not_ascii"])
def test_a_damaged_kept_address_neither_hangs_nor_locks_out_the_screens(cli, damage):
    """A FIFO in its place, JSON nested 100,000 deep, a token of letters no address carries:
    the display starts with a fresh address, every page answers, and the fresh one is kept."""
    cli("new --players 5 --no-play")
    path = _kept_file()
    if damage == "fifo":
        os.mkfifo(path)
    elif damage == "nested":
        path.write_text("[" * 100_000 + "]" * 100_000)
    else:
        path.write_text(json.dumps({"token": "Schlüssel-für-den-Tisch", "port": 8765}))
    shown = _started_without_hanging()
    thread = threading.Thread(target=shown.serve_forever, daemon=True)
    thread.start()
    try:
        token = shown.server.token
        assert token.isascii() and token != "Schlüssel-für-den-Tisch"
        assert get(shown.url)[0] == 200 and state(shown)["state"]["kind"] == "game"
        assert stat.S_ISREG(path.stat().st_mode)
        assert json.loads(path.read_text())["token"] == token  # renewed
    finally:
        shown.server.shutdown()
        shown.close()
        thread.join(PATIENCE)


# -- the last port (item 6) -------------------------------------------------------------------


def _held(port: int) -> socket.socket | None:
    """A socket listening on `port` of 127.0.0.1, or None when something else holds it."""
    holder = socket.socket()
    try:
        holder.bind(("127.0.0.1", port))
    except OSError:
        holder.close()
        return None
    holder.listen()
    return holder


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_last_port_taken_is_a_translated_refusal(cli, moderator, lang):
    cli(f"new --players 5 --lang {lang} --no-play")
    holder = _held(65535)  # taken by this test, or by something else already
    try:
        done = moderator(f"display --host 127.0.0.1 --port 65535 --lang {lang}")
        assert done.exit_code == 1
        assert done.output.splitlines() == [t(lang, "display.ports_taken", first=65535, count=1,
                                              last=65535)]
        with pytest.raises(server.PortsTaken):
            server.start("127.0.0.1", 65535)
    finally:
        if holder is not None:
            holder.close()


# -- room on the screen (item 3) ------------------------------------------------------------------


def test_a_vote_s_voters_are_said_once_in_the_grid_and_still_read_to_a_screen_reader(cli):
    from moderator.display import page, view

    cli("new --players 5 --names Ann,Bob,Cat,Dan,Eve --leader 1 --no-play", "propose 1 2",
        "vote --approve 1,2,3")
    data = view.of_game(None, None, None)
    voters = [line["text"] for line in data["last"] if line["voters"]]
    assert [text.strip() for text in voters] == ["Approved: Ann, Bob, Cat", "Rejected: Dan, Eve"]
    html = page.render(data)
    assert "Approved, 3 to 2." in html and not any(escape(text) in html for text in voters)
    assert all(text in page.event(data, 1, None)["announce"] for text in voters)
