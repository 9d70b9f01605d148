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
    assert "Spieler 1    AT+" in shown
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


NAMES = ("Annalena", "Benedikt", "Carlotta", "Dominik", "Emilia", "Friedrich", "Gabriele",
         "Hannelore", "Ignatius", "Josefine")


def twenty_proposals(lang: str = "en") -> list[str]:
    """Ten players with Plot cards and the Sergeant: four rounds of five proposals each (four
    rejected, then one approved; rules.md §1.4), two missions won by each side. Emilia (1.3)
    and Annalena (2.3) take over with Strong Leader (§3.4); the approvals of 1.4 and 2.4 are
    cancelled with No Confidence (§3.4) by Gabriele and by Benedikt, who led 2.4 himself;
    every leader names a Sergeant (§8)."""
    def team(*seats: int) -> str:
        return f"propose {' '.join(map(str, seats))} --sergeant {seats[1]}"

    rejected = "vote --approve 1"
    commands = [f"new --players 10 --names {','.join(NAMES)} --modules plot,sergeant "
                f"--leader 1 --no-play --lang {lang}",
                "plot draw strong_leader no_confidence close_eye", "plot give strong_leader 5",
                "plot give no_confidence 7", "plot give close_eye 8",
                team(1, 2, 3), rejected, team(2, 3, 4), rejected,
                "plot use strong_leader --by 5", team(5, 6, 7), rejected,
                team(6, 7, 8), "vote --reject 1", "plot use no_confidence --by 7",
                team(7, 8, 9), "vote --reject 1,2", "mission --fails 0",
                "plot draw strong_leader no_confidence opinion_maker", "plot give strong_leader 1",
                "plot give no_confidence 2", "plot give opinion_maker 3",
                team(8, 9, 10, 1), rejected, team(9, 10, 1, 2), rejected,
                "plot use strong_leader --by 1", team(1, 2, 3, 4), rejected,
                team(2, 3, 4, 5), "vote --reject 1", "plot use no_confidence --by 2",
                team(3, 4, 5, 6), "vote --reject 1", "mission --fails 1",
                "plot draw close_eye no_confidence opinion_maker", "plot give close_eye 5",
                "plot give no_confidence 6", "plot give opinion_maker 7"]
    commands += [team(*(s % 10 + 1 for s in range(first, first + 4)))
                 for first in range(3, 8)]
    commands = commands[:-5] + [c for p in commands[-5:] for c in (p, rejected)]
    commands[-1] = "vote --reject 1"
    commands += ["mission --fails 0",
                 "plot draw in_the_spotlight overheard_conversation overheard_conversation",
                 "plot give in_the_spotlight 1", "plot give overheard_conversation 2",
                 "plot use overheard_conversation --by 2 --target 3",
                 "plot give overheard_conversation 4",
                 "plot use overheard_conversation --by 4 --target 5"]
    fourth = [team(*(s % 10 + 1 for s in range(first, first + 5))) for first in range(8, 13)]
    commands += [c for p in fourth for c in (p, rejected)]
    commands[-1] = "vote --reject 1"
    return commands + ["mission --fails 2"]


def history_lines(shown: str, lang: str) -> list[str]:
    """The vote history's grid: its header line to its outcome line."""
    lines = shown.splitlines()
    start = next(i for i, line in enumerate(lines)
                 if line.startswith("Votes" if lang == "en" else "Abstimmungen"))
    return lines[start:start + 12]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", [60, 80, 100, 160])
