"""The figures the chapters state agree with the library.

:data:`FACTS` is a table: where to look, a pattern that finds a claim in the
prose, and the library's value for each figure the pattern captures.  A
pattern reads a figure in words or digits (``eleven``, ``11``, ``72,072``);
when the captured word is not a number ("over several rounds") the sentence
states no figure and is left alone, so correct rewording never fails a check.
Each expected value comes from the library (constants, functions, engines);
no expected figure is written here.

Macros in the patterns: ``NUM(x)`` a number, ``ORD(x)`` an ordinal
(``eleventh``), ``PCT(x)`` a percentage such as ``3.42%``, ``RANKS(x)`` a rank
in the plural (``sevens``), ``GAMES(x)`` a list of game names, ``CATEGORIES``
a poker category in the plural.  A space matches any run of white space, line
breaks included.  A failure names the page, the line and the figure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import comb
from typing import Any

import pytest

from rules_lib.cards import RANKS, SUITS, Joker, Rank, standard_deck
from rules_lib.chinese_poker import SOURCE_ROYALTIES, SOURCE_SPECIALS
from rules_lib.games import GAMES, game_info
from rules_lib.mau_binh import PRESETS as MAU_BINH_PRESETS
from rules_lib.odds import HANDS_13, HOLDINGS, hands_with, probability
from rules_lib.poker import CATEGORY_COUNTS_3, CATEGORY_COUNTS_5, Category, distinct_values
from rules_lib.setting import ROW_SIZES, SPLITS, Row, Special, deal
from rules_lib.strategy import ADVICE
from rules_lib.three_thirteen import PRESETS as THREE_THIRTEEN_PRESETS
from rules_lib.three_thirteen import ROUNDS, ThreeThirteenRules, cards_dealt, wild_rank
from rules_lib.tien_len import BOTS as TIEN_LEN_BOTS
from rules_lib.tien_len import PRESETS as TIEN_LEN_PRESETS
from rules_lib.tien_len import Kind
from rules_lib.tien_len import new_game as tien_len_game
from rules_lib.tien_len.game import MAX_PLAYERS as TIEN_LEN_MAX_PLAYERS
from rules_lib.tien_len.game import MIN_PLAYERS as TIEN_LEN_MIN_PLAYERS
from rules_lib.tredici import DECK as TREDICI_DECK
from rules_lib.tredici import PRESETS as TREDICI_PRESETS
from rules_lib.tredici import TrediciRules, is_neighbour
from rules_lib.tredici import new_game as tredici_game

from .book import Page, number, ordinal, page, prose, toc_pages

# --- pages ----------------------------------------------------------------------


def game_pages(key: str) -> tuple[str, ...]:
    """The toc pages of a game's part (its folder is the game's key): a game's figures
    are checked on every page of its part, wherever a split of its chapter put them."""
    return tuple(p.name for p in toc_pages() if p.name.startswith(f"book/{key}/"))


INTRO = "book/intro"
CARDS = "book/cards_and_hands"
MAU_BINH = game_pages("mau_binh")
CHINESE_POKER = game_pages("chinese_poker")
ADVICE_PAGE = "book/strategy/advice"
ODDS = "book/strategy/odds"
TIEN_LEN = game_pages("tien_len")
THREE_THIRTEEN = game_pages("three_thirteen")
TREDICI = game_pages("tredici")
TEACHING = "book/teaching/index"
ARRANGEMENT_PAGES = (*MAU_BINH, *CHINESE_POKER, ADVICE_PAGE, ODDS, CARDS, TEACHING)

# --- the library's figures ------------------------------------------------------

DECK_SIZE = len(standard_deck())
ARRANGE_HAND = sum(ROW_SIZES.values())  # 13 cards set in three rows
ARRANGE_PLAYERS = len(deal(0))
TIEN_LEN_DEAL = tien_len_game(0)
TREDICI_RULES = TrediciRules()
TREDICI_DEAL = tredici_game(0)
ROYALTY = {(row, category): points for row, category, points in SOURCE_ROYALTIES}
SPECIAL_POINTS = dict(SOURCE_SPECIALS)
KINDS = {g.kind for g in GAMES}
#: The categories in the plural, as a count of hands names them.
CATEGORY_PLURALS = {
    "straight flushes": Category.STRAIGHT_FLUSH,
    "fours of a kind": Category.FOUR_OF_A_KIND,
    "full houses": Category.FULL_HOUSE,
    "flushes": Category.FLUSH,
    "straights": Category.STRAIGHT,
    "threes of a kind": Category.THREE_OF_A_KIND,
    "two pairs": Category.TWO_PAIR,
    "pairs": Category.PAIR,
    "high cards": Category.HIGH_CARD,
}


def games_in_toc() -> int:
    """How many of the library's games have pages in _toc.yml."""
    return sum(1 for g in GAMES if any(p.name.startswith(f"book/{g.key}/") for p in toc_pages()))


