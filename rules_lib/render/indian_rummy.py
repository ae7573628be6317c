"""Indian Rummy as words and HTML: the table, the turns told in a sentence each,
a deal's end with every hand in its groups, and the score sheet of a pool.

The game widget (:mod:`rules_lib.widgets.indian_rummy_widgets`) draws with these
functions; the rules they show come from :mod:`rules_lib.indian_rummy`.

>>> from rules_lib.indian_rummy.game import new_game
>>> "the stock" in table_html(new_game(seed=7), ("You", "Bot A"))
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..cards import AnyCard, Cards, Rank
from ..errors import RulesError
from ..indian_rummy.game import Action, DealResult, IndianRummyState, Move, Phase, Status
from ..indian_rummy.groups import check_declaration, classify
from ..indian_rummy.rules import IndianRummyRules
from . import back_svg, captioned, card_svg, side_by_side

__all__ = [
    "MINI_CSS",
    "deal_result_html",
    "group_words",
    "log_html",
    "narrate",
    "sheet_html",
    "table_html",
    "wild_words",
]

#: CSS for the small cards of the table and the tables of the score sheet; include it once.
MINI_CSS = (
    "<style>.rl-ir-mini svg{width:2.6rem;height:auto;vertical-align:middle}"
    ".rl-ir-log p{margin:.15rem 0;line-height:1.4}"
    ".rl-ir-sheet{border-collapse:collapse;max-width:100%}"
    ".rl-ir-sheet td,.rl-ir-sheet th{padding:.15rem .45rem;text-align:right;"
    "border-bottom:1px solid #ddd}"
    ".rl-ir-sheet th:first-child,.rl-ir-sheet td:first-child{text-align:left}"
    ".rl-ir-piles{display:flex;flex-wrap:wrap;gap:.8rem;align-items:flex-end;margin:.3rem 0}"
    ".rl-ir-pile{display:flex;flex-direction:column;align-items:center;font-size:.85rem;"
    "text-align:center;max-width:7rem}</style>"
)


def wild_words(wild_card: AnyCard | None, wild_rank: Rank | None) -> str:
    """What is wild in a deal, in words.

    >>> from rules_lib.cards import Card
    >>> wild_words(Card.parse("9s"), Rank.NINE)
    'the 9♠ is turned up: every 9 and the printed jokers are wild'
    >>> wild_words(None, None)
    'no card is turned up: only the printed jokers are wild'
    """
    if wild_card is None:
        return "no card is turned up: only the printed jokers are wild"
    if wild_rank is None:
        return f"the {wild_card} is turned up: only the printed jokers are wild"
    return f"the {wild_card} is turned up: every {wild_rank} and the printed jokers are wild"


def group_words(cards: Sequence[AnyCard], rules: IndianRummyRules, wild_rank: Rank | None) -> str:
    """What a group of cards is, as the library classifies it: a pure sequence, a
    sequence, a set, or not a group and why.

    >>> from rules_lib.cards import parse_cards
    >>> rules = IndianRummyRules()
    >>> group_words(parse_cards("3s 4s 5s"), rules, None)
    'pure sequence'
    >>> group_words(parse_cards("3s 4s RJ"), rules, None)
    'sequence: 3♠ 4♠ RJ=5♠'
    >>> group_words(parse_cards("7d 8d 10d"), rules, None)
    'not a group: 7♦ 8♦ 10♦ is not a sequence: the 9♦ is missing and no joker stands in'
    """
    try:
        group = classify(Cards(cards), rules, wild_rank)
    except RulesError as error:
        return f"not a group: {error}"
    if group.stand_ins:
        return f"{group.kind.value}: {group}"
    return group.kind.value


def _name_of(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"seat {seat}"


def narrate(
    state: IndianRummyState,
    actions: Sequence[Action],
    names: Sequence[str],
    viewer: int = 0,
) -> list[str]:
    """A sentence for each turn of ``actions`` played from ``state`` (a draw and
    its discard together), and one for the end of each deal; ``viewer`` is told
    the card they drew from the stock, the others' stays hidden.

    >>> from rules_lib.indian_rummy.game import IndianRummyState
    >>> state = IndianRummyState.from_hands(
    ...     ["2s 3s 4s 7h 8h 9h Kd Kc Ks 5c 6c Jd Qh", "Ad 2d 3d 4d 5h 5d 9c 9d Th Jh Js Qs Qd"],
    ...     discard="8c", stock="7c", wild_card="Jc")
    >>> moves = [state.parse_action("draw")]
    >>> moves.append(state.apply_action(moves[0]).parse_action("discard Qh"))
    >>> narrate(state, moves, ("You", "Bot A"))
    ['You drew the 7♣ from the stock and threw the Q♥.']
    >>> narrate(state, moves, ("Bot A", "You"), viewer=1)
    ['Bot A drew from the stock and threw the Q♥.']
    """
    lines: list[str] = []
    pending = ""
    for action in actions:
        seat = state.current_player()
        who = _name_of(names, seat)
        after = state.apply_action(action)
        if action.move is Move.DRAW:
            drawn = [c for c in _hand_after(state, after, seat) if c not in state.hands[seat]]
            what = f"the {drawn[0]} " if seat == viewer and drawn else ""
            pending = f"{who} drew {what}from the stock"
        elif action.move is Move.TAKE:
            pending = f"{who} took the {action.card} from the discard pile"
        elif action.move is Move.DROP:
            first = state.phase is Phase.DRAW and not state.drawn[seat]
            cost = state.rules.drop_points(first=first)
            lines.append(f"{who} dropped: {cost} points.")
        elif action.move is Move.DISCARD:
            lines.append(f"{pending or who} and threw the {action.card}.")
            pending = ""
        else:
            shown = [c for g in action.groups for c in g]
            check = check_declaration(action.groups, state.rules, state.wild_rank, shown)
            start = f"{pending} and declared" if pending else f"{who} declared"
            if check.valid:
                lines.append(f"{start}, finishing with the {action.card}.")
            else:
                lines.append(
                    f"{start}, finishing with the {action.card}, but wrongly: {check.fault}. "
                    f"That costs {state.rules.wrong_declaration} points and a place in the deal."
                )
            pending = ""
        if len(after.results) > len(state.results):
            result = after.results[len(state.results)]
            lines.append(deal_end_words(result, names))
        state = after
    if pending:
        lines.append(f"{pending}.")
    return lines


def _hand_after(before: IndianRummyState, after: IndianRummyState, seat: int) -> Cards:
    """``seat``'s hand after a draw (the deal's hands, even if the deal ended)."""
    if after.deal_number == before.deal_number:
        return after.hands[seat]
    return Cards()  # pragma: no cover (a draw does not end a deal)


def deal_end_words(result: DealResult, names: Sequence[str]) -> str:
    """How a deal ended and what each player scored, in one sentence.

    >>> from rules_lib.indian_rummy.game import new_game
    >>> from rules_lib.indian_rummy.bots import HeuristicBot
    >>> from rules_lib.engine import playout
    >>> import random
    >>> final = playout(new_game(seed=3), [HeuristicBot(), HeuristicBot()], random.Random(3))
    >>> deal_end_words(final.results[0], ("You", "Bot A")).startswith("Deal 1 is over: ")
    True
    """
    scores = ", ".join(
        f"{_name_of(names, s)} {p}"
        for s, p in enumerate(result.points)
        if result.statuses[s] is not Status.OUT_OF_POOL
    )
    return f"Deal {result.deal_number} is over: {result.how(list(names))}. Points: {scores}."


def log_html(lines: Sequence[str], last: int = 12) -> str:
    """The last ``last`` sentences of the log, newest last."""
    shown = lines[-last:]
    if not shown:
        return "<div class='rl-ir-log'><p>Nothing yet.</p></div>"
    return (
        "<div class='rl-ir-log' aria-live='polite'>"
        + "".join(f"<p>{html.escape(line)}</p>" for line in shown)
        + "</div>"
    )


def _pile(picture: str, caption: str) -> str:
    return (
        f"<div class='rl-ir-pile'><span class='rl-ir-mini'>{picture}</span>"
        f"<span>{html.escape(caption)}</span></div>"
    )


def table_html(state: IndianRummyState, names: Sequence[str], viewer: int = 0) -> str:
    """The table: the stock with the wild card beside it, the top of the discard
    pile, and a line for each player (cards held, who is out of the deal, totals)."""
    piles = [_pile(back_svg("the stock, face-down"), f"Stock: {len(state.stock)} cards")]
    if state.wild_card is not None:
        piles.append(_pile(card_svg(state.wild_card, highlight=True), "Wild card"))
    top = state.discard[-1] if state.discard else None
    piles.append(
        _pile(card_svg(top), f"Discard pile: {len(state.discard)}")
        if top is not None
        else _pile("", "Discard pile: empty")
    )
    rows = []
    pool = state.rules.format != "points"
    for seat in range(state.num_players):
        status = state.statuses[seat]
        what = f"{len(state.hands[seat])} cards" if status is Status.PLAYING else status.value
        total = f"; total {state.totals[seat]}" if pool else ""
        turn = " ◀ to play" if seat == state.current_player() and not state.is_terminal() else ""
        rows.append(f"<li>{html.escape(_name_of(names, seat))}: {what}{total}{turn}</li>")
    wild = wild_words(state.wild_card, state.wild_rank)
    return (
        MINI_CSS
        + f"<div class='rl-ir-piles' role='group' aria-label='the table'>{''.join(piles)}</div>"
        + f"<p style='margin:.2rem 0'>{html.escape(wild[0].upper() + wild[1:])}.</p>"
        + f"<ul style='margin:.2rem 0;padding-left:1.2rem'>{''.join(rows)}</ul>"
    )


def _groups_html(
    groups: Sequence[Sequence[AnyCard]], rules: IndianRummyRules, wild_rank: Rank | None
) -> str:
    return side_by_side(
        *(captioned(g, group_words(g, rules, wild_rank).capitalize()) for g in groups if g)
    )


def deal_result_html(result: DealResult, names: Sequence[str], rules: IndianRummyRules) -> str:
    """The end of a deal: how it ended, then each player's hand in groups, with
    the points it scored and why."""
    wild = result.wild_rank
    parts = [f"<p style='margin:.3rem 0'><b>{html.escape(deal_end_words(result, names))}</b></p>"]
    for seat, status in enumerate(result.statuses):
        if status is Status.OUT_OF_POOL:
            continue
        head = f"{_name_of(names, seat)}: {result.points[seat]} points ({result.why(seat)})"
        grouping = result.groupings[seat]
        if seat == result.winner and result.declared:
            body = _groups_html(result.declared, rules, wild)
        elif grouping is not None:
            body = _groups_html([g.cards for g in grouping.groups], rules, wild)
            loose = list(grouping.ungrouped)
            if grouping.discard is not None:
                loose.append(grouping.discard)
            if loose:
                body += captioned(loose, "Not in a group")
        else:
            body = captioned(result.hands[seat], "Hand")
        parts.append(
            f"<div role='group' aria-label='{html.escape(head, quote=True)}' "
            "style='margin:.4rem 0'>"
            f"<p style='margin:.2rem 0'>{html.escape(head)}</p>{body}</div>"
        )
    return "".join(parts)


def sheet_html(results: Sequence[DealResult], names: Sequence[str], rules: IndianRummyRules) -> str:
    """The score sheet of a pool (or of a game of several deals): each deal's
    points, the totals, and who is out.

    >>> print(sheet_html([], ("You", "Bot A"), IndianRummyRules()))
    <p>No deal has ended yet.</p>
    """
    if not results:
        return "<p>No deal has ended yet.</p>"
    players = len(results[0].points)
    head = "".join(
        f"<th scope='col'>{html.escape(_name_of(names, s))}</th>" for s in range(players)
    )
    rows = []
    for result in results:
        cells = "".join(
            "<td>—</td>"
            if result.statuses[s] is Status.OUT_OF_POOL
            else f"<td>{result.points[s]}</td>"
            for s in range(players)
        )
        rows.append(f"<tr><th scope='row'>Deal {result.deal_number}</th>{cells}</tr>")
    totals = results[-1].totals
    out = set()
    if rules.format == "pool":
        out = {s for s in range(players) if totals[s] >= rules.pool_limit}
    total_cells = "".join(
        f"<td><b>{totals[s]}</b>{' (out)' if s in out else ''}</td>" for s in range(players)
    )
    rows.append(f"<tr><th scope='row'>Total</th>{total_cells}</tr>")
    caption = (
        f"A pool to {rules.pool_limit}: a player whose total reaches it is out."
        if rules.format == "pool"
        else f"{rules.deals} deals: the lowest total wins."
    )
    return (
        MINI_CSS
        + "<div style='overflow-x:auto;max-width:100%'><table class='rl-ir-sheet'>"
        + f"<caption style='text-align:left;caption-side:bottom;font-size:.9rem'>{html.escape(caption)}</caption>"
        + f"<thead><tr><th scope='col'>Deal</th>{head}</tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table></div>"
    )
