"""The rules of the edition being played, for the help screen.

They come from the project's ``docs/rules.md`` when the package runs from a checkout of
the repository: the deck and rule entries (``D``/``R`` ids) whose sources include the
edition's rulebook, each cut to its ruling. Elsewhere (an installed wheel has no docs),
the edition's own list of differences stands in.
"""

from __future__ import annotations

import re
from pathlib import Path

from unoattack.rules import Edition

#: docs/rules.md of the checkout this module runs from (src/unoattack/tui/rulebook.py).
RULES_DOC = Path(__file__).resolve().parents[3] / "docs" / "rules.md"

_ENTRY = re.compile(r"^### (?P<id>[A-Z]\d+) — (?P<title>.+)$")
_TAG = re.compile(r"\[(\d{3})\]")


def edition_tags(edition: Edition) -> set[str]:
    """The seed tags (``001``, ``004``...) of the edition's rulebooks."""
    return {source[:3] for source in edition.sources if source[:3].isdigit()}


def rules_from_doc(text: str, edition: Edition) -> str:
    """The ``D`` and ``R`` entries of a rules document that apply to ``edition``, as
    Markdown: a heading and the ruling of each, grouped under the document's sections.

    An entry applies when its Source line cites one of the edition's rulebooks, or cites
    none at all (a rule of every edition); every entry applies to an edition without
    sources.
    """
    tags = edition_tags(edition)
    out: list[str] = []
    section: str | None = None
    entry: dict[str, str] | None = None
    entries: list[tuple[str | None, dict[str, str]]] = []
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            entry = None
            continue
        match = _ENTRY.match(line)
        if match:
            entry = {"id": match["id"], "title": match["title"], "ruling": "", "source": ""}
            entries.append((section, entry))
            continue
        if entry is None:
            continue
        body = line.rstrip("\\").strip()
        if body.startswith("Ruling:"):
            ruling = body.removeprefix("Ruling:").strip()
            entry["ruling"] = f"{entry['ruling']} {ruling}".strip()
        elif body.startswith("Source:"):
            entry["source"] = body
    shown_section: str | None = None
    for where, item in entries:
        if item["id"][0] not in "DR" or not item["ruling"]:
            continue
        cited = set(_TAG.findall(item["source"]))
        if tags and cited and not cited & tags:
            continue
        if where != shown_section and where is not None:
            out.append(f"\n## {where}\n")
            shown_section = where
        out.append(f"**{item['id']} — {item['title']}.** {item['ruling']}\n")
    return "\n".join(out).strip()


def edition_rules(edition: Edition, doc: Path | None = None) -> tuple[str, bool]:
    """Markdown for the help screen, and whether it came from the rules document."""
    path = RULES_DOC if doc is None else doc
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        text = ""
    rules = rules_from_doc(text, edition) if text else ""
    if rules:
        return rules, True
    lines = [f"- {line}" for line in edition.differences]
    return "\n".join(lines) if lines else f"- {edition.description}", False
