"""gTTS through its real code, with Google's service answered by `responses` (design.md §5).

A game is spoken in its own language; every line is kept on disk by (text, language, voice),
so a line made once never needs the network again; when the service cannot be reached,
espeak-ng takes over for the rest of the session within a few seconds.
"""

from __future__ import annotations

import shutil
import threading
import time

import pytest
import requests
import responses

from moderator.voice import Voice, prepare
from moderator.voice.engines import Gtts

pytestmark = pytest.mark.integration

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                  reason="espeak-ng is not installed (.ci/run installs it)")

LINE_DE = "Die Spione öffnen die Augen und schauen, wer alles dazugehört."
LINE_EN = "Spies, open your eyes and look around: remember every other spy."


def test_a_german_game_asks_google_for_german(google, sent, wire):
    path = Voice("de", "gtts").audio(LINE_DE)
    assert [sent(call)[:2] for call in google.calls] == [[LINE_DE, "de"]]
    assert path.suffix == ".mp3" and path.read_bytes() == wire.frame * 10


def test_an_english_game_asks_google_for_english(google, sent):
    Voice("en", "gtts").audio(LINE_EN)
    assert sent(google.calls[0])[1] == "en"


def test_every_request_has_a_timeout(google):
    """design.md §8: without a timeout gTTS waits forever on a stalled connection."""
    Voice("de", "gtts").audio(LINE_DE)
    assert google.calls[0].request.req_kwargs["timeout"] == Gtts.TIMEOUT


def test_slow_speech_is_asked_for_and_kept_apart(google, sent):
    normal = Voice("de", "gtts").audio(LINE_DE)
    slow = Voice("de", "gtts", speed="slow").audio(LINE_DE)
    assert [sent(call)[2] for call in google.calls] == [None, True]
    assert normal != slow


def test_a_line_in_the_cache_makes_no_call(google, cache):
    first = Voice("de", "gtts").audio(LINE_DE)
    again = Voice("de", "gtts").audio(LINE_DE)  # a later session
    assert again == first and len(google.calls) == 1
    assert first.is_relative_to(cache)


def test_the_cache_tells_languages_and_texts_apart(google):
    Voice("de", "gtts").audio("Alle öffnen die Augen.")
    Voice("en", "gtts").audio("Alle öffnen die Augen.")
    Voice("de", "gtts").audio("Alle schließen die Augen.")
    assert len(google.calls) == 3


@needs_espeak
def test_without_a_connection_espeak_takes_over_for_the_rest_of_the_session(offline):
    voice = Voice("de", "auto")
    first = voice.audio(LINE_DE)
    second = voice.audio("Alle öffnen die Augen.")
    assert (first.suffix, second.suffix) == (".wav", ".wav")
    assert len(offline.calls) == 1  # the network is not asked again
    assert voice.take_notices() == ["voice.offline"]


@needs_espeak
def test_a_refusing_service_falls_back_too(wire):
    with responses.RequestsMock() as mock:
        mock.add(responses.POST, wire.url, status=429)
        voice = Voice("en", "auto")
        assert voice.audio(LINE_EN).suffix == ".wav"
        assert voice.take_notices() == ["voice.offline"]


@needs_espeak
def test_a_stalled_service_is_given_up_within_the_deadline(monkeypatch, wire):
    """A DNS lookup or a server that never answers costs at most the deadline, once."""
    monkeypatch.setattr(Gtts, "DEADLINE", 0.5)

    def stall(request):
        time.sleep(3)
        return 200, {}, wire.answer(wire.frame)

    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.add_callback(responses.POST, wire.url, callback=stall)
        voice = Voice("de", "auto")
        started = time.monotonic()
        assert voice.audio(LINE_DE).suffix == ".wav"
        assert time.monotonic() - started < 2.5


def test_gtts_alone_without_a_connection_shows_the_text_only(offline):
    voice = Voice("de", "gtts")
    assert voice.audio(LINE_DE) is None
    assert voice.take_notices() == ["voice.text_only_gtts"]


def test_prepare_makes_every_line_several_at_once(cache, wire):
    """`voice prepare`: every line once, in parallel, with progress reported to the end."""
    lines = [f"Zeile {n}." for n in range(8)]
    active, peak, lock = [0], [0], threading.Lock()

    def answer(request):
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        time.sleep(0.1)
        with lock:
            active[0] -= 1
        return 200, {}, wire.answer(wire.frame)

    progress = []
    with responses.RequestsMock() as mock:
        mock.add_callback(responses.POST, wire.url, callback=answer)
        engine, cached, notices = prepare(lines + lines[:2], "de", "auto",
                                          progress=lambda done, total: progress.append(done))
        assert len(mock.calls) == 8
    assert (engine.name, cached, notices) == ("gtts", 0, [])
    assert peak[0] > 1
    assert progress[-1] == 8
    assert len(list((cache / "voice" / "de").iterdir())) == 8


