"""Unit tests for rules_lib.render: SVG card pictures and HTML rows (docs/GAMES.md §0)."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from rules_lib.cards import Card, Cards, Color, Joker, parse_cards, standard_deck
from rules_lib.render import BLACK, RED, back_svg, card_svg, cards_html, hand_value_html

SVG_NS = "{http://www.w3.org/2000/svg}"
RED_SUITS = {"hearts", "diamonds"}


def parse_svg(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG_NS + "svg"
    return root


def parse_html_fragment(html: str) -> ET.Element:
    # cards_html returns a <style> and a <div>: wrap them so they form one document
    return ET.fromstring(f"<root>{html}</root>")


def colours(root: ET.Element) -> set[str]:
    """The fill and stroke colours used by the drawing, without white and 'none'."""
    used = set()
    for element in root.iter():
        for attr in ("fill", "stroke"):
            value = element.get(attr)
            if value and value.lower() not in ("#fff", "#ffffff", "white", "none"):
                used.add(value.lower())
    return used


def test_card_svg_has_role_img_and_the_english_name_as_aria_label():
    root = parse_svg(card_svg(Card.parse("As")))
    assert root.get("role") == "img"
    assert root.get("aria-label") == "ace of spades"
    title = root.find(SVG_NS + "title")
    assert title is not None and title.text == "ace of spades"
    assert parse_svg(card_svg(Card.parse("10d"))).get("aria-label") == "ten of diamonds"
    assert parse_svg(card_svg(Card.parse("Qh"))).get("aria-label") == "queen of hearts"


def test_every_card_of_the_deck_renders_to_well_formed_xml():
    labels = set()
    for card in standard_deck(jokers=2):
        root = parse_svg(card_svg(card))
        assert root.get("role") == "img"
        assert root.get("aria-label") == card.name
        assert root.get("viewBox")  # scales with the screen width
        labels.add(root.get("aria-label"))
    assert len(labels) == 54


def test_red_suits_use_the_red_colour_and_black_suits_do_not():
    for card in standard_deck():
        svg = card_svg(card)
        used = colours(parse_svg(svg))
        if card.suit.name.lower() in RED_SUITS:
            assert RED.lower() in used, card
            assert BLACK.lower() not in used, card
        else:
            assert RED.lower() not in used and RED not in svg, card
            assert BLACK.lower() in used, card


def test_the_card_shows_its_rank():
    for card in standard_deck():
        root = parse_svg(card_svg(card))
        texts = {t.text for t in root.iter(SVG_NS + "text")}
        assert card.rank.notation in texts, card


def test_jokers_render_in_their_colour():
    red = parse_svg(card_svg(Joker(Color.RED)))
    black = parse_svg(card_svg(Joker(Color.BLACK)))
    assert red.get("aria-label") == "red joker"
    assert black.get("aria-label") == "black joker"
    assert RED.lower() in colours(red)
    assert RED.lower() not in colours(black)
    assert "JOKER" in {t.text for t in red.iter(SVG_NS + "text")}


def test_back_renders_with_a_text_alternative():
    root = parse_svg(back_svg())
    assert root.get("role") == "img"
    assert root.get("aria-label") == "face-down card"
    custom = parse_svg(back_svg('card "7" <hidden> & more'))
    assert custom.get("aria-label") == 'card "7" <hidden> & more'


def test_highlight_and_dim_keep_the_name_and_stay_well_formed():
    card = Card.parse("Kc")
    plain = card_svg(card)
    lit = card_svg(card, highlight=True)
    dim = card_svg(card, dim=True)
    assert lit != plain and dim != plain
    assert parse_svg(lit).get("aria-label").startswith("king of clubs")
    assert "highlight" in parse_svg(lit).get("aria-label")
    assert parse_svg(dim).get("aria-label").startswith("king of clubs")


def test_cards_html_has_one_svg_per_card_and_lists_the_names():
    hand = parse_cards("As 10d Qh 2c RJ")
    html = cards_html(hand)
    assert html.count("<svg") == len(hand)
    root = parse_html_fragment(html)
    svgs = list(root.iter(SVG_NS + "svg"))
    assert [s.get("aria-label") for s in svgs] == [c.name for c in hand]
    groups = [e for e in root.iter() if e.get("role") == "group"]
    assert len(groups) == 1
    assert groups[0].get("aria-label") == ", ".join(c.name for c in hand)


def test_cards_html_of_a_full_hand_of_13():
    hand = standard_deck()[::4]
    assert len(hand) == 13
    html = cards_html(hand)
    assert html.count("<svg") == 13
    assert "flex-wrap:wrap" in html.replace(" ", "")  # a row of 13 wraps on a phone
    parse_html_fragment(html)


def test_cards_html_label_and_hidden_cards():
    html = cards_html(parse_cards("As Kd"), label='Tom\'s <front> & "back"', hidden=2)
    root = parse_html_fragment(html)
    assert html.count("<svg") == 4
    group = next(e for e in root.iter() if e.get("role") == "group")
    aria = group.get("aria-label")
    assert aria.startswith('Tom\'s <front> & "back"')
    assert "ace of spades, king of diamonds" in aria
    assert "2 face-down cards" in aria
    assert [s.get("aria-label") for s in root.iter(SVG_NS + "svg")][-2:] == ["face-down card"] * 2


def test_cards_html_of_no_cards_says_so():
    root = parse_html_fragment(cards_html([]))
    group = next(e for e in root.iter() if e.get("role") == "group")
    assert group.get("aria-label") == "no cards"
    assert not list(root.iter(SVG_NS + "svg"))


def test_cards_html_highlights_the_given_cards():
    hand = parse_cards("As Kd Qh")
    root = parse_html_fragment(cards_html(hand, highlight={hand[1]}))
    labels = [s.get("aria-label") for s in root.iter(SVG_NS + "svg")]
    assert labels[0] == "ace of spades" and labels[2] == "queen of hearts"
    assert labels[1].startswith("king of diamonds") and labels[1] != "king of diamonds"


def test_card_repr_svg_is_the_card_picture():
    for card in (Card.parse("As"), Card.parse("10h"), Card.parse("Qd", deck=1), Joker(Color.RED)):
        svg = card._repr_svg_()
        assert svg == card_svg(card)
        assert parse_svg(svg).get("aria-label") == card.name


def test_cards_repr_html_is_the_row_of_pictures():
    hand = parse_cards("As Kd BJ")
    html = hand._repr_html_()
    assert isinstance(hand, Cards)
    assert html == cards_html(hand)
    assert html.count("<svg") == 3
    assert "ace of spades, king of diamonds, black joker" in html


def test_hand_value_html_shows_the_value_in_words():
    html = hand_value_html(parse_cards("Ks 9h Kd 9c 2s"))
    root = parse_html_fragment(html)
    labels = [s.get("aria-label") for s in root.iter(SVG_NS + "svg")]
    assert len(labels) == 5
    assert sum("highlight" in label for label in labels) == 4  # the two pairs, not the kicker
    assert "two pair" in "".join(root.itertext())


@pytest.mark.parametrize("module", ["rules_lib", "rules_lib.poker"])
def test_core_does_not_import_the_render_module(module):
    code = f"import sys, {module}; print('rules_lib.render' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
