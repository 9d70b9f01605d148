"""The bar charts of `stats` and `simulate`: they fit the terminal, and read the same without
colour (every kind of segment has its own glyph)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from moderator.ui.charts import Bars, Row


def rendered(chart, width: int) -> list[str]:
    console = Console(file=io.StringIO(), width=width, color_system=None, no_color=True)
    console.print(chart)
    return console.file.getvalue().splitlines()


ROWS = [
    Row("Resistance", ((60, "resistance"),), "   60   60.0 %"),
    Row("Spies", ((40, "spies"),), "   40   40.0 %"),
    Row("5 players", ((3, "resistance"), (1, "spies"), (1, "alone")), "3 : 1 + 1 Rogue alone"),
    Row("Einzelgänger des Widerstands allein", ((2, "alone"),), "    2    2.0 %"),
]


@pytest.mark.parametrize("width", [80, 60, 40])
def test_every_line_fits_the_terminal(width):
    lines = rendered(Bars(ROWS), width)
    assert len(lines) == len(ROWS)
    assert max(len(line) for line in lines) <= width


def test_bars_are_scaled_to_the_largest_and_segments_keep_their_glyphs():
    stacked = Row("7 players", ((6, "resistance"), (2, "spies"), (2, "alone")), "6 : 2")
    lines = rendered(Bars([stacked, Row("base", ((5, "spies"),), "0 : 5")]), 80)
    assert (lines[0].count("█"), lines[0].count("░"), lines[0].count("▒")) == (24, 8, 8)
    assert lines[1].count("░") == 20  # half the largest total, half the bar
    assert lines[0].endswith("  6 : 2")


def test_a_long_label_is_cut_with_an_ellipsis_on_a_narrow_terminal():
    line = rendered(Bars(ROWS), 50)[3]
    assert "…" in line and line.startswith("Einzelgänger")


def test_charts_shown_together_line_up():
    first, second = Bars(ROWS[:1], ROWS), Bars(ROWS[3:], ROWS)
    assert rendered(first, 80)[0].index("█") == rendered(second, 80)[0].index("▒")
