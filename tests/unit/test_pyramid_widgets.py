"""The Pyramid game widget and its guided first game: taps take pairs and kings as the
library's rules say, a refused pair names the card and the rule and changes nothing,
undo, the solver's hint, verdict and solution (with a limit, and a bar while it
thinks), "deal only winnable games", and the link to a deal."""

from __future__ import annotations

import html
import re

import pytest

from rules_lib.pyramid import AGAIN, PRESETS, TURN, Take, new_game, solve
from rules_lib.share import read_query
from rules_lib.widgets import PyramidFirstGame, PyramidGame, pyramid_widgets
from rules_lib.widgets.pyramid_widgets import PILES, RULE_CHOICES, judge, pyramid_app


def text(pane_html: str) -> str:
    """The words of an HTML pane."""
    return html.unescape(re.sub(r"<[^>]+>", " ", pane_html)).strip()


def slots(game: PyramidGame, row: str) -> list[str | None]:
    found = next(r for r in game.table.rows if r["name"] == row)
    return list(found.get("slots", found["cards"]))


def test_the_pyramid_is_seven_centred_rows_then_the_stock_and_the_waste() -> None:
    game = PyramidGame(seed=5)
    rows = game.table.rows
    assert [r["name"] for r in rows] == [*(f"row {n}" for n in range(1, 8)), PILES]
    assert [len(slots(game, r["name"])) for r in rows] == [1, 2, 3, 4, 5, 6, 7, 2]
    assert rows[0]["class"] == "rl-row-center"
    assert all(r["class"] == "rl-row-center rl-row-overlap" for r in rows[1:7])
    assert slots(game, PILES) == ["5♥", None]  # the stock's top card; the waste is empty
    # the free cards are lit (the bottom row, the stock's top card), the covered ones disabled
    assert game.table.lit == [*slots(game, "row 7"), "5♥"]
    assert len(game.table.disabled) == 21
    assert game.table.names["5♥"] == "five of hearts, top of the stock"
    assert RULE_CHOICES["one pass"] == "One pass through the stock"


def test_tapping_two_cards_that_make_13_takes_them_and_leaves_gaps() -> None:
    game = PyramidGame(seed=5)
    game.table.click("3♠")
    assert game.state.moves == () and "tap a 10" in text(game.message.value)
    game.table.click("10♦")
    assert game.state.moves == (Take.of("3s", "10d"),)
    assert slots(game, "row 7")[0] is None and slots(game, "row 7")[4] is None
    assert game.table.selected == [] and "3♠" not in game.table.names
    assert "Still winnable" in text(game.verdict.value)
    # the stock's top card pairs with the pyramid, as the page's tap message sends it
    game.table._selected_by_page(["8♦", "5♥"])
    assert game.state.moves[-1] == Take.of("5h", "8d") and game.state.stock_top != "5♥"


def test_a_king_is_taken_by_itself() -> None:
    game = PyramidGame(seed=3)
    game.table.click("K♠")
    assert game.state.moves == (Take.of("Ks"),)


def test_a_pair_the_rules_refuse_names_the_cards_and_the_rule_and_changes_nothing() -> None:
    game = PyramidGame(seed=5)
    before = game.state
    game.table.click("3♠")
    game.table.click("2♦")
    assert game.state == before and game.table.selected == []
    assert text(game.message.value) == (
        "You cannot take the 2♦ and the 3♠: the 2♦ and the 3♠ add up to 5, not 13."
    )
    assert 'role="alert"' in game.message.value
    game.take("8c", "5s")  # a covered card is named, and what covers it
    assert game.state == before and "the 8♣ is covered by the" in text(game.message.value)
    game.take("Qh", "Ah")  # and a card in the stock
    assert game.state == before
    assert "the Q♥ is not on the table: it is in the stock" in text(game.message.value)


def test_undo_takes_back_the_last_move() -> None:
    game = PyramidGame(seed=5)
    assert game.undo_button.disabled
    start = game.state
    game.take("3s", "10d")
    game.turn_button.click()
    assert len(game.state.moves) == 2 and not game.undo_button.disabled
    game.undo_button.click()
    game.undo_button.click()
    assert game.state.moves == () and game.state.pyramid == start.pyramid
    game.undo()
    assert "no move to undo" in text(game.message.value)


def test_turn_and_go_through_again_are_offered_only_when_legal() -> None:
    game = PyramidGame(seed=1, rules="one pass")
    for _ in range(24):
        assert not game.turn_button.disabled
        game.turn_button.click()
    assert game.state.stock_top is None and TURN not in game.state.legal_actions()
    assert game.again_button.layout.display == "none"  # one pass: no going through again
    game = PyramidGame(seed=1)
    for _ in range(24):
        game.act(TURN)
    assert AGAIN in game.state.legal_actions()
    assert game.again_button.layout.display == "" and game.turn_button.layout.display == "none"
    game.again_button.click()
    assert game.state.pass_number == 2 and game.again_button.layout.display == "none"


def test_the_hint_is_a_move_that_keeps_the_deal_winnable() -> None:
    game = PyramidGame(seed=5)
    game.hint_button.click()
    words = text(game.message.value)
    assert words.startswith("Hint: ") and words.endswith(": a move that keeps the deal winnable.")
    move = game.verdict_of().solution.line[0]  # type: ignore[union-attr]
    assert isinstance(move, Take) and game.table.lit == game.table.codes_of(move.cards)
    assert solve(game.state.apply_action(move)).winnable


