from hypothesis import given, strategies as st

from hexgames.core import hexgrid as hg

coords = st.tuples(st.integers(-9, 9), st.integers(-9, 9))


def test_board_sizes_match_the_rules():
    assert [len(list(hg.hexes_within(r))) for r in (5, 6, 7)] == [91, 127, 169]


def test_ring_is_the_hexes_at_that_distance_in_order():
    ring = hg.ring(5)
    assert len(ring) == 30 and len(set(ring)) == 30
    assert all(hg.radius(h) == 5 for h in ring)
    assert all(hg.distance(a, b) == 1 for a, b in zip(ring, ring[1:] + ring[:1]))


@given(coords, st.floats(8, 60))
def test_pixel_round_trip(h, size):
    assert hg.from_pixel(*hg.to_pixel(h, size, (400, 300)), size, (400, 300)) == h


@given(coords)
def test_neighbours_are_at_distance_one_and_directions_invert(h):
    for d, n in enumerate(hg.neighbours(h)):
        assert hg.distance(h, n) == 1
        assert hg.direction_between(h, n) == d
        assert hg.direction_between(n, h) == (d + 3) % 6


def test_up_is_straight_up_on_screen():
    x, y = hg.to_pixel(hg.neighbour((0, 0), hg.UP), 10)
    assert abs(x) < 1e-9 and y < 0


def test_cube_round_trip():
    for h in hg.hexes_within(3):
        assert hg.from_cube(*hg.to_cube(h)) == h
