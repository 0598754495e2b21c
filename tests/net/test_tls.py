"""wss://: `serve --cert --key` speaks TLS, the app joins wss:// addresses, and a certificate the app
refuses (signed by nobody it trusts, or for another name) is told in the player's words. The
certificates come from a test authority (`trustme`) the trusting clients are handed; the app itself
trusts what the system trusts."""
from __future__ import annotations

import ssl
import time

import pytest
import trustme

from hexgames.net.client import Client
from hexgames.net.server import serve_command
from hexgames.net.session import server_url
from hexgames.net.tls import CertificateError, server_context
from tests.net.netplay import TIMEOUT, Auditor, over, play_until, start_server, table

pytestmark = pytest.mark.netplay


@pytest.fixture(scope="module")
def authority() -> trustme.CA:
    return trustme.CA()


def certificate(authority: trustme.CA, folder, name: str) -> tuple[str, str]:
    """A certificate for `name` signed by `authority`, and its key, as PEM files in `folder`."""
    issued = authority.issue_cert(name)
    cert, key = folder / f"{name}.crt", folder / f"{name}.key"
    issued.cert_chain_pems[0].write_to_path(str(cert))
    issued.private_key_pem.write_to_path(str(key))
    return str(cert), str(key)


def trusting(authority: trustme.CA) -> ssl.SSLContext:
    context = ssl.create_default_context()
    authority.configure_trust(context)
    return context


@pytest.fixture
def secure_server(tmp_path, authority):
    auditor = Auditor()
    server = start_server(tmp_path / "tables.sqlite3", auditor, tls=server_context(*certificate(authority, tmp_path,
                                                                                                   "127.0.0.1")))
    yield server, auditor
    server.stop()


def test_a_client_that_trusts_the_certificate_plays_a_whole_game_over_wss(secure_server, authority):
    server, auditor = secure_server
    url = server_url(f"wss://127.0.0.1:{server.port}")
    assert url.startswith("wss://")
    players, _ = table(url, "toradama", seed=3, ssl_context=trusting(authority))
    play_until(players, over(players))
    assert players[0].first("final").d["match"].is_over and auditor.problems == []
    for p in players:
        p.close()


def refusal(url: str, **client) -> object:
    """Why a client that does not retry could not connect (the "closed" connection frame's why)."""
    c = Client(url, reconnect=False, **client).start()
    try:
        end = time.monotonic() + TIMEOUT
        while time.monotonic() < end:
            for f in c.poll():
                if f.t == "connection" and f.d["state"] == "closed":
                    return f.d["why"]
            time.sleep(0.01)
        raise TimeoutError("the client never gave up")
    finally:
        c.close()


def test_a_certificate_the_app_does_not_trust_is_refused_in_words(secure_server):
    server, _ = secure_server
    why = refusal(f"wss://127.0.0.1:{server.port}")  # the system's trust: the test authority is not in it
    assert why.key == "net.connection.certificate"
    assert str(why).startswith("the server's certificate was refused: ") and "certificate" in why.params["why"]


def test_a_certificate_for_another_name_is_refused_in_words(tmp_path, authority):
    server = start_server(tmp_path / "tables.sqlite3", tls=server_context(*certificate(authority, tmp_path,
                                                                                          "example.org")))
    try:
        why = refusal(f"wss://127.0.0.1:{server.port}", ssl_context=trusting(authority))
        assert why.key == "net.connection.certificate" and "mismatch" in why.params["why"].lower()
    finally:
        server.stop()


def test_serve_refuses_a_missing_or_bad_certificate_in_words_before_it_starts(tmp_path, authority, capsys):
    cert, key = certificate(authority, tmp_path, "127.0.0.1")
    garbage = tmp_path / "garbage.pem"
    garbage.write_text("not a certificate")
    for c, k, words in ((str(tmp_path / "none.crt"), key, "does not exist"), (str(garbage), key, "cannot be used"),
                        (cert, str(garbage), "cannot be used")):
        with pytest.raises(CertificateError, match=words):
            server_context(c, k)
        assert serve_command("127.0.0.1", 0, str(tmp_path / "t.sqlite3"), 300.0, 10, cert=c, key=k) == 1
        assert words in capsys.readouterr().err
    assert not (tmp_path / "t.sqlite3").exists()  # refused before anything was opened


def test_the_app_takes_wss_ws_and_bare_addresses():
    assert server_url("wss://games.example.org:443") == "wss://games.example.org:443"
    assert server_url("wss://games.example.org") == "wss://games.example.org:8765"
    assert server_url("ws://10.0.0.2:9000") == "ws://10.0.0.2:9000"
    assert server_url("10.0.0.2") == "ws://10.0.0.2:8765"


def test_the_refusal_has_english_and_japanese_words():
    import json

    from hexgames import paths

    for language in ("en", "ja"):
        words = json.loads((paths.TRANSLATIONS / f"net.{language}.json").read_text(encoding="utf-8"))
        connection = words[language]["connection"]
        assert "%{why}" in connection["certificate"] and "%{why}" in connection["tls"]
