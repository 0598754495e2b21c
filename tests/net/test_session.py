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


def test_why_a_connection_failed_is_said_in_the_player_s_words():
    import asyncio
    import json
    import socket

    from hexgames import paths
    from hexgames.net.client import connection_problem

    cases = {ConnectionRefusedError(111, "Connect call failed"): "refused",
             socket.gaierror(-2, "Name or service not known"): "unknown_host",
             asyncio.TimeoutError(): "timeout", OSError(101, "Network is unreachable"): "network",
             RuntimeError("?"): "lost"}
    ja = json.loads((paths.TRANSLATIONS / "net.ja.json").read_text(encoding="utf-8"))["ja"]["connection"]
    for error, key in cases.items():
        reason = connection_problem(error)
        assert reason.key == f"net.connection.{key}" and key in ja
    assert connection_problem(OSError(101, "x")).params["code"] == "ENETUNREACH"


def test_a_server_that_cannot_be_reached_says_why_in_words_the_app_translates():
    import time

    from hexgames.net.client import Client

    with socket_bound() as port:  # a port nobody listens on
        client = Client(f"ws://127.0.0.1:{port}", reconnect=False).start()
        try:
            end = time.monotonic() + 10
            frames = []
            while not any(f.t == "connection" and f.d["state"] == "closed" for f in frames):
                assert time.monotonic() < end
                frames += client.poll()
                time.sleep(0.01)
        finally:
            client.close()
    closed = next(f for f in frames if f.t == "connection" and f.d["state"] == "closed")
    assert closed.d["why"].key == "net.connection.refused"


def socket_bound():
    """A context giving a free port (bound, not listening: connecting to it is refused)."""
    import contextlib
    import socket

    @contextlib.contextmanager
    def bound():
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            yield s.getsockname()[1]

    return bound()
