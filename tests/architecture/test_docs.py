"""The design lives in the repository and says what the code does (docs/design.md §7).

Every `design.md §N` the code, the tests, the benchmarks and the README cite is a section of
docs/design.md; every other document cited by section is a file of the repository; the import
table of design.md §1 is the one test_rings.py enforces, and the drawing beside it allows every
import the table allows; docs/contributing.md lists one file for each ring that has a part
class, found in the package's source; every relative link of the README and of docs/ leads to a
file. Each check proves itself on a planted fault.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from moderator.rules.setup import MODULES
from test_rings import RINGS

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "moderator"
DESIGN = ROOT / "docs" / "design.md"
CONTRIBUTING = ROOT / "docs" / "contributing.md"
#: Where citations are read: the package, the tests, the benchmarks and the documents.
CITING = ("moderator", "tests", "benchmarks")
TEXTS = (".py", ".md", ".yaml", ".toml")

#: `design.md §4`, `design.md §3, §4`, `rules.md §7.2 and §8`, across a line break too.
CITATION = re.compile(r"([\w./-]*\w\.md)((?:[\s,]*(?:and\s+|/\s*)?§\d+(?:\.\d+)*)+)")
SECTION = re.compile(r"§(\d+(?:\.\d+)*)")
HEADING = re.compile(r"^#{2,4} (\d+(?:\.\d+)*)\. ", re.MULTILINE)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def citing_files() -> list[Path]:
    found = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for folder in CITING:
        found += sorted(p for p in (ROOT / folder).rglob("*")
                        if p.suffix in TEXTS and p.is_file() and "__pycache__" not in p.parts)
    return found


def texts() -> dict[str, str]:
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in citing_files()}


def citations(sources: dict[str, str]) -> list[tuple[str, str, str]]:
    """Every section cited by document name: (where, document, section)."""
    return [(where, match[1].rsplit("/", 1)[-1], section)
            for where, text in sources.items()
            for match in CITATION.finditer(text)
            for section in SECTION.findall(match[2])]


def headings(design: str) -> set[str]:
    return set(HEADING.findall(design))


def unresolved(sources: dict[str, str], design: str) -> list[str]:
    """The `design.md §N` citations that name no section of design.md."""
    known = headings(design)
    return sorted(f"{where}: design.md §{section}"
                  for where, document, section in citations(sources)
                  if document == "design.md" and section not in known)


def documents() -> set[str]:
    """The names of the repository's documents (docs/rules.md is the package's rules.md)."""
    return {p.name for p in [*ROOT.glob("*.md"), *(ROOT / "docs").glob("*.md"),
                             *PACKAGE.rglob("*.md"), *(ROOT / "tests").rglob("*.md")]}


def outside(sources: dict[str, str], known: set[str]) -> list[str]:
    """Sections cited of a document the repository does not hold."""
    return sorted({f"{where}: {document} §{section}"
                   for where, document, section in citations(sources)
                   if document not in known})


# -- every citation points into the repository ------------------------------------------------


def test_every_design_citation_names_a_section_of_design_md():
    design = DESIGN.read_text(encoding="utf-8")
    sources = texts()
    assert len([c for c in citations(sources) if c[1] == "design.md"]) > 40  # they were found
    assert unresolved(sources, design) == []


def test_a_citation_of_a_missing_section_is_caught():
    design = DESIGN.read_text(encoding="utf-8")
    cited = "design.md §"  # completed below, so that this file cites no missing section
    planted = {"moderator/planted.py": f'"""As {cited}2 and\n    §99 say."""',
               "tests/planted.py": f"# {cited}4, §12"}
    assert unresolved(planted, design) == [f"moderator/planted.py: {cited}99",
                                           f"tests/planted.py: {cited}12"]
    cut = re.sub(r"^## 5\. .*$", "## Five", design, flags=re.MULTILINE)
    assert unresolved({"x.py": f"({cited}5)"}, cut) == [f"x.py: {cited}5"]


def test_every_document_cited_by_section_is_in_the_repository():
    assert outside(texts(), documents()) == []


def test_a_document_from_outside_the_repository_is_caught():
    cited = "ecosystem.md §"
    planted = {"moderator/planted.py": f"# as notes/{cited}4 says"}
    assert outside(planted, documents()) == [f"moderator/planted.py: {cited}4"]


# -- the import table is the one the import test enforces -------------------------------------


def import_table(design: str) -> dict[str, frozenset[str]]:
    """The table of design.md §1 whose header is `| ring | may import |`."""
    section = design.split("\n## 1. ", 1)[1].split("\n## ", 1)[0]
    rows = section.split("| ring | may import |", 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    table = {}
    for row in rows:
        ring, allowed = (cell.strip() for cell in row.strip().strip("|").split("|"))
        table[ring.strip("`")] = frozenset(re.findall(r"`([^`]+)`", allowed))
    return table


def test_the_import_table_of_design_md_is_the_one_enforced():
    assert import_table(DESIGN.read_text(encoding="utf-8")) == RINGS


def test_a_drifted_import_table_is_caught():
    design = DESIGN.read_text(encoding="utf-8")
    assert import_table(design.replace("| `live` | `store` |", "| `live` | nothing |")) != RINGS
    assert import_table(design.replace("| `kept` | nothing |\n", "")) != RINGS


def layers(design: str) -> list[tuple[list[str], bool]]:
    """The rings of design.md §1's drawing, a line each from the outermost (left of `│`), and
    whether the line is drawn with arrows (`display → host → ui`)."""
    section = design.split("\n## 1. ", 1)[1]
    drawing = section.split("```\n", 2)[1]
    return [(line.split("│", 1)[0].replace("→", " ").split(), "→" in line.split("│", 1)[0])
            for line in drawing.splitlines()]


def beyond_drawing(drawing: list[tuple[list[str], bool]]) -> list[str]:
    """The imports the table allows that the drawing does not: a ring may import the rings on
    the lines below its own, and, on a line drawn with arrows, those to its right."""
    wrong = [f"{ring}: not drawn" for ring in RINGS if ring not in ("__init__", "__main__")
             and not any(ring in line for line, _ in drawing)]
    for depth, (line, arrows) in enumerate(drawing):
        below = {ring for lower, _ in drawing[depth + 1:] for ring in lower}
        for place, ring in enumerate(line):
            allowed = below | set(line[place + 1:] if arrows else ())
            wrong += [f"{ring} imports {there}" for there in sorted(RINGS.get(ring, ()))
                      if there not in allowed]
    return wrong


def test_the_drawing_of_the_rings_allows_what_the_table_allows():
    drawing = layers(DESIGN.read_text(encoding="utf-8"))
    assert drawing[0] == (["cli"], False) and drawing[-1] == (["rules"], False)
    assert beyond_drawing(drawing) == []


def test_a_drawing_that_drifted_from_the_table_is_caught():
    drawing = layers(DESIGN.read_text(encoding="utf-8"))
    swapped = [drawing[0], drawing[1], drawing[3], drawing[2], *drawing[4:]]
    assert "records imports narration" in beyond_drawing(swapped)
    left_out = [(line, arrows) for line, arrows in drawing if "voice" not in line]
    assert "voice: not drawn" in beyond_drawing(left_out)
    moved_up = [([*line, "public"] if "records" in line else
                 [ring for ring in line if ring != "public"], arrows) for line, arrows in drawing]
    assert beyond_drawing(moved_up) == ["records imports public"]  # beside it, not below


# -- contributing.md lists a file for every ring with a part class ----------------------------


def sources() -> dict[Path, ast.Module]:
    return {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.rglob("*.py"))}


def _imported(tree: ast.Module, name: str) -> str | None:
    """The module `name` is imported from in `tree`, if it is."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and any(a.name == name for a in node.names):
            return node.module
    return None


