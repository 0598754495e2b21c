"""Every refusal the server can send has its words in English and Japanese, with the same blanks."""
import json
import re

from pathlib import Path

import hexgames.net
from hexgames import paths

NET = Path(hexgames.net.__file__).parent


def _used_codes() -> dict[str, str]:
    """code -> English text, from every RoomError / FrameError / server error raised in hexgames/net
    (and the per-address refusals of `guard`)."""
    found = {}
    pattern = re.compile(r'(?:RoomError|_error|refusal)\((?:conn, )?"(\w+)", "([^"]*)"')
    for path in NET.glob("*.py"):
        for code, text in pattern.findall(path.read_text(encoding="utf-8")):
            assert found.setdefault(code, text) == text, f"{code} has two texts"
            found[code] = text
    return found


def _blanks(text: str) -> set[str]:
    return set(re.findall(r"%\{(\w+)\}", text)) | set(re.findall(r"(?<!%)\{(\w+)\}", text))


def test_every_error_has_english_and_japanese_words_with_the_same_blanks():
    en = json.loads((paths.TRANSLATIONS / "net.en.json").read_text(encoding="utf-8"))["en"]["error"]
    ja = json.loads((paths.TRANSLATIONS / "net.ja.json").read_text(encoding="utf-8"))["ja"]["error"]
    used = _used_codes()
    assert len(used) >= 30
    assert set(used) == set(en) == set(ja)
    for code, text in used.items():
        assert en[code].replace("%{", "{") == text, code  # the English file says what the code says
        assert _blanks(ja[code]) == _blanks(text), code
