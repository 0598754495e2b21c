"""The Toradama table as players see it (issues 18 and 19), driven by posted events: the banner follows
the animation, chain counts never cover the columns, the layout fits 800x600 and grows at 1920x1080,
resigning works for either player at any time, and the computer's moves are shown and worded."""
from __future__ import annotations

import pygame
import pytest

from hexgames.core.match import Seat
from hexgames.core.protocol import Resignation
from hexgames.games import new_match
from hexgames.games.toradama import view_overlays
from hexgames.games.toradama.board import cell
from hexgames.games.toradama.moves import Choose, Clear, Place
from hexgames.games.toradama.rules import PLACING
from hexgames.ui.results import ResultsScene
from tests.drive import click_at, key, make_app, step, step_until
from tests.games.toradama.positions import make

ALICE, BOB, CPU = Seat("human", None, "Alice"), Seat("human", None, "Bob"), Seat("ai", "medium", "CPU 2")
# Alice (Tora, left) clears the yellow: three reds meet (chain 1), the cube over the shared red turns
# up blue, and three blues meet below it (chain 2)
CHAIN_TWO = [".....", ".....", "...g.", "B..Y.", "RBbPG", "YRRGP"]


@pytest.fixture
def slow_app():
    application = make_app("en", anim_speed=1.0)
    yield application
    application.shutdown()


def start(app, seats, state=None, size=None, moves=(), auto_play=True):
    """The table for `seats`: from a hand-built position `state`, or from the seeded start with
    `moves` played first (a game that replays from its save)."""
    if size is not None:
        key_resize(app, size)
    match = new_match("toradama", seats, None, 6)  # seed 6: seat 0 starts
    match.replay(moves)
    if state is not None:
        match.states[-1] = state
    app.start_match(match)
    scene = app.scenes.stack[0]
    scene.auto_play = auto_play
    step(app, 2)
    return scene


def key_resize(app, size) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    step(app, 2)
    assert app.screen.get_size() == size


def chain_position():
    return make(CHAIN_TWO, pool="RPG", cubes=("BY", "G"), chars=(0, 2), niku=(1, 2), score=("YB", "BG"))


def clear_by_mouse(app, scene, c: int) -> None:
    click_at(app, scene.cell_rect(c).center, frames=1)
    click_at(app, scene.cell_rect(c).center, frames=0)


def banners_until_still(app, scene) -> list[tuple[str, str | None, int | None]]:
    """(banner, kind of the step on show, banner's seat) every frame until the animation is over."""
    seen = []
    for _ in range(1200):
        cur = scene.current_step()
        seen.append((scene.banner_text(), cur[0].kind if cur else None, scene.banner_seat()))
        if not scene.is_animating():
            return seen
        step(app)
    raise AssertionError("the animation did not end")


# --- the banner follows the animation -----------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_banner_tells_the_chain_as_it_plays_and_the_turn_only_after_it(slow_app, language):
    slow_app.set_language(language)
    try:
        scene = start(slow_app, [ALICE, BOB], chain_position())
        clear_by_mouse(slow_app, scene, cell(0, 0))
        assert scene.match.moves[-1] == Clear(cell(0, 0)) and scene.match.to_move == 1
        seen = banners_until_still(slow_app, scene)
    finally:
        slow_app.set_language("en")
        slow_app.settings.language = "en"
    playing = [(text, seat) for text, kind, seat in seen if kind is not None]
    kinds = [kind for _, kind, _ in seen if kind is not None]
    for wanted in ("ball", "fall", "chain", "flip"):
        assert wanted in kinds
    texts = {text for text, _ in playing}
    if language == "en":
        assert {"Alice clears with a yellow tama", "Tiles fall…", "A cube turns face up"} <= texts
        assert any(t.startswith("Chain 1! +") for t in texts) and any(t.startswith("Chain 2! +") for t in texts)
        assert "Bob: place 2 tiles or clear a ball" not in texts
        assert seen[-1][0] == "Bob: place 2 tiles or clear a ball"
    else:
        assert "Aliceが黄のたまでたま消し" in texts and any(t.startswith("2連鎖!") for t in texts)
        assert seen[-1][0] == "Bob：2枚置くか、たま消しをしてください"
    assert all(seat == 0 for _, seat in playing)  # Alice's chip while her chain plays, Bob's after
    assert seen[-1][2] == 1


