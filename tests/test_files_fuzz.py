"""No file in the user's folder can break the app: every reader fuzzed with hypothesis.

What is written where the app reads (a save picked by the player, the autosave, the settings, the
high-score table, and the shared reader itself): random bytes; valid files of every registered game
cut short at any byte; hostile JSON (nesting 100,000 deep, 5,000-digit numbers, NaN, a BOM, UTF-16);
and valid files with a field swapped for random JSON of the wrong type. The promises: a save gives a
match or a SaveError with a short message (no exception text, no echo of the data); the app's own
files give their data or are set aside (renamed, kept byte for byte) with one short notice and the
defaults; and the app started headless on such files reaches the menu and tells the player.
"""
from __future__ import annotations

import functools
import json
import os
import random
import signal
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexgames import games
from hexgames.core import files, highscores, saves
from hexgames.core.match import MAX_NAME, Match, Seat
from hexgames.core.protocol import MAX_MESSAGE
from hexgames.ui.settings import SETTINGS_NAME, Settings
from tests.test_conformance import BUILTIN
from tests.test_conformance_fuzz import JSON, mutated_encodings

ROOT = Path(__file__).resolve().parent.parent
FUZZ = settings(max_examples=int(os.environ.get("HEXGAMES_FUZZ_EXAMPLES") or 60), deadline=None,
                derandomize=not os.environ.get("HEXGAMES_FUZZ_EXAMPLES"),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])


# --- content -------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def good_saves() -> tuple[dict, ...]:
    """A short, valid, unfinished save of every registered game."""
    out = []
    for info in BUILTIN:
        n = info.min_seats if info.min_seats > 1 else min(2, info.max_seats)
        seats = [Seat("human", None, "Ann")] + [Seat("ai", "easy", f"CPU {i}") for i in range(1, n)]
        match = Match(info, seats, {}, 7)
        rng = random.Random(7)
        for _ in range(5):
            if match.is_over:
                break
            match.play(match.rules.random_move(match.state, rng))
        out.append(saves.match_to_dict(match))
    return tuple(out)


GOOD_SETTINGS = {"language": "ja", "anim_speed": 2.0, "show_targets": False}
GOOD_SCORES = {"ingenious/rack": [{"scores": [18, 12], "date": "2026-01-01", "seed": 3}],
               "flood": [{"scores": [1] * 100, "date": "2026-01-02", "seed": 4}]}  # too long: dropped alone


def hostile_texts() -> dict[str, bytes]:
    """Named contents that once crashed the app, or would have."""
    save = good_saves()[0]
    return {
        "deep lists": b"[" * 100_000,
        "deep objects": b'{"a":' * 50_000,
        "huge number": ('{"format": "hexgames-save", "version": 1, "seed": ' + "9" * 5000 + "}").encode(),
        "huge seed": json.dumps({**save, "seed": int("9" * 4000)}).encode(),
        "nan": b'{"format": "hexgames-save", "version": NaN, "language": Infinity}',
        "random bytes": bytes(random.Random(5).randrange(256) for _ in range(300)),
        "truncated": json.dumps(save).encode()[:77],
        "wrong types": json.dumps({**save, "moves": {"a": 1}, "seats": 5, "language": [1], "anim_speed": "x"}).encode(),
        "utf-16": json.dumps(GOOD_SETTINGS).encode("utf-16"),
        "empty": b"",
        "deep valid": json.dumps({**save, "options": {"x": json.loads("[" * 500 + "]" * 500)}}).encode(),
    }


def field_swapped(good: dict) -> st.SearchStrategy[bytes]:
    """`good` with one field replaced by random JSON (often of the wrong type), as UTF-8."""
    return st.tuples(st.sampled_from(sorted(good)), JSON).map(
        lambda kv: json.dumps({**good, kv[0]: kv[1]}).encode())


def truncated(good: dict) -> st.SearchStrategy[bytes]:
    raw = json.dumps(good).encode()
    return st.integers(0, len(raw) - 1).map(lambda n: raw[:n])


def anything_like(good: dict) -> st.SearchStrategy[bytes]:
    return st.one_of(st.binary(max_size=300), truncated(good), field_swapped(good),
                     JSON.map(lambda j: json.dumps(j).encode()), st.sampled_from(list(hostile_texts().values())))


