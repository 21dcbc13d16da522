"""The game from Python: rules, positions and moves, perft, planes and features, each held to the
command line's answer for the same position."""

import json

import numpy as np
import pytest

import seega

RULESETS = ["standard", "diagonal", "chain"]
SIZES = [5, 7, 9]


def random_positions(rules, seed, count):
    """Positions of a seeded random game (every ply's), under rules."""
    rng = np.random.default_rng(seed)
    pos = seega.Position(rules)
    out = [pos.copy()]
    while not pos.is_over() and len(out) < count:
        moves = pos.legal_moves()
        pos.play(moves[rng.integers(len(moves))])
        out.append(pos.copy())
    return out


def test_rules_from_spec_and_canonical_form(cli):
    r = seega.Rules("diagonal(size=7)")
    assert r.size == 7 and r.preset == "diagonal"
    assert str(r) == cli("rules", "diagonal(size=7)").stdout.strip()
    assert seega.Rules(str(r)) == r
    assert "standard" in seega.Rules.presets() and "size" in seega.Rules.keys()
    with pytest.raises(ValueError, match="unknown"):
        seega.Rules("standard(colour=red)")


def test_position_notation_round_trip():
    start = seega.Position("standard")
    assert start.notation() == "5/5/5/5/5 w 12/12 0 0"
    assert seega.Position("standard", start.notation()) == start
    # A rules spec without size= takes the notation's size, as --fen does.
    p7 = seega.Position("standard", "7/7/7/7/7/7/7 w 24/24 0 0")
    assert p7.size == 7 and p7.rules.size == 7
    with pytest.raises(ValueError, match="side"):
        seega.Position("standard", "5/5/5/5/5 x 12/12 0 0")


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("size", SIZES)
def test_legal_moves_are_perft_1_and_play(rules, size, cli):
    spec = f"{rules}(size={size})"
    for pos in random_positions(spec, seed=size, count=40)[::13]:
        moves = pos.legal_moves()
        assert len(moves) == pos.perft(1)
        assert [str(m) for m in moves] == pos.legal_move_strings()
        if moves:
            after = pos.after(moves[-1])
            copy = pos.copy()
            copy.play(str(moves[-1]))
            assert copy == after and copy != pos
    # perft 2 from a midgame position equals the command line's
    pos = random_positions(spec, seed=1, count=30)[-1]
    if not pos.is_over():
        lines = cli("perft", "--rules", spec, "--fen", pos.notation(), "--depth", 2, "--json").stdout.splitlines()
        assert pos.perft(2) == json.loads(lines[-1])["nodes"]


def test_illegal_moves_and_game_over():
    pos = seega.Position("standard")
    with pytest.raises(ValueError):
        pos.play("c3+a1")  # the centre is not placed on
    with pytest.raises(ValueError):
        pos.play("not a move")
    with pytest.raises(TypeError):
        pos.play(17)
    seven = seega.Position("standard(size=7)").legal_moves()[0]
    with pytest.raises(ValueError, match="7x7"):
        pos.play(seven)
    over = seega.Position("standard", "5/5/2w2/5/5 b 0/0 0 0")
    assert over.is_over()
    assert over.outcome() == {"winner": 0, "reason": "all_captured", "result": "w"}
    assert over.legal_moves() == []
    with pytest.raises(ValueError, match="over"):
        over.play("pass")
    assert seega.Position("standard").outcome() is None


def test_moves_describe_themselves():
    pos = seega.Position("standard")
    m = pos.legal_moves()[0]
    assert m.kind == "place" and len(m.squares) == 2 and m.squares[0] < m.squares[1]
    assert m == str(m) and hash(m) == hash(seega.Position("standard").legal_moves()[0])


def test_planes_put_each_stone_where_the_notation_does():
    pos = seega.Position("standard", "w4/5/5/5/4b b 0/0 0 0")
    planes = pos.planes()
    assert planes.shape == (2, 5, 5) and planes.dtype == np.float32
    assert planes[0, 0, 0] == 1 and planes[0].sum() == 1  # a5: the top row, file a
    assert planes[1, 4, 4] == 1 and planes[1].sum() == 1  # e1
    batch = seega.planes([pos, seega.Position("standard")])
    assert batch.shape == (2, 2, 5, 5) and batch[1].sum() == 0
    with pytest.raises(ValueError, match="sizes"):
        seega.planes([pos, seega.Position("standard(size=7)")])


def test_features_equal_the_command_lines(cli):
    positions = random_positions("standard", seed=3, count=30)[14:30:5]
    matrix = seega.features(positions)
    names = seega.feature_names()
    assert matrix.shape == (len(positions), len(names))
    for row, pos in zip(matrix, positions):
        got = json.loads(cli("eval", "--fen", pos.notation(), "--explain", "--json").stdout)
        want = {name: f["value"] for name, f in got["features"].items()}
        assert dict(zip(names, row.tolist())) == pytest.approx(want)
        assert np.array_equal(pos.features(), row)


def test_counters_hands_and_perft_divide(cli):
    rules = seega.Rules("standard")
    assert rules.stones_per_side == 12
    pos = seega.Position(rules, "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31")
    assert (pos.side, pos.placing, pos.quiet_plies, pos.movement_plies) == (1, False, 3, 31)
    assert pos.count("w") == pos.count(0) == 10 and pos.count(1) == 5 and pos.in_hand("b") == 0
    start = seega.Position()
    assert start.placing and start.in_hand(0) == start.in_hand("w") == 12
    with pytest.raises(ValueError, match="colour"):
        start.count(2)
    divide = pos.perft_divide(2)
    assert sum(divide.values()) == pos.perft(2) and set(divide) == set(pos.legal_move_strings())
    lines = cli("perft", "--fen", pos.notation(), "--depth", 2, "--divide", "--json").stdout.splitlines()
    want = {json.loads(line)["move"]: json.loads(line)["nodes"] for line in lines[:-1]}
    assert divide == want
    assert all(m.size == 5 for m in pos.legal_moves())
    import copy

    deep = copy.deepcopy(pos)
    deep.play(deep.legal_moves()[0])
    assert deep != pos and copy.copy(pos) == pos