def test_the_chain_count_stands_beside_the_board_and_never_over_a_column(slow_app, monkeypatch):
    scene = start(slow_app, [ALICE, BOB], chain_position())
    clear_by_mouse(slow_app, scene, cell(0, 0))
    assert step_until(slow_app, lambda: scene.current_step() is not None and scene.current_step()[0].kind == "chain"
                      and scene.current_step()[1] > 0.3, 600)
    box = scene.side_boxes[0]
    assert not box.colliderect(scene.grid.inflate(12, 12)) and scene.board_rect.contains(box)
    assert not box.colliderect(scene.stacks[0]) and not box.colliderect(scene.message_rect)
    # the frame with the call-out and the frame without it differ only inside the side box
    surface = slow_app.screen
    scene.draw(surface)
    with_note = pygame.image.tobytes(surface, "RGB")
    monkeypatch.setattr(view_overlays, "draw_call_out", lambda *_: None)
    scene.draw(surface)
    without = pygame.image.tobytes(surface, "RGB")
    w = surface.get_width()
    changed = [i // 3 for i in range(0, len(with_note), 3) if with_note[i:i + 3] != without[i:i + 3]]
    assert changed, "the chain count was not drawn"
    assert all(box.collidepoint(i % w, i // w) for i in changed)


# --- layout -------------------------------------------------------------------------------------------
def _overlaps(rects: dict[str, pygame.Rect]) -> list[tuple[str, str]]:
    names = list(rects)
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:] if rects[a].colliderect(rects[b])]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_at_800x600_nothing_overlaps_and_the_character_cards_fit_with_12px_text(app, language):
    app.set_language(language)
    try:
        scene = start(app, [ALICE, BOB], size=(800, 600))
        lay = scene.choice_layout()
        assert lay.text_size >= 12 and lay.fav_size >= 12
        assert not _overlaps({f"card {i}": r for i, r in enumerate(lay.cards)})
        font = app.font(lay.text_size)
        for c, rect in enumerate(lay.cards):
            assert scene.board_rect.contains(rect), (c, rect, scene.board_rect)
            assert all(font.size(line)[0] <= rect.w - 8 for line in lay.lines[c])
            content = 16 + lay.icon + app.font(lay.name_size, bold=True).get_linesize() + lay.fav_size + 18
            assert content + len(lay.lines[c]) * lay.line_h <= rect.h, (c, language)
        # a character card is clicked where it is drawn
        first = scene.match.to_move
        click_at(app, lay.cards[3].center)
        assert scene.match.state.chars[first] == 3
        click_at(app, lay.cards[3].center)  # taken: refused, nothing changes
        assert scene.match.state.chars[1 - first] == -1
        click_at(app, lay.cards[0].center)
        step(app, 2)
        parts = {"grid": scene.grid.inflate(12, 12), "left cubes": scene.stacks[0], "right cubes": scene.stacks[1],
                 "pool": scene.pool_slots[0].union(scene.pool_slots[-1]), "bag": scene.bag_rect,
                 "left note": scene.side_boxes[0], "right note": scene.side_boxes[1],
                 "messages": scene.message_rect, "panel": scene.panel_rect}
        assert not _overlaps(parts), _overlaps(parts)
        for name in ("grid", "left cubes", "right cubes", "pool", "left note", "right note"):
            assert scene.board_rect.contains(parts[name]), name
        cards = list(scene.cards.values())
        buttons = [scene.buttons.okunote.rect, scene.buttons.give.rect, scene.buttons.resign.rect]
        assert not _overlaps({**{f"card {i}": r for i, r in enumerate(cards)},
                              **{f"button {i}": r for i, r in enumerate(buttons)}})
        assert all(scene.panel_rect.contains(r) for r in cards + buttons)
    finally:
        app.set_language("en")


def test_at_1920x1080_the_board_grows_to_use_the_window(app):
    small = start(app, [ALICE, BOB], chain_position(), size=(800, 600))
    small_cell, small_card = small.cell_size, max(r.h for r in small.cards.values())
    big = start(app, [ALICE, BOB], chain_position(), size=(1920, 1080))
    assert big.cell_size >= 2 * small_cell
    board = big.board_rect
    used = big.grid.union(big.pool_slots[0]).union(big.stacks[0]).union(big.stacks[1])
    assert used.h >= 0.85 * board.h and board.contains(used)
    assert max(r.h for r in big.cards.values()) > 1.3 * small_card  # the side panel grows with it
    lay = big.choice_layout()
    assert lay.text_size > 12 and len({r.y for r in lay.cards}) == 1  # one row of five larger cards


# --- resigning ------------------------------------------------------------------------------------------
def test_in_hot_seat_the_player_not_to_move_resigns_by_picking_their_card(app):
    scene = start(app, [ALICE, BOB], moves=[Choose(0), Choose(2)])  # Alice plays Tora, Bob Neko
    assert scene.match.to_move == 0 and scene.buttons.resign.is_enabled
    click_at(app, scene.buttons.resign.rect.center)
    assert scene.resign_armed > 0 and "Who resigns?" in scene.banner_text()
    key(app, pygame.K_ESCAPE)  # changed their mind
    assert scene.resign_armed == 0 and not scene.match.is_over
    click_at(app, scene.buttons.resign.rect.center)
    click_at(app, scene.grid.center)  # a click elsewhere cancels too, and plays nothing
    assert scene.resign_armed == 0 and not scene.match.is_over and len(scene.match.moves) == 2
    click_at(app, scene.buttons.resign.rect.center)
    click_at(app, scene.cards[1].center)  # Bob's card, while Alice is to move
    assert scene.match.is_over and scene.match.moves[2:] == [Resignation(1)]
    assert step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), 300)
    results = app.scenes.top
    assert "Alice" in results.headline() and "Bob" not in results.headline()
    assert app.tr_reason(results.outcome.summary) == "A player resigned: the other wins."
    assert app.tr_reason(results.outcome.details[1]) == "Neko — resigned"
    assert app.open_replay(scene.match) is None  # the replay rebuilds the resignation from the save