def test_twenty_proposals_show_the_newest_whole_at_any_width(cli, newest, lang, width):
    """Whole proposals only, the newest that fit, and how many older ones `moderator log`
    has; a name is never cut, and nothing is cut to "…"."""
    cli(*twenty_proposals(lang))
    current = session.open_game(newest())
    assert len(current.game.proposals) == 20 and current.game.phase == "plot_draw"
    shown = render(current, width)
    assert "…" not in shown.replace("propose NAME …", "")
    assert max(len(line.rstrip()) for line in shown.splitlines()) <= width
    grid = history_lines(shown, lang)
    name_width = len("Abstimmungen" if lang == "de" else "Friedrich")
    fit = min(20, (width - name_width) // 4)
    every = [f"{p.mission}.{p.attempt}" for p in current.game.proposals]
    assert grid[0].split()[1:] == every[-fit:]  # the newest, none cut, in order
    assert [line.split()[0] for line in grid[1:11]] == list(NAMES)
    assert all(len(line.split()) == fit + 1 for line in grid[1:])  # a cell in every column
    older = {"en": f"({20 - fit} older proposals: moderator log)",
             "de": f"({20 - fit} ältere Vorschläge: moderator log)"}[lang]
    assert (older in " ".join(shown.split())) == (fit < 20)


def cells(shown: str, lang: str) -> dict[str, dict[str, str]]:
    """The vote history as {name: {"mission.attempt": cell}}; the outcome row under its label.
    A cell is the three marks after the name column (as wide as its longest label) and a
    space."""
    grid = history_lines(shown, lang)
    start = len("Abstimmungen" if lang == "de" else "Friedrich") + 1
    heads = grid[0].split()[1:]
    return {line.split()[0]: {head: line[start + 4 * i:start + 4 * i + 3].strip()
                              for i, head in enumerate(heads)} for line in grid[1:]}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_strong_leader_sergeant_and_no_confidence_are_marked_and_explained(cli, newest, lang):
    """rules.md §3.4: a Strong Leader's proposal and an approval cancelled with No Confidence;
    §8: the Sergeant; each mark with its meaning in the legend."""
    cli(*twenty_proposals(lang))
    shown = render(session.open_game(newest()), 160)
    table = cells(shown, lang)
    leader, sergeant = ("L", "S") if lang == "en" else ("A", "F")
    assert table["Emilia"]["1.3"] == "↑T−"  # Emilia took over with Strong Leader
    assert table["Annalena"]["2.3"] == "↑T+"
    assert table["Annalena"]["1.1"] == leader + "T+"  # an ordinary leader
    assert table["Benedikt"]["1.1"] == sergeant + "−"  # the Sergeant replaces the team mark
    outcome = table["Team"]
    assert [outcome[p] for p in ("1.3", "1.4", "1.5", "2.4", "2.5")] == ["✘", "⊘", "✔", "⊘", "✔"]
    legend = " ".join(shown.split())
    assert {
        "en": "· S Sergeant · ↑ leader by Strong Leader · ⊘ approved, then cancelled with No "
              "Confidence (1.4 by Gabriele and 2.4 by Benedikt)",
        "de": "· F Feldwebel · ↑ Anführer durch „Führungsstärke“ · ⊘ angenommen, dann durch "
              "„Misstrauen“ aufgehoben (1.4 von Gabriele und 2.4 von Benedikt)",
    }[lang] in legend


def test_module_marks_are_explained_only_when_shown(cli, newest):
    cli(*SEVEN_PLAYED)
    shown = render(session.open_game(newest()), 80)
    assert "Sergeant" not in shown and "Strong Leader" not in shown and "⊘" not in shown


def test_a_name_too_long_for_the_screen_wraps_instead_of_being_cut(cli, newest):
    long = "Maximiliane-Theodora-Wilhelmine"
    cli(f"new --players 5 --names {long},Ben,Carl,Dora,Emil --leader 1 --no-play",
        "propose 1 2", "vote --approve 1,2,3")
    shown = render(session.open_game(newest()), 24)
    assert "…" not in shown
    grid = history_lines(shown, "en")
    assert grid[1].split() == ["Maximiliane-Theodora", "LT+"]  # the column is 20 wide ...
    assert grid[2].split() == ["-Wilhelmine"]  # ... and the rest of the name goes under it


@pytest.mark.integration
@pytest.mark.parametrize("lang", ["en", "de"])
def test_status_at_80_columns_cuts_no_cell(cli, newest, home, lang):
    """Done when: `COLUMNS=80 moderator status` on a 10-player game of 20 proposals shows no
    "…" cell, in a process of its own as the host runs it."""
    import os
    import subprocess
    import sys

    cli(*twenty_proposals(lang))
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "MODERATOR_LANG")}
    env.update(COLUMNS="80", MODERATOR_HOME=str(home))
    done = subprocess.run([sys.executable, "-m", "moderator", "status"], env=env,
                          capture_output=True, text=True, encoding="utf-8", check=True)
    assert "…" not in done.stdout
    grid = history_lines(done.stdout, lang)
    assert grid[0].split()[1:] == [f"{m}.{a}" for m in (1, 2, 3, 4) for a in range(1, 6)][-17:]
    assert all(len(line) <= 80 for line in grid)


