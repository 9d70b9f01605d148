"""The discussion timer's line: a bar of the time used, the time left, a warning before the
end, and how far over the time is. It only shows; it never waits."""

from __future__ import annotations

import pytest

from moderator.ui import timer


@pytest.mark.parametrize("elapsed,line", [
    (0, "Discussion ░░░░░░░░░░░░░░░░░░░░ 2:00 left"),
    (30, "Discussion █████░░░░░░░░░░░░░░░ 1:30 left"),
    (89.5, "Discussion ██████████████░░░░░░ 0:31 left"),
    (90, "⚠ Discussion ███████████████░░░░░ only 0:30 left"),
    (119.2, "⚠ Discussion ███████████████████░ only 0:01 left"),
    (120, "⏰ Time is up ████████████████████ +0:00"),
    (185, "⏰ Time is up ████████████████████ +1:05"),
])
def test_two_minutes_of_discussion(elapsed, line):
    assert timer.line("en", elapsed, 120) == line


def test_the_warning_comes_a_quarter_before_the_end_and_at_most_half_a_minute():
    assert timer.warning_at(40) == 10
    assert timer.warning_at(120) == 30
    assert timer.warning_at(600) == 30


def test_in_german():
    assert timer.line("de", 50, 60) == "⚠ Diskussion ████████████████░░░░ nur noch 0:10"
    assert timer.line("de", 0, 60) == "Diskussion ░░░░░░░░░░░░░░░░░░░░ noch 1:00"


@pytest.mark.parametrize("seconds,shown", [(0, "0:00"), (0.2, "0:01"), (59.9, "1:00"),
                                           (61, "1:01"), (600, "10:00")])
def test_time_is_shown_in_minutes_and_seconds_rounded_up(seconds, shown):
    assert timer.clock(seconds) == shown