def _package_attribute(cls: ast.ClassDef) -> str | None:
    for node in cls.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Constant):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "package" for t in targets):
                return str(node.value.value)
    return None


def ring_files(trees: dict[Path, ast.Module]) -> set[str]:
    """`moderator/<ring>/<id>.py` for each ring with a part class: a direct subclass of
    `rules.part.Part` names the package of its modules' files (`package`); a ring with a part
    class of its own (the command line's) is the folder its modules' files subclass it in."""
    found = set()
    for path, tree in trees.items():
        source = _imported(tree, "Part")
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            if not any(isinstance(b, ast.Name) and b.id == "Part" for b in cls.bases):
                continue
            if source == "moderator.rules.part":
                package = _package_attribute(cls)
                assert package, f"{path}: {cls.name} names no package"
                found.add(package.replace(".", "/") + "/<id>.py")
            elif source is not None and path.stem in MODULES:
                found.add(str(path.parent.relative_to(ROOT)) + "/<id>.py")
    return found


def listed(contributing: str) -> set[str]:
    """The ring files of contributing.md's "One file per ring" table."""
    section = contributing.split("\n### 3. One file per ring", 1)[1].split("\n### ", 1)[0]
    return set(re.findall(r"^\| `(moderator/[\w/]+/<id>\.py)`", section, re.MULTILINE))


def test_contributing_lists_a_file_for_every_ring_with_a_part_class():
    found = ring_files(sources())
    assert len(found) >= 10  # narration … cli: they were found
    assert listed(CONTRIBUTING.read_text(encoding="utf-8")) == found


def test_a_new_ring_or_a_ring_left_out_of_contributing_is_caught():
    trees = sources()
    trees[PACKAGE / "notes" / "__init__.py"] = ast.parse(
        "from moderator.rules.part import Part\n"
        "class Notes(Part):\n    package = 'moderator.notes'\n")
    trees[PACKAGE / "sounds" / "hunter.py"] = ast.parse(
        "from moderator.sounds.base import Part\nclass Hunter(Part):\n    id = 'hunter'\n")
    assert ring_files(trees) - ring_files(sources()) == {"moderator/notes/<id>.py",
                                                         "moderator/sounds/<id>.py"}
    contributing = CONTRIBUTING.read_text(encoding="utf-8")
    cut = "\n".join(line for line in contributing.splitlines()
                    if not line.startswith("| `moderator/simulate/<id>.py`"))
    assert listed(cut) == ring_files(sources()) - {"moderator/simulate/<id>.py"}


# -- every relative link leads to a file ------------------------------------------------------


def broken_links(documents: dict[Path, str]) -> list[str]:
    wrong = []
    for path, text in documents.items():
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # a web address, an anchor in the same page
            if not (path.parent / target.split("#", 1)[0]).exists():
                wrong.append(f"{path.relative_to(ROOT)}: {target}")
    return wrong


def linking() -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8")
            for p in [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted(ROOT.glob("docs/*.md"))]}


def test_every_relative_link_of_the_readme_and_docs_leads_to_a_file():
    documents = linking()
    assert sum(len(LINK.findall(t)) for t in documents.values()) > 5  # links were found
    assert broken_links(documents) == []


def test_a_broken_link_is_caught():
    planted = {ROOT / "docs" / "planted.md": "See [the design](design.md#1-rings), "
                                             "[nothing](nowhere.md) and ![a](../docs/gone.png)."}
    assert broken_links(planted) == ["docs/planted.md: nowhere.md",
                                     "docs/planted.md: ../docs/gone.png"]
