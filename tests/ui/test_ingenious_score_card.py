"""Ingenious' score cards say each player's score as a number, read at a glance: the lowest colour
(the boxed column), at the right of the names' row (`games/ingenious/view_panel.py`)."""
from __future__ import annotations

import random

import pytest

from hexgames.core.match import Seat
from hexgames.games import new_match
from hexgames.games.ingenious import view_panel
from tests.drive import make_app, step


def _drawn_texts(monkeypatch) -> list[tuple[str, tuple[float, float], str]]:
    """What the panel writes, as (text, position, anchor), from here on."""
    drawn: list[tuple[str, tuple[float, float], str]] = []
    real = view_panel.draw.text

    def spy(surface, font, content, pos, *args, anchor="center", **kw):
        drawn.append((content, pos, anchor))
        return real(surface, font, content, pos, *args, anchor=anchor, **kw)

    monkeypatch.setattr(view_panel.draw, "text", spy)
    return drawn


@pytest.mark.parametrize("language, word", [("en", "Score"), ("ja", "得点")])
@pytest.mark.parametrize("mode, seats", [("standard", 2), ("team", 4)])
def test_each_score_card_shows_its_track_s_lowest_colour_as_its_score(monkeypatch, language, word, mode, seats):
    app = make_app(language)
    try:
        players = [Seat("human", None, "Ann")] + [Seat("ai", "easy", f"CPU {i}") for i in range(1, seats)]
        match = new_match("ingenious", players, {"mode": mode}, 11)
        rng = random.Random(4)
        while len(match.moves) < 12:  # a few placements, so the tracks differ
            match.play(rng.choice(list(match.rules.legal_moves(match.state))))
        app.start_match(match)
        scene = app.scenes.top
        scene.auto_play = False
        step(app, 2)
        scene.displayed_state().scores[0][:] = [5, 3, 7, 4, 9, 6]  # the first track's score is 3
        drawn = _drawn_texts(monkeypatch)
        scene.panel_view.forget()
        step(app)
        state = scene.displayed_state()
        panel = scene.geo.panel
        for track, on_screen in scene.geo.cards.items():
            card = on_screen.move(-panel.x, -panel.y)  # the panel is painted on a surface of its own
            inner = card.inflate(-20, -14)
            score = str(min(state.scores[track]))
            numbers = [(t, pos) for t, pos, anchor in drawn if anchor == "midright" and pos[0] == inner.right
                       and card.y <= pos[1] <= card.y + 60]
            assert numbers and numbers[0][0] == score, f"track {track}: {numbers} for scores {state.scores[track]}"
            assert track != 0 or score == "3"
            assert any(t == word and card.y <= pos[1] <= card.y + 60 for t, pos, _ in drawn), f"no {word!r} by it"
    finally:
        app.shutdown()
