"""A server of several processes has several addresses: a player types them comma separated, the app
remembers them all with the seat, and the client goes on to the next when one is lost."""
from __future__ import annotations

import pytest

from hexgames.net import places
from hexgames.net.places import Place
from hexgames.net.session import AddressError, server_urls
from hexgames.net.store import SqliteTableStore
from hexgames.net.server import ServerThread
from tests.net.netplay import Player
from tests.services import free_port

pytestmark = pytest.mark.netplay


def test_several_addresses_are_typed_comma_separated():
    assert server_urls("h1:9000, h2 ,ws://[::1]:8000") == ["ws://h1:9000", "ws://h2:8765", "ws://[::1]:8000"]
    assert server_urls("h1") == ["ws://h1:8765"]
    for typed in ("", " , ", "h1,my host", "h1,http://h2"):
        with pytest.raises(AddressError):
            server_urls(typed)


def test_a_seat_is_remembered_with_every_address_of_its_server():
    url = "ws://h1:9000,ws://h2:9001"
    places.remember(Place(url, "ABC234", "0123456789abcdef" * 2, "clans", False, "Ann", 1))
    assert [p.url for p in places.load()] == [url]


def test_the_client_goes_on_to_the_next_address_when_its_server_stops(tmp_path):
    path = tmp_path / "tables.sqlite3"
    first = ServerThread(SqliteTableStore(path), ai_in_process=False)
    first.start()
    second_port = free_port()
    urls = [f"ws://127.0.0.1:{free_port()}", f"ws://127.0.0.1:{first.port}", f"ws://127.0.0.1:{second_port}"]
    player = Player(urls, "host")  # nothing answers at the first address: the next one is tried
    try:
        player.client.create("clans", ["human", "human"], name="Ann")
        code = player.wait_type("welcome").d["code"]
        mark = len(player.frames)
        first.stop()  # closes with 1012: the client goes on to the next address, and the next...
        second = ServerThread(SqliteTableStore(path), port=second_port, ai_in_process=False)
        second.start()  # ...until this one, on the same store, answers: the seat is resumed there
        try:
            synced = player.wait(lambda f: f.t == "sync", start=mark)
            assert synced.d["code"] == code  # only the third address answers now
        finally:
            second.stop()
    finally:
        player.close()
