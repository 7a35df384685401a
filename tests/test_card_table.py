"""The card table: every kind of card is one row, and a new kind touches nothing else.

A new kind of card is added with three steps (docs/engine.md, "Adding a card kind"): its
member and row in the card table (``rules/cards.py``), with a new ``Effect`` there if it
does something new; that effect's handler (``engine/effects.py``); and data, an edition
file that deals it. The last test here does exactly that to a copy of the package and
plays the new card: if any other file needed editing, it would fail.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import unoattack
from compiled import COMPILED
from unoattack.engine.actions import NUM_ACTIONS, Action
from unoattack.rules.cards import CARD_TABLE, FACES, Card, Effect, Kind
from unoattack.rules.edition import DEFAULT_POINTS, EFFECTS, LAUNCHER_EFFECTS, Edition

GOLDEN_CODES = Path(__file__).parent / "golden" / "action_codes.txt"


def test_every_action_code_is_the_same_as_before_the_card_table() -> None:
    """The action encoding is public (envs, records): code c is still the same action."""
    golden = GOLDEN_CODES.read_text(encoding="utf-8").splitlines()
    assert NUM_ACTIONS == len(golden) == 747
    assert [str(Action.from_code(code)) for code in range(NUM_ACTIONS)] == golden


def test_faces_are_built_row_by_row_in_table_order() -> None:
    kinds = [face.kind for face in FACES]
    assert kinds == sorted(kinds)  # a row's faces come after the previous row's
    assert [face.index for face in FACES] == list(range(len(FACES))) and len(FACES) == 66
    assert {row.kind: sum(f.kind is row.kind for f in FACES) for row in CARD_TABLE} == {
        row.kind: 36 if row.kind is Kind.NUMBER else 1 if row.wild else 4 for row in CARD_TABLE
    }


def test_names_tokens_keys_and_points_come_from_the_table() -> None:
    row = Kind.WILD_HIT4.row
    assert (row.key, row.token, row.name, row.wild, row.effect, row.presses, row.points) == (
        "wild_hit4",
        "WH4",
        "Wild Hit 4",
        True,
        Effect.HIT,
        4,
        40,
    )
    assert str(Card.parse("y-hit2")) == "Y-Hit2" and Card.parse("Y-Hit2").name() == "yellow Hit 2"
    assert DEFAULT_POINTS[Kind.DISCARD_ALL] == 30 and Kind.NUMBER not in DEFAULT_POINTS
    assert Kind.WILD_CUSTOM.effect is None  # the edition's options write it (R29)
    assert EFFECTS[:4] == ("none", "skip", "reverse", "hit") and len(EFFECTS) == len(Effect)
    assert LAUNCHER_EFFECTS == ("hit", "all_hit", "hit_fire", "attack")


# ----------------------------------------------------------------- a new kind of card

# Step 1: the card table. A coloured "Skip Two": the next two players lose their turn.
NEW_KIND_MEMBER = "    SKIP_TWO = 13\n"
NEW_EFFECT_MEMBER = '    SKIP_TWO = "skip_two", Traits(customizable=False)\n'
NEW_ROW = (
    '    KindRow(Kind.SKIP_TWO, "skip_two", "Skip2", "Skip Two", False, Effect.SKIP_TWO, 0, 20),\n'
)
# Step 2: its effect's one handler.
NEW_HANDLER = '''
@handles(Effect.SKIP_TWO)
def skip_two(game: Game, seat: int, target: int | None, presses: int, via: Via) -> None:
    """The next two players lose their turn (as the start card: dealer+1 and dealer+2)."""
    first = game._next(seat) if via is TURNED else game._after(seat)
    second = game._next(first)
    if game.emitting:
        game._emit(Skipped(first))
        game._emit(Skipped(second))
    game._turn(game._next(second))


'''
# Step 3: data, an edition that deals it.
TEST_EDITION = """
name = "skip-two-test"
title = "A test edition with Skip Two cards"

[deck]
numbers_per_colour = 2
skip = 2
hit2 = 2
trade_hands = 1
skip_two = 3
wild = 4
wild_attack_attack = 2

[points]
number = "face"
skip_two = 25

[options]
stop_after_fire = "always"
"""

# Played in a subprocess against the modified copy of the package.
SCRIPT = """
import json, random, sys
from unoattack.engine import Action, Game, NUM_ACTIONS, parse_position
from unoattack.rules.cards import Card, Kind
from unoattack.rules.edition import Edition

edition_file = sys.argv[1]
out = {"num_actions": NUM_ACTIONS}
out["old_codes"] = [str(Action.from_code(code)) for code in range(747)]
out["new_codes"] = [str(Action.from_code(code)) for code in range(747, NUM_ACTIONS)]
out["deck"] = Edition.load(edition_file).deck.size
out["points"] = Edition.load(edition_file).card_points(Card.parse("B-Skip2"))

