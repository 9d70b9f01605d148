"""Bar charts for the season and for simulations, as rich renderables.

Each segment of a bar has a glyph of its own as well as a colour, so a chart reads the same
with NO_COLOR and on a black-and-white printout; the bars shrink to fit the terminal.
"""

from __future__ import annotations

from dataclasses import dataclass

#: glyph and colour of each kind of segment: the two sides, a character who wins alone (a
#: Rogue, rules.md §7), a plain count, and the games of a record that were not won
GLYPHS = {
    "resistance": ("█", "blue"),
    "spies": ("░", "red"),
    "alone": ("▒", "yellow"),
    "count": ("■", "cyan"),
    "lost": ("·", "bright_black"),  # the rest of a record: games not won
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
        if not self.rows:
            return
        label_width, width = widths(self.labels, options.max_width)
        top = max(sum(n for n, _ in r.segments) for r in self.rows) or 1
        for row in self.rows:
            line = labelled(row.label, label_width)
            done = total = 0
            for count, kind in row.segments:  # cumulative rounding: the parts add up
                total += count
                end = round(total / top * width)
                glyph, colour = GLYPHS[kind]
                line.append(glyph * (end - done), style=colour)
                done = end
            line.append(" " * (width - done) + "  " + row.note)
            yield line


def widths(rows, most: int) -> tuple[int, int]:
    """The labels' width and the bars' for rows shown together (each with a `label` and a
    `note`) on a terminal `most` cells wide: a narrow terminal cuts the labels first."""
    from rich.cells import cell_len

    label_width = min(LABEL_WIDTH, max(cell_len(r.label) for r in rows))
    note_width = max(cell_len(r.note) for r in rows)
    room = most - note_width - 4  # two spaces after the label and the bar
    width = min(BAR_WIDTH, room - label_width)
    if width < LEAST_BAR:
        width = LEAST_BAR
        label_width = max(LEAST_BAR, room - width)
    return label_width, width


def labelled(label: str, width: int):
    """A chart's line begun with its label, cut or padded to `width`, and two spaces."""
    from rich.text import Text

    line = Text(label, no_wrap=True)
    line.truncate(width, overflow="ellipsis", pad=True)
    line.append("  ")
    return line


def legend(entries: list[tuple[str, str]]) -> str:
    """`█ Resistance  ░ Spies` for the kinds a chart uses: (kind, its name)."""
    return "  ".join(f"{GLYPHS[kind][0]} {name}" for kind, name in entries)


@dataclass(frozen=True)
class Span:
    """An estimate and its uncertainty: `low` to `high` around `value`."""

    label: str
    low: float
    value: float
    high: float
    note: str = ""


#: The glyphs of a span: its ends, the line between, and the estimate.
SPAN = ("├", "─", "┤", "●")


class Spans:
    """Labelled estimates on one scale, each with its uncertainty as a line between two
    ends (`├──●──┤`): a wide line says little is known yet. Shrinks to fit the terminal."""

    def __init__(self, rows: list[Span]) -> None:
        self.rows = rows

    def __rich_console__(self, console, options):
        if not self.rows:
            return
        label_width, width = widths(self.rows, options.max_width)
        low = min(r.low for r in self.rows)
        high = max(r.high for r in self.rows)
        scale = (width - 1) / (high - low) if high > low else 0.0

        def at(value: float) -> int:
            return round((value - low) * scale)

        start, line, end, mark = SPAN
        for row in self.rows:
            cells = [" "] * width
            first, last = at(row.low), at(row.high)
            for place in range(first, last + 1):
                cells[place] = line
            cells[first], cells[last] = start, end
            cells[at(row.value)] = mark
            text = labelled(row.label, label_width)
            text.append("".join(cells), style="cyan")
            text.append("  " + row.note)
            yield text
