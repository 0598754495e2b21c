"""A tiny game for the UI tests: two players take 1-3 tokens from a pile; whoever takes the last one
wins. Taking 3 "draws a secret card", which makes undo past it refused, like a refilled rack.

It exists so the shell's tests do not wait for (or break with) the real games.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Mapping

import pygame

from hexgames import games
from hexgames.core.protocol import Outcome, Reason, Rules
from hexgames.games import GameInfo, Mode, OptionSpec
from hexgames.ui.anim import Tween
from hexgames.ui.game_scene import GameScene


@dataclass(frozen=True)
class Pile:
    left: int
    to_move: int
    taken: tuple[int, ...]
    last: int | None = None


class PileRules(Rules[Pile, int]):
    id = "ui_toy"

    def setup(self, options: Mapping[str, Any], seats: int, seed: int) -> Pile:
        return Pile(int(options.get("pile", 7)), 0, (0,) * seats)

    def to_move(self, s: Pile) -> int:
        return s.to_move

    def legal_moves(self, s: Pile) -> list[int]:
        return [] if s.left == 0 else [n for n in (1, 2, 3) if n <= s.left]

    def check(self, s: Pile, m: int) -> str | None:
        if self.is_over(s):
            return Reason("core.game_over", "The game is over.")
        if m not in (1, 2, 3):
            return Reason("ui_toy.bad_count", "Take 1, 2 or 3 tokens.")
        if m > s.left:
            return Reason("ui_toy.too_many", "Only {left} left.", left=s.left)
        return None

    def copy(self, s: Pile) -> Pile:
        return s

    def play(self, s: Pile, m: int) -> Pile:
        from hexgames.core.protocol import IllegalMove

        reason = self.check(s, m)
        if reason is not None:
            raise IllegalMove(reason)
        taken = list(s.taken)
        taken[s.to_move] += m
        return replace(s, left=s.left - m, to_move=(s.to_move + 1) % len(s.taken), taken=tuple(taken), last=s.to_move)

    def is_over(self, s: Pile) -> bool:
        return s.left == 0

    def outcome(self, s: Pile) -> Outcome:
        ranks = tuple(0 if i == s.last else 1 for i in range(len(s.taken)))
        return Outcome(tuple(float(t) for t in s.taken), ranks, "The last token decides.",
                       tuple(f"took {t}" for t in s.taken))

    def observe(self, s: Pile, seat: int) -> Pile:
        return s

    def sample(self, view: Pile, seat: int, rng: random.Random) -> Pile:
        return view

    def encode(self, m: int) -> int:
        return m

    def decode(self, j: Any) -> int:
        if not isinstance(j, int) or isinstance(j, bool):
            raise ValueError("a move is a whole number")
        return j

    def reveals(self, s: Pile, m: int) -> str | None:
        return Reason("ui_toy.card", "a secret card was drawn.") if m == 3 else None


def greedy(state: Pile, rng: random.Random, noise: float) -> int:
    """Leave a multiple of 4 when possible (the winning strategy), else take 1."""
    best = state.left % 4
    return best if best in (1, 2, 3) else 1


class ToyScene(GameScene):
    """Three buttons drawn in the board area: take 1, 2 or 3."""

    def __init__(self, app, match):
        super().__init__(app, match)
        self.played: list[tuple[int, bool]] = []
        self.undos = 0
        self.drawn_viewers: list[int | None] = []

    def take_rects(self) -> list[pygame.Rect]:
        r = self.board_rect
        return [pygame.Rect(r.x + 40 + i * 130, r.centery - 40, 110, 80) for i in range(3)]

    def draw_game(self, surface: pygame.Surface) -> None:
        self.drawn_viewers.append(self.viewer)
        for i, rect in enumerate(self.take_rects()):
            pygame.draw.rect(surface, (70, 90, 120), rect, border_radius=8)
        font = self.app.font(20)
        surface.blit(font.render(f"{self.match.state.left}", True, (255, 255, 255)), self.board_rect.move(40, 40))

    def handle_game_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, rect in enumerate(self.take_rects()):
                if rect.collidepoint(event.pos):
                    if self.can_act:
                        self.submit(i + 1)
                    return True
        return False

    def on_move_played(self, before, move, after, by_ai: bool) -> None:
        self.played.append((move, by_ai))
        self.animator.add(Tween(0.0, 1.0, 0.2))

    def on_undo(self) -> None:
        self.undos += 1


GAME = GameInfo(
    id="ui_toy", title="Toy Pile", description="Take one to three; the last token wins.", rules=PileRules(),
    modes=(Mode("standard", (2, 3)),), options=(OptionSpec("pile", (7, 2, 3, 5, 10, 12)),), greedy=greedy,
    scene_path="tests.ui.toygame:ToyScene", rules_help="ui_toy",
)


def register() -> GameInfo:
    games.register(GAME)
    return GAME


class OpenPileRules(PileRules):
    """The toy with nothing private to anyone."""

    def private_info(self, s: Pile) -> bool:
        return False


OPEN_GAME = replace(GAME, id="ui_toy_open", title="Open Toy Pile", rules=OpenPileRules())


def register_open() -> GameInfo:
    """The same toy with nothing hidden: hot-seat needs no hand-over screen."""
    games.register(OPEN_GAME)
    return OPEN_GAME
