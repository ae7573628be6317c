"""The Tredici game widget: buttons play the library's rules, the bot answers, calls are penalised."""

from __future__ import annotations

import html
import re

import pytest

from rules_lib.cards import parse_card
from rules_lib.engine import check_conservation
from rules_lib.tredici import DECK, LAST_CARD, PRESETS, Play, TrediciRules, TrediciState
from rules_lib.widgets import TrediciGame
from rules_lib.widgets.tredici_widgets import RULE_CHOICES, tredici_app


def lit(game: TrediciGame) -> list[str]:
    return list(game.hand_table.lit)


def shown(game: TrediciGame) -> list[str]:
    return [str(c) for c in game.hand_table.cards]


def position(hands: list[str], pile: str, **kw: object) -> TrediciState:
    return TrediciState.from_position(hands, pile, **kw)  # type: ignore[arg-type]


def test_the_hand_is_shown_as_cards_and_the_playable_cards_are_lit() -> None:
    game = TrediciGame(seed=3)
    assert shown(game) == [str(c) for c in game.state.hands[0]]
    assert lit(game) == [str(c) for c in game.state.playable()] == ["A♦", "Q♦"]
    assert "rl-td-hand" in game.hand_table._dom_classes and game.hand_table.single


def test_pressing_a_card_in_the_page_plays_it_and_clears_the_selection() -> None:
    game = TrediciGame(seed=3)
    game.hand_table.selected = ["J♣"]  # what a click on J♣ sends: not playable
    assert "You cannot play J♣" in game.message.value and len(game.session.moves) == 0
    assert game.hand_table.selected == []
    game.hand_table.click("A♦")
    assert game.session.moves == [Play(parse_card("A♦"))]
    assert "A♦" not in shown(game) and game.hand_table.selected == [] and lit(game) == ["2♦"]


def test_a_run_is_played_card_by_card_with_the_next_cards_lit() -> None:
    game = TrediciGame()
    game.start_from(position(["Qh Kh As Ks Qc Jc 5d 9s", "2c 3c 4c"], pile="Jd"))
    assert lit(game) == ["Q♥", "Q♣"]
    game.press("Q♥")
    assert lit(game) == ["K♥"]
    game.press("K♥")  # after a king: any queen or ace
    assert lit(game) == ["A♠", "Q♣"]
    for card in ("A♠", "K♠", "Q♣", "J♣"):
        game.press(card)
    assert game.reports[0].text == "you played Q♥ K♥ A♠ K♠ Q♣ J♣"


def test_an_illegal_card_names_the_rule_and_changes_nothing() -> None:
    game = TrediciGame(seed=3)
    before = game.state
    game.press("J♣")
    assert game.state is before and len(game.session.moves) == 0
    message = game.message.value
    assert 'role="alert"' in message
    assert "You cannot play J♣: the first card must be one rank above or below K♥" in message


# -- steps typed as text --------------------------------------------------------------


def seen(game: TrediciGame) -> tuple[object, ...]:
    """Everything of the game widget a reader sees or plays on, but the message."""
    buttons = (game.stop_button, game.draw_button, game.last_button, game.thirteen_button)
    return (
        game.state,
        list(game.session.moves),
        [r.text for r in game.reports],
        shown(game),
        lit(game),
        list(game.hand_table.selected),
        game.table.value,
        game.status.value,
        game.turn_log.value,
        game.share.link,
        [(b.disabled, b.button_style) for b in buttons],
    )


def said(game: TrediciGame) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", game.message.value))


def test_a_typed_card_gets_the_words_of_the_card_pressed() -> None:
    pressed = TrediciGame(seed=3)
    pressed.hand_table.selected = ["J♣"]  # a tap on J♣, not playable
    for text in ("J♣", "jc", "Jc", "play J♣"):
        typed = TrediciGame(seed=3)
        typed.play_text(text)
        assert said(typed) == said(pressed), text
    assert said(pressed).startswith("You cannot play J♣: the first card must be one rank above")


def test_a_typed_word_gets_the_words_of_its_button() -> None:
    for text, button in (
        ("stop", "stop_button"),
        ("Draw", "draw_button"),
        ("thirteen!", "thirteen_button"),
    ):
        clicked, typed = TrediciGame(seed=3), TrediciGame(seed=3)
        getattr(clicked, button).click()
        typed.play_text(text)
        assert said(typed) == said(clicked) and said(typed).startswith("You cannot"), text


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("Zz", "“Zz” is not a card: 'Z' is not a rank"),
        ("J", "“J” is not a card: a card is a rank and a suit"),
        ("play 5x", "“5x” is not a card: 'x' is not a suit"),
        ("shuffle", "“shuffle” is not a step of Tredici: a step is a card to play, or draw, stop"),
        ("", "Nothing was typed."),
        ("5h", "You cannot play 5♥: it is not in your hand."),  # readable, but not yours
        ("J♣", "You cannot play J♣: the first card must be"),  # yours, but not now
    ],
)
def test_a_bad_typed_step_is_named_and_nothing_changes(text: str, what: str) -> None:
    game = TrediciGame(seed=3)
    before = seen(game)
    game.play_text(text)
    assert said(game).startswith(what) and 'role="alert"' in game.message.value
    assert seen(game) == before
    if "such as" in said(game):  # the steps offered instead can be taken now
        examples = re.findall(r"“([^”]+)”", said(game).split("such as", 1)[1])
        assert examples == ["A♦"] and all(game.state.is_legal(e) for e in examples)


