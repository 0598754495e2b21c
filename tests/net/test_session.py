"""What a player types as a server's address, read as the URL it names or refused in words."""
import pytest

from hexgames.net.session import AddressError, lan_address, server_url


@pytest.mark.parametrize("typed, url", [
    ("192.168.1.5", "ws://192.168.1.5:8765"),
    (" 192.168.1.5:9000 ", "ws://192.168.1.5:9000"),
    ("game-box.local", "ws://game-box.local:8765"),
    ("ws://example.org:80/", "ws://example.org:80"),
    ("wss://example.org", "wss://example.org:8765"),
    ("[::1]:8000", "ws://[::1]:8000"),
    ("ws://[fe80::1]", "ws://[fe80::1]:8765"),
])
def test_an_address_as_players_type_it_names_its_server(typed, url):
    assert server_url(typed) == url


@pytest.mark.parametrize("typed", ["", "   ", "http://example.org", "host:0", "host:70000", "host:abc",
                                   "my host", "ws://"])
def test_an_address_that_names_no_server_is_refused_in_words(typed):
    with pytest.raises(AddressError) as e:
        server_url(typed)
    assert str(e.value)


def test_this_machine_s_address_is_an_ipv4_address():
    parts = lan_address().split(".")
    assert len(parts) == 4 and all(p.isdigit() and 0 <= int(p) < 256 for p in parts)
