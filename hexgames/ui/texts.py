"""The player's language: a key's text (python-i18n, English where a translation is missing), a
rules' reason in words, a list in running text; counts take the language's plural forms; a sentence
about the player the app calls "You" (the tutorial's) agrees with that subject.

A key found missing is remembered per language (python-i18n searches the disk for it on every call),
so a screen that asks for one sixty times a second does not.
"""
from __future__ import annotations

from typing import Any, Callable

from hexgames.core.protocol import Reason, clip

YOU_KEY = "learn.tutorial.you"  # the name of the player the app addresses ("You", "あなた")
YOU_FORMS = "you"  # `you.<key>`: the form of a text whose %{name} is that player ("You play Tora."), in
# assets/translations/you.<lang>.json (English has them; Japanese sentences need none)


class Texts:
    """Translations in the language `language()` names (the app's setting, as it changes)."""

    def __init__(self, language: Callable[[], str]):
        self.language = language
        self._missing: set[tuple[str, str]] = set()  # (language, key) pairs known to have no text
        self._own: dict[tuple[str, str], bool] = {}  # (language, key): whether that language has the key itself

    def tr(self, key: str, default: str | None = None, **params: Any) -> str:
        """Translate `key` in the active language (English fallback); a missing key gives `default`
        (formatted with `{param}`), else the key itself so the gap is visible.

        Counts: a text that changes with a number takes it as the param `count`, and its translation
        may be a table of plural forms, python-i18n's own: `{"one": "%{count} cell", "other": "%{count}
        cells"}` (see `plural_table`); a language without plural forms (Japanese) gives one string.

        Agreement: when the param `name` is the player addressed as You (`YOU_KEY`'s text) and the
        language has a `you.<key>` form (`YOU_FORMS`), that form is taken ("%{name} plays" gives "You
        play", not "You plays"); a language whose sentences need no such form (Japanese) has none."""
        import i18n

        if params.get("name") is not None and params["name"] == self.tr(YOU_KEY) and self.has_own(f"{YOU_FORMS}.{key}"):
            key = f"{YOU_FORMS}.{key}"
        miss = (self.language(), key)
        if miss not in self._missing:
            try:
                text = i18n.t(key, **params)
            except TypeError:  # plural forms asked without a whole-number `count`: a caller's slip
                text = None
            if text is not None and text != key:
                return text
            if text is not None:
                self._missing.add(miss)  # i18n searches the disk for a missing key on every call
        if default is None:
            return key
        try:
            return default.format(**params)
        except (KeyError, IndexError, ValueError):
            return default

    def tr_reason(self, reason: Any) -> str:
        """A rules' reason in the active language: `Reason`s by key and params (params that are
        reasons themselves are translated too), anything else as its text."""
        if not isinstance(reason, Reason):
            return "" if reason is None else clip(str(reason))
        params = {k: self.tr_reason(v) if isinstance(v, Reason) else v for k, v in reason.params.items()}
        return clip(self.tr(reason.key, default=None, **params) if self._has(reason.key) else str(reason))

    def join(self, items: "list[str] | tuple[str, ...]") -> str:
        """A list in running text: "a, b, c" in English, "a、b、c" in Japanese."""
        return self.tr("ui.list_sep", default=", ").join(items)

    def has_own(self, key: str) -> bool:
        """Whether the active language has `key` itself (not through the English fallback)."""
        from i18n import resource_loader, translations

        lang = self.language()
        found = self._own.get((lang, key))
        if found is None:
            if not translations.has(key, lang):
                resource_loader.search_translation(key, lang)
            found = self._own[(lang, key)] = translations.has(key, lang)
        return found

    def _has(self, key: str) -> bool:
        return self.tr(key, count=0) != key  # a count, so that plural forms answer too


PLURAL_FORMS = ("zero", "one", "few", "many", "other")


def plural_table(value: Any) -> bool:
    """Whether a value in a translation file is a table of plural forms (python-i18n takes a dict
    with two or more of `PLURAL_FORMS` so, and picks a form by the param `count`: 0 "zero", 1
    "one", else "other"; "few" and "many" are best left out, as i18n reads "few" as 2 to 5), not
    a group of keys."""
    return isinstance(value, dict) and len(set(PLURAL_FORMS) & set(value)) >= 2


def dedupe_translation_paths() -> None:
    """Each UIManager appends its folders to python-i18n's global search path; keep each once so
    a missing key is not searched for again and again (tests make many Apps)."""
    import i18n

    i18n.load_path[:] = list(dict.fromkeys(i18n.load_path))
