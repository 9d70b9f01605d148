"""The table view, as `status` and guided play show it: the board's mission track and vote
track, the leaders in order, and the vote history players deduce from. It must read without
colour and fit 80 and 60 columns, and 24 rows at 80 columns."""

from __future__ import annotations

import pytest

from moderator import session
from moderator.ui import views

SEVEN = "new --players 7 --leader 1 --no-play"
#: rules.md §1.4, §1.5, §1.7: a rejected team, a success, a failure with two Fail cards.
SEVEN_PLAYED = (
    SEVEN, "propose 1 2", "vote --approve 1,2",  # Player 1's team rejected 2 to 5
    "propose 2 3", "vote --reject 5,6,7", "mission --fails 0",  # approved 4 to 3: success
    "propose 3 4 5", "vote --reject 1", "mission --fails 2",  # failed with two Fail cards
)


def render(current, width: int = 80, **options) -> str:
    from rich.console import Console

    console = Console(width=width, record=True, no_color=True, highlight=False,
                      force_terminal=False)
    console.print(views.table(current, current.lang, **options))
    return console.export_text()


@pytest.fixture
def table(cli, newest):
    def make(*commands: str, width: int = 80, **options) -> str:
        cli(*commands)
        return render(session.open_game(newest()), width, **options)

    return make


def test_the_mission_track_shows_sizes_the_two_fail_mark_and_results(table):
    """rules.md §1.2, §1.5: 7 players: 2-3-3-4*-4; ✔ success, ✘ with the Fail cards, ▶ next."""
    lines = table(*SEVEN_PLAYED).splitlines()
    assert lines[1].split() == ["Mission", "1", "2", "3", "4", "5"]
    assert lines[2].split() == ["Team", "2", "3", "3", "4*", "4", "*", "two", "Fail", "cards",
                                "needed"]
    assert lines[3].split() == ["Result", "✔", "✘2", "▶", "·", "·"]


def test_the_score_vote_track_and_leaders_in_order(table):
    """rules.md §1.4, §1.7: the vote track counts this round's rejected teams; the leader card
    goes clockwise."""
    shown = table(SEVEN, "propose 1 2", "vote --approve 1", "propose 2 3", "vote --approve 1")
    assert "Score: Resistance 0 · Spies 0" in shown
    assert "Vote track: ●●○○○ (2 of 5 rejected in this round)" in shown
    assert "Leader: Player 3 · then Player 4, Player 5, Player 6, Player 7" in shown


def test_one_rejection_before_the_spies_win_is_flagged(table):
    """rules.md §1.4: a fifth rejected team in a round wins for the spies."""
    rejected = [c for seat in range(1, 5) for c in (f"propose {seat} {seat + 1}",
                                                    "vote --approve 1")]
    shown = table(SEVEN, *rejected)
    assert "Vote track: ●●●●○ (4 of 5 rejected in this round)\n⚠ One more rejection and the " \
           "spies win." in shown


def test_the_vote_history_shows_leader_team_and_every_vote(table):
    shown = table(*SEVEN_PLAYED).splitlines()
    start = next(i for i, line in enumerate(shown) if line.startswith("Votes"))
    assert shown[start].split() == ["Votes", "1.1", "1.2", "2.1"]
    rows = {line[:9].strip(): line[9:].split() for line in shown[start + 1:start + 9]}
    assert rows["Player 1"] == ["LT+", "+", "−"]  # led and was on the team; rejected team 2.1
    assert rows["Player 2"] == ["T+", "LT+", "+"]
    assert rows["Player 5"] == ["−", "−", "T+"]
    assert rows["Team"] == ["✘", "✔", "✔"]
    assert "Columns: mission.attempt · L leader · T on the team · + approved · − rejected" \
        in "\n".join(shown)


def test_the_vote_history_can_be_left_out(table):
    shown = table(*SEVEN_PLAYED, show_votes=False)
    assert "Votes" not in shown and "1.1" not in shown
    assert "Result" in shown


def test_german_marks_the_leader_with_a(table):
    shown = table(*(c + (" --lang de" if c.startswith("new") else "") for c in SEVEN_PLAYED))
    assert "Spieler 1     AT+" in shown
    assert "Spalten: Mission.Versuch · A Anführer · T im Team · + dafür · − dagegen" in shown
    assert "4*" in shown and "* Zwei Fehlschläge nötig" in shown


def busy_ten() -> list[str]:
    """Ten players with long names; four teams rejected in each of four rounds (rules.md
    §1.2: teams of 3, 4, 4 and 5)."""
    names = ",".join(f"Longname{seat:02d}xyz" for seat in range(1, 11))
    commands = [f"new --players 10 --names {names} --leader 1 --no-play"]
    for size, fails in ((3, 0), (4, 1), (4, 0), (5, 2)):
        team = "propose " + " ".join(str(seat) for seat in range(1, size + 1))
        commands += [team, "vote --approve 1"] * 4
        commands += [team, "vote --reject 1", f"mission --fails {fails}"]
    return commands


@pytest.mark.parametrize("width", [60, 80])
def test_the_table_fits_the_width_of_the_terminal(cli, newest, width):
    cli(*busy_ten())
    shown = render(session.open_game(newest()), width)
    assert max(len(line.rstrip()) for line in shown.splitlines()) <= width
    assert "older proposal" in shown  # what no longer fits is named, not cut mid-column


def test_ten_players_fit_an_80_by_24_terminal(cli, newest):
    cli(*busy_ten())
    shown = render(session.open_game(newest()), 80)
    assert len(shown.splitlines()) <= 24


def test_the_table_reads_without_colour(cli, newest, monkeypatch):
    """Every mark is a symbol as well as a colour: with NO_COLOR nothing is lost."""
    import io
    import re

    from rich.console import Console

    cli(*SEVEN_PLAYED)
    current = session.open_game(newest())

    def shown(no_color: str | None) -> str:
        if no_color is None:
            monkeypatch.delenv("NO_COLOR", raising=False)
        else:
            monkeypatch.setenv("NO_COLOR", no_color)
        out = io.StringIO()
        Console(file=out, width=80, force_terminal=True, color_system="truecolor").print(
            views.table(current, "en"))
        return out.getvalue()

    coloured, plain = shown(None), shown("1")
    colour = re.compile(r"\x1b\[[0-9;]*3[0-9]m|\x1b\[[0-9;]*38;")
    assert colour.search(coloured)  # a colour is used ...
    assert not colour.search(plain)  # ... and dropped with NO_COLOR ...
    ansi = re.compile(r"\x1b\[[0-9;]*m")
    assert ansi.sub("", coloured) == ansi.sub("", plain)  # ... and every symbol stays