def test_a_typed_card_is_played_as_pressing_it_does() -> None:
    typed, pressed = TrediciGame(seed=3), TrediciGame(seed=3)
    typed.play_text("ad")
    pressed.hand_table.click("A♦")
    assert typed.session.moves == pressed.session.moves == [Play(parse_card("A♦"))]
    assert seen(typed) == seen(pressed)


def test_stop_and_draw_are_refused_with_a_reason_when_not_legal() -> None:
    game = TrediciGame(seed=3)
    game.stop_button.click()
    assert "You cannot stop: you have not played yet this turn" in game.message.value
    game.draw_button.click()
    assert "You cannot draw: you must play when you can" in game.message.value
    assert game.draw_button.button_style == "" and len(game.session.moves) == 0


def test_draw_is_offered_when_no_card_fits() -> None:
    game = TrediciGame()
    game.start_from(position(["5c 9s", "Ad 3c 9d"], pile="Jd"))
    assert lit(game) == [] and game.draw_button.button_style == "info"
    game.draw_button.click()
    assert game.reports[0].text == "you could not play and drew a card"


def test_saying_last_card_in_time_is_safe_from_the_bot() -> None:
    game = TrediciGame(catch=1.0)
    game.start_from(position(["Qh 5c", "Ad 3c 9s"], pile="Jd"))
    game.press("Q♥")
    assert "may say 'last card'" in html.unescape(game.status.value)
    game.last_button.click()
    assert len(game.state.hands[0]) == 1 and "thirteen" not in game.message.value


def test_the_bot_catches_a_missed_last_card_and_you_draw_13() -> None:
    game = TrediciGame(catch=1.0)
    game.start_from(position(["Qh 5c", "Ad 3c 9s"], pile="Jd"))
    game.press("Q♥")
    game.stop_button.click()  # forgot to say it
    assert len(game.state.hands[0]) == 1 + PRESETS["source"].thirteen_penalty
    assert "The bot called 'thirteen'" in game.message.value
    assert any("called 'thirteen'" in r.text for r in game.reports)


def test_you_can_catch_the_bot_when_it_forgets() -> None:
    game = TrediciGame(remember=0.0)
    game.start_from(position(["Ad 3c 9s", "Qh 5c"], pile="Jd", player=1))
    assert len(game.state.hands[1]) == 1 and not game.state.said_last_card[1]
    game.thirteen_button.click()
    assert len(game.state.hands[1]) == 14
    assert "Caught!" in game.message.value


def test_a_thirteen_with_nothing_left_to_draw_says_so() -> None:
    # Every card but the top of the pile is in a hand; the bot forgot "last card".
    yours = " ".join(str(c) for c in DECK if str(c) not in {"5♣", "J♦"})
    game = TrediciGame()
    game.start_from(TrediciState.from_position([yours, "5c"], "Jd", ""))
    game.thirteen_button.click()
    assert "it draws nothing: there was nothing left to draw" in game.message.value
    assert len(game.state.hands[1]) == 1 and "thirteen" not in map(str, game.state.legal_actions())


def test_in_the_race_reading_you_may_say_last_card_during_the_bots_turn() -> None:
    race = TrediciRules(last_card_race=True)
    game = TrediciGame(catch=0.0)  # the bot does not call at once: the race is on
    game.start_from(
        TrediciState.from_position(["Qh Kh 5d", "Qs Js 3c 9d"], "Jd", rules=race, seed=1)
    )
    assert game.wait_button.layout.display == "" and game.wait_button.disabled
    for card in ("Q♥", "K♥"):
        game.press(card)
    game.stop_button.click()  # no word: the bot plays Q♠, then it is your step
    assert game.state.race_step and game.state.current_player() == 0
    assert not game.wait_button.disabled and game.wait_button.button_style == "info"
    assert "You may say 'last card' now, before the bot calls 'thirteen', or wait" in (
        html.unescape(game.status.value)
    )
    game.last_button.click()
    assert game.state.said_last_card[0] and len(game.state.hands[0]) == 1
    assert any(
        "you said 'last card' in time" in r.text for r in [*game.reports, game._current] if r
    )


def test_the_wait_button_is_hidden_under_the_presets() -> None:
    game = TrediciGame(seed=3)
    assert game.wait_button.layout.display == "none" and game.wait_button.disabled


def test_a_false_thirteen_is_refused_without_penalty() -> None:
    game = TrediciGame(seed=3)
    game.thirteen_button.click()
    assert "You cannot call 'thirteen': the bot holds 13 cards, not one" in game.message.value
    assert len(game.state.hands[0]) == 13