# Seat 0 plays R-Skip2 on R2: seats 1 and 2 lose their turn, seat 3 plays.
game = parse_position(
    f"{edition_file} hands=R-Skip2,R5,G1/G3,G4/B3,B4/Y3,Y4 pile=R2 turn=0 dealer=3 "
    "scores=0,0,0,0 stock=... launcher=scripted:0 seed=0"
)
out["legal"] = [str(a) for a in game.legal_actions()]
events = game.apply(Action.parse("play R-Skip2"))
out["events"] = [e.to_dict() for e in events]
out["to_act"] = game.to_act
# Played on G-Skip2 (same symbol), then as the start card (dealer 3: 0 and 1 skipped).
game = parse_position(
    f"{edition_file} hands=R5,R6/G3,G4/B-Skip2,B4,R7 pile=G-Skip2 turn=2 dealer=1 "
    "scores=0,0,0 stock=... launcher=scripted:0 seed=0"
)
out["matches_symbol"] = [str(a) for a in game.legal_actions(2)]
game = parse_position(
    f"{edition_file} hands=R5,R6/G3,G4/B3,B4/Y3,Y4 pile= dealer=3 "
    "scores=0,0,0,0 stock=Y-Skip2,... launcher=scripted:0 seed=0"
)
out["start_card_to_act"] = game.to_act
out["start_card_events"] = [e.to_dict() for e in game.log]

# Whole random matches with the new card dealt: it is played, and no card is lost.
played = 0
for seed in range(12):
    game = Game.new(edition_file, players=2 + seed % 4, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        assert len(game.card_locations()) == len(game.faces)
    played += sum(
        e.type == "card_played" and e.card.kind is Kind.SKIP_TWO for e in game.log
    )
out["skip_two_played"] = played
print(json.dumps(out))
"""


def _insert(path: Path, anchor: str, text: str) -> None:
    """Put ``text`` just above the one line of ``path`` that contains ``anchor``."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines(keepends=True)
    at = [i for i, line in enumerate(lines) if anchor in line]
    assert len(at) == 1, f"{path.name}: the anchor {anchor!r} must be on one line"
    path.write_text("".join(lines[: at[0]]) + text + "".join(lines[at[0] :]), encoding="utf-8")


@pytest.mark.skipif(COMPILED, reason="it edits a copy of the sources: the compiled build runs none")
def test_a_new_card_kind_needs_only_the_card_table_one_handler_and_data(tmp_path: Path) -> None:
    package = Path(unoattack.__file__).parent
    copy = tmp_path / "src" / "unoattack"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
    cards, effects = copy / "rules" / "cards.py", copy / "engine" / "effects.py"
    _insert(cards, "# A new kind of card: its member above this line", NEW_KIND_MEMBER)
    _insert(cards, "# A new effect: its member above this line", NEW_EFFECT_MEMBER)
    _insert(cards, "# A new kind of card: its row above this line", NEW_ROW)
    _insert(effects, "# A new effect: its handler above this line", NEW_HANDLER)
    edition = tmp_path / "skip-two.toml"
    edition.write_text(TEST_EDITION, encoding="utf-8")
    # Only those two files of the package differ from the original.
    changed = sorted(
        str(path.relative_to(copy))
        for path in copy.rglob("*")
        if path.is_file() and path.read_bytes() != (package / path.relative_to(copy)).read_bytes()
    )
    assert changed == ["engine/effects.py", "rules/cards.py"]

    run = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(SCRIPT), str(edition)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(copy.parent), "PATH": "/usr/bin:/bin"},
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)

    # The old actions keep their codes; the new faces' plays come after them.
    assert out["old_codes"] == GOLDEN_CODES.read_text(encoding="utf-8").splitlines()
    assert out["num_actions"] == 747 + 4 * 2
    assert out["new_codes"][:4] == [
        "play R-Skip2",
        "play R-Skip2 uno",
        "play Y-Skip2",
        "play Y-Skip2 uno",
    ]
    assert out["deck"] == 4 * 9 * 2 + 4 * (2 + 2 + 1 + 3) + 4 + 2
    assert out["points"] == 25
    # Its effect, exactly: the two players after seat 0 lose their turn.
    assert out["legal"] == ["play R5", "play R-Skip2", "press"]
    assert out["events"] == [
        {
            "type": "card_played",
            "seat": 0,
            "card": "R-Skip2",
            "colour": "R",
            "target": None,
            "discarded": [],
            "stacked": False,
        },
        {"type": "skipped", "seat": 1},
        {"type": "skipped", "seat": 2},
        {"type": "turn_started", "seat": 3, "bonus": False},
    ]
    assert out["to_act"] == 3
    assert out["matches_symbol"] == ["play B-Skip2", "press"]  # R10: same symbol
    assert out["start_card_to_act"] == 2
    assert out["start_card_events"] == [
        {"type": "start_card", "card": "Y-Skip2", "returned": False},
        {"type": "skipped", "seat": 0},
        {"type": "skipped", "seat": 1},
        {"type": "turn_started", "seat": 2, "bonus": False},
    ]
    assert out["skip_two_played"] > 10


def test_the_test_edition_is_not_a_valid_edition_without_the_new_kind() -> None:
    """The edition file is data for the new kind only: today it names an unknown key."""
    with pytest.raises(ValueError, match=r"deck\.skip_two is not a card kind"):
        Edition.from_toml(TEST_EDITION)
