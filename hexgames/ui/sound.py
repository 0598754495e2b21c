"""Short sound effects, synthesised at start-up (no sound files to ship or license).

Each effect is a few notes of a soft plucked tone written as 16-bit PCM into a `pygame.mixer.Sound`.
Sound is optional in every way: under the dummy audio driver (tests, CI), without an audio device, or
when the mixer fails to start, `Sounds` stays silent and every call does nothing. Volume and mute come
from the settings at each play, so changing them takes effect at once.
"""
from __future__ import annotations

import math
import os
from array import array
from typing import Callable

import pygame

RATE = 22050
# effect -> notes as (frequency Hz, start s, length s, loudness 0..1)
EFFECTS: dict[str, tuple[tuple[float, float, float, float], ...]] = {
    "place": ((196.0, 0.0, 0.09, 0.8), (392.0, 0.0, 0.05, 0.3)),
    "select": ((660.0, 0.0, 0.05, 0.35),),
    "score": ((523.3, 0.0, 0.10, 0.6), (784.0, 0.07, 0.16, 0.6)),
    "village": ((392.0, 0.0, 0.35, 0.45), (493.9, 0.04, 0.33, 0.4), (587.3, 0.08, 0.32, 0.4)),
    "chain": ((523.3, 0.0, 0.09, 0.5), (659.3, 0.06, 0.09, 0.5), (784.0, 0.12, 0.2, 0.55)),
    "error": ((155.6, 0.0, 0.12, 0.45), (146.8, 0.08, 0.14, 0.45)),
    "end": ((523.3, 0.0, 0.16, 0.5), (659.3, 0.14, 0.16, 0.5), (784.0, 0.28, 0.16, 0.5), (1046.5, 0.42, 0.5, 0.55)),
}


def pcm(notes: tuple[tuple[float, float, float, float], ...], rate: int = RATE) -> array:
    """Mono signed 16-bit samples: each note a sine with a little second harmonic, a 4 ms attack and
    an exponential decay, mixed and scaled to a peak of 80% of full scale (the volume setting, not
    the recording, decides how loud an effect is)."""
    end = max(start + length for _, start, length, _ in notes)
    out = [0.0] * int(end * rate + 1)
    for freq, start, length, loud in notes:
        first, n = int(start * rate), int(length * rate)
        attack = max(1, int(0.004 * rate))
        for i in range(n):
            t = i / rate
            env = min(1.0, i / attack) * math.exp(-5.0 * t / length)
            wave = math.sin(2 * math.pi * freq * t) + 0.25 * math.sin(4 * math.pi * freq * t)
            out[first + i] += loud * env * wave
    peak = max(1e-9, max(abs(v) for v in out) / 0.8)
    return array("h", (int(v / peak * 32767) for v in out))


class Sounds:
    """The app's effects. `play(name)` is safe to call anywhere, with or without audio."""

    def __init__(self, volume: Callable[[], float]):
        self._volume = volume
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.enabled = self._start_mixer()
        if self.enabled:
            for name, notes in EFFECTS.items():
                self._sounds[name] = pygame.mixer.Sound(buffer=pcm(notes).tobytes())
        self.played: list[str] = []  # names asked for, newest last (tests and the silent case too)

    @staticmethod
    def _start_mixer() -> bool:
        if os.environ.get("SDL_AUDIODRIVER", "").lower() in ("dummy", "disk"):
            return False
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
        except pygame.error:
            return False  # no audio device: play silently
        return pygame.mixer.get_init() is not None

    def play(self, name: str) -> None:
        self.played = (self.played + [name])[-32:]
        volume = self._volume()
        sound = self._sounds.get(name)
        if sound is None or volume <= 0:
            return
        sound.set_volume(volume)
        sound.play()

    def close(self) -> None:
        if self.enabled:
            pygame.mixer.quit()
            self.enabled = False