def test_the_winner_is_shown_and_the_buttons_stop() -> None:
    game = TrediciGame()
    game.start_from(position(["Qh", "Ad 3c 9s"], pile="Jd"))
    game.press("Q♥")
    assert game.state.winner == 0
    assert "You win" in game.status.value and "data-over='1'" in game.status.value
    assert not game.hand_table.selectable or not game.hand_table.cards
    assert game.stop_button.disabled and game.auto_button.disabled
    game.act(LAST_CARD)
    assert "The game is over" in game.message.value


def test_the_bot_moves_are_logged_with_pictures_newest_first() -> None:
    game = TrediciGame(seed=3)
    for card in ("A♦", "2♦", "3♦"):
        game.press(card)
    log = game.turn_log.value
    assert log.index("Turn 2:") < log.index("Turn 1:")
    assert "The bot played 2♥ 3♥" in log
    assert len(re.findall(r'aria-label="(two|three) of hearts"', log)) == 2


def test_a_hint_names_a_legal_step_and_play_for_me_takes_it() -> None:
    game = TrediciGame(seed=3)
    game.hint_button.click()
    assert "Hint: the bot would play" in game.message.value
    suggestion = game.suggestion()
    game.auto_button.click()
    assert game.session.moves[0] == suggestion


def test_new_game_rules_and_link() -> None:
    game = TrediciGame(seed=5)
    game.rules.value = "simple"
    assert game.share.link == "?seed=5&rules=simple" and game.state.turn == 1
    assert not game.state.rules.last_card_rule
    assert game.last_button.disabled and game.thirteen_button.disabled
    game.seed.value = 9
    game.new_button.click()
    assert game.share.link == "?seed=9&rules=simple"
    assert game.state.hands == TrediciGame(seed=9, rules="simple").state.hands


def test_unknown_rules_are_named() -> None:
    with pytest.raises(ValueError, match="no Tredici rules 'poker'"):
        TrediciGame(rules="poker")


def test_app_reads_seed_and_rules_from_the_link() -> None:
    app = tredici_app("seed=42&rules=house")
    assert (app.game.seed.value, app.game.rules.value) == (42, "house")
    bad = tredici_app("seed=1&rules=poker")
    assert "known: " + ", ".join(RULE_CHOICES) in bad.children[0].value
    assert bad.game.rules.value == "source"


@pytest.mark.parametrize("seed", [144, 7])
def test_a_whole_game_by_clicks_conserves_cards(seed: int) -> None:
    # (click times are measured in benchmarks/widget_clicks.py, not asserted here)
    game = TrediciGame(seed=seed)
    clicks = 0
    while not game.state.is_terminal():
        if len(game.state.hands[0]) == 1 and LAST_CARD in game.state.legal_actions():
            game.last_button.click()
        else:
            game.auto_button.click()
        check_conservation(game.state.zones(), game.state.deck())
        clicks += 1
        assert clicks < 3000
    assert game.state.winner in (0, 1)
    assert ("You win" if game.state.winner == 0 else "The bot wins") in game.status.value


def test_the_search_bot_is_an_opponent_a_link_can_name_and_its_hint_is_the_searchs() -> None:
    import random

    from rules_lib.search import MonteCarloBot
    from rules_lib.tredici.bots import search_bot
    from rules_lib.widgets.tredici_widgets import tredici_app

    game = tredici_app("seed=12&against=search").game
    assert (
        game.opponent.value == "search"
        and game.share.link == "?seed=12&rules=source&against=search"
    )
    assert isinstance(game.session.bots[1], MonteCarloBot)
    state = game.state
    rng = random.Random(f"{state.seed} {len(state.moves)}")
    expected = search_bot().choose(state.observation(0), state.legal_actions(), rng)
    assert game.suggestion() == expected == game.suggestion()  # the same position, the same hint
    game.hint_button.click()
    assert "Hint: the search bot would" in game.message.value
    game.auto_button.click()  # the step is taken; the search bot answers
    assert game.state.moves[0] == expected
    assert "no opponent 'best'" in tredici_app("against=best").note.value


def test_a_game_and_the_games_won_come_back_from_the_address():
    from rules_lib.widgets.tredici_widgets import tredici_app

    app = tredici_app("seed=5")
    for _ in range(3):
        app.game.auto_button.click()
    again = tredici_app(app.game.address.query)
    assert again.game.state == app.game.state and "goes on" in again.game.message.value
    while not app.game.state.is_terminal():
        app.game.auto_button.click()
    winner = app.game.state.winner
    assert winner is not None and app.game.won[winner] == 1 and sum(app.game.won) == 1
    assert "moves=" not in app.game.address.query  # a finished game: only the tally stays
    later = tredici_app(app.game.address.query)
    assert later.game.won == app.game.won and "Games won this sitting" in later.game.score.value
    assert "move 2" in tredici_app("seed=5&moves=2♦~fly").note.value
