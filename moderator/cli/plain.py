"""Plain characters for a terminal that cannot show every one (a cp1252 or ascii console).

Registered as a codec error handler on standard output and error, so every text reaches the
host: the table's marks become plain marks, accented letters lose their accents (German ones
are written out), and what has no plain form becomes "?". Terminals that speak UTF-8 never
load this module.
"""

from __future__ import annotations

import codecs
import unicodedata

NAME = "moderator-plain"

#: The marks the tables and texts use, and what stands for them in plain characters.
MARKS = {
    "✔": "+", "✘": "x", "●": "*", "○": "o", "▶": ">", "▸": ">", "■": "#", "☐": "[ ]",
    "█": "#", "▒": ":", "░": ".", "→": "->", "←": "<-", "↑": "^", "↓": "v", "⇄": "<->",
    "↺": "<-", "⚠": "!", "⏰": "!", "×": "x", "−": "-", "–": "-", "—": "--", "…": "...",
    "·": "-", "§": "S.", "„": '"', "“": '"', "”": '"', "‘": "'", "’": "'", "«": '"', "»": '"',
    "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss",
}


def _plain(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start:error.end]
    return "".join(_one(char) for char in text), error.end


def _one(char: str) -> str:
    if char in MARKS:
        return MARKS[char]
    bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    return bare if bare.isascii() and bare.isprintable() and bare else "?"


def register() -> str:
    """The name of the error handler, registered once."""
    try:
        codecs.lookup_error(NAME)
    except LookupError:
        codecs.register_error(NAME, _plain)
    return NAME
