"""Bar charts for the season and for simulations, as rich renderables.

Each segment of a bar has a glyph of its own as well as a colour, so a chart reads the same
with NO_COLOR and on a black-and-white printout; the bars shrink to fit the terminal.
"""

from __future__ import annotations

from dataclasses import dataclass

#: glyph and colour of each kind of segment: the two sides, a character who wins alone (a
#: Rogue, rules.md §7), and a plain count
GLYPHS = {
    "resistance": ("█", "blue"),
    "spies": ("░", "red"),
    "alone": ("▒", "yellow"),
    "count": ("■", "cyan"),
}
LABEL_WIDTH, BAR_WIDTH, LEAST_BAR = 36, 40, 8


@dataclass(frozen=True)
class Row:
    label: str
    segments: tuple[tuple[int, str], ...]  # (count, kind of GLYPHS)
    note: str = ""


class Bars:
    """Labelled horizontal bars, each a stack of segments, scaled to the largest total.
    Charts shown one under another line up when given the same `labels` (all their rows)."""

    def __init__(self, rows: list[Row], labels: list[Row] | None = None) -> None:
        self.rows, self.labels = rows, labels or rows

    def __rich_console__(self, console, options):
        from rich.cells import cell_len
        from rich.text import Text

        if not self.rows:
            return
        label_width = min(LABEL_WIDTH, max(cell_len(r.label) for r in self.labels))
        note_width = max(cell_len(r.note) for r in self.labels)
        room = options.max_width - note_width - 4  # two spaces after the label and the bar
        width = min(BAR_WIDTH, room - label_width)
        if width < LEAST_BAR:  # a narrow terminal: the labels give way first
            width = LEAST_BAR
            label_width = max(LEAST_BAR, room - width)
        top = max(sum(n for n, _ in r.segments) for r in self.rows) or 1
        for row in self.rows:
            line = Text(row.label, no_wrap=True)
            line.truncate(label_width, overflow="ellipsis", pad=True)
            line.append("  ")
            done = total = 0
            for count, kind in row.segments:  # cumulative rounding: the parts add up
                total += count
                end = round(total / top * width)
                glyph, colour = GLYPHS[kind]
                line.append(glyph * (end - done), style=colour)
                done = end
            line.append(" " * (width - done) + "  " + row.note)
            yield line


def legend(entries: list[tuple[str, str]]) -> str:
    """`█ Resistance  ░ Spies` for the kinds a chart uses: (kind, its name)."""
    return "  ".join(f"{GLYPHS[kind][0]} {name}" for kind, name in entries)