def tien_len_hand(players: int) -> int | str:
    if not TIEN_LEN_MIN_PLAYERS <= players <= TIEN_LEN_MAX_PLAYERS:
        return f"a table of {TIEN_LEN_MIN_PLAYERS} to {TIEN_LEN_MAX_PLAYERS}"
    return min(len(h) for h in tien_len_game(0, players).hands)


TIEN_LEN_TWO_DECKS_FROM = min(
    p
    for p in range(TIEN_LEN_MIN_PLAYERS, TIEN_LEN_MAX_PLAYERS + 1)
    if tien_len_game(0, p).decks == 2
)
THREE_THIRTEEN_TWO_DECKS_FROM = min(
    p for p in range(2, 10) if ThreeThirteenRules().decks_for(p) == 2
)


def round_cards(round_number: int) -> int:
    """Cards dealt in a round; past the last round, each extra round one card more."""
    if round_number <= ROUNDS:
        return cards_dealt(round_number)
    return cards_dealt(ROUNDS) + round_number - ROUNDS


def one_in(holding: str) -> int | None:
    """``n`` in "one hand in ``n``" for a holding of :data:`~rules_lib.odds.HOLDINGS`."""
    return round(1 / probability(holding)) if holding in HOLDINGS else None


def percent(value: float, like: str) -> str:
    """``value`` as a percentage with as many decimals as ``like`` ("3.42")."""
    decimals = len(like.partition(".")[2])
    return f"{100 * value:.{decimals}f}"


@dataclass(frozen=True)
class OneOf:
    """Any of several library values is right (the prose does not say which is meant)."""

    values: frozenset[Any]

    def __str__(self) -> str:
        return " or ".join(str(v) for v in sorted(self.values, key=str))


Expect = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Fact:
    """A claim the prose may make, and what the library says about it."""

    id: str
    where: tuple[str, ...] | None  # toc pages (None: every page)
    pattern: str
    expect: Expect  # the claims read → the library's value of each figure to check
    sample: str  # a sentence the pattern reads (tests the pattern, not the book)
    what: str

    def __str__(self) -> str:
        return self.id


def _const(**values: Any) -> Expect:
    return lambda _claims: values


