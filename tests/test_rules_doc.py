"""docs/rules.md lists every ruling once, and its Tests lines name tests that exist.

The Tests lines are written by scripts/rules_index.py from the rule ids that test
docstrings start with; these tests check the file's shape, that the tests it names exist,
and (once every rule has its tests) that the script would not change it.
"""

from __future__ import annotations

import ast
import doctest
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from repo_scripts import load_script
from unoattack.rules.edition import OPTION_NAMES

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
RULINGS = ROOT.parent / "shared" / "RULINGS.md"
SCRIPT = ROOT / "scripts" / "rules_index.py"

HEADING = re.compile(r"^### ([A-Z]+\d+) — \S", re.MULTILINE)
SPAN = re.compile(r"<!-- tests:([A-Z]+\d+) -->(.*?)<!-- /tests -->")
NODE_ID = re.compile(r"tests/(test_\w+\.py)::((?:Test\w+::)?test\w*)")
FIELDS = ("Ruling:", "Source:", "Option:", "Tests:")

MATRIX_IDS = [f"R{n:02d}" for n in range(1, 80)]
AMBIGUITY_IDS = [f"A{n:02d}" for n in range(1, 52)]
DECK_IDS = ["D1", "D2", "D3"]
PROJECT_IDS = [f"P{n:02d}" for n in range(1, 8)]


def rules_text() -> str:
    return RULES.read_text(encoding="utf-8")


def headings(text: str) -> list[str]:
    return HEADING.findall(text)


def entries(text: str) -> dict[str, list[str]]:
    """Heading id -> the lines of its entry, up to the next heading."""
    result: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        match = HEADING.match(line)
        if match:
            current = result.setdefault(match.group(1), [])
        elif line.startswith("#"):
            current = None
        elif current is not None and line.strip():
            current.append(line)
    return result


def test_every_ruling_and_deck_has_exactly_one_heading() -> None:
    counts = Counter(headings(rules_text()))
    for rule in MATRIX_IDS + AMBIGUITY_IDS + DECK_IDS + PROJECT_IDS:
        assert counts[rule] == 1, f"{rule} has {counts[rule]} '### {rule} — …' headings"
    assert [rule for rule, count in counts.items() if count > 1] == []


def test_every_id_of_rulings_md_has_exactly_one_heading() -> None:
    if not RULINGS.exists():
        pytest.skip(f"{RULINGS} is not next to the project")
    rulings = RULINGS.read_text(encoding="utf-8")
    matrix = re.findall(r"^\| (R\d\d) \|", rulings, re.MULTILINE)
    ambiguities = re.findall(r"^\*\*(A\d\d)\. ", rulings, re.MULTILINE)
    assert matrix == MATRIX_IDS
    assert ambiguities == AMBIGUITY_IDS
    counts = Counter(headings(rules_text()))
    assert {rule: counts[rule] for rule in matrix + ambiguities if counts[rule] != 1} == {}
    invented = {r for r in counts if r[0] in "RA"} - set(matrix + ambiguities)
    assert invented == set(), "R and A ids come from RULINGS.md only"


def test_project_rulings_are_numbered_from_p01_without_gaps() -> None:
    project = [rule for rule in headings(rules_text()) if rule.startswith("P")]
    assert project == [f"P{n:02d}" for n in range(1, len(project) + 1)]
    assert project[: len(PROJECT_IDS)] == PROJECT_IDS


def test_every_entry_has_a_ruling_source_option_and_tests_line() -> None:
    for rule, lines in entries(rules_text()).items():
        assert [line.split(" ", 1)[0] for line in lines] == list(FIELDS), rule
        ruling = lines[0].removeprefix("Ruling:").strip()
        assert ruling and ruling != "…", f"{rule} has no ruling"
        assert "RULINGS" in lines[1] or rule.startswith("P"), f"{rule} cites no RULINGS entry"
        tests_line = rf"Tests: <!-- tests:{rule} -->.*<!-- /tests -->"
        assert re.fullmatch(tests_line, lines[3]), f"{rule}'s Tests line is not its own span"


def test_every_heading_has_exactly_one_tests_span_in_the_same_order() -> None:
    text = rules_text()
    assert [rule for rule, _ in SPAN.findall(text)] == headings(text)


def test_options_named_in_the_doc_are_the_engines_and_all_are_named() -> None:
    named: set[str] = set()
    for rule, lines in entries(rules_text()).items():
        option_line = lines[2]
        while re.search(r"\([^()]*\)", option_line):  # asides name other things
            option_line = re.sub(r"\([^()]*\)", "", option_line)
        named_here = set(re.findall(r"`(\w+)`", option_line))
        unknown = named_here - set(OPTION_NAMES)
        assert unknown == set(), f"{rule} names options the engine does not have: {unknown}"
        named |= named_here
    assert set(OPTION_NAMES) - named == set(), "every option belongs to a rule"