# -- between two steps of guided play: the compact table ------------------------------------

PLOT_NINE = ("new --players 9 --modules plot --leader 1 --seed 3 --no-play",
             "plot draw strong_leader no_confidence opinion_maker", "plot give strong 5",
             "plot give no_conf 4", "plot give opinion 3", "propose 1 2 3", "vote --approve 1")


def recap(current, height: int, results=(("Rejected, 1 to 8.", "bold"),)) -> list[str]:
    import io

    from rich.console import Console

    console = Console(file=io.StringIO(), width=80, no_color=True, highlight=False)
    console.print(views.Recap(current, current.lang, list(results), height))
    return [line.rstrip() for line in console.file.getvalue().rstrip("\n").split("\n")]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_compact_table_shows_score_track_leaders_and_plot_cards_then_the_result(
        cli, newest, lang):
    """rules.md §1.4, §1.7, §3: the vote track of this round, the leader and who leads next
    (one rejection moved the card on), who holds which Plot card; the result last."""
    cli(PLOT_NINE[0] + f" --lang {lang}", *PLOT_NINE[1:])
    lines = recap(session.open_game(newest()), 30)
    assert lines == {
        "en": ["Score: Resistance 0 · Spies 0 · Vote track: ●○○○○ 1 of 5",
               "Leader: Player 2 · then Player 3",
               "Held: Strong Leader (Player 5), No Confidence (Player 4) · In effect: Opinion",
               "Maker (Player 3)",
               "Rejected, 1 to 8."],
        "de": ["Stand: Widerstand 0 · Spione 0 · Abstimmungsleiste: ●○○○○ 1 von 5",
               "Anführer: Spieler 2 · danach Spieler 3",
               "Offen ausliegend: Führungsstärke (Spieler 5), Misstrauen (Spieler 4) · Wirksam:",
               "Meinungsmacher (Spieler 3)",
               "Rejected, 1 to 8."],
    }[lang]


def test_the_compact_table_fits_the_rows_it_is_given_and_always_shows_the_result(cli, newest):
    """Least needed first: the Plot cards (two rows here), then the leaders, then the score."""
    cli(*PLOT_NINE)
    current = session.open_game(newest())
    full = recap(current, 30)
    assert recap(current, 5) == full
    assert recap(current, 4) == full[:2] + full[-1:]
    assert recap(current, 2) == full[:1] + full[-1:]
    assert recap(current, 1) == recap(current, 0) == full[-1:]
    two = (("Approved, 9 to 0.", None), ("  Rejected: —", None))
    assert recap(current, 0, two) == ["Approved, 9 to 0.", "  Rejected: —"]


def test_at_the_end_of_the_game_the_compact_table_shows_the_score(cli, newest):
    """rules.md §1.6: three failed missions end the game; nobody leads any more."""
    cli(SEVEN, *[c for team in ("1 2", "2 3 4", "3 4 5") for c in (
        f"propose {team}", "vote --reject none", "mission --fails 1")])
    assert recap(session.open_game(newest()), 30) == ["Score: Resistance 0 · Spies 3",
                                                      "Rejected, 1 to 8."]
