"""The limits per client address (`guard`) and the fair public list (`listing.fair`), with the
time handed in: no sockets, no waiting."""
from __future__ import annotations

from websockets.datastructures import Headers

from hexgames.net.guard import AddressLimits, Guard, client_address, normal_address, origin, unlimited
from hexgames.net.listing import fair
from hexgames.net.store import SeatRecord, TableRecord

LIMITS = AddressLimits(connections=2, tables_per_hour=3, rate=2.0, burst=4, wrong_codes=2)


def test_connections_are_counted_per_address_and_given_back():
    guard = Guard(LIMITS)
    assert guard.connect("203.0.113.5", 0) is None and guard.connect("203.0.113.5", 0) is None
    assert guard.connect("203.0.113.5", 0).key == "net.error.address_connections"
    assert guard.connect("198.51.100.1", 0) is None  # another address is not held back
    guard.disconnect("203.0.113.5")
    assert guard.connect("203.0.113.5", 0) is None


def test_requests_share_one_bucket_per_address_refilled_at_its_rate():
    guard = Guard(LIMITS)
    assert [guard.request("a", 0.0) for _ in range(5)] == [True] * 4 + [False]
    assert guard.wait("a", 0.0) == 0.5  # one token in half a second at 2 a second
    assert guard.request("a", 0.5) and not guard.request("a", 0.5)
    assert guard.request("b", 0.5)
    assert guard.wait("a", 100.0) == 0.0


def test_tables_an_hour_and_wrong_codes_a_minute():
    guard = Guard(LIMITS)
    assert [guard.create("a", 0) for _ in range(3)] == [None] * 3
    assert guard.create("a", 0).key == "net.error.address_tables"
    assert guard.create("a", 1200) is None  # a third of an hour gives one back
    assert guard.codes_refused("a", 0) is None
    guard.wrong_code("a", 0)
    guard.wrong_code("a", 0)
    assert guard.codes_refused("a", 0).key == "net.error.wrong_codes"
    assert guard.codes_refused("b", 0) is None
    assert guard.codes_refused("a", 30) is None  # half a minute gives one back


def test_an_unlimited_address_is_never_held_back():
    guard = Guard(AddressLimits(connections=1, burst=1, unlimited=unlimited(["127.0.0.1"])))
    assert all(guard.connect("127.0.0.1", 0) is None for _ in range(5))
    assert all(guard.request("127.0.0.1", 0) for _ in range(5))
    assert not guard.states


def test_addresses_at_rest_are_forgotten():
    guard = Guard(LIMITS)
    guard.connect("held", 0)
    guard.request("busy", 0)
    guard.request("idle", 0)
    guard.sweep(1.0)  # "idle" refilled its one token; "busy" too: neither holds a connection
    assert set(guard.states) == {"held"}


def test_the_client_address_is_the_socket_s_unless_a_trusted_proxy_adds_one():
    proxied = Headers([("X-Forwarded-For", "10.9.9.9, 198.51.100.7"), ("X-Forwarded-For", "203.0.113.5")])
    assert client_address(("127.0.0.9", 4000), proxied) == "127.0.0.9"
    assert client_address(("127.0.0.9", 4000), proxied, trust_proxy=True) == "203.0.113.5"  # the proxy's own entry
    for bad in ("", "203.0.113.5:80", "x, ", "999.1.1.1", "[::1"):
        assert client_address(("127.0.0.9", 4000), Headers({"X-Forwarded-For": bad}), True) == "127.0.0.9", bad
    assert client_address(("127.0.0.9", 4000), Headers(), True) == "127.0.0.9"


def test_ipv6_clients_are_counted_by_their_64_network():
    assert normal_address("2001:db8:1:2:aaaa::1") == normal_address("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert normal_address("2001:db8:1:3::1") != normal_address("2001:db8:1:2::1")
    assert normal_address("::ffff:203.0.113.5") == "203.0.113.5"
    assert normal_address("[2001:db8::1]") == "2001:db8::/64"


def test_an_origin_is_a_keyed_hash_of_the_address():
    a, b = origin("203.0.113.5", b"k" * 32), origin("203.0.113.5", b"j" * 32)
    assert a != b and len(a) == 32 and "203" not in a
    assert origin("203.0.113.5", b"k" * 32) == a


def _table(code: str, who: str, created: float) -> TableRecord:
    return TableRecord(code, "ingenious", {}, 1, [SeatRecord("human"), SeatRecord("human")], 0, "h",
                       created=created, origin=who)


def test_the_list_takes_every_creator_s_newest_first_then_round_robin():
    spam = [_table(f"S{i:05d}", "spam", 100.0 + i) for i in range(2000)]
    honest = [_table("HONEST", "ann", 50.0), _table("OLDER", "ann", 10.0)]
    other = [_table("BOB", "bob", 99.0)]
    listed = fair(spam + honest + other, 100)
    assert [r.code for r in listed[:6]] == ["S01999", "BOB", "HONEST", "S01998", "OLDER", "S01997"]
    assert len(listed) == 100
    assert [r.code for r in fair(honest, 100)] == ["HONEST", "OLDER"]