def test_every_test_cited_in_the_doc_exists() -> None:
    missing = []
    names: dict[Path, set[str]] = {}  # each file's tests, parsed once (hundreds are cited)
    for rule, body in SPAN.findall(rules_text()):
        if body in ("none yet", "(generated)"):
            continue
        for node_id in body.split(", "):
            match = NODE_ID.fullmatch(node_id)
            assert match, f"{rule}: {node_id!r} is not a test id like tests/test_x.py::test_y"
            path = ROOT / "tests" / match.group(1)
            if not path.exists():
                missing.append(f"{rule}: {node_id} (no such file)")
                continue
            if path not in names:
                names[path] = _test_names(ast.parse(path.read_text(encoding="utf-8")))
            if match.group(2) not in names[path]:
                missing.append(f"{rule}: {node_id} (no such test)")
    assert missing == []


def _test_names(tree: ast.Module) -> set[str]:
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    names = {node.name for node in tree.body if isinstance(node, functions)}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names |= {f"{node.name}::{f.name}" for f in node.body if isinstance(f, functions)}
    return names


def test_collect_reads_rule_ids_from_test_docstrings(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_sample.py").write_text(
        '"""R01: a module docstring is not a test."""\n'
        "def test_wild_all_hit():\n"
        '    """R35, A24: every other player presses once."""\n'
        "def test_range():\n"
        '    """R71–R73 D1: scores."""\n'
        "def test_no_ids():\n"
        '    """Every other player presses once: R35."""\n'
        "def helper():\n"
        '    """R02: not a test."""\n'
        "class TestTwoPlayers:\n"
        "    def test_skip(self):\n"
        '        """R76 A12: another turn."""\n',
        encoding="utf-8",
    )
    (tests / "scenario.py").write_text('def test_x():\n    """R03: not a test file."""\n')
    sample = "tests/test_sample.py::"
    assert load_script("rules_index").collect(tests) == {
        "A12": [sample + "TestTwoPlayers::test_skip"],
        "A24": [sample + "test_wild_all_hit"],
        "D1": [sample + "test_range"],
        "R35": [sample + "test_wild_all_hit"],
        "R71": [sample + "test_range"],
        "R72": [sample + "test_range"],
        "R73": [sample + "test_range"],
        "R76": [sample + "TestTwoPlayers::test_skip"],
    }


def test_render_fills_spans_and_check_reports_what_is_missing(tmp_path: Path) -> None:
    script = load_script("rules_index")
    text = "### R01 — x\nTests: <!-- tests:R01 -->old<!-- /tests -->\n"
    text += "### R02 — y\nTests: <!-- tests:R02 -->old<!-- /tests -->\n"
    index = {"R01": ["tests/test_b.py::test_b", "tests/test_a.py::test_a"]}
    assert script.render(text, index) == (
        "### R01 — x\n"
        "Tests: <!-- tests:R01 -->tests/test_a.py::test_a, tests/test_b.py::test_b<!-- /tests -->\n"
        "### R02 — y\nTests: <!-- tests:R02 -->none yet<!-- /tests -->\n"
    )
    rules = tmp_path / "rules.md"
    rules.write_text(text, encoding="utf-8")
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_a.py").write_text('def test_a():\n    """R01, R99: x."""\n')
    assert script.main(["--check", "--rules", str(rules), "--tests", str(tests)]) == 1
    assert script.main(["--rules", str(rules), "--tests", str(tests)]) == 0
    assert "tests/test_a.py::test_a<" in rules.read_text(encoding="utf-8")
    assert script.main(["--check", "--rules", str(rules), "--tests", str(tests)]) == 1  # R02
    (tests / "test_a.py").write_text('def test_a():\n    """R01, R02: x."""\n')
    assert script.main(["--rules", str(rules), "--tests", str(tests)]) == 0
    assert script.main(["--check", "--rules", str(rules), "--tests", str(tests)]) == 0
    (tests / "test_b.py").write_text('def test_b():\n    """R01, §1.1: not an id list."""\n')
    assert script.malformed(tests) == ["tests/test_b.py::test_b: 'R01, §1.1'"]
    assert script.main(["--check", "--rules", str(rules), "--tests", str(tests)]) == 1


def test_script_doctests_pass() -> None:
    failed, _ = doctest.testmod(load_script("rules_index"))
    assert failed == 0


def test_rules_doc_is_current_and_every_rule_has_a_test() -> None:
    """``scripts/rules_index.py --check`` would change nothing and finds a test per rule."""
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
