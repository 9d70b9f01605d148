"""The rules reference by section number: every "§N" the program cites opens with
`moderator rules §N` (or `rules N`).

The reference is `rules.md`, package data beside this module (the repository's `docs/rules.md`
points to it), so an installed or frozen program has it too. Its headings carry the section
numbers; a section runs to the next heading of the same or a higher level, so §1 holds §1.1-§1.8.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

#: What asks for a section instead of a topic: "§8", "§ 13.1", "8", "8.", "13.1".
ASKED = re.compile(r"§?\s*(\d{1,2}(?:\.\d{1,2})?)\.?")
HEADING = re.compile(r"(#{2,3}) (\d{1,2}(?:\.\d{1,2})?)\.? (.*)")


class Section(NamedTuple):
    """One numbered section: its number, its heading's title and its text (Markdown)."""

    number: str
    title: str
    text: str


def asked(query: str) -> str | None:
    """The section number a query asks for, or None when it is a question."""
    match = ASKED.fullmatch(query.strip())
    return match.group(1) if match else None


@cache
def sections() -> dict[str, Section]:
    """Every numbered section of the reference, by number, in the reference's order."""
    from moderator import resources

    lines = resources.data(__name__, "rules.md").decode("utf-8").splitlines()
    starts = [(i, m) for i, line in enumerate(lines) if (m := HEADING.fullmatch(line))]
    found: dict[str, Section] = {}
    for n, (i, match) in enumerate(starts):
        level = len(match.group(1))
        end = next((j for j, m in starts[n + 1:] if len(m.group(1)) <= level), len(lines))
        body = "\n".join(lines[i + 1:end]).strip()
        found[match.group(2)] = Section(match.group(2), match.group(3).strip(), body)
    return found


def section(number: str) -> Section | None:
    return sections().get(number)
