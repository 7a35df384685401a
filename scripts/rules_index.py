#!/usr/bin/env python3
"""Write the Tests lines of docs/rules.md from the rule ids that the tests cite.

A test cites the rules it proves by starting its docstring with their ids, separated by
commas or spaces, up to the first colon::

    def test_wild_all_hit_skips_the_player_who_played_it() -> None:
        \"\"\"R35, A24: every other player presses once.\"\"\"

Ids look like ``R01``, ``A24``, ``D1`` or ``P03``; a range such as ``R71–R74`` (en dash or
hyphen) cites every id in it. Test functions and the test methods of ``Test…`` classes in
``tests/test_*.py`` count. Each ``<!-- tests:ID -->…<!-- /tests -->`` span of docs/rules.md
is rewritten with the tests that cite ID, as ``tests/file.py::test_name`` (methods as
``tests/file.py::TestClass::test_name``), sorted and comma-separated, or ``none yet``.

Usage::

    python scripts/rules_index.py          # rewrite docs/rules.md
    python scripts/rules_index.py --check  # exit 1 if docs/rules.md is stale, if a rule
                                           # has no test, or if a test cites an unknown
                                           # id or opens like a citation but is not one

Standard library only, so that it runs before the project is installed.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_FILE = ROOT / "docs" / "rules.md"
TESTS_DIR = ROOT / "tests"
NO_TEST = "none yet"

_ID = r"[RADP]\d{1,2}"
_ITEM = rf"{_ID}(?:\s*[-–]\s*{_ID})?"
# The whole text before a docstring's first colon: one or more ids or ranges.
_CITATION = re.compile(rf"\s*{_ITEM}(?:[\s,]+{_ITEM})*\s*")
_ITEMS = re.compile(rf"({_ID})(?:\s*[-–]\s*({_ID}))?")
# A docstring that opens with something like an id, whether or not it cites well.
_LOOKS_CITED = re.compile(rf"\s*{_ID}\b")
_SPAN = re.compile(r"<!-- tests:(?P<id>[A-Z]+\d+) -->(?P<body>.*?)<!-- /tests -->")


def cited_ids(docstring: str | None) -> list[str]:
    """The rule ids a docstring starts with (before its first colon), ranges expanded.

    >>> cited_ids("R35, A24: every other player presses once.")
    ['R35', 'A24']
    >>> cited_ids("D1–D3 R71: decks")
    ['D1', 'D2', 'D3', 'R71']
    >>> cited_ids("Each player presses once: R35.")
    []
    """
    if not docstring or ":" not in docstring:
        return []
    head = docstring.split(":", 1)[0]
    if not _CITATION.fullmatch(head):
        return []
    ids: list[str] = []
    for match in _ITEMS.finditer(head):
        start, end = match.group(1), match.group(2)
        ids.extend(_expand(start, end) if end else [start])
    return ids


def _expand(start: str, end: str) -> list[str]:
    """``R71``..``R74`` as a list; a range across letters or backwards gives its two ends."""
    letter, first, last = start[0], int(start[1:]), int(end[1:])
    if end[0] != letter or last < first:
        return [start, end]
    width = len(start) - 1
    return [f"{letter}{number:0{width}d}" for number in range(first, last + 1)]


def _tests_in(tree: ast.Module) -> Iterator[tuple[str, str | None]]:
    """(pytest name, docstring) of every test function and ``Test…`` class method."""
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    for node in tree.body:
        if isinstance(node, functions) and node.name.startswith("test"):
            yield node.name, ast.get_docstring(node)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for item in node.body:
                if isinstance(item, functions) and item.name.startswith("test"):
                    yield f"{node.name}::{item.name}", ast.get_docstring(item)


def _docstrings(tests_dir: Path | str) -> Iterator[tuple[str, str | None]]:
    """(``tests/file.py::name``, docstring) of every test in ``tests_dir/test_*.py``."""
    directory = Path(tests_dir)
    for path in sorted(directory.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name, docstring in _tests_in(tree):
            yield f"{directory.name}/{path.name}::{name}", docstring


def collect(tests_dir: Path | str) -> dict[str, list[str]]:
    """Rule id -> the sorted tests (``tests/file.py::name``) whose docstrings cite it.

    Raises ``SyntaxError`` (naming the file) when a test file cannot be parsed.
    """
    index: dict[str, set[str]] = {}
    for node_id, docstring in _docstrings(tests_dir):
        for rule in cited_ids(docstring):
            index.setdefault(rule, set()).add(node_id)
    return {rule: sorted(tests) for rule, tests in sorted(index.items())}


def malformed(tests_dir: Path | str) -> list[str]:
    """Tests whose docstring opens like a citation but cites nothing, as
    ``tests/file.py::name: 'the opening'`` (``R71, §1.1: ...``, or no colon)."""
    found = []
    for node_id, docstring in _docstrings(tests_dir):
        if docstring and _LOOKS_CITED.match(docstring) and not cited_ids(docstring):
            opening = docstring.split(":", 1)[0] if ":" in docstring else docstring
            found.append(f"{node_id}: {opening.splitlines()[0][:60]!r}")
    return found


def span_ids(text: str) -> list[str]:
    """The ids of the Tests spans of a rules file, in order."""
    return [match.group("id") for match in _SPAN.finditer(text)]


def render(text: str, index: Mapping[str, Sequence[str]]) -> str:
    """``text`` with every Tests span filled from ``index`` (id -> tests)."""

    def fill(match: re.Match[str]) -> str:
        rule = match.group("id")
        body = ", ".join(sorted(index.get(rule, ()))) or NO_TEST
        return f"<!-- tests:{rule} -->{body}<!-- /tests -->"

    return _SPAN.sub(fill, text)


def _stale(old: str, new: str) -> list[str]:
    """Ids whose span differs between two versions of the rules file."""
    before = {m.group("id"): m.group("body") for m in _SPAN.finditer(old)}
    after = {m.group("id"): m.group("body") for m in _SPAN.finditer(new)}
    return [rule for rule in after if before.get(rule) != after[rule]]


def _relative(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Write the Tests lines of docs/rules.md from the rule ids tests cite."
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing; exit 1 if the file is stale, a rule has no test, or a test "
        "cites an id the file does not have or opens like a citation but is not one",
    )
    parser.add_argument("--rules", type=Path, default=RULES_FILE, help="the rules file")
    parser.add_argument("--tests", type=Path, default=TESTS_DIR, help="the tests directory")
    args = parser.parse_args(argv)
    rules_file: Path = args.rules
    name = _relative(rules_file)
    try:
        old = rules_file.read_text(encoding="utf-8")
        index = collect(args.tests)
        miscited = malformed(args.tests)
    except OSError as exc:
        print(f"rules_index: cannot read {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 2
    except SyntaxError as exc:
        print(f"rules_index: cannot parse {exc.filename}: {exc}", file=sys.stderr)
        return 2
    new = render(old, index)
    rules = span_ids(old)
    known = set(rules)
    untested = [rule for rule in rules if not index.get(rule)]
    unknown = {rule: tests for rule, tests in index.items() if rule not in known}
    for rule, tests in unknown.items():
        print(f"tests cite {rule}, which {name} does not have: " + ", ".join(tests))
    for test in miscited:
        print(f"docstring opens like a citation but is not 'ID, ID: text': {test}")
    if args.check:
        stale = _stale(old, new)
        if stale:
            print(
                f"{name} is stale for {len(stale)} rules (run python scripts/rules_index.py): "
                + ", ".join(stale)
            )
        if untested:
            print(f"{len(untested)} rules have no test: " + ", ".join(untested))
        if stale or untested or unknown or miscited:
            return 1
        print(f"{name} is up to date: all {len(rules)} rules have tests")
        return 0
    if new != old:
        rules_file.write_text(new, encoding="utf-8")
        print(f"wrote {name}: ", end="")
    else:
        print(f"{name} unchanged: ", end="")
    print(f"{len(rules) - len(untested)} of {len(rules)} rules have tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