def test_against_the_computer_the_human_resigns_while_it_thinks(app, monkeypatch):
    from hexgames.ai import agents
    from hexgames.core import records

    monkeypatch.setattr(agents, "HARD_BUDGET", 5.0)  # a long think: the resignation comes first
    hard = Seat("ai", "hard", "CPU 2")
    s = make(CHAIN_TWO, pool="RPG", cubes=("BY", "G"), chars=(0, 2), current=1)
    scene = start(app, [ALICE, hard], s)
    assert step_until(app, lambda: scene.ai_thinking, 300)
    assert scene.buttons.resign.is_enabled and not scene.can_act
    click_at(app, scene.buttons.resign.rect.center)
    assert not scene.match.is_over and scene.buttons.resign.text == "Really resign?"
    click_at(app, scene.buttons.resign.rect.center)
    assert scene.match.is_over and scene.match.moves == [Resignation(0)] and not scene.ai_thinking
    assert scene.match.outcome().ranks == (1, 0) and scene.match.outcome().ending == "resigned"
    (record,) = [r for r in records.load("toradama") if r.uid == scene.match.uid]
    assert records.save_of(record.id)["moves"] == [{"resign": 0}]  # recorded, replayable
    step(app, 10)
    assert scene.match.moves == [Resignation(0)]  # the computer's late answer is dropped


def test_a_single_press_of_resign_times_out(slow_app):
    scene = start(slow_app, [ALICE, CPU], chain_position(), auto_play=False)
    click_at(slow_app, scene.buttons.resign.rect.center)
    assert scene.resign_armed > 0
    step(slow_app, 60 * 4)
    assert scene.resign_armed == 0 and scene.buttons.resign.text == "Resign"
    click_at(slow_app, scene.buttons.resign.rect.center)
    assert not scene.match.is_over


# --- input state ---------------------------------------------------------------------------------------
def test_undo_clears_the_selection_the_hover_and_a_pending_resign(app):
    s = make(CHAIN_TWO, pool="RPG", chars=(0, 2))
    scene = start(app, [ALICE, CPU], s, auto_play=False)
    click_at(app, scene.pool_slots[0].center)
    click_at(app, scene.tile_rect(1, 3).center)  # the first of two tiles: Alice's turn goes on
    assert scene.match.state.phase == PLACING and scene.match.moves[-1] == Place(0, 1)
    click_at(app, scene.pool_slots[0].center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.tile_rect(0, 4).center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    click_at(app, scene.buttons.resign.rect.center)
    click_at(app, scene.pool_slots[1].center)
    assert scene.selected is not None and scene.resign_armed > 0 and scene.mouse != (-1, -1)
    click_at(app, scene.undo_button.rect.center)
    assert scene.match.moves == [] and scene.selected is None and scene.ball is None
    assert scene.resign_armed == 0 and scene.mouse == (-1, -1) and not scene.dragging


# --- the computer's moves -------------------------------------------------------------------------------
def test_every_computer_move_is_animated_and_worded_for_the_human(app, monkeypatch):
    app.settings.anim_speed = 50.0  # fast, but every step still plays
    scene = start(app, [ALICE, CPU], make(CHAIN_TWO, pool="RPG", cubes=("BY", "G"), chars=(0, 2), current=1),
                  auto_play=False)
    assert scene.match.to_move == 1 and not scene.match.moves
    shown = []
    original = scene.on_move_played

    def watch(before, move, after, by_ai):
        original(before, move, after, by_ai)
        if by_ai:
            shown.append((type(move).__name__, len(scene.timeline), scene.ai_line()))

    monkeypatch.setattr(scene, "on_move_played", watch)
    scene.auto_play = True
    assert step_until(app, lambda: scene.can_act, 3000)
    assert shown and all(steps > 0 for _, steps, _ in shown), shown
    for _, _, line in shown:
        assert line is not None and line[0] == 1 and line[1].startswith("CPU 2: ")
    words = shown[-1][2][1]
    assert any(w in words for w in ("dropped", "gave", "cleared", "okunote")), words
