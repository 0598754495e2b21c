"""A few move-log texts per game, read as a player reads them, in English and Japanese."""
import pytest

from hexgames import games
from tests.drive import make_app


@pytest.fixture(scope="module")
def apps():
    en = make_app("en")
    yield en
    en.shutdown()


def words(app, reason, language):
    app.set_language(language)
    try:
        return app.tr_reason(reason)
    finally:
        app.set_language("en")


def setup(game_id, seats=2, seed=3, **options):
    info = games.get(game_id)
    return info.rules, info.rules.setup(info.resolve_options(options or None, seats), seats, seed)


def test_ingenious_names_the_tile_and_what_it_scored(apps):
    from hexgames.games.ingenious.rules import BLUE, RED, Place, Swap

    rules, s = setup("ingenious")
    place = Place((RED, RED), (4, 0), (3, 0))  # touches the red start symbol at (5, 0): one red point
    assert words(apps, rules.describe(s, place, None), "en") == "placed red/red on the right: +1 red"
    assert words(apps, rules.describe(s, place, None), "ja") == "赤/赤を右側に配置（赤+1）"
    none = Place((BLUE, BLUE), (1, 0), (1, 1))
    assert words(apps, rules.describe(s, none, 0), "en") == "placed blue/blue in the centre: no points"
    top = Place((BLUE, BLUE), (0, -5), (1, -5))
    assert words(apps, rules.describe(s, top, 0), "en") == "placed blue/blue at the top: no points"
    assert words(apps, rules.describe(s, Swap(True), 1), "ja") == "手持ちタイルをすべて交換"
    s.scores[s.current] = [17] * 6  # one point short of 18 everywhere: the red point earns a bonus
    assert words(apps, rules.describe(s, place, 0), "en") == "placed red/red on the right: +1 red – Ingenious! A bonus placement"
    assert words(apps, rules.describe(s, place, 0), "ja") == "赤/赤を右側に配置（赤+1）　インジーニアス！追加配置1回"


def test_clans_names_the_terrains_the_map_shows(apps):
    rules, s = setup("clans", seats=3)
    m = rules.legal_moves(s)[0]
    names = {"mountains": ("Mountains", "山岳"), "forest": ("Forest", "森"), "steppe": ("Steppe", "ステップ"),
             "grassland": ("Grassland", "草原")}
    src, dst = names[rules.terrain_name(m.src)], names[rules.terrain_name(m.dst)]
    where = words(apps, rules.describe(s, m, 0), "en").rsplit(dst[0] + " ", 1)[1]
    assert where in ("in the upper left", "at the top", "in the upper right", "on the left", "in the centre",
                     "on the right", "in the lower left", "at the bottom", "in the lower right")
    assert words(apps, rules.describe(s, m, 0), "en") == f"moved 1 hut from {src[0]} to {dst[0]} {where}"
    assert words(apps, rules.describe(s, m, None), "ja").endswith(f"の{src[1]}から{dst[1]}へ小屋1個を移動")


def test_clans_villages_name_the_hut_colours_and_mark_only_the_readers_own(apps):
    import random

    from hexgames.games.clans.rules import Move

    rules, s = setup("clans", seats=3, seed=9)
    rng = random.Random(9)
    while True:  # random play to the first village that scores for two or more colours
        m = rules.random_move(s, rng)
        after = rules.play(s, m)
        new = after.score_log[len(s.score_log):]
        owners = [i for i in range(3) if new and s.colour_of[i] in new[0].scorers]
        if isinstance(m, Move) and len(new) == 1 and len(new[0].scorers) >= 2 and 0 < len(owners) < 3:
            break
        s = after
    entry = new[0]
    owner = owners[0]
    stranger = next(i for i in range(3) if i not in owners)
    colours = {0: ("White", "白"), 1: ("Yellow", "黄"), 2: ("Blue", "青"), 3: ("Green", "緑"), 4: ("Red", "赤")}
    for seat in (owner, stranger):
        view = rules.observe(s, seat)
        en, ja = words(apps, rules.describe(view, m, seat), "en"), words(apps, rules.describe(view, m, seat), "ja")
        assert ", founding a " in en and f" village (+{entry.value} for " in en
        for c in entry.scorers:
            yours = c == s.colour_of[seat]
            assert (f"your {colours[c][0]}" in en) == yours and (f"あなたの{colours[c][1]}" in ja) == yours
        assert en.count("your ") == (1 if seat == owner else 0)


