"""Every "§N" the program prints can be followed (issue 23): `moderator rules §N` and
`moderator rules N` show that section of the project's rules reference (docs/rules.md, shipped
in the package), in German with a line saying the text is English.

The sections cited are collected from both catalogues and from every string in the code (not
docstrings or comments, which no user sees); the headings are read here from docs/rules.md,
never from the program.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from moderator.i18n import t

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "moderator"
RULES_MD = ROOT / "docs" / "rules.md"
CITED = re.compile(r"§\s?(\d+(?:\.\d+)?)")


def headings() -> dict[str, str]:
    """Section number -> heading title, as docs/rules.md writes them."""
    found = {}
    for line in RULES_MD.read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(r"#{2,3} (\d+(?:\.\d+)?)\.? (.*)", line)
        if match:
            found[match.group(1)] = match.group(2)
    return found


def in_catalogues() -> set[str]:
    return {n for lang in ("en", "de")
            for n in CITED.findall((PACKAGE / "i18n" / f"{lang}.yaml").read_text("utf-8"))}


def in_code() -> set[str]:
    """The sections named by string literals of the code (what messages are filled with)."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef,
                                           ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in docstrings:
                found |= set(CITED.findall(node.value))
    return found


def test_the_program_cites_sections_at_all():
    """The collection below is not empty by mistake: the refusals cite §8, the topics §1.4."""
    assert {"8", "1.4", "13.1"} <= in_catalogues() | in_code()


@pytest.mark.parametrize("number", sorted(in_catalogues() | in_code(), key=lambda n: (
    [int(p) for p in n.split(".")])))
def test_every_cited_section_opens_with_moderator_rules(moderator, number):
    title = headings().get(number)
    assert title is not None, f"§{number} is cited but docs/rules.md has no such heading"
    with_mark = moderator(["rules", f"§{number}"])
    assert with_mark.exit_code == 0, with_mark.output
    assert with_mark.stdout.splitlines()[0] == f"§{number} {title}"
    assert moderator(["rules", number]).stdout == with_mark.stdout


def test_a_section_shows_its_text_down_to_the_next_heading(moderator):
    shown = moderator("rules §8").stdout
    assert "before the vote" in shown and "never** be the Sergeant" in shown
    assert "## 9." not in shown and "Reveal scripts" not in shown
    whole = moderator("rules §1").stdout  # a section holds its subsections
    assert "### 1.4 Team building and the vote" in whole and "## 2." not in whole


def test_in_german_the_section_says_its_text_is_english(moderator):
    shown = moderator("rules §13.1 --lang de").stdout.splitlines()
    assert shown[0] == "§13.1 " + headings()["13.1"]
    assert shown[1] == t("de", "reference.section_in_english")
    assert moderator("rules §13.1").stdout.splitlines()[1] != shown[1]


def test_a_section_as_json(moderator):
    data = json.loads(moderator("rules §5.3 --json").stdout)
    assert data["section"] == "5.3" and data["title"] == headings()["5.3"]
    assert "no Trapper token" in data["text"]


@pytest.mark.parametrize("asked", ["§99", "15", "§1.9"])
def test_a_section_that_does_not_exist_is_refused_and_says_which_do(refused, asked):
    line = refused(f"rules {asked}")
    number = asked.lstrip("§")
    assert line == t("en", "reference.no_section", section=f"§{number}", first="0",
                     last="14")


def test_the_packaged_reference_is_docs_rules_md():
    """docs/rules.md is the file the package ships (a link to it), so the two never differ."""
    assert RULES_MD.resolve() == (PACKAGE / "reference" / "rules.md").resolve()
