"""The optional discussion timer: a bar under the team and vote prompts, never a wait.

The table talks while the host enters the team; the timer only shows how much of the agreed
time is left, warns before the end and says when it is up. It never stops a prompt.
"""

from __future__ import annotations

from moderator.i18n import t

#: Characters of the progress bar.
BAR = 20


def warning_at(length: float) -> float:
    """Seconds left when the warning starts: a quarter of the time, at most half a minute."""
    return min(30.0, length / 4)


def clock(seconds: float) -> str:
    """`m:ss`, rounded up, so the last second shows as 0:01 and not 0:00.

    >>> clock(0), clock(0.2), clock(61), clock(600)
    ('0:00', '0:01', '1:01', '10:00')
    """
    whole = int(-(-seconds // 1))
    return f"{whole // 60}:{whole % 60:02d}"


def line(lang: str, elapsed: float, length: float) -> str:
    """The timer as one line of text: the bar of time used and the time left (or over)."""
    left = length - elapsed
    done = min(BAR, int(BAR * elapsed / length)) if length else BAR
    bar = "█" * done + "░" * (BAR - done)
    if left <= 0:
        return t(lang, "timer.over", bar=bar, over=clock(-left))
    key = "timer.warning" if left <= warning_at(length) else "timer.running"
    return t(lang, key, bar=bar, left=clock(left))