def test_a_lost_position_says_why_and_how_far_back_it_could_still_be_won() -> None:
    game = PyramidGame(seed=4)  # the A♣ in row 3 is under every queen
    assert text(game.verdict.value).startswith("This deal cannot be won: the A♣ in row 3")
    game.hint_button.click()
    assert "can never be taken" in text(game.message.value)
    game.solution_button.click()  # no line to show: the reason instead
    assert game.solution.value == "" and "cannot be won" in text(game.message.value)
    game = PyramidGame(seed=11)
    game.take("6s", "7s")  # the last 7 that could reach the 6♦ at the top
    assert text(game.verdict.value) == (
        "This position can no longer be won: the 6♦ at the top can never be taken: the 7s "
        "left (7♥ 7♦ 7♣) lie on it. Undo 1 move to be back where it still could."
    )
    game.act(TURN)  # lost stays lost, and the card that shows it is named again
    assert "the 6♦ at the top can never be taken" in text(game.verdict.value)
    assert "Undo 2 moves" in text(game.verdict.value)


def test_show_me_the_solution_lists_the_line_and_next_step_plays_it_to_a_win() -> None:
    game = PyramidGame(seed=3)
    assert game.next_button.layout.display == "none"
    game.solution_button.click()
    line = game.verdict_of().solution.line  # type: ignore[union-attr]
    assert "A winning line from here" in game.solution.value and "<ol" in game.solution.value
    assert game.next_button.layout.display == ""
    for _ in line:
        game.next_button.click()
    assert game.state.is_won() and game.state.moves == line
    assert text(game.verdict.value).startswith("You won")
    assert game.next_button.layout.display == "none" and game.hint_button.disabled


def test_deal_only_winnable_games_deals_the_first_winnable_number() -> None:
    assert not solve(new_game(4)).winnable and solve(new_game(5)).winnable
    game = PyramidGame(seed=4)
    game.winnable_only.value = True
    assert game.seed.value == 5 and game.state == new_game(5, PRESETS["source"])
    assert "no. 4 cannot be won" in text(game.message.value)
    assert game.share.link == "?seed=5&rules=source"
    assert text(game.verdict.value).startswith("This deal can be won")
    game.seed.value = 7
    game.new_button.click()  # 7 and 8 cannot be won
    assert game.seed.value == 9 and "nos. 7 to 8" in text(game.message.value)


def test_the_solver_is_asked_with_a_limit_and_says_when_it_gives_up() -> None:
    game = PyramidGame(seed=3, stages=(5,))
    assert text(game.verdict.value).startswith("The solver gave up after 5 positions")
    game.hint_button.click()
    assert "gave up after 5 positions" in text(game.message.value)
    assert judge(new_game(3), stages=(5, 100_000), budget=1e9).winnable  # a bigger one answers
    assert judge(new_game(3), stages=(5, 100_000), budget=0).positions == 5  # if it has time


def test_a_bar_shows_the_solver_thinking_during_a_bigger_search(monkeypatch) -> None:
    seen: list[str | None] = []
    game = PyramidGame(seed=5, stages=(1, 100_000), budget=1e9)
    real_solve = pyramid_widgets.solve

    def watched(state, *, limit=None):  # type: ignore[no-untyped-def]
        seen.append(game.thinking.layout.display)
        return real_solve(state, limit=limit)

    monkeypatch.setattr(pyramid_widgets, "solve", watched)
    game.act(TURN)
    assert seen == ["none", ""]  # the first small search at once; the bar for the bigger one
    assert game.thinking.layout.display == "none"  # and hidden once the solver answered
    assert "Still winnable" in text(game.verdict.value)


def test_a_move_on_the_solvers_line_needs_no_new_search(monkeypatch) -> None:
    game = PyramidGame(seed=3)
    line = game.verdict_of().solution.line  # type: ignore[union-attr]
    monkeypatch.setattr(pyramid_widgets, "solve", lambda *a, **k: pytest.fail("searched"))
    game.act(line[0])
    game.undo()  # the position before is remembered too
    assert "can be won" in text(game.verdict.value)


def test_the_link_deals_the_same_game_again() -> None:
    app = pyramid_app("seed=42&rules=one-pass")
    game = app.game
    assert (game.seed.value, game.rules.value) == (42, "one pass")
    assert game.state == new_game(42, PRESETS["one pass"])
    link = read_query(game.share.link, ())
    again = pyramid_app(game.share.link.lstrip("?")).game
    assert link.seed == 42 and again.state == game.state and again.share.link == game.share.link
    game.rules.value = "relaxed"  # a rules menu change deals again and updates the link
    assert game.share.link == "?seed=42&rules=relaxed" and game.state.rules == PRESETS["relaxed"]
    bad = pyramid_app("seed=x&rules=poker")
    assert "could not be used" in bad.note.value and bad.game.seed.value == 1


def test_the_first_game_takes_pairs_by_taps_and_ends_with_a_real_game() -> None:
    lesson = PyramidFirstGame()
    assert [r["name"] for r in lesson.table.rows] == ["row 1", "row 2", "row 3", PILES]
    lesson.table.click("7♣")  # a covered card cannot be tapped
    assert lesson.table.selected == []
    for step in range(len(lesson.lesson)):
        move = lesson.lesson.accepted(step)[0]
        lesson.show_button.click()
        if isinstance(move, Take):
            assert lesson.table.lit == lesson.table.codes_of(move.cards)
            for card in move.cards:
                lesson.table.click(card)
        else:
            assert "Turn the stock" in lesson.panel.answer.value
            lesson.turn_button.click()
    assert lesson.step == len(lesson.lesson) and lesson.state.is_won()
    assert lesson.panel.real_button.description == "Play a real game"
    lesson.panel.real_button.click()
    assert isinstance(lesson.panel.real.children[0], PyramidGame)
