"""Editions as data: decks, points, options, user files and their errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unoattack.rules import EDITION_NAMES, Card, Edition, EditionError, Kind


@pytest.mark.parametrize("name", EDITION_NAMES)
def test_every_deck_has_112_cards(name: str) -> None:
    """D1, D2, D3: each edition's deck has 112 cards."""
    assert Edition.load(name).deck.size == 112


@pytest.mark.parametrize(("name", "total"), [("2003", 1480), ("2010", 1590), ("mega-hit", 1640)])
def test_deck_point_totals_match_the_rulings(name: str, total: int) -> None:
    """D1, D2, D3: the whole deck is worth 1480, 1590 and 1640 points."""
    edition = Edition.load(name)
    assert sum(edition.card_points(c) for c in edition.deck.faces) == total


def test_2003_deck_composition() -> None:
    """D1: 2003 — two of each 1–9 per colour, 2 Hit 2/Reverse/Skip and 1 DA/TH per colour."""
    deck = Edition.load("2003").deck
    assert deck.count(Card.parse("R7")) == 2
    assert deck.count(Card.parse("B-Hit2")) == 2
    assert deck.count(Card.parse("G-DA")) == 1
    assert deck.count(Card.parse("Y-TH")) == 1
    assert deck.count(Card.parse("WAH")) == 2
    assert deck.count(Card.parse("WHF")) == 2
    assert deck.count(Card.parse("W")) == 4
    assert not any(c.number == 0 for c in deck.faces)


def test_2010_deck_has_no_2003_only_cards() -> None:
    """D2, A01: the 2010 deck has no Trade Hands, Wild All Hit or Wild Hit-Fire."""
    deck = Edition.load("2010").deck
    kinds = {c.kind for c in deck.faces}
    assert Kind.TRADE_HANDS not in kinds
    assert Kind.WILD_ALL_HIT not in kinds and Kind.WILD_HIT_FIRE not in kinds
    assert deck.count(Card.parse("WH4")) == 1
    assert deck.count(Card.parse("WCust")) == 3
    assert deck.count(Card.parse("WAA")) == 4
    assert deck.count(Card.parse("R-Rev")) == 1


def test_mega_hit_points_hit_two_at_forty() -> None:
    """D3, A11: in mega-hit a Hit 2 is worth 40 and a Hit 1 20."""
    edition = Edition.load("mega-hit")
    assert edition.card_points(Card.parse("R-Hit2")) == 40
    assert edition.card_points(Card.parse("R-Hit1")) == 20
    assert edition.card_points(Card.parse("DBL")) == 50


def test_unknown_edition_names_the_choices() -> None:
    with pytest.raises(EditionError, match="choose one of 2003, 2010, mega-hit"):
        Edition.load("1999")


def test_unknown_option_suggests_the_closest() -> None:
    with pytest.raises(EditionError, match="did you mean 'target_score'"):
        Edition.load("2003").with_options({"target_scor": 100})


@pytest.mark.parametrize(
    ("option", "value", "allowed"),
    [
        ("scoring_mode", "fastest", "first_to_500, running_total_lowest_wins, challenge"),
        ("stacking", "maybe", "true or false"),
        ("hand_size", "0", "a whole number from 1 to 10"),
        ("wild_custom_effect", "hit:99", "plain_wild, skip, reverse"),
        ("reshuffle_threshold", "1", "none, or a discard-pile size"),
        ("last_card_effects", "skip", "a list drawn from hit, all_hit"),
    ],
)
def test_bad_option_value_names_the_field_and_allowed_values(
    option: str, value: str, allowed: str
) -> None:
    with pytest.raises(EditionError) as error:
        Edition.load("2003").with_options({option: value})
    assert option in str(error.value) and allowed in str(error.value)


def test_house_rules_override_single_options() -> None:
    edition = Edition.load("2003").with_options({"stacking": "on", "target_score": "250"})
    assert edition.options.stacking is True and edition.options.target_score == 250
    assert Edition.load("2003").options.stacking is False


def test_the_options_an_edition_sets_are_named_in_the_order_of_options(tmp_path: Path) -> None:
    """What an edition's data sets is what matters at its table (a front-end offers these
    as house rules); an alias counts as the option it names."""
    path = tmp_path / "tiny.toml"
    path.write_text(
        'name = "tiny"\n[deck]\nnumbers_per_colour = 1\nwild = 2\n'
        "[options]\nchallenge_limit = 100\nstacking = true\n"
    )
    assert Edition.load(path).options_set == ("stacking", "target_score")
    assert "attack_resume" not in Edition.load("2003").options_set  # no attack card
    assert "may_go_out_on_trade_hands" not in Edition.load("mega-hit").options_set