def move_swapped(i: int) -> st.SearchStrategy[bytes]:
    """Game i's save with one of its moves replaced by a damaged move (see the conformance fuzz)."""
    good = good_saves()[i]

    def swap(args: tuple[int, object]) -> bytes:
        k, bad = args
        moves = list(good["moves"])
        moves[k % len(moves)] = bad
        return json.dumps({**good, "moves": moves}).encode()

    return st.tuples(st.integers(0, 99), mutated_encodings(good["game"])).map(swap)


SAVE_BYTES = st.sampled_from(range(len(BUILTIN))).flatmap(
    lambda i: st.one_of(anything_like(good_saves()[i]), move_swapped(i)))


# --- the promises ---------------------------------------------------------------------------------
def assert_short(message: str) -> None:
    assert message and len(message) <= MAX_MESSAGE and "\n" not in message, message
    assert "Traceback" not in message and "Error" not in message, message


def fresh_data_dir() -> Path:
    """Empty the test's data folder (hypothesis reuses it across examples) and drop old notices."""
    folder = saves.data_dir()
    for p in folder.iterdir():
        p.unlink()
    files.take_notices()
    return folder


def assert_set_aside_or_kept(folder: Path, name: str, raw: bytes, kept_as: str | None = None) -> None:
    """Either the file is still there unchanged (or renamed `kept_as` once used) and nothing was said,
    or it was renamed (kept byte for byte) and exactly one short notice was queued."""
    notices = files.take_notices()
    aside = [p for p in folder.iterdir() if ".damaged-" in p.name]
    if notices:
        assert len(notices) == 1 and len(aside) == 1
        assert aside[0].read_bytes() == raw and aside[0].name.startswith(Path(name).stem)
        assert_short(str(notices[0]))
    else:
        assert not aside and (folder / (kept_as or name)).read_bytes() == raw


@FUZZ
@given(raw=SAVE_BYTES)
def test_read_save_gives_a_match_or_a_short_save_error(tmp_path, raw):
    path = tmp_path / "picked.json"
    path.write_bytes(raw)
    try:
        match = saves.read_save(path, games.get)
    except saves.SaveError as e:
        assert_short(str(e))
    else:
        assert match.digest() == json.loads(raw)["digest"]
    assert path.read_bytes() == raw  # a file the player picked is never moved or changed


@FUZZ
@given(names=st.lists(st.text(max_size=300), min_size=1, max_size=4))
def test_names_in_a_save_come_back_as_one_short_line(tmp_path, names):
    good = good_saves()[0]
    seats = [{**seat, "name": names[i % len(names)]} for i, seat in enumerate(good["seats"])]
    path = tmp_path / "names.json"
    path.write_text(json.dumps({**good, "seats": seats}), encoding="utf-8")
    for seat in saves.read_save(path, games.get).seats:
        assert len(seat.name) <= MAX_NAME and seat.name == seat.name.strip()
        assert not any(unicodedata.category(c)[0] == "C" for c in seat.name), repr(seat.name)


@FUZZ
@given(raw=SAVE_BYTES)
def test_a_damaged_autosave_is_set_aside_with_one_notice(raw):
    folder = fresh_data_dir()
    saves.autosave_path().write_bytes(raw)
    resumed = saves.load_autosave(games.get)
    if resumed is not None:  # a valid save survived the fuzzing: it stays where it is
        assert_set_aside_or_kept(folder, saves.AUTOSAVE_NAME, raw)
        assert not [p for p in folder.iterdir() if ".damaged-" in p.name]
        return
    assert len(files.take_notices()) == 1  # refused: said once...
    aside = [p for p in folder.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes() == raw and not saves.autosave_path().exists()
    assert saves.load_autosave(games.get) is None and not files.take_notices()  # ...and only once


@FUZZ
@given(raw=anything_like(GOOD_SETTINGS))
def test_damaged_settings_give_the_defaults_and_are_set_aside(raw):
    folder = fresh_data_dir()
    (folder / SETTINGS_NAME).write_bytes(raw)
    loaded = Settings.load()
    assert isinstance(loaded, Settings) and loaded.language in ("en", "ja")
    assert_set_aside_or_kept(folder, SETTINGS_NAME, raw)
    assert isinstance(Settings.load(), Settings) and not files.take_notices()  # told once


@FUZZ
@given(raw=anything_like(GOOD_SCORES))
def test_a_damaged_high_score_table_starts_empty_and_is_set_aside(raw):
    folder = fresh_data_dir()
    (folder / highscores.FILE_NAME).write_bytes(raw)
    table = highscores.top("ingenious/rack")
    assert isinstance(table, list) and all(isinstance(e, highscores.Entry) for e in table)
    assert all(len(e.scores) <= highscores.MAX_SCORES and len(e.date) <= 40 for e in table)
    assert highscores.top("flood") == []
    assert_set_aside_or_kept(folder, highscores.FILE_NAME, raw, kept_as=highscores.FILE_NAME + highscores.IMPORTED_SUFFIX)
    assert highscores.record("ingenious/rack", (1, 1), seed=1) is not None


@FUZZ
@given(raw=st.one_of(st.binary(max_size=200), st.sampled_from(list(hostile_texts().values()))))
def test_the_shared_reader_gives_data_or_a_short_reason(tmp_path, raw):
    path = tmp_path / "any.json"
    path.write_bytes(raw)
    try:
        files.read_json(path)
    except files.UnreadableFile as e:
        assert_short(str(e.reason))
        assert e.reason.key.startswith("core.file.")


def test_unreadable_places_are_refused_too(tmp_path):
    (tmp_path / "folder.json").mkdir()
    for path in (tmp_path / "folder.json", tmp_path / "missing.json", tmp_path / ("x" * 5000)):
        with pytest.raises(files.UnreadableFile):
            files.read_json(path)
    with pytest.raises(files.MissingFile):
        files.read_json(tmp_path / "missing.json")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (files.MAX_FILE_BYTES + 1))
    with pytest.raises(files.UnreadableFile) as e:
        files.read_json(big)
    assert e.value.reason.key == "core.file.too_big"