FACTS: tuple[Fact, ...] = (
    # --- cards and hands ---
    Fact(
        "deck-size",
        None,
        r"\bdeck (?:has|of) NUM(n) cards",
        _const(n=DECK_SIZE),
        "A deck has 52 cards",
        "cards in a deck",
    ),
    Fact(
        "ranks-per-suit",
        None,
        r"\bNUM(n) \**ranks\** in each of",
        _const(n=len(RANKS)),
        "thirteen **ranks** in each of four",
        "ranks in a suit",
    ),
    Fact(
        "suits",
        None,
        r"\bin each of NUM(n) \**suits\b",
        _const(n=len(SUITS)),
        "in each of four **suits**",
        "suits in a deck",
    ),
    Fact(
        "each-card-its-strength",
        TIEN_LEN,
        r"\beach of the NUM(n) cards\b",
        _const(n=DECK_SIZE),
        "each of the 52 cards has",
        "cards in a deck",
    ),
    Fact(
        "poker-categories",
        None,
        r"\bone of NUM(n) \**categories\b",
        _const(n=len(Category)),
        "belongs to one of nine **categories**",
        "poker categories",
    ),
    Fact(
        "poker-hands",
        None,
        r"\b(?:NUM(n) (?:different )?five-card hands\b|NUM(m) (?:different )?three-card hands\b)",
        _const(n=comb(DECK_SIZE, Row.BACK.size), m=comb(DECK_SIZE, Row.FRONT.size)),
        "There are 2,598,960 different five-card hands",
        "5-card and 3-card hands of one deck",
    ),
    Fact(
        "distinct-values",
        None,
        r"\bNUM(n) different values\b",
        _const(n=distinct_values(5)),
        "only 7,462 different values",
        "values of 5-card hands",
    ),
    Fact(
        "category-counts",
        None,
        r"(?P<n>\d{1,3}(?:,\d{3})+|\d+) (?P<category>CATEGORIES)\b",
        lambda c: {
            "n": OneOf(
                frozenset(
                    counts[CATEGORY_PLURALS[c["category"]]]
                    for counts in (CATEGORY_COUNTS_5, CATEGORY_COUNTS_3)
                    if CATEGORY_PLURALS[c["category"]] in counts
                )
            )
        },
        "there are 40 straight flushes and 3,744 full houses",
        "hands of a poker category",
    ),
    # --- the five games ---
    Fact(
        "games-in-the-book",
        (INTRO, CARDS),
        r"(?:\bteaches|^#+ the|\ball) NUM(n) (?:of them|games)\b",
        lambda _c: {"n": games_in_toc()},
        "This book teaches five of them",
        "games in _toc.yml",
    ),
    Fact(
        "kinds-of-game",
        None,
        r"\bNUM(n) kinds of games?\b",
        _const(n=len(KINDS)),
        "Three kinds of game:",
        "kinds of game (rules_lib.games)",
    ),
    Fact(
        "games-of-a-kind",
        None,
        r"\bNUM(n) (?P<kind>arrangement|shedding|rummy) games?\b",
        lambda c: {"n": sum(g.kind == c["kind"] for g in GAMES)},
        "which the two arrangement games need",
        "games of that kind (rules_lib.games)",
    ),
    Fact(
        "games-listed-by-kind",
        None,
        r"\*\*(?P<kind>arrangement|shedding|rummy)\*\*(?: games?)? \(GAMES(names)\)",
        lambda c: {"names": tuple(sorted(g.key for g in GAMES if g.kind == c["kind"]))},
        "* **Shedding** games (Tiến Lên, Tredici): play",
        "the games of that kind",
    ),
    Fact(
        "thirteen-in-a-hand",
        (INTRO,),
        r"\beach player holds NUM(n) cards\b",
        _const(n=ARRANGE_HAND),
        "because each player holds thirteen cards",
        "cards in a hand",
    ),
    # --- arranging 13 cards ---
    Fact(
        "arrangement-players",
        (*MAU_BINH, *CHINESE_POKER),
        r"\b(?:NUM(n) people sit down|each of the NUM(m) players)",
        lambda c: {k: ARRANGE_PLAYERS for k in ("n", "m")},
        "each of the four players is scored",
        "players at the table",
    ),
    Fact(
        "arrangement-opponents",
        ARRANGEMENT_PAGES,
        r"\b(?:NUM(n) (?:bots|opponents)\b|(?:each of|take) the other NUM(m)\b(?! rows| cards))",
        lambda c: {k: ARRANGE_PLAYERS - 1 for k in ("n", "m")},
        "score your hand against three bots",
        "opponents at a table of four",
    ),
    Fact(
        "pairs-of-players",
        None,
        r"\bwith NUM(p) players there are NUM(n) pairs\b",
        lambda c: {"p": ARRANGE_PLAYERS, "n": comb(ARRANGE_PLAYERS, 2)},
        "With four players there are six pairs",
        "pairs of players",
    ),
    Fact(
        "rows",
        ARRANGEMENT_PAGES,
        r"\b(?:NUM(a) rows each|all NUM(b) rows|set in NUM(c) rows|builds NUM(d) poker hands)\b",
        lambda c: {k: len(ROW_SIZES) for k in "abcd"},
        "The thirteen cards are set in three rows",
        "rows of an arrangement",
    ),
    Fact(
        "row-sizes",
        ARRANGEMENT_PAGES,
        r"\*\*back\*\* of NUM(back)\b(?: cards)?, a \*\*middle\*\* of NUM(middle)\b(?: cards)? and a \*\*front\*\* of NUM(front)\b",
        _const(back=Row.BACK.size, middle=Row.MIDDLE.size, front=Row.FRONT.size),
        "a **back** of five cards, a **middle** of five and a **front** of three",
        "cards in each row",
    ),
    Fact(
        "front-size",
        ARRANGEMENT_PAGES,
        r"\bfront(?: row)?[^.]{0,50}?\b(?:has|holds) only NUM(n) cards",
        _const(n=Row.FRONT.size),
        "The front has only three cards",
        "cards in the front",
    ),
    Fact(
        "arrangement-hand",
        None,
        r"\b(?:(?:arrange|set) (?:their|your) NUM(a)\b|NUM(b)-card poker\b|same NUM(d)-card hands\b|player gets NUM(c) cards)",
        lambda c: {k: ARRANGE_HAND for k in "abcd"},
        "Students set their 13 cards",
        "cards in a hand",
    ),
    Fact(
        "splits",
        None,
        r"\b(?:all NUM(a) ways|set in NUM(b) ways|of the NUM(c) are not allowed)",
        lambda c: {k: SPLITS for k in "abc"},
        "the solver, which tries all 72,072 ways",
        "ways to set 13 cards",
    ),
    Fact(
        "back-choices",
        None,
        r"\bpicking NUM(k) of the NUM(m) cards: NUM(n) ways",
        _const(k=Row.BACK.size, m=ARRANGE_HAND, n=comb(ARRANGE_HAND, Row.BACK.size)),
        "picking 5 of the 13 cards: 1,287 ways",
        "ways to choose the back",
    ),
    Fact(
        "middle-choices",
        None,
        r"\bNUM(k) of the NUM(m) left: NUM(n) ways",
        _const(
            k=Row.MIDDLE.size,
            m=ARRANGE_HAND - Row.BACK.size,
            n=comb(ARRANGE_HAND - Row.BACK.size, Row.MIDDLE.size),
        ),
        "5 of the 8 left: 56 ways",
        "ways to choose the middle",
    ),
    Fact(
        "instant-wins",
        MAU_BINH,
        r"\bhere are the NUM(n), in the order\b",
        _const(n=len(MAU_BINH_PRESETS["source"].instant_win_order)),
        "Here are the six, in the order",
        "instant wins (arrange.Special)",
    ),
    Fact(
        "dragon-ranks",
        None,
        r"\b(?:dragon\b[^.]{0,40}?\bNUM(a) different ranks|one card of each of the NUM(b) ranks)\b",
        lambda c: {k: len(RANKS) for k in "ab"},
        "The dragon is thirteen different ranks",
        "ranks",
    ),
    Fact(
        "special-points",
        CHINESE_POKER,
        r"\*\*(?P<special>thirteen|six pairs|three straights|three flushes)\*\*[^.]*?\btakes? NUM(n)(?: points)? from each",
        lambda c: {
            "n": SPECIAL_POINTS[
                Special.DRAGON if c["special"] == "thirteen" else Special(c["special"])
            ]
        },
        "**three flushes** (five of a suit) take 3 from each",
        "points of a special hand",
    ),
    Fact(
        "special-points-range",
        None,
        r"\bChinese Poker pays NUM(a) or NUM(b) points\b",
        _const(a=min(SPECIAL_POINTS.values()), b=max(SPECIAL_POINTS.values())),
        "and Chinese Poker pays 3 or 13 points",
        "points of the special hands",
    ),
    Fact(
        "royalty-back",
        CHINESE_POKER,
        r"\bstraight flush in the back (?:wins|earns the royalty of) NUM(n)\b",
        _const(n=ROYALTY[(Row.BACK, Category.STRAIGHT_FLUSH)]),
        "a straight flush in the back wins 5",
        "royalty of a straight flush in the back",
    ),
    Fact(
        "royalty-front",
        CHINESE_POKER,
        r"\bthree \w+ in front earns? NUM(n)\b",
        _const(n=ROYALTY[(Row.FRONT, Category.THREE_OF_A_KIND)]),
        "his three eights in front earn 3",
        "royalty of three of a kind in front",
    ),
    Fact(
        "example-3-total",
        CHINESE_POKER,
        r"\bsingle point: NUM(n) from each of the NUM(m) others, NUM(t) in all\b",
        lambda c: {
            "n": (
                n := ROYALTY[(Row.BACK, Category.STRAIGHT_FLUSH)]
                + ROYALTY[(Row.FRONT, Category.THREE_OF_A_KIND)]
                + 1
            ),
            "m": ARRANGE_PLAYERS - 1,
            "t": n * (ARRANGE_PLAYERS - 1),
        },
        "earns a single point: 9 from each of the three others, 27 in all",
        "royalty 5 + royalty 3 + 1 point, from each of three opponents",
    ),
    # --- strategy and odds ---
    Fact(
        "other-cards",
        None,
        r"\bdeals the other NUM(n) cards\b",
        _const(n=DECK_SIZE - ARRANGE_HAND),
        "the computer deals the other 39 cards",
        "cards not in the hand",
    ),
    Fact(
        "rules-of-thumb",
        None,
        r"\bNUM(n) rules of thumb\b",
        _const(n=sum(a.kind == "rule of thumb" for a in ADVICE)),
        "All four rules of thumb hold",
        "rules of thumb among the source's advice (strategy.ADVICE)",
    ),
    Fact(
        "hands-of-13",
        None,
        r"\bNUM(n) ways to pick NUM(k) cards from NUM(m)\b",
        _const(n=HANDS_13, k=ARRANGE_HAND, m=DECK_SIZE),
        "There are 635,013,559,600 ways to pick 13 cards from 52",
        "13-card hands",
    ),
    Fact(
        "one-in",
        (ODDS,),
        r"\*\*(?P<holding>[a-z][a-z ]*?)\*\*(?:[^.;]|\.(?=\d))*?\b(?:one|once|1)(?: hand)? in (?:about )?NUM(n)\b",
        lambda c: {"n": one_in(c["holding"])} if c["holding"] in HOLDINGS else {},
        "A **dragon** comes once in about 9,462 hands",
        "1 / probability (odds.probability)",
    ),
    Fact(
        "percent",
        (ODDS,),
        r"\*\*(?P<holding>[a-z][a-z ]*?)\*\*(?:[^.;]|\.(?=\d))*?PCT(p)",
        lambda c: (
            {"p": percent(probability(c["holding"]), c["p"])} if c["holding"] in HOLDINGS else {}
        ),
        "**Four of a kind** somewhere in your 13 cards: 3.42%",
        "odds.probability",
    ),
    Fact(
        "six-pairs-plain",
        (ODDS,),
        r"\bsix pairs plus a single[^.;]*?\bonce in NUM(n)\b",
        lambda c: {"n": one_in("six pairs exactly")},
        "six pairs plus a single, the plain case, once in 283",
        "1 / probability of six pairs exactly",
    ),
    Fact(
        "dragons",
        None,
        r"= NUM(n) dragons\b",
        _const(n=hands_with("dragon")),
        "4¹³ = 67,108,864 dragons",
        "dragons among 13-card hands",
    ),
    Fact(
        "suits-of-a-card",
        None,
        r"\bany of its NUM(n) suits\b",
        _const(n=len(SUITS)),
        "can be any of its 4 suits",
        "suits",
    ),
    Fact(
        "paired-ranks",
        None,
        r"\bchoose the NUM(k) ranks that are paired \(NUM(n) ways\)",
        lambda c: {"n": comb(len(RANKS), c["k"])},
        "choose the 6 ranks that are paired (1,716 ways)",
        "C(13, k)",
    ),
    Fact(
        "suits-of-a-pair",
        None,
        r"\bNUM(k) of the NUM(m) suits for each pair \(NUM(n) ways each\)",
        lambda c: {"m": len(SUITS), "n": comb(len(SUITS), c["k"])},
        "two of the four suits for each pair (6 ways each)",
        "C(4, k)",
    ),
    Fact(
        "the-single",
        None,
        r"\bone of the NUM(r) ranks left, in any suit \(NUM(n) ways\)",
        lambda c: {"n": c["r"] * len(SUITS)},
        "from one of the 7 ranks left, in any suit (28 ways)",
        "ranks left × 4 suits",
    ),
    # --- Three-Thirteen ---
    Fact(
        "rounds",
        None,
        r"\b(?:over NUM(a) rounds|all NUM(b) rounds|NUM(c) rounds, NUM(w) wild ranks|after the ORD(o) round,? the lowest)",
        lambda c: {
            "a": ROUNDS,
            "b": ROUNDS,
            "c": ROUNDS,
            "o": ROUNDS,
            "w": len({wild_rank(r) for r in range(1, ROUNDS + 1)}),
        },
        "a rummy game played over eleven rounds",
        "rounds of Three-Thirteen",
    ),
    Fact(
        "cards-first-and-last",
        None,
        r"\b(?:from NUM(a) cards at the start to NUM(b)\b|first round everyone gets NUM(c) cards|up to NUM(d) in the last\b|rounds of NUM(e) to NUM(f) cards)",
        lambda c: {
            "a": cards_dealt(1),
            "c": cards_dealt(1),
            "e": cards_dealt(1),
            "b": cards_dealt(ROUNDS),
            "d": cards_dealt(ROUNDS),
            "f": cards_dealt(ROUNDS),
        },
        "from three cards at the start to thirteen at the end",
        "cards dealt in the first and last rounds",
    ),
    Fact(
        "wild-rank-of-a-round",
        (*THREE_THIRTEEN, TEACHING),
        r"\bround NUM(r)\b[^.]{0,40}?\bRANKS(rank) (?:are )?wild\b",
        lambda c: (
            {"rank": wild_rank(c["r"]).plural} if 1 <= c["r"] <= ROUNDS else {"r": f"1 to {ROUNDS}"}
        ),
        "In round 5 sevens are wild",
        "three_thirteen.wild_rank",
    ),
    Fact(
        "cards-of-a-round",
        (*THREE_THIRTEEN, TEACHING),
        r"\b(?:round NUM(r) \(NUM(n) cards each|(?:a|the) ORD(o) round,? (?:of|with) NUM(m) cards)",
        lambda c: {"n": round_cards(c["r"])} if "r" in c else {"m": round_cards(c["o"])},
        "in round 4 (six cards each, sixes wild)",
        "cards dealt in a round (one more each round)",
    ),
    Fact(
        "wild-rank-by-hand",
        None,
        r"\bRANKS(rank) when you hold NUM(n)\b",
        lambda c: {
            "rank": OneOf(
                frozenset(
                    wild_rank(r).plural for r in range(1, ROUNDS + 1) if cards_dealt(r) == c["n"]
                )
            )
        },
        "threes when you hold three cards",
        "three_thirteen.wild_rank",
    ),
    Fact(
        "court-wild-rounds",
        None,
        r"\bjacks, queens and kings for the last NUM(n) rounds\b",
        _const(n=sum(wild_rank(r) >= Rank.JACK for r in range(1, ROUNDS + 1))),
        "jacks, queens and kings for the last three rounds",
        "rounds with a court card wild",
    ),
    Fact(
        "three-thirteen-one-deck",
        None,
        r"\bNUM(p) players share NUM(d) (?:ordinary )?decks?\b",
        lambda c: {"d": ThreeThirteenRules().decks_for(c["p"])},
        "Two players share one ordinary deck",
        "ThreeThirteenRules.decks_for",
    ),
    Fact(
        "three-thirteen-two-decks",
        None,
        r"\b(?:NUM(p) or NUM(q) shuffle NUM(d) decks|Three-Thirteen with NUM(r) or NUM(s) players)",
        lambda c: (
            {
                "d": OneOf(
                    frozenset(
                        {
                            ThreeThirteenRules().decks_for(c["p"]),
                            ThreeThirteenRules().decks_for(c["q"]),
                        }
                    )
                )
            }
            if "p" in c
            else {"r": THREE_THIRTEEN_TWO_DECKS_FROM}
        ),
        "three or four shuffle two decks together",
        "ThreeThirteenRules.decks_for",
    ),
    Fact(
        "tien-len-two-decks",
        None,
        r"\bTiến Lên with NUM(n) or more\b",
        _const(n=TIEN_LEN_TWO_DECKS_FROM),
        "Tiến Lên with five or more",
        "players from which a second deck is used",
    ),
    Fact(
        "ace-penalty",
        None,
        r"\bace left over then costs NUM(high) instead of NUM(low)\b",
        _const(
            high=ThreeThirteenRules(ace_high=True).ace_value, low=ThreeThirteenRules().ace_value
        ),
        "An ace left over then costs 15 instead of 1",
        "penalty of an unmelded ace",
    ),
    Fact(
        "court-penalties",
        None,
        r"\b(?:jack left over costs NUM(j), a queen NUM(q),? (?:and )?a king NUM(k)|court cards at NUM(j2), NUM(q2) and NUM(k2))\b",
        lambda c: dict(
            zip(
                ("j", "q", "k", "j2", "q2", "k2"),
                THREE_THIRTEEN_PRESETS["variations"].court_values * 2,
            )
        ),
        "**Court cards at 11, 12 and 13.**",
        "court_values of the variations preset",
    ),
    Fact(
        "joker-penalty",
        None,
        r"\bjoker left over costs NUM(n)\b",
        _const(n=ThreeThirteenRules().joker_penalty),
        "a joker left over costs 20",
        "joker_penalty",
    ),
    # --- presets, per game ---
    *(
        Fact(
            f"presets-{key}",
            game_pages(key),
            r"\bNUM(n) (?:presets|ready-made sets)\b",
            _const(n=len(presets)),
            "collected in three presets",
            f"{key} PRESETS",
        )
        for key, presets in (
            ("mau_binh", MAU_BINH_PRESETS),
            ("tien_len", TIEN_LEN_PRESETS),
            ("three_thirteen", THREE_THIRTEEN_PRESETS),
            ("tredici", TREDICI_PRESETS),
        )
    ),
    # --- Tiến Lên ---
    Fact(
        "tien-len-deal",
        None,
        r"\bNUM(p) players are dealt NUM(n) cards each\b",
        _const(p=TIEN_LEN_DEAL.num_players, n=len(TIEN_LEN_DEAL.hands[0])),
        "Four players are dealt thirteen cards each",
        "tien_len.new_game",
    ),
    Fact(
        "tien-len-kinds",
        None,
        r"\bNUM(n) kinds of play\b",
        _const(n=len(Kind)),
        "There are six kinds of play",
        "tien_len.Kind",
    ),
    Fact(
        "tien-len-hand-size",
        TIEN_LEN,
        r"\bwith \**NUM(p) players\**,? each gets NUM(n) cards",
        lambda c: {"n": tien_len_hand(c["p"])},
        "With **three players** each gets seventeen cards",
        "tien_len.new_game(players=p)",
    ),
    Fact(
        "tien-len-second-deck",
        TIEN_LEN,
        r"\bwith \**NUM(lo) to NUM(hi) players\**,? a second deck supplies NUM(n) more cards",
        _const(
            lo=TIEN_LEN_TWO_DECKS_FROM,
            hi=TIEN_LEN_MAX_PLAYERS,
            n=tien_len_hand(TIEN_LEN_TWO_DECKS_FROM),
        ),
        "With **five to seven players**, a second deck supplies thirteen more cards",
        "tien_len.new_game with a second deck",
    ),
    Fact(
        "tien-len-bots",
        TIEN_LEN,
        r"\b(?:book has NUM(n) bots|against NUM(m) bots)\b",
        _const(n=len(TIEN_LEN_BOTS), m=TIEN_LEN_DEAL.num_players - 1),
        "The book has three bots",
        "tien_len.BOTS; the other seats",
    ),
    # --- Tredici ---
    Fact(
        "tredici-players",
        TREDICI,
        r"\brace for NUM(n) players\b",
        _const(n=TREDICI_DEAL.num_players),
        "It is a race for two players",
        "Tredici's players",
    ),
    Fact(
        "tredici-hand",
        TREDICI,
        r"\b(?:starts with NUM(a) cards|player is dealt NUM(b)\b|you are dealt NUM(c) cards)",
        lambda c: {k: TREDICI_RULES.hand_size for k in "abc"},
        "each starts with thirteen cards",
        "TrediciRules.hand_size",
    ),
    Fact(
        "tredici-deck",
        TREDICI,
        r"(?:\bNUM(n) cards in all\b|^#+ NUM(m) cards\b)",
        lambda c: {k: len(TREDICI_DECK) for k in "nm"},
        "54 cards in all",
        "tredici.DECK",
    ),
    Fact(
        "tredici-jokers",
        None,
        r"\bTredici adds NUM(n) \**jokers",
        _const(n=game_info("tredici").jokers),
        "Tredici adds two **jokers**",
        "jokers in Tredici",
    ),
    Fact(
        "tredici-joker-draw",
        TREDICI,
        r"\b(?:take \**NUM(a) cards\** from the stock|costs the opponent up to NUM(b) cards)",
        lambda c: {k: TREDICI_RULES.joker_draw for k in "ab"},
        "they take **thirteen cards** from the stock",
        "TrediciRules.joker_draw",
    ),
    Fact(
        "tredici-thirteen-penalty",
        TREDICI,
        r"\b(?:pick up NUM(a) cards|makes? it draw NUM(b)\b)",
        lambda c: {k: TREDICI_RULES.thirteen_penalty for k in "ab"},
        "and you pick up thirteen cards",
        "TrediciRules.thirteen_penalty",
    ),
    Fact(
        "tredici-big-draw",
        TREDICI,
        r"\bNUM(n)-card draw\b",
        lambda c: {
            "n": OneOf(frozenset({TREDICI_RULES.joker_draw, TREDICI_RULES.thirteen_penalty}))
        },
        "a thirteen-card draw can turn",
        "joker_draw, thirteen_penalty",
    ),
    Fact(
        "tredici-turn-limit",
        TREDICI,
        r"\b(?:after|reaches|reaching) NUM(n) turns\b[^.]*?\bdraw\b",
        _const(n=TREDICI_RULES.turn_limit),
        "after 5000 turns the library calls it a draw",
        "TrediciRules.turn_limit",
    ),
    Fact(
        "tredici-neighbours",
        TREDICI,
        r"\bevery rank has exactly NUM(n) neighbours\b",
        _const(n=sum(is_neighbour(Rank.ACE, r) for r in Rank)),
        "every rank has exactly two neighbours",
        "tredici.is_neighbour",
    ),
    Fact(
        "tredici-jokers-in-deck",
        None,
        r"\bTredici[^.]{0,60}?\bNUM(n) jokers\b",
        _const(n=sum(isinstance(c, Joker) for c in TREDICI_DECK)),
        "Tredici, with its two jokers",
        "jokers in tredici.DECK",
    ),
)