def test_user_edition_file_round_trips(tmp_path: Path) -> None:
    """A user's own edition file loads; an edition's data reads back to the same edition."""
    edition = Edition.load("mega-hit")
    again = Edition.from_dict(edition.to_dict())
    assert again.deck == edition.deck and again.points == edition.points
    assert again.options == edition.options
    path = tmp_path / "tiny.toml"
    path.write_text(
        'name = "tiny"\n[deck]\nnumbers_per_colour = 1\nskip = 1\nwild = 2\n'
        "[points]\nskip = 25\n[options]\ntarget_score = 100\n"
    )
    tiny = Edition.load(path)
    assert tiny.deck.size == 36 + 4 + 2
    assert tiny.card_points(Card.parse("R-Skip")) == 25
    assert tiny.options.target_score == 100


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('name = "x"\n[deck]\nnumbers_per_colour = 2\nhit3 = 2\n', "deck.hit3 is not a card kind"),
        ('name = "x"\n[deck]\nnumbers_per_colour = "two"\n', "deck.numbers_per_colour must be"),
        ('name = "x"\ncolour = 1\n[deck]\nnumbers_per_colour = 2\n', "unknown field 'colour'"),
        ("[deck]\nnumbers_per_colour = 2\n", "field 'name' must be"),
        (
            'name = "x"\n[deck]\nnumbers_per_colour = 2\n[options]\nstacking = 3\n',
            "option 'stacking' got 3",
        ),
        ('name = "x"\n[deck\n', "not valid TOML"),
        ('name = "x"\ndifferences = 5\n[deck]\nnumbers_per_colour = 2\n', "'differences' must be"),
        ('name = "x"\nsources = [7]\n[deck]\nnumbers_per_colour = 2\n', "'sources' must be a list"),
        (
            'name = "x"\ntitle = [1, 2]\n[deck]\nnumbers_per_colour = 2\n',
            "'title' must be a string",
        ),
        (
            'name = "x"\ntitles = { fr = 2 }\n[deck]\nnumbers_per_colour = 2\n',
            "'titles' must be a table of language = title",
        ),
        (
            'name = "x"\ndescriptions = ["fr"]\n[deck]\nnumbers_per_colour = 2\n',
            "'descriptions' must be a table of language = description",
        ),
    ],
)
def test_bad_edition_file_names_the_field(text: str, message: str) -> None:
    with pytest.raises(EditionError, match=message):
        Edition.from_toml(text, source="mine.toml")


def test_an_edition_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(b'\xff name = "x"\n')
    with pytest.raises(EditionError, match=f"^edition file {re.escape(str(path))} is not UTF-8"):
        Edition.load(path)


def test_an_edition_names_itself_in_each_language_and_its_record_keeps_the_titles() -> None:
    # The French title lives in the edition's data, for the terminal game and the web page
    # alike (it was in the terminal's words and, again, in the page's).
    later = Edition.load("2010")
    assert later.title_in("en") == later.title == "UNO Attack! (later edition)"
    assert later.title_in("fr") == "UNO Attack! (édition ultérieure)"
    assert Edition.from_dict(later.to_dict()).title_in("fr") == "UNO Attack! (édition ultérieure)"
    # A name is the same in every language: no titles, none written.
    assert Edition.load("mega-hit").title_in("fr") == "UNO Attack! Méga appuyer"
    assert "titles" not in Edition.load("2003").to_dict()


def test_an_edition_describes_itself_in_each_language_from_its_file() -> None:
    # The French descriptions were the terminal game's own words; the web page had none.
    for name in ("2003", "2010", "mega-hit"):
        edition = Edition.load(name)
        assert edition.description_in("en") == edition.description
        french = edition.description_in("fr")
        assert french != edition.description and french.endswith(".")
        assert Edition.from_dict(edition.to_dict()).description_in("fr") == french
    assert Edition.load("2003").description_in("fr") == (
        "L'original : Appuyer 2 fois, Poser tout, Échange de mains, Carte blanche Tous "
        "appuient et Carte blanche Jusqu'au tir."
    )
    # A language the file does not give reads the English description.
    assert Edition.load("2010").description_in("de") == Edition.load("2010").description
