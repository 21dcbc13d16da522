"""The rules of Seega as Seega Lab plays them (docs/rules.md), in plain Python.

A small, independent implementation for the example engines and for cross-checking the C++ move
generator (examples/cross_check.py). It favours being easy to read over speed: a position is a list
of squares, and every key of docs/rules.md is honoured.

Squares are indexed rank-major from the bottom-left corner, a1 = 0 (5x5 shown)::

    rank 5 | 20 21 22 23 24
    rank 4 | 15 16 17 18 19
    rank 3 | 10 11 12 13 14      c3 = 12 is the centre
    rank 2 |  5  6  7  8  9
    rank 1 |  0  1  2  3  4
              a  b  c  d  e

Errors in a rules string, a position or a move raise RulesError with a message naming what was wrong.
"""

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations

WHITE, BLACK, EMPTY = "w", "b", "."
SIZES = (5, 7, 9)
# Directions as (file, rank) steps: the four orthogonal ones first, so "orth" is the first four.
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1))


class RulesError(ValueError):
    """A rules string, position or move that is not valid; the message says why."""


def other(side):
    """The colour that is not `side`."""
    return BLACK if side == WHITE else WHITE


# --- Rules ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """One ruleset: the keys of docs/rules.md. A limit of 0 means off."""

    preset: str = "standard"
    size: int = 5
    steps: str = "orth"
    captures: str = "orth"
    centre_immune: bool = True
    first_placer: str = WHITE
    first_mover: str = "last"
    walled_in: str = "pass"
    quiet_plies: int = 30
    max_plies: int = 160
    chains: bool = False
    forced_capture: bool = False
    barrier: bool = False

    @property
    def centre(self):
        """The index of the centre square."""
        return self.size * self.size // 2

    @property
    def stones_per_side(self):
        """How many stones each side owns: 12, 24 or 40."""
        return (self.size * self.size - 1) // 2


PRESETS = {
    "standard": Rules(),
    "diagonal": Rules(preset="diagonal", steps="all", captures="all", walled_in="lose", quiet_plies=150,
                      max_plies=0),
    "chain": Rules(preset="chain", chains=True, forced_capture=True, barrier=True),
}

_BOOLS = {"on": True, "true": True, "1": True, "yes": True, "off": False, "false": False, "0": False, "no": False}


def _whole(value, lo, hi):
    """A whole number in [lo, hi] written in plain digits, or None."""
    if not value.isdigit() or not value.isascii():
        return None
    number = int(value)
    return number if lo <= number <= hi else None


def _limit(hi):
    def parse(value):
        if value in ("off", "none"):
            return 0
        return _whole(value, 1, hi)
    return parse


def _choice(*words):
    return lambda value: value if value in words else None


# key -> (parser returning the value or None, the allowed values in words)
_KEYS = {
    "size": (lambda v: (lambda n: n if n in SIZES else None)(_whole(v, 5, 9)), "5, 7 or 9"),
    "steps": (_choice("orth", "all"), "orth or all"),
    "captures": (_choice("orth", "all"), "orth or all"),
    "centre_immune": (_BOOLS.get, "on or off"),
    "first_placer": (_choice(WHITE, BLACK), "w or b"),
    "first_mover": (_choice("last", "first"), "last or first"),
    "walled_in": (_choice("pass", "lose"), "pass or lose"),
    "quiet_plies": (_limit(1000), "1 to 1000, or off"),
    "max_plies": (_limit(10000), "1 to 10000, or off"),
    "chains": (_BOOLS.get, "on or off"),
    "forced_capture": (_BOOLS.get, "on or off"),
    "barrier": (_BOOLS.get, "on or off"),
}


def parse_rules(text):
    """The Rules named by a string such as 'standard(size=7,quiet_plies=40)'."""
    text = text.strip(" ")
    name, _, body = text.partition("(")
    name = name.strip(" ")
    if body and not text.endswith(")"):
        raise RulesError(f"rules '{text}': missing ')' at the end")
    if name not in PRESETS:
        raise RulesError(f"unknown ruleset '{name}'; allowed: {', '.join(PRESETS)}")
    fields, seen = {}, set()
    for item in body[:-1].split(",") if body else []:
        if not item.strip(" "):
            continue
        key, eq, value = (part.strip(" ") for part in item.partition("="))
        if key not in _KEYS:
            raise RulesError(f"unknown rule key '{key}'; allowed: {', '.join(_KEYS)}")
        if key in seen:
            raise RulesError(f"rule key '{key}' given twice")
        seen.add(key)
        parse, allowed = _KEYS[key]
        parsed = parse(value) if eq else None
        if parsed is None:
            raise RulesError(f"rule key '{key}': '{value}' is not allowed ({allowed})")
        fields[key] = parsed
    rules = replace(PRESETS[name], **fields)
    if not rules.quiet_plies and not rules.max_plies:
        raise RulesError("rule keys quiet_plies=off and max_plies=off together would let a game run forever")
    return rules


