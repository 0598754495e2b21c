"""Sound effects: synthesised, silent without audio (tests run under the dummy audio driver), set by
volume and mute in the settings, and asked for at the moments that matter."""
from __future__ import annotations

import pygame

from hexgames.ui import sound
from hexgames.ui.settings import Settings, SettingsScene
from tests.ui.conftest import click


def test_every_effect_is_short_loud_enough_and_never_clips():
    for name, notes in sound.EFFECTS.items():
        samples = sound.pcm(notes)
        assert 0.04 < len(samples) / sound.RATE < 1.0, name
        peak = max(abs(v) for v in samples)
        assert 0.5 * 32767 < peak <= 32767, name


def test_no_audio_device_or_dummy_driver_means_silence_not_a_crash(app, monkeypatch):
    assert not app.sound.enabled  # the tests' dummy driver
    app.sound.play("place")  # does nothing, raises nothing
    assert app.sound.played[-1] == "place"

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setenv("SDL_AUDIODRIVER", "pulseaudio")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    quiet = sound.Sounds(volume=lambda: 1.0)
    assert not quiet.enabled
    quiet.play("end")


def test_sound_and_volume_are_settings_changed_by_clicks(app):
    app.scenes.push(SettingsScene(app))
    scene = app.scenes.top
    click(app, next(b for b, name in scene.volume_buttons.items() if name == "loud"))
    assert app.settings.volume == 1.0 and Settings.load().volume == 1.0
    assert app.settings.effective_volume == 1.0
    click(app, app.scenes.top.sound_button)
    assert app.settings.muted and Settings.load().muted and app.settings.effective_volume == 0.0
    assert all(not b.is_enabled for b in app.scenes.top.volume_buttons)  # no volume while muted
    assert Settings.from_dict({"volume": 3, "muted": "no"}) == Settings()


def test_a_move_a_refusal_and_the_end_each_make_their_sound(app):
    from tests.ui.test_shell import HUMAN_VS_AI, start

    game = start(app, HUMAN_VS_AI, pile=2)
    game.submit(99)
    assert app.sound.played[-1] == "error"
    game.submit(2)  # takes the last tokens: the game ends
    assert "place" in app.sound.played
    game.show_results()
    assert app.sound.played[-1] == "end"
