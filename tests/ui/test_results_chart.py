"""The results screen's score-over-time chart: one panel per score track, the lines ending at the
final scores, laid out beside the ranking at every window size."""
from __future__ import annotations

import pytest

from hexgames.ui import chart
from hexgames.ui.results import ResultsScene
from hexgames.ui.screenshot import build_match
from tests.drive import make_app, step


def _results_for(game_id: str, size: tuple[int, int], language: str = "en"):
    app = make_app(language)
    app.resize(size)
    match = build_match(game_id, 4, 0, to_end=True)
    app.start_match(match)
    step(app, 2)
    game = app.scenes.stack[0]
    game.auto_play = False
    results = ResultsScene(app, game)
    app.scenes.push(results)
    step(app, 2)
    return app, match, results


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_ingenious_charts_each_colour_of_each_player_to_its_final_score(size):
    app, match, results = _results_for("ingenious", size, "ja")
    final = match.state.scores
    assert [len(p.lines) for p in results.panels] == [6] * len(final)
    for panel, track in zip(results.panels, final):
        assert [line.values[-1] for line in panel.lines] == track
        assert all(line.values[0] == 0 and line.marker is not None for line in panel.lines)
    assert results.box.contains(results.chart_rect) and not results.chart_rect.colliderect(results.table.inflate(-24, 0))
    assert app.screen.get_rect().contains(results.box)
    app.shutdown()


def test_sample_keeps_the_first_and_last_state_and_thins_long_games():
    states = list(range(1000))
    out = chart.sample(states, 50)
    assert len(out) == 50 and out[0] == 0 and out[-1] == 999 and out == sorted(out)
    assert chart.sample(states[:10], 50) == states[:10]


def test_a_game_without_a_chart_keeps_the_narrow_results_box(app):
    from tests.ui.test_shell import HUMAN_VS_AI, start

    game = start(app, HUMAN_VS_AI)
    results = ResultsScene(app, game)
    results.enter()
    assert results.panels == [] and results.box.w <= 760 and results.chart_rect.w == 0
    results.exit()



def test_clans_charts_the_colours_and_each_players_villages():
    app, match, results = _results_for("clans", (1280, 800))
    final = match.state
    colours, founders = results.panels
    assert [line.values[-1] for line in colours.lines] == list(final.points)
    assert [line.values[-1] for line in founders.lines] == list(final.founded)
    assert all(line.marker is not None for line in colours.lines + founders.lines)
    app.shutdown()


def test_every_game_charts_its_scores():
    from hexgames import games

    for info in games.registered():
        if not type(info.rules).__module__.startswith("hexgames.games."):
            continue
        app, match, results = _results_for(info.id, (1024, 700))
        assert results.panels, f"{info.id} has no score chart"
        for panel in results.panels:
            assert panel.lines and all(len(line.values) >= 2 for line in panel.lines)
        app.shutdown()