# --- reading the claims ------------------------------------------------------------

_RANK_PLURALS = "|".join(sorted((r.plural for r in RANKS), key=len, reverse=True))
_MACROS = {
    "NUM": r"(?P<{}>\d{{1,3}}(?:,\d{{3}})+|\d+|[A-Za-z]+(?:-[a-z]+)?)",
    "ORD": r"(?P<{}>\d+(?:st|nd|rd|th)|[A-Za-z]+(?:-[a-z]+)?)",
    "PCT": r"(?P<{}>\d+(?:\.\d+)?)%",
    "RANKS": r"(?P<{}>" + _RANK_PLURALS.replace("{", "{{").replace("}", "}}") + ")",
    "GAMES": r"(?P<{}>[^)]+)",
    "CATEGORIES": "|".join(sorted(CATEGORY_PLURALS, key=len, reverse=True)),
}


def compile_fact(fact: Fact) -> tuple[re.Pattern[str], dict[str, str]]:
    """The pattern with its macros expanded, and the kind of each macro group."""
    kinds: dict[str, str] = {}

    def expand(match: re.Match[str]) -> str:
        kinds[match.group(2)] = match.group(1)
        return _MACROS[match.group(1)].format(match.group(2))

    text = re.sub(r"(NUM|ORD|PCT|RANKS|GAMES)\((\w+)\)", expand, fact.pattern)
    text = text.replace("CATEGORIES", _MACROS["CATEGORIES"])
    text = text.replace(" ", r"\s+")
    return re.compile(text, re.IGNORECASE | re.MULTILINE), kinds


