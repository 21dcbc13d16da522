"""The adoption gate's rule (lib/analysis/gate.hpp, which seega gate applies) for a row the experiments play
as a plain match (seega match --json): the row passes when its Elo from game pairs is above 0 and the lower
end of its 95% interval is not below -10; a row with no interval does not pass, except one where the
candidate won every one of at least 10 pairs 2-0 (its Elo is +inf, and the pairs bound it far above the floor).

    >>> verdict({"pentanomial": [0, 1, 5, 3, 1], "pair_elo": 52.0, "pair_elo_ci95": [-4.0, 110.0]})
    (True, '')
    >>> verdict({"pentanomial": [0, 1, 5, 3, 1], "pair_elo": 52.0, "pair_elo_ci95": [-12.5, 110.0]})
    (False, 'may lose: its lower end -12.5 is below -10')
    >>> verdict({"pentanomial": [1, 3, 5, 1, 0], "pair_elo": -35.0, "pair_elo_ci95": [-90.0, 5.0]})
    (False, 'does not gain: Elo -35.0')
    >>> verdict({"pentanomial": [0, 0, 30, 0, 0], "pair_elo": 0.0, "pair_elo_ci95": None,
    ...          "pair_elo_ci95_reason": "every game pair ended 1-1"})
    (False, 'not measured: every game pair ended 1-1')
    >>> verdict({"pentanomial": [0, 0, 0, 0, 12], "pair_elo": None, "pair_elo_ci95": None})
    (True, '')
    >>> verdict({"pentanomial": [0, 0, 0, 0, 9], "pair_elo": None, "pair_elo_ci95": None})
    (False, 'not measured: no interval')
    >>> verdict({"pentanomial": [9, 1, 0, 0, 0], "pair_elo": -400.0, "pair_elo_ci95": ["-inf", -250.0]})
    (False, 'does not gain: Elo -400.0')
    >>> verdict({"pentanomial": [0, 0, 1, 1, 9], "pair_elo": 420.0, "pair_elo_ci95": [180.0, "+inf"]})
    (True, '')
    >>> verdict({"pentanomial": [0, 1, 0, 0, 9], "pair_elo": 20.0, "pair_elo_ci95": ["-inf", "+inf"]})
    (False, 'may lose: its lower end -inf is below -10')
"""

import json

FLOOR = -10
MIN_PAIRS = 10


def won_every_pair(pent):
    """Whether the candidate won every game pair 2-0 (pentanomial 0-2 counts): an Elo of +inf, no interval.

    >>> won_every_pair([0, 0, 0, 0, 3]), won_every_pair([0, 0, 1, 0, 9]), won_every_pair([0, 0, 0, 0, 0])
    (True, False, False)
    """
    return sum(pent) > 0 and pent[4] == sum(pent)


def end(x):
    """An interval's end as a float: seega writes an infinite end as the string "+inf" or "-inf" (JSON has
    no infinity), every other end as a number.

    >>> end(-4.5), end("+inf"), end("-inf")
    (-4.5, inf, -inf)
    """
    return float(x)


