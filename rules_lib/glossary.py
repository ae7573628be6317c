"""The book's words, gathered for its glossary page (``book/glossary.md``).

Every word has one home:

* the games' own words, in Vietnamese and Italian, are each game's
  ``GLOSSARY`` (:data:`rules_lib.tien_len.GLOSSARY`,
  :data:`rules_lib.mau_binh.GLOSSARY`, :data:`rules_lib.tredici.GLOSSARY`);
* the presets are named in the table of games (``games.toml``), with the words
  their menus show; what each one changes is told in :data:`PRESET_WORDS`;
* the book's own English words for the play are :data:`WORDS`.

:func:`entries` puts them together as the glossary's entries, one per word: a
word two games share (Tiến Lên's and Mậu Binh's *tứ quý*, the preset ``home``)
is one entry with each game's meaning.  ``tools/make_glossary.py`` writes the
page from them, and a prose test fails when the page is out of date.

>>> entry = find_entry("tứ quý")
>>> entry.section, entry.meanings
('Vietnamese', (('Tiến Lên, Mậu Binh', 'four of a kind'),))
>>> find_entry("bomb").terms
('chop', 'bomb')
>>> [game for game, _ in find_entry("home").meanings]
['Mậu Binh', 'Tiến Lên']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from .games import GAMES

__all__ = ["PRESET_WORDS", "SECTIONS", "WORDS", "Entry", "entries", "find_entry", "sort_key"]


@dataclass(frozen=True)
class Entry:
    """One entry of the glossary: its terms (the first is its name; each one is a
    link target), the section it stands in, and its meanings, each with the games
    it belongs to (``""`` when the meaning names them itself)."""

    terms: tuple[str, ...]
    section: str
    meanings: tuple[tuple[str, str], ...]

    @property
    def name(self) -> str:
        return self.terms[0]


#: The glossary's sections, in the page's order.
SECTIONS = ("Words of play", "Presets", "Vietnamese", "Italian")

#: The book's own words: (terms, meaning).  The first term is the entry's name;
#: the others are other words for the same thing, which link to it too.
WORDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (
        ("trick",),
        "Tiến Lên: the plays from one lead until everybody else has passed. Whoever made "
        "the last play clears the table and leads the next trick.",
    ),
    (
        ("lead", "leader"),
        "Tiến Lên: to make the first play of a trick, with any play you like; the leader "
        "may not pass. The holder of the 3♠ leads the first trick of a hand, and that play "
        "must hold the 3♠; after that, whoever wins a trick leads the next one.",
    ),
    (
        ("pass",),
        "Tiến Lên: to put nothing down on your turn. While there is a play to beat you may "
        "always pass, even holding cards that would beat it. By the source you may come "
        "back into the same trick later; under the common rules a pass is final for the "
        "trick.",
    ),
    (
        ("chop", "bomb"),
        "Tiến Lên, under the common rules (the presets standard and home): a bomb is three "
        "or more consecutive pairs or four of a kind, and it may beat 2s although its shape "
        "is different, which is called chopping (chặt heo, 'chopping the pig'). Three "
        "consecutive pairs chop a single 2; four of a kind or four consecutive pairs chop a "
        "single 2 or a pair of 2s; and a bigger bomb chops a smaller one.",
    ),
    (
        ("instant win",),
        "A deal so strong that it wins at once, before any row is compared or any card "
        "played. Mậu Binh: a dragon, a straight flush or four of a kind anywhere in the "
        "thirteen cards, six pairs, three flushes or three straights (the preset home "
        "changes the list). Tiến Lên, under the common rules only (tới trắng): a dragon, "
        "all four 2s or six pairs. Chinese Poker's are its special hands.",
    ),
    (
        ("misset",),
        "Mậu Binh and Chinese Poker: a hand whose rows are out of order, a middle stronger "
        "than the back or a front stronger than the middle (binh lủng). In Mậu Binh it "
        "loses at once, its rows not even compared; in Chinese Poker it loses every row.",
    ),
    (
        ("row", "back", "middle", "front"),
        "Mậu Binh and Chinese Poker: each player sets the thirteen cards in three rows, "
        "ranked as poker hands: a back of five cards, a middle of five and a front of "
        "three. The back must be the strongest row and the front the weakest; each row is "
        "compared with the same row of another player.",
    ),
    (
        ("dealer",),
        "The player who deals. In Mậu Binh the dealer is also the one every other player "
        "settles with, and a row that ties the dealer's counts as the dealer's. In Chinese "
        "Poker nobody settles with the dealer: dealing only decides who declares a special "
        "hand first, the player on the dealer's left.",
    ),
    (
        ("showdown",),
        "Mậu Binh and Chinese Poker: the moment when everyone has set their cards and the "
        "hands are turned face up, to be compared row by row.",
    ),
    (
        ("special hand",),
        "Thirteen cards that score as a whole, before the rows are compared. Chinese Poker: "
        "a dragon (the thirteen), six pairs, three straights or three flushes; the player "
        "may declare it, and takes its points from every opponent, whatever their cards. "
        "Mậu Binh's special hands are its instant wins.",
    ),
    (
        ("royalty",),
        "Chinese Poker: the points a strong row earns when it wins, instead of the single "
        "point, such as 4 for four of a kind in the back or 3 for three of a kind in front.",
    ),
    (
        ("scoop",),
        "Chinese Poker: winning all three rows against one opponent. With 1-6 scoring a "
        "scoop earns three points more.",
    ),
    (
        ("sweep",),
        "Winning all three rows against a player. Mậu Binh, played for points (home): the "
        "swept player pays double (sập ba chi), and sweeping every other player at the "
        "table (sập làng) doubles it again. In Chinese Poker a sweep is called a scoop.",
    ),
    (
        ("surrender",),
        "Chinese Poker, with 2-4 or 1-6 scoring: giving up before the showdown, and paying "
        "a fixed price, 3 points, to each opponent whose hand is in order instead of what "
        "the rows would cost.",
    ),
    (
        ("dragon",),
        "Thirteen cards of thirteen different ranks (sảnh rồng). Mậu Binh: 2 to ace, the "
        "highest instant win. Chinese Poker: the thirteen, the highest special hand. "
        "Tiến Lên: twelve ranks, 3 to ace (a 2 cannot sit in a straight), an instant win "
        "under the common rules.",
    ),
    (
        ("frozen",),
        "Tiến Lên (cóng): not one card played when the first player goes out. Played for "
        "points (home), a frozen player stops playing, takes one of the last places and "
        "pays the winner double the last place's price.",
    ),
    (
        ("go out", "going out"),
        "To get rid of your cards. Tiến Lên: to put down your last card; the first to go "
        "out wins the hand. Three-Thirteen: after picking up, to lay all your cards but one "
        "in melds and discard the last; each other player then has one more turn.",
    ),
    (
        ("meld",),
        "Three-Thirteen: a group of at least three cards, a set or a run; to meld is to put "
        "cards into such groups. Each card left out of melds when the round ends counts "
        "against you.",
    ),
    (
        ("set",),
        "Three-Thirteen: a meld of cards of one rank, such as three eights. Indian Rummy: "
        "three or four cards of one rank, each of a different suit; wild cards may fill it. "
        "(In Mậu Binh and Chinese Poker, to set your cards is to lay them out in their three "
        "rows.)",
    ),
    (
        ("run",),
        "Three-Thirteen: a meld of cards of one suit in an unbroken sequence, such as the "
        "four, five, six and seven of diamonds. Tredici (corsa): the cards one turn lays "
        "down, each after the first of the suit of the one before and one rank away from it.",
    ),
    (
        ("wild card",),
        "Three-Thirteen: a card that stands in for any card a meld is missing. One rank is "
        "wild in each round: the threes in the first round, up to the kings in the "
        "eleventh (and jokers, where they are played). Indian Rummy: the printed jokers, "
        "and every card of the rank of the wild joker turned up after the deal.",
    ),
    (
        ("stock",),
        "The cards left face down after the deal, to draw from. Three-Thirteen: each turn "
        "starts by taking its top card or the top of the discard pile. Tredici "
        "(magazzino): you draw from it when you cannot play. Pyramid: the 24 cards not in "
        "the pyramid, turned one at a time onto the waste; its top card may be paired. "
        "Indian Rummy: as in Three-Thirteen; when it runs out, the discard pile but its top "
        "card is shuffled into a new one.",
    ),
    (
        ("pyramid",),
        "Pyramid: the 28 cards dealt face up in seven rows, each row overlapping the one "
        "above it; also the name of the game.",
    ),
    (
        ("free card", "free"),
        "Pyramid: a card that no card covers: one of the bottom row, or one whose two "
        "covering cards have gone. Free cards, and the top cards of the stock and the waste, "
        "are the ones you may take.",
    ),
    (
        ("waste",),
        "Pyramid: the face-up pile the stock's cards are turned onto. Only its top card "
        "may be taken.",
    ),
    (
        ("pass through the stock", "another pass"),
        "Pyramid: one trip through the stock, from its first card to its last. Another "
        "pass turns the waste over as a new stock, when the rules allow one.",
    ),
    (
        ("winnable",),
        "Pyramid: of a deal or a position, that some order of moves clears it. The book's "
        "solver finds out by trying them all; it knows the order of the stock, which you "
        "do not.",
    ),
    (
        ("discard pile",),
        "Three-Thirteen: the face-up pile beside the stock. Each turn ends with a card laid "
        "on it, and its top card may be picked up instead of the stock's. Indian Rummy: the "
        "same, and a card just taken from it may not go back on it in the same turn.",
    ),
    (
        ("sequence",),
        "Indian Rummy: three or more cards of one suit in a row, such as 5♥ 6♥ 7♥; an ace "
        "may stand below the two or above the king, but not both. Wild cards may fill its "
        "gaps, which makes it an impure sequence.",
    ),
    (
        ("pure sequence",),
        "Indian Rummy: a sequence with no wild card standing in for a missing card. Every "
        "declaration needs one, and a hand that has one counts fewer points.",
    ),
    (
        ("printed joker",),
        "A card printed as a joker, beside the 52 of a deck. Indian Rummy: one in each "
        "deck; it is wild and costs nothing when left ungrouped.",
    ),
    (
        ("wild joker", "turned card"),
        "Indian Rummy: the card turned up from the stock after the deal; every card of its "
        "rank, in every suit, is wild for the deal. When it is a printed joker, the aces are "
        "wild (the book's reading).",
    ),
    (
        ("declare", "declaration", "declaring"),
        "Indian Rummy: to finish a turn by laying the fourteenth card on the discard pile "
        "and showing the other thirteen in groups: at least two sequences, one of them "
        "pure, and the rest sequences or sets. A right declaration wins the deal; a wrong "
        "one costs 80 points.",
    ),
    (
        ("drop",),
        "Indian Rummy: to leave the deal before drawing, for fewer points than a bad hand "
        "may cost: 20 before your first draw, 40 later (25 and 50 in a pool to 201).",
    ),
    (
        ("pool",),
        "Indian Rummy: a game of deal after deal in which each player's points add up; a "
        "player who reaches the limit (101 or 201) is out, and the last one left wins.",
    ),
    (
        ("play pile",),
        "Tredici (pila di gioco): the face-up pile in the middle that every card is played "
        "onto, one rank above or below the card on top.",
    ),
    (
        ("last card",),
        "Tredici (ultima carta): what you must say when a play leaves you one card. If you "
        "forget, the opponent may call 'thirteen!' (tredici), and you draw thirteen cards.",
    ),
    (
        ("kicker",),
        "A card that is not part of a poker hand's pair or set but can break a tie, such "
        "as the fifth card beside two pairs.",
    ),
    (
        ("preset",),
        "A named set of rules for a game, one of the library's PRESETS: the Rules menus of "
        "the widgets offer them, and a link carries one (?rules=…). Every game has source, "
        "the default; the others are listed under Presets.",
    ),
    (
        ("the book's reading", "reading box"),
        "A box headed 'The book's reading' marks a point where the game's source page is "
        "silent, vague or says two things: what the source says, what the book and its "
        "library do by default, and the other reading, a rule option where the library "
        "has one.",
    ),
)

#: What each preset is, by game key and preset name (the names are those of
#: ``games.toml``; the words its menus show come from there too).
PRESET_WORDS: Mapping[tuple[str, str], str] = {
    ("mau_binh", "source"): "the rules as the book reads the source page, each result "
    "settled with the dealer as one unit",
    ("mau_binh", "poker categories"): "the source's rules, but a straight flush or four of "
    "a kind is a strong row like any other, not an instant win",
    ("mau_binh", "home"): "the rule pages Vietnamese players use: everyone settles with "
    "everyone, row by row, with bonuses for strong rows, sweeps paid double and more "
    "instant wins, each with its price",
    ("chinese_poker", "source"): "the rules as the book reads the source page: a point a "
    "row, royalties and special hands",
    ("chinese_poker", "specials cancel"): "the source's rules, but when two players declare "
    "a special hand (not a dragon against a lesser one), neither scores against the other",
    ("chinese_poker", "2-4 scoring"): "a bonus point for winning more rows against an "
    "opponent (two rows to one is worth 2, all three 4), and surrender",
    ("chinese_poker", "1-6 scoring"): "a bonus of three points for a scoop only (worth "
    "6), and surrender",
    ("tien_len", "source"): "the rules as the book reads the source page: no chops, no "
    "instant wins, places only",
    ("tien_len", "standard"): "the common Vietnamese rules: chops, instant wins, a pass "
    "final for the trick, hearts the highest suit",
    ("tien_len", "home"): "the common rules played for points, as at a southern table: "
    "places, chops, 2s and cards left, frozen players and instant wins are paid, and "
    "nobody may go out on a 2",
    ("three_thirteen", "source"): "the rules as the book reads the source page",
    ("three_thirteen", "variations"): "every variation the source lists at once: aces high "
    "or low, jack, queen and king worth 11, 12 and 13, and two jokers a deck",
    ("three_thirteen", "natural in every meld"): "the other reading of the source about "
    "melds of wild cards only: every meld needs at least one card that is not wild",
    ("tredici", "source"): "the rules as the book reads the source page",
    ("tredici", "house"): "the usual house rules of draw-and-play games: a drawn card may "
    "be played at once, and you may draw instead of playing",
    ("tredici", "simple"): "the source's rules without 'last card' and 'thirteen!', for a "
    "first game",
    ("pyramid", "source"): "the book's reading of the source: clear the pyramid, with three "
    "passes through the stock, its top card and the waste's pairing with each other",
    ("pyramid", "one pass"): "the source's reading with one pass through the stock only",
    ("pyramid", "no limit"): "the source's reading with no limit on passes (each must take "
    "a card away for another to follow)",
    ("pyramid", "every card"): "the source's reading, but the stock and the waste must be "
    "cleared too",
    ("pyramid", "relaxed"): "the source's reading, and a card may pair with the one card "
    "left covering it",
    ("indian_rummy", "source"): "the book's reading of the common rules: one deal, played "
    "for points; the winner takes the others' points",
    ("indian_rummy", "pool 101"): "deal after deal until one player is left below 101 "
    "points; a player who reaches 101 is out",
    ("indian_rummy", "pool 201"): "a pool to 201 points, where a drop costs 25 before your "
    "first draw and 50 after it",
    ("indian_rummy", "deals"): "two deals; the lowest total after them wins",
    ("indian_rummy", "printed jokers only"): "no card is turned up after the deal: only the "
    "printed jokers are wild",
}


def sort_key(term: str) -> str:
    """The term in lower case without its accents, to sort words of any language.

    >>> sorted(["tứ quý", "Tredici", "đôi", "chặt heo"], key=sort_key)
    ['chặt heo', 'đôi', 'Tredici', 'tứ quý']
    """
    plain = unicodedata.normalize("NFD", term.replace("đ", "d").replace("Đ", "D"))
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


def _game_glossaries() -> Iterable[tuple[str, str, Mapping[str, str]]]:
    """(section, game name, glossary) for each game that keeps its own words."""
    from . import mau_binh, tien_len, tredici

    yield "Vietnamese", "Tiến Lên", tien_len.GLOSSARY
    yield "Vietnamese", "Mậu Binh", mau_binh.GLOSSARY
    yield "Italian", "Tredici", tredici.GLOSSARY


def _merged(section: str, term: str, meanings: list[tuple[str, str]]) -> Entry:
    """One entry for a word several games define: the games that give it the same
    meaning (leaving out an article) share one."""
    by_meaning: dict[str, tuple[list[str], str]] = {}
    for game, meaning in meanings:
        same = meaning.removeprefix("a ").removeprefix("an ")
        by_meaning.setdefault(same, ([], meaning))[0].append(game)
    return Entry((term,), section, tuple((", ".join(games), m) for games, m in by_meaning.values()))


@cache
def entries() -> tuple[Entry, ...]:
    """Every entry of the glossary, section by section, each section sorted by its terms.

    >>> [e.name for e in entries() if e.section == "Presets"][:3]
    ['source', 'poker categories', 'home']
    >>> sorted(PRESET_WORDS) == sorted((g.key, p.name) for g in GAMES for p in g.preset_infos)
    True
    >>> len({t for e in entries() for t in e.terms}) == sum(len(e.terms) for e in entries())
    True
    """
    found: list[Entry] = [Entry(terms, "Words of play", (("", text),)) for terms, text in WORDS]
    presets: dict[str, list[tuple[str, str]]] = {}
    for game in GAMES:
        for info in game.preset_infos:
            words = PRESET_WORDS[(game.key, info.name)]
            presets.setdefault(info.name, []).append(
                (game.name, f"{words} (in the Rules menus: “{info.label}”)")
            )
    preset_entries = [Entry((name,), "Presets", tuple(m)) for name, m in presets.items()]
    foreign: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for section, game_name, glossary in _game_glossaries():
        for term, meaning in glossary.items():
            foreign.setdefault((section, term), []).append((game_name, meaning))
    found += [_merged(section, term, m) for (section, term), m in foreign.items()]
    # the presets keep the games' order (source first); the other sections are sorted
    ordered = [e for e in found if e.section == "Words of play"]
    ordered.sort(key=lambda e: sort_key(e.name.removeprefix("the ")))
    ordered += preset_entries
    for section in SECTIONS[2:]:
        ordered += sorted(
            (e for e in found if e.section == section), key=lambda e: sort_key(e.name)
        )
    return tuple(ordered)


def find_entry(term: str) -> Entry:
    """The entry one of whose terms is ``term`` (case does not matter).

    >>> find_entry("Corsa").section
    'Italian'
    """
    for entry in entries():
        if term.casefold() in (t.casefold() for t in entry.terms):
            return entry
    raise KeyError(f"no glossary entry for {term!r}")