def test_dot_lines_keeps_a_chip_secret_until_both_chose(apps):
    from hexgames.games.dotlines.rules import CHIP, DOUBLE, INVERTER, Chip

    rules, s = setup("dotlines")
    while s.phase != CHIP:
        s = rules.play(s, rules.legal_moves(s)[0])
    mover = rules.to_move(s)
    first = Chip(DOUBLE)
    assert words(apps, rules.describe(s, first, mover), "en") == "chose the Double chip"
    assert words(apps, rules.describe(s, first, 1 - mover), "en") == "chose a chip side (secret)"
    assert words(apps, rules.describe(s, first, None), "ja") == "変換チップを選んだ（非公開）"
    s = rules.play(s, first)
    assert words(apps, rules.describe(s, Chip(INVERTER), None), "ja") == "変換チップはインバータ"


def test_sticker_turf_keeps_the_picks_secret(apps):
    from hexgames.games.stickers.rules import Pick

    rules, s = setup("stickers")
    mover = rules.to_move(s)
    three_green_one_red = 3 * 64 + 3 * 16 + 0 * 4 + 3  # corners TL, TR, BR, BL: green, green, red, green
    assert words(apps, rules.describe(s, Pick(0), mover), "en") == "picked 4 red"
    assert words(apps, rules.describe(s, Pick(three_green_one_red), mover), "en") == "picked 3 green + 1 red"
    assert words(apps, rules.describe(s, Pick(three_green_one_red), mover), "ja") == "緑×3＋赤×1を選んだ"
    assert words(apps, rules.describe(s, Pick(0), None), "en") == "picked a sticker for the deck"
    assert words(apps, rules.describe(s, Pick(258), 1 - mover), "ja") == "デッキにシールを1枚選んだ"


def test_toradama_never_names_a_cube_face(apps):
    from hexgames.games.toradama.moves import CUBE_SOURCE, Choose, Give, Place

    rules, s = setup("toradama")
    assert words(apps, rules.describe(s, Choose(0), None), "en") == "chose Tora"
    assert words(apps, rules.describe(s, Choose(4), None), "ja") == "クマを選んだ"
    assert words(apps, rules.describe(s, Place(CUBE_SOURCE, 1), 0), "en") == "dropped a cube in the inner column"
    assert words(apps, rules.describe(s, Place(3, 2), 1), "ja") == "紫のたまを共通の列に置いた"
    assert words(apps, rules.describe(s, Give(0), None), "en") == "gave away a red tama: +1 for the opponent"
    assert words(apps, rules.describe(s, Give(0), None), "ja") == "赤のたまを相手に渡した（相手に+1点）"
    assert words(apps, rules.describe(s, Give(CUBE_SOURCE), 1 - s.current), "en") == \
        "gave you a cube: its tama scores for you"


def test_toradama_words_a_clearing_with_what_it_scored_up_to_the_first_cube_turned(apps):
    from hexgames.games.toradama.board import cell
    from hexgames.games.toradama.moves import Clear
    from tests.games.toradama.positions import make

    rules = games.get("toradama").rules
    # Tora (red scores 2) clears the yellow under a red: the red falls to make four (1 + 1 tiles, 4 points),
    # the cube beside them turns over, and what its face sets off is not told
    s = make([".....", ".....", ".....", "R....", "YRr..", "RR..."], chars=(0, 2))
    clear = Clear(cell(0, 1))
    assert words(apps, rules.describe(s, clear, 1), "en") == \
        "cleared with a yellow tama in the edge column, onto your cube pool: +4 points, turning a cube face up"
    assert words(apps, rules.describe(s, clear, 0), "ja") == \
        "端の列の黄のたまでたま消し：+4点、キューブ1つがオモテに"
    plain = make([".....", ".....", ".....", "R....", "YR...", "RRG.."], chars=(0, 2))
    assert words(apps, rules.describe(plain, clear, None), "en") == "cleared with a yellow tama in the edge column: +4 points"
    none = make([".....", ".....", ".....", ".....", "Y....", "RB..."], chars=(0, 2))
    assert words(apps, rules.describe(none, Clear(cell(0, 1)), 1), "ja") == \
        "端の列の黄のたまでたま消し（あなたのキューブプールへ）：そろわなかった"