def _finite(x):
    """x with every infinite float written as seega writes it ("+inf" or "-inf")."""
    if isinstance(x, float) and x in (float("inf"), float("-inf")):
        return "+inf" if x > 0 else "-inf"
    if isinstance(x, dict):
        return {k: _finite(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_finite(v) for v in x]
    return x


def _infinite(x):
    """x with seega's "+inf" and "-inf" read back as floats (a value or a list's item)."""
    if x in ("+inf", "-inf"):
        return float(x)
    if isinstance(x, list):
        return [_infinite(v) for v in x]
    return x


def dumps(obj, **kw):
    """obj as JSON the way seega writes it: an infinite number (the Elo of a row won 2-0 in every pair) as
    the string "+inf" or "-inf", since JSON has no infinity (Python's json writes Infinity, which no strict
    reader takes); load reads them back as numbers.

    >>> dumps({"elo": float("inf"), "ci": [float("-inf"), 3.5]}, sort_keys=True)
    '{"ci": ["-inf", 3.5], "elo": "+inf"}'
    >>> loads(dumps({"elo": float("inf"), "ci": [float("-inf"), 3.5]}))
    {'elo': inf, 'ci': [-inf, 3.5]}
    """
    return json.dumps(_finite(obj), allow_nan=False, **kw)


def loads(text):
    """A summary written by seega or by dumps, its "+inf" and "-inf" as floats."""
    return json.loads(text, object_hook=lambda d: {k: _infinite(v) for k, v in d.items()})


def load(path):
    """The summary in the file at path, as loads reads it."""
    with open(path) as f:
        return loads(f.read())


def elo_text(elo, ci, reason=None):
    """An Elo and its 95% interval as a table shows them; a row with no interval says why.

    >>> elo_text(52.0, [-4.0, 110.0])
    '+52.0 [-4.0, +110.0]'
    >>> elo_text(-312.4, ["-inf", -190.2]), elo_text(401.0, [288.1, "+inf"])
    ('-312.4 [-inf, -190.2]', '+401.0 [+288.1, +inf]')
    >>> elo_text(None, None, "6 game pairs are too few (at least 10 are needed)")
    'no interval: 6 game pairs are too few (at least 10 are needed)'
    """
    if elo is None or ci is None:
        return f"no interval: {reason or 'none'}"
    return f"{elo:+.1f} [{end(ci[0]):+.1f}, {end(ci[1]):+.1f}]"


def verdict(summary, floor=FLOOR):
    """(passes, why) of a match summary's row, the candidate as A: why is empty when the row passes."""
    pent = summary["pentanomial"]
    if sum(pent) >= MIN_PAIRS and won_every_pair(pent):
        return True, ""
    elo, ci = summary.get("pair_elo"), summary.get("pair_elo_ci95")
    if elo is None or ci is None:
        return False, "not measured: " + (summary.get("pair_elo_ci95_reason") or "no interval")
    if not elo > 0:
        return False, f"does not gain: Elo {elo:+.1f}"
    if end(ci[0]) < floor:
        return False, f"may lose: its lower end {end(ci[0]):+.1f} is below {floor}"
    return True, ""


def passes(summary):
    return verdict(summary)[0]


# The columns of a row's table (table_row), each with its markdown alignment.
_COLUMNS = [("row (A the candidate)", "---"), ("games", "---:"), ("A's score", "---:"), ("A wins-draws-losses", "---"),
            ("Elo (pairs, 95%)", "---"), ("pentanomial 0-2", "---"), ("nodes a move A / B", "---"), ("passes", "---")]


def _header(columns):
    return "| " + " | ".join(c for c, _ in columns) + " |\n| " + " | ".join(a for _, a in columns) + " |"


ROW_HEADER = _header(_COLUMNS)
# With each side's mean depth a move (table_row's depth=True) before the verdict.
DEPTH_HEADER = _header(_COLUMNS[:-1] + [("depth a move A / B", "---")] + _COLUMNS[-1:])


def depth_text(summary):
    """The mean completed depth a move of each side (seega writes it since the depths were recorded).

    >>> depth_text({"search": {"a": {"mean_depth": 7.125}, "b": {"mean_depth": 6.5}}})
    '7.12 / 6.50'
    >>> depth_text({"search": {"a": {"mean_nodes": 10.0}, "b": {"mean_depth": None}}})
    'not recorded'
    """
    a, b = (summary["search"][s].get("mean_depth") for s in "ab")
    return "not recorded" if a is None or b is None else f"{a:.2f} / {b:.2f}"


def table_row(name, summary, depth=False):
    """A match summary as a line of ROW_HEADER's table (DEPTH_HEADER's with depth), the candidate as A.

    >>> table_row("x", {"games": 20, "a_score": 0.6, "a_wins": 11, "draws": 2, "b_wins": 7,
    ...                 "pentanomial": [0, 1, 5, 3, 1], "pair_elo": 52.0, "pair_elo_ci95": [-4.0, 110.0],
    ...                 "search": {"a": {"mean_nodes": 1234.4}, "b": {"mean_nodes": 1500.0}}})
    '| x | 20 | 60.0% | 11-2-7 | +52.0 [-4.0, +110.0] | 0 1 5 3 1 | 1,234 / 1,500 | yes |'
    """
    d = summary
    # Too few pairs, or every pair 1-1: no interval, so no pass.
    elo = elo_text(d["pair_elo"], d["pair_elo_ci95"], d.get("pair_elo_ci95_reason"))
    return (f"| {name} | {d['games']} | {100 * d['a_score']:.1f}% | {d['a_wins']}-{d['draws']}-{d['b_wins']} | {elo} | "
            + " ".join(str(n) for n in d["pentanomial"])
            + f" | {d['search']['a']['mean_nodes']:,.0f} / {d['search']['b']['mean_nodes']:,.0f} | "
            + (depth_text(d) + " | " if depth else "") + ("yes" if passes(d) else "no") + " |")
