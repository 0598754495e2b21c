"""The app the game scene tests drive: English, animations finished at once (Ingenious and Clans
watch their animations run, so they keep an app at normal speed of their own)."""
import pytest

from hexgames.ui.anim import INSTANT
from tests.drive import make_app


@pytest.fixture
def app():
    application = make_app("en", anim_speed=INSTANT)
    yield application
    application.shutdown()