def _game_keys(text: str) -> tuple[str, ...]:
    """``"Tiến Lên, Tredici"`` → the library keys of the games named (unknown names kept)."""
    names = [n.strip() for n in re.split(r",|\band\b", text) if n.strip()]
    keys = []
    for name in names:
        match = [g.key for g in GAMES if g.name.lower().startswith(name.lower())]
        keys.append(match[0] if len(match) == 1 else name)
    return tuple(sorted(keys))


def read_claims(match: re.Match[str], kinds: dict[str, str]) -> dict[str, Any] | None:
    """The figures a match states, or ``None`` when a figure is not a number."""
    claims: dict[str, Any] = {}
    for name, text in match.groupdict().items():
        if text is None:
            continue
        kind = kinds.get(name)
        if kind == "NUM":
            value: Any = number(text)
        elif kind == "ORD":
            value = ordinal(text)
        elif kind == "GAMES":
            value = _game_keys(text)
        else:  # PCT, RANKS and plain groups: words, compared as written
            value = " ".join(text.lower().split())
        if value is None:
            return None
        claims[name] = value
    return claims


@dataclass(frozen=True)
class Disagreement:
    page: Page
    line: int
    snippet: str
    figure: str
    said: str
    library: str
    what: str

    def __str__(self) -> str:
        return (
            f"{self.page.rel}:{self.line}: “{self.snippet}” says {self.said}; "
            f"the library gives {self.library} ({self.what})"
        )