def test_a_prepared_game_speaks_from_the_cache_without_a_network(google, speakers, wire):
    lines = ["Alle schließen die Augen.", LINE_DE, "Alle öffnen die Augen."]
    prepare(lines, "de")
    google.replace(responses.POST, wire.url, body=requests.ConnectionError("offline"))
    calls = len(google.calls)
    voice = Voice("de", "auto")
    assert all(voice.say(line) for line in lines)
    assert len(google.calls) == calls
    assert [p.suffix for p in speakers.files()] == [".mp3"] * 3
    assert voice.take_notices() == []


@needs_espeak
def test_prepare_without_a_connection_uses_the_offline_voice(offline):
    engine, cached, notices = prepare(["Alle öffnen die Augen."], "de")
    assert (engine.name, cached, notices) == ("espeak", 0, ["voice.prepare_offline"])
    again = prepare(["Alle öffnen die Augen."], "de")
    assert again[1] == 1  # already in the cache


# -- issue 16: what was prepared is used; the network costs at most 8 seconds, once ---------


@needs_espeak
def test_prepared_lines_play_from_the_cache_after_an_unprepared_line_fell_back(
        google, speakers, wire):
    """Prepared at home with Google's voice; at the table one line was not prepared, the
    network is gone and espeak-ng speaks it: every later prepared line is still Google's."""
    prepared = ["Alle schließen die Augen.", LINE_DE, "Alle öffnen die Augen."]
    prepare(prepared, "de")
    google.replace(responses.POST, wire.url, body=requests.ConnectionError("offline"))
    voice = Voice("de", "auto")
    table = [prepared[0], "Der Einzelgänger der Spione lässt die Augen geschlossen.",
             prepared[1], prepared[2]]
    assert all(voice.say(line) for line in table)
    assert [p.suffix for p in speakers.files()] == [".mp3", ".wav", ".mp3", ".mp3"]
    assert voice.take_notices() == ["voice.offline"]


@needs_espeak
def test_a_failed_check_is_remembered_in_the_cache_folder(offline, cache):
    """The next session within ten minutes does not ask the network at all, and says why."""
    Voice("de", "auto").audio(LINE_DE)
    assert len(offline.calls) == 1
    later = Voice("de", "auto")
    assert later.audio("Alle öffnen die Augen.").suffix == ".wav"
    assert len(offline.calls) == 1
    assert later.take_notices() == ["voice.unreachable_recently", "voice.offline"]
    assert any(cache.rglob("*unreachable*"))


def test_google_s_voice_asked_for_by_name_is_asked_again(offline):
    Voice("de", "auto").audio(LINE_DE)
    Voice("de", "gtts").audio(LINE_DE)
    assert len(offline.calls) == 2


@needs_espeak
def test_an_answer_forgets_the_failed_check(wire):
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.add(responses.POST, wire.url, body=requests.ConnectionError("offline"))
        Voice("de", "auto").audio(LINE_DE)
        mock.replace(responses.POST, wire.url, body=wire.answer(wire.frame))
        assert Voice("de", "gtts").audio(LINE_DE).suffix == ".mp3"  # asked by name: it answers
        assert Voice("de", "auto").audio("Alle öffnen die Augen.").suffix == ".mp3"
        assert len(mock.calls) == 3


@needs_espeak
def test_the_second_prepare_offline_asks_nothing_and_claims_nothing(offline):
    """Everything is in the cache already: no "prepared with the offline voice"."""
    lines = ["Alle öffnen die Augen.", "Alle schließen die Augen."]
    prepare(lines, "de")
    calls = len(offline.calls)
    engine, cached, notices = prepare(lines, "de")
    assert (engine.name, cached) == ("espeak", 2)
    assert notices == ["voice.unreachable_recently", "voice.prepare_offline_cached"]
    assert len(offline.calls) == calls


@needs_espeak
def test_a_stalled_service_costs_one_deadline_in_prepare_and_no_second_wave(monkeypatch,
                                                                          wire):
    """Four lines are asked at once; when the first is given up, the others are too, and no
    further line is sent."""
    monkeypatch.setattr(Gtts, "DEADLINE", 0.5)

    def stall(request):
        time.sleep(6)
        return 200, {}, wire.answer(wire.frame)

    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.add_callback(responses.POST, wire.url, callback=stall)
        started = time.monotonic()
        engine, _, notices = prepare([f"Zeile {n}." for n in range(12)], "de")
        took = time.monotonic() - started
        asked = len(mock.calls)
    assert engine.name == "espeak" and notices == ["voice.prepare_offline"]
    assert asked <= 4
    assert took < 4.5  # well short of the stalled answer (6 s): nothing waited for it
