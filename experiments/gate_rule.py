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
"""

FLOOR = -10
MIN_PAIRS = 10


def won_every_pair(pent):
    """Whether the candidate won every game pair 2-0 (pentanomial 0-2 counts): an Elo of +inf, no interval.

    >>> won_every_pair([0, 0, 0, 0, 3]), won_every_pair([0, 0, 1, 0, 9]), won_every_pair([0, 0, 0, 0, 0])
    (True, False, False)
    """
    return sum(pent) > 0 and pent[4] == sum(pent)


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
    if ci[0] < floor:
        return False, f"may lose: its lower end {ci[0]:+.1f} is below {floor}"
    return True, ""


def passes(summary):
    return verdict(summary)[0]


ROW_HEADER = ("| row (A the candidate) | games | A's score | A wins-draws-losses | Elo (pairs, 95%) | pentanomial 0-2 | "
              "nodes a move A / B | passes |\n| --- | ---: | ---: | --- | --- | --- | --- | --- |")


def table_row(name, summary):
    """A match summary as a line of ROW_HEADER's table, the candidate as A.

    >>> table_row("x", {"games": 20, "a_score": 0.6, "a_wins": 11, "draws": 2, "b_wins": 7,
    ...                 "pentanomial": [0, 1, 5, 3, 1], "pair_elo": 52.0, "pair_elo_ci95": [-4.0, 110.0],
    ...                 "search": {"a": {"mean_nodes": 1234.4}, "b": {"mean_nodes": 1500.0}}})
    '| x | 20 | 60.0% | 11-2-7 | +52.0 [-4.0, +110.0] | 0 1 5 3 1 | 1,234 / 1,500 | yes |'
    """
    d = summary
    if d["pair_elo_ci95"] is None:  # too few pairs, or every pair 1-1: no interval, so no pass
        elo = f"no interval: {d.get('pair_elo_ci95_reason') or 'none'}"
    else:
        lo, hi = d["pair_elo_ci95"]
        elo = f"{d['pair_elo']:+.1f} [{lo:+.1f}, {hi:+.1f}]"
    return (f"| {name} | {d['games']} | {100 * d['a_score']:.1f}% | {d['a_wins']}-{d['draws']}-{d['b_wins']} | {elo} | "
            + " ".join(str(n) for n in d["pentanomial"])
            + f" | {d['search']['a']['mean_nodes']:,.0f} / {d['search']['b']['mean_nodes']:,.0f} | "
            + ("yes" if passes(d) else "no") + " |")