def _agrees(claim: Any, expected: Any) -> bool:
    if isinstance(expected, OneOf):
        return claim in expected.values
    return bool(claim == expected)


def check(fact: Fact, p: Page, text: str) -> Iterator[Disagreement]:
    pattern, kinds = compile_fact(fact)
    for match in pattern.finditer(text):
        claims = read_claims(match, kinds)
        if claims is None:
            continue
        for figure, expected in fact.expect(claims).items():
            if figure not in claims or _agrees(claims[figure], expected):
                continue
            said = match.group(figure)
            yield Disagreement(
                p,
                p.line(match.start(figure)),
                " ".join(match.group().split()),
                figure,
                f"{' '.join(said.split())!r}"
                + (f" ({claims[figure]})" if said != str(claims[figure]) else ""),
                str(expected),
                fact.what,
            )


@pytest.mark.parametrize("fact", FACTS, ids=str)
def test_figures_agree_with_the_library(fact: Fact) -> None:
    pages = [p for p in toc_pages() if fact.where is None or p.name in fact.where]
    problems = [str(d) for p in pages for d in check(fact, p, prose(p))]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("fact", FACTS, ids=str)
def test_each_pattern_reads_its_sample(fact: Fact) -> None:
    """The table's own check: each pattern finds a figure in its sample sentence."""
    pattern, kinds = compile_fact(fact)
    match = pattern.search(fact.sample)
    assert match is not None, f"{fact.id}: the pattern does not read {fact.sample!r}"
    assert read_claims(match, kinds), f"{fact.id}: no figure read in {fact.sample!r}"


def test_fact_pages_are_in_the_toc() -> None:
    named = {name for fact in FACTS for name in fact.where or ()}
    for name in sorted(named):
        page(name)  # raises KeyError for a page _toc.yml no longer has