# --- Board geometry ---------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def neighbours(size, directions):
    """neighbours(size, n)[square] lists (direction, square next to it) for the first n directions."""
    table = []
    for square in range(size * size):
        file, rank = square % size, square // size
        row = []
        for d, (df, dr) in enumerate(DIRECTIONS[:directions]):
            f, r = file + df, rank + dr
            if 0 <= f < size and 0 <= r < size:
                row.append((d, r * size + f))
        table.append(tuple(row))
    return tuple(table)


def square_name(square, size):
    """'a1' for square 0."""
    return "abcdefghi"[square % size] + str(square // size + 1)


def parse_square(text, size):
    """The index of a square named like 'c3', or None when it is no square of the board."""
    if len(text) < 2 or text[0] not in "abcdefghi"[:size]:
        return None
    rank = _whole(text[1:], 1, size)
    if rank is None or text[1] == "0":
        return None
    return (rank - 1) * size + "abcdefghi".index(text[0])


# --- Positions --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A position: the squares (EMPTY, WHITE or BLACK), the side to move, stones in hand, counters."""

    rules: Rules
    board: tuple
    side: str
    hand: tuple  # (white, black)
    quiet: int = 0
    movement: int = 0

    @property
    def placing(self):
        """Whether placement goes on (a stone is still in hand)."""
        return self.hand != (0, 0)

    def count(self, side):
        """Stones of `side` on the board."""
        return self.board.count(side)

    def in_hand(self, side):
        """Stones of `side` in hand."""
        return self.hand[0 if side == WHITE else 1]


def start_position(rules):
    """The empty board, the rules' first placer to move."""
    n = rules.stones_per_side
    return Position(rules, (EMPTY,) * (rules.size ** 2), rules.first_placer, (n, n))


def parse_position(rules, text):
    """A position in the notation of docs/rules.md, e.g. '5/5/5/5/5 w 12/12 0 0', checked as the
    C++ parser checks it. The board size must be the rules' size."""
    fields = text.split()
    if len(fields) != 5:
        raise RulesError(f"position '{text}': expected 5 fields, got {len(fields)}")
    rows_text, side, hands, quiet_text, movement_text = fields
    size = rules.size
    rows = rows_text.split("/")
    if len(rows) != size:
        raise RulesError(f"position board: {len(rows)} rows, but the rules are for a {size}x{size} board")
    board = [EMPTY] * (size * size)
    for i, row in enumerate(rows):
        rank, file = size - 1 - i, 0
        for ch in row:
            if "1" <= ch <= "9":
                file += int(ch)
            elif ch in (WHITE, BLACK):
                if file < size:
                    board[rank * size + file] = ch
                file += 1
            else:
                raise RulesError(f"position board: unknown character '{ch}' in row {i + 1}")
            if file > size:
                break
        if file != size:
            raise RulesError(f"position board: row {i + 1} '{row}' does not cover {size} squares")
    if side not in (WHITE, BLACK):
        raise RulesError(f"position side to move: '{side}' (allowed: w or b)")
    hand = hands.split("/")
    if len(hand) != 2 or any(_whole(h, 0, 999999) is None for h in hand):
        raise RulesError(f"position stones in hand: '{hands}' (expected <w_in_hand>/<b_in_hand>)")
    hand = (int(hand[0]), int(hand[1]))
    quiet, movement = _whole(quiet_text, 0, 65535), _whole(movement_text, 0, 65535)
    if quiet is None or movement is None:
        raise RulesError("position counters: not counts of plies (0 to 65535)")
    full = rules.stones_per_side
    for colour, held in zip((WHITE, BLACK), hand):
        if board.count(colour) + held > full:
            raise RulesError(f"position: {colour} has more than its {full} stones")
        if held % 2:
            raise RulesError(f"position stones in hand: {colour} holds {held}, but stones are placed two at a time")
    pos = Position(rules, tuple(board), side, hand, quiet, movement)
    if pos.placing:
        if any(board.count(c) + h != full for c, h in zip((WHITE, BLACK), hand)):
            raise RulesError(f"position: during placement stones on the board plus in hand must be {full}")
        if board[rules.centre] != EMPTY:
            raise RulesError("position board: the centre must stay empty during placement")
        if pos.in_hand(side) - pos.in_hand(other(side)) not in (0, 2):
            raise RulesError(f"position stones in hand: '{hands}' with '{side}' to move is impossible")
        if quiet or movement:
            raise RulesError("position counters: quiet_plies and movement_plies must be 0 during placement")
    elif board.count(EMPTY) == len(board):
        raise RulesError("position board: no stones on the board after placement")
    if quiet > movement:
        raise RulesError(f"position counters: quiet_plies {quiet} exceeds movement_plies {movement}")
    return pos


def position_text(pos):
    """The notation of a position (the inverse of parse_position)."""
    size, rows = pos.rules.size, []
    for rank in range(size - 1, -1, -1):
        row, run = "", 0
        for square in pos.board[rank * size:(rank + 1) * size]:
            if square == EMPTY:
                run += 1
                continue
            row += (str(run) if run else "") + square
            run = 0
        rows.append(row + (str(run) if run else ""))
    return f"{'/'.join(rows)} {pos.side} {pos.hand[0]}/{pos.hand[1]} {pos.quiet} {pos.movement}"


# --- Moves ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """One turn: 'place' (squares a < b in path), 'step' or 'chain' (the squares visited, with the
    enemy stones taken) or 'pass'."""

    kind: str
    path: tuple = ()
    captured: frozenset = frozenset()

    def text(self, size):
        """The move in the notation of docs/rules.md: a1+b2, c2-c3, c2-c3-c4 or pass."""
        if self.kind == "pass":
            return "pass"
        sep = "+" if self.kind == "place" else "-"
        return sep.join(square_name(s, size) for s in self.path)


def captures_at(pos, board, to, side):
    """The enemy stones that a stone of `side` arriving on `to` takes, on `board` after the step."""
    rules, size = pos.rules, pos.rules.size
    enemy = other(side)
    dirs = 8 if rules.captures == "all" else 4
    taken = []
    for d, next_square in neighbours(size, dirs)[to]:
        if board[next_square] != enemy or (rules.centre_immune and next_square == rules.centre):
            continue
        df, dr = DIRECTIONS[d]
        f, r = next_square % size + df, next_square // size + dr
        if 0 <= f < size and 0 <= r < size and board[r * size + f] == side:
            taken.append(next_square)
    return taken


def _step_dirs(rules):
    return 8 if rules.steps == "all" else 4


def has_step(pos):
    """Whether the side to move has any step (ignoring limits and forced capture)."""
    table = neighbours(pos.rules.size, _step_dirs(pos.rules))
    return any(pos.board[t] == EMPTY for s, v in enumerate(pos.board) if v == pos.side for _, t in table[s])


def _has_barrier(pos, side):
    size, board = pos.rules.size, pos.board
    for i in range(1, size - 1):
        for line_of in (lambda s: s // size, lambda s: s % size):  # ranks, then files
            if any(board[s] != side for s in range(size * size) if line_of(s) == i):
                continue
            before = {board[s] for s in range(size * size) if line_of(s) < i}
            after = {board[s] for s in range(size * size) if line_of(s) > i}
            enemy = other(side)
            if (enemy not in before and side not in after) or (enemy not in after and side not in before):
                return True
    return False


def outcome(pos):
    """None while the game goes on, else (winner or None for a draw, reason), checked in the order of
    docs/rules.md, 'End of the game'."""
    if pos.placing:
        return None
    rules = pos.rules
    w, b = pos.count(WHITE), pos.count(BLACK)
    on_count = WHITE if w > b else BLACK if b > w else None
    if not w:
        return BLACK, "all_captured"
    if not b:
        return WHITE, "all_captured"
    if rules.barrier and (_has_barrier(pos, WHITE) or _has_barrier(pos, BLACK)):
        return on_count, "barrier"
    if rules.quiet_plies and pos.quiet >= rules.quiet_plies:
        return on_count, "quiet_limit"
    if rules.max_plies and pos.movement >= rules.max_plies:
        return on_count, "ply_limit"
    if rules.walled_in == "lose" and not has_step(pos):
        return other(pos.side), "hemmed_in"
    return None


def _chain_turns(pos, start, first, first_taken, turns):
    """Adds to `turns` every chain turn that begins with the capturing step start -> first."""
    rules, side = pos.rules, pos.side
    table = neighbours(rules.size, _step_dirs(rules))

    def walk(board, at, path, taken):
        went_on = False
        for _, nxt in table[at]:
            if board[nxt] != EMPTY:
                continue
            after = list(board)
            after[at], after[nxt] = EMPTY, side
            more = captures_at(pos, after, nxt, side)
            if not more:
                continue
            went_on = True
            for s in more:
                after[s] = EMPTY
            walk(after, nxt, path + (nxt,), taken | frozenset(more))
        if not went_on or not rules.forced_capture:
            # Paths with the same start, end and captures are one turn: keep the fewest steps, then the
            # smallest sequence of squares (the path the notation prints).
            key = (start, path[-1], taken)
            if key not in turns or (len(path), path) < (len(turns[key]), turns[key]):
                turns[key] = path

    board = list(pos.board)
    board[start], board[first] = EMPTY, side
    for s in first_taken:
        board[s] = EMPTY
    walk(board, first, (start, first), frozenset(first_taken))


def generate_moves(pos):
    """The legal moves of a position known not to be over."""
    rules, board, side = pos.rules, pos.board, pos.side
    if pos.placing:
        free = [s for s, v in enumerate(board) if v == EMPTY and s != rules.centre]
        return [Move("place", pair) for pair in combinations(free, 2)]
    table = neighbours(rules.size, _step_dirs(rules))
    moves, turns = [], {}
    for start, value in enumerate(board):
        if value != side:
            continue
        for _, to in table[start]:
            if board[to] != EMPTY:
                continue
            after = list(board)
            after[start], after[to] = EMPTY, side
            taken = captures_at(pos, after, to, side)
            if taken and rules.chains:
                _chain_turns(pos, start, to, taken, turns)
            else:
                moves.append(Move("step", (start, to), frozenset(taken)))
    moves += [Move("step" if len(path) == 2 else "chain", path, taken) for (_, _, taken), path in turns.items()]
    if rules.forced_capture and any(m.captured for m in moves):
        moves = [m for m in moves if m.captured]
    return moves or [Move("pass")]


def legal_moves(pos):
    """Every legal move of the position; none when the game is over."""
    return [] if outcome(pos) else generate_moves(pos)


def play(pos, move):
    """The position after a legal move."""
    rules, side = pos.rules, pos.side
    if move.kind == "pass":
        return replace(pos, side=other(side))
    board = list(pos.board)
    if move.kind == "place":
        for s in move.path:
            board[s] = side
        hand = list(pos.hand)
        hand[0 if side == WHITE else 1] -= 2
        hand = tuple(hand)
        # The last placer moves first unless first_mover=first: at the end of placement the side may stay.
        still_placing = hand != (0, 0)
        turn = other(side) if still_placing or rules.first_mover == "first" else side
        return replace(pos, board=tuple(board), hand=hand, side=turn)
    for s in move.captured:  # first: a chain may end on a square whose stone it took
        board[s] = EMPTY
    board[move.path[0]], board[move.path[-1]] = EMPTY, side
    return replace(pos, board=tuple(board), side=other(side), quiet=0 if move.captured else pos.quiet + 1,
                   movement=pos.movement + 1)


def parse_move(pos, text):
    """The legal move that `text` names (either order of a placement, any valid path of a chain)."""
    rules, size = pos.rules, pos.rules.size
    legal = legal_moves(pos)
    if not legal:
        raise RulesError(f"move '{text}': the game is over in this position")
    if text == "pass":
        if legal[0].kind == "pass":
            return legal[0]
        raise RulesError("move 'pass': only allowed when the side to move has no legal step")
    if "+" in text:
        squares = [parse_square(t, size) for t in text.split("+")]
        if len(squares) == 2 and None not in squares:
            for m in legal:
                if m.kind == "place" and m.path == tuple(sorted(squares)):
                    return m
        raise RulesError(f"move '{text}': not a legal placement here")
    path = [parse_square(t, size) for t in text.split("-")]
    if len(path) < 2 or None in path:
        raise RulesError(f"move '{text}': expected a placement a1+b2, a step c2-c3, a chain c2-c3-c4 or pass")
    if pos.placing:
        raise RulesError(f"move '{text}': placement is not over: place two stones like a1+b2")
    if len(path) > 2 and not rules.chains:
        raise RulesError(f"move '{text}': a turn is one step when chains are off")
    # Replay the path: adjacent empty squares, and in a chain every step captures.
    board, taken = list(pos.board), set()
    table = neighbours(size, _step_dirs(rules))
    for here, there in zip(path, path[1:]):
        if there not in (t for _, t in table[here]) or board[there] != EMPTY:
            raise RulesError(f"move '{text}': {square_name(there, size)} is not an empty square one step away")
        board[here], board[there] = EMPTY, pos.side
        more = captures_at(pos, board, there, pos.side)
        if len(path) > 2 and not more:
            raise RulesError(f"move '{text}': every step of a chain must capture")
        for s in more:
            board[s] = EMPTY
        taken.update(more)
    for m in legal:
        if m.kind in ("step", "chain") and m.path[0] == path[0] and m.path[-1] == path[-1]:
            if (len(path) == 2 and m.kind == "step") or (len(path) > 2 and m.captured == taken):
                return m
    raise RulesError(f"move '{text}': not a legal move here")


def perft(pos, depth):
    """The number of move sequences of `depth` moves from the position (leaves at that depth)."""
    if depth <= 0:
        return 1
    if depth == 1 and pos.placing:  # count the pairs of free squares without listing them
        free = pos.board.count(EMPTY) - 1  # the centre is empty and not allowed
        return free * (free - 1) // 2
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, m), depth - 1) for m in moves)