# --- the app on damaged files ----------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["deep lists", "deep objects", "huge number", "random bytes", "truncated", "nan"])
def test_the_app_starts_on_damaged_files_and_says_so_once(kind):
    from hexgames.ui.menu import MenuScene
    from tests.drive import make_app, step

    folder = saves.data_dir()
    raw = hostile_texts()[kind]
    for name in (saves.AUTOSAVE_NAME, SETTINGS_NAME, highscores.FILE_NAME):
        (folder / name).write_bytes(raw)
    app = make_app("en")
    try:
        menu = app.scenes.top
        assert isinstance(menu, MenuScene) and menu.button_for("resume") is None
        assert highscores.top("ingenious/rack") == []
        step(app, 2)
        notices = app.notices.texts
        assert len(notices) == 3 and all(len(t) <= MAX_MESSAGE for t in notices), notices
        assert any("autosaved game" in t for t in notices) and any("settings" in t for t in notices)
        kept = sorted(p.name for p in folder.iterdir())
        assert not {saves.AUTOSAVE_NAME, SETTINGS_NAME, highscores.FILE_NAME} & set(kept)
        assert len([n for n in kept if ".damaged-" in n]) == 3
        app.open_menu()  # the menu again, as after a game: nothing more to say
        step(app, 2)
        assert app.notices.texts == notices
    finally:
        app.shutdown()


def test_the_notice_reads_naturally_in_japanese():
    from tests.drive import make_app, step

    (saves.data_dir() / saves.AUTOSAVE_NAME).write_bytes(b"[" * 100_000)
    app = make_app("ja")
    try:
        step(app, 2)
        (text,) = app.notices.texts
        assert text.startswith("自動保存されたゲームを使えませんでした：ファイルが壊れているか") and " 。" not in text
    finally:
        app.shutdown()


def test_main_py_starts_on_the_files_that_used_to_stop_it(tmp_path):
    """The issue's reproduction: a 5,000-digit number in the autosave and 100,000 nested brackets in
    the settings made `python main.py` die before the menu."""
    (tmp_path / saves.AUTOSAVE_NAME).write_bytes(hostile_texts()["huge number"])
    (tmp_path / SETTINGS_NAME).write_bytes(hostile_texts()["deep lists"])
    # AI in a thread: the app is ended from outside, and must leave no worker process behind
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HEXGAMES_DATA_DIR=str(tmp_path),
               PYTHONPATH=str(ROOT), HEXGAMES_AI_THREADS="1")
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py")], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        end = time.monotonic() + 90
        while time.monotonic() < end and proc.poll() is None:
            names = {p.name for p in tmp_path.iterdir()}
            if not {saves.AUTOSAVE_NAME, SETTINGS_NAME} & names:
                break  # both set aside: the menu was built
            time.sleep(0.2)
        time.sleep(1.0)  # a few frames of the menu loop with the notices up
        assert proc.poll() is None, proc.stderr.read().decode(errors="replace")[-2000:]
        assert len([p for p in tmp_path.iterdir() if ".damaged-" in p.name]) == 2
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
