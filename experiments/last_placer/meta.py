#!/usr/bin/python3
"""The last placer's score as a function of the movers' strength: a random-effects meta-regression over
the study's populations.

Each population (the perturbed configurations of one mover, self-play from the empty board on 5x5
`standard`) gives one score y_i, the last placer's points over its games, with a variance v_i clustered
by configuration (each configuration is its own match with its own seed, so configurations are the
independent units). Its mover has a rating x_i on the strength ladder (strength.json, greedy = 0). The
model is

    y_i = b0 + b1 * x_i / 100 + u_i + e_i,    e_i ~ N(0, v_i),    u_i ~ N(0, tau^2),

where tau^2 is the variance between populations that their sampling does not explain (heterogeneity).
tau^2 is estimated by restricted maximum likelihood (REML), the coefficients by weighted least squares
with weights 1 / (v_i + tau^2), and their intervals by the Knapp-Hartung method (the variance scaled by
the weighted residuals' mean square, with Student's t on k - p degrees of freedom), which keeps its
coverage with few populations. Cochran's Q of the residuals (weights 1 / v_i) tests whether the
populations differ more than chance and the line allow; I^2 is the share of Q beyond its degrees of
freedom. The model without the rating (intercept only) is the pooled score with between-population
variance. Where the line reaches a score (the seed's four in five), the rating is found by Fieller's
method: the ratings whose confidence band of the line contains the score.

Nothing here needs more than Python's standard library, so that the study's test runs wherever the
build does. Usage:

    meta.py [CSV] [--strength strength.json] [--json OUT]

prints the populations, the fitted line and its checks as Markdown tables.
"""
import argparse
import csv
import json
import math
import os
import re
import sys

# The seed's claim: the last placer wins about four games in five.
SEED_SCORE = 0.8


# --- Distributions (Student's t and chi-square), from the regularised incomplete beta and gamma functions.

def _continued_fraction_beta(a, b, x):
    """The continued fraction of the incomplete beta function (modified Lentz's method)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def beta_regularised(a, b, x):
    """I_x(a, b), the regularised incomplete beta function."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _continued_fraction_beta(a, b, x) / a
    return 1.0 - front * _continued_fraction_beta(b, a, 1.0 - x) / b


def t_cdf(t, df):
    """P(T <= t) for Student's t with df degrees of freedom."""
    tail = 0.5 * beta_regularised(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_quantile(p, df):
    """The p quantile of Student's t with df degrees of freedom (by bisection)."""
    lo, hi = -1e4, 1e4
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if t_cdf(mid, df) < p else (lo, mid)
    return 0.5 * (lo + hi)


def chi2_sf(q, df):
    """P(X >= q) for chi-square with df degrees of freedom (the regularised upper incomplete gamma)."""
    a, x = df / 2.0, q / 2.0
    if x <= 0.0:
        return 1.0
    front = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1.0:  # the series of the lower function
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-16:
            n += 1.0
            term *= x / n
            total += term
        return 1.0 - front * total
    tiny = 1e-300  # the continued fraction of the upper function (modified Lentz's method)
    b = x + 1.0 - a
    c, d = 1.0 / tiny, 1.0 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return front * h


# --- Small dense linear algebra (a model has one or two columns; a meta-analysis a few dozen rows).

def _inverse(m):
    """The inverse of a small square matrix (Gauss-Jordan with partial pivoting)."""
    n = len(m)
    a = [list(row) + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-300:
            raise ValueError("the design is singular: the ratings do not vary")
        a[col], a[pivot] = a[pivot], a[col]
        scale = a[col][col]
        a[col] = [v / scale for v in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0.0:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col])]
    return [row[n:] for row in a]


def _wls(y, X, w):
    """Weighted least squares: the coefficients and (X'WX)^-1."""
    p = len(X[0])
    xtwx = [[sum(wi * xi[a] * xi[b] for wi, xi in zip(w, X)) for b in range(p)] for a in range(p)]
    xtwy = [sum(wi * xi[a] * yi for wi, xi, yi in zip(w, X, y)) for a in range(p)]
    inv = _inverse(xtwx)
    return [sum(inv[a][b] * xtwy[b] for b in range(p)) for a in range(p)], inv


def _residual_projection(v, X, tau2):
    """P = W - W X (X'WX)^-1 X'W for W = diag(1 / (v + tau2)), the REML likelihood's projection."""
    w = [1.0 / (vi + tau2) for vi in v]
    _, inv = _wls([0.0] * len(v), X, w)
    k, p = len(v), len(X[0])
    wx = [[w[i] * X[i][a] for a in range(p)] for i in range(k)]
    return [[(w[i] if i == j else 0.0) - sum(wx[i][a] * inv[a][b] * wx[j][b] for a in range(p) for b in range(p))
             for j in range(k)] for i in range(k)]


def tau2_reml(y, v, X):
    """The between-population variance by REML (Fisher scoring from the moment estimate, kept >= 0)."""
    k, p = len(y), len(X[0])
    if k <= p:
        return 0.0
    # The moment estimate (DerSimonian and Laird's, for a model with covariates) as the starting point.
    w = [1.0 / vi for vi in v]
    beta, inv = _wls(y, X, w)
    q = sum(wi * (yi - sum(b * x for b, x in zip(beta, xi))) ** 2 for wi, yi, xi in zip(w, y, X))
    trace = sum(w) - sum(w[i] ** 2 * sum(X[i][a] * inv[a][b] * X[i][b] for a in range(p) for b in range(p))
                         for i in range(k))
    tau2 = max(0.0, (q - (k - p)) / trace)
    for _ in range(500):
        P = _residual_projection(v, X, tau2)
        py = [sum(P[i][j] * y[j] for j in range(k)) for i in range(k)]
        trace_p = sum(P[i][i] for i in range(k))
        trace_pp = sum(P[i][j] * P[j][i] for i in range(k) for j in range(k))
        step = (sum(e * e for e in py) - trace_p) / trace_pp
        new = max(0.0, tau2 + step)
        if abs(new - tau2) < 1e-14 * max(1.0, tau2) + 1e-16:
            return new
        tau2 = new
    return tau2


def meta_regression(y, v, x=None, level=0.95):
    """The random-effects meta-regression of y on x (x None: the pooled mean). Returns a dict: coef
    [b0, b1], se, ci (Knapp-Hartung, t on k - p degrees of freedom), t and p of each coefficient, tau2,
    the residual heterogeneity Q, its degrees of freedom and p, I2, k, and cov (the scaled covariance)."""
    k = len(y)
    if len(v) != k or (x is not None and len(x) != k):
        raise ValueError("y, v and x must have one value a population")
    if any(vi <= 0 for vi in v):
        raise ValueError("every population needs a positive variance")
    X = [[1.0] if x is None else [1.0, xi] for xi in (x or [None] * k)]
    p = len(X[0])
    if k <= p:
        raise ValueError(f"{k} populations cannot fit {p} coefficients with a residual")
    tau2 = tau2_reml(y, v, X)
    w = [1.0 / (vi + tau2) for vi in v]
    beta, inv = _wls(y, X, w)
    fitted = [sum(b * c for b, c in zip(beta, xi)) for xi in X]
    df = k - p
    s2 = sum(wi * (yi - fi) ** 2 for wi, yi, fi in zip(w, y, fitted)) / df
    cov = [[s2 * c for c in row] for row in inv]
    crit = t_quantile(0.5 + level / 2, df)
    se = [math.sqrt(cov[a][a]) for a in range(p)]
    w0 = [1.0 / vi for vi in v]
    beta0, _ = _wls(y, X, w0)
    q = sum(wi * (yi - sum(b * c for b, c in zip(beta0, xi))) ** 2 for wi, yi, xi in zip(w0, y, X))
    return {
        "k": k, "coef": beta, "se": se, "cov": cov, "df": df, "t_crit": crit, "tau2": tau2,
        "ci": [[b - crit * s, b + crit * s] for b, s in zip(beta, se)],
        "t": [b / s if s > 0 else math.inf for b, s in zip(beta, se)],
        "p": [2 * (1 - t_cdf(abs(b / s), df)) if s > 0 else 0.0 for b, s in zip(beta, se)],
        "Q": q, "Q_df": df, "Q_p": chi2_sf(q, df), "I2": max(0.0, (q - df) / q) if q > 0 else 0.0,
    }


def predict(fit, x=None):
    """The line's value at x (x None for the pooled model): the estimate, its confidence interval and the
    prediction interval for a new population (which adds tau^2)."""
    row = [1.0] if x is None else [1.0, x]
    mean = sum(b * c for b, c in zip(fit["coef"], row))
    var = sum(row[a] * fit["cov"][a][b] * row[b] for a in range(len(row)) for b in range(len(row)))
    half, pred = fit["t_crit"] * math.sqrt(var), fit["t_crit"] * math.sqrt(var + fit["tau2"])
    return {"estimate": mean, "ci": [mean - half, mean + half], "pi": [mean - pred, mean + pred]}


def where_line_reaches(fit, target):
    """Where the line reaches target: the x at which b0 + b1 x = target, and its Fieller interval (the x
    whose confidence band contains target). The interval's ends are None where it is unbounded (a slope
    not clearly away from 0 leaves an end open); kind says 'interval', 'unbounded' or 'everywhere-but'."""
    (b0, b1), c, t2 = fit["coef"], fit["cov"], fit["t_crit"] ** 2
    point = (target - b0) / b1 if b1 != 0 else None
    # (b0 - target + b1 x)^2 <= t^2 (c00 + 2 c01 x + c11 x^2), a quadratic A x^2 + 2 B x + C <= 0.
    d0 = b0 - target
    A, B, C = b1 * b1 - t2 * c[1][1], d0 * b1 - t2 * c[0][1], d0 * d0 - t2 * c[0][0]
    disc = B * B - A * C
    if A > 0:
        if disc < 0:
            return {"point": point, "ci": [None, None], "kind": "empty"}
        r = math.sqrt(disc)
        return {"point": point, "ci": sorted([(-B - r) / A, (-B + r) / A]), "kind": "interval"}
    # The slope's interval contains 0: the set is unbounded on one side (or both, or all but a gap).
    if disc < 0:
        return {"point": point, "ci": [None, None], "kind": "unbounded"}
    r = math.sqrt(disc)
    lo, hi = sorted([(-B - r) / A, (-B + r) / A])
    # Outside [lo, hi] the inequality holds; which side the line's own point is on tells which end is open.
    side = [None, lo] if point is not None and point <= lo else [hi, None]
    return {"point": point, "ci": side, "kind": "unbounded"}


# --- The study's populations.

def mover_of(population):
    """The unperturbed mover of a population's spec: 'ab(depth=4,vary={vary},jitter=3)' -> 'ab(depth=4)'."""
    return re.sub(r",jitter=\d+", "", population.replace(",vary={vary}", ""))


def perturbation_of(population):
    m = re.search(r",jitter=(\d+)", population)
    return f"vary, jitter={m.group(1)}" if m else "vary"


def clustered_mean(points, games):
    """The mean of points over the games of some clusters (a cluster's points and games each) and its
    variance clustered by cluster: the sandwich over the clusters' sums, with the c / (c - 1) correction."""
    n, c = sum(games), len(games)
    mean = sum(points) / n
    var = c / (c - 1) * sum((pt - g * mean) ** 2 for pt, g in zip(points, games)) / n ** 2 if c > 1 else math.inf
    return mean, var


def population_estimate(configs):
    """The last placer's score over a population's configurations (rows of the CSV), its variance
    clustered by configuration (the sandwich over the configurations' sums, with the c / (c - 1)
    correction), the games and the distinct games."""
    games = [int(r["games"]) for r in configs]
    points = [int(r["last_placer_wins"]) + 0.5 * int(r["draws"]) for r in configs]
    n, c = sum(games), len(configs)
    if c < 2 or n == 0:
        raise ValueError(f"a population needs 2 configurations or more with games (it has {c})")
    score, var = clustered_mean(points, games)
    distinct = sum(int(r["distinct_games"]) for r in configs) if all(r.get("distinct_games") for r in configs) else None
    return {"score": score, "var": var, "configs": c, "games": n, "distinct_games": distinct,
            "draw_rate": sum(int(r["draws"]) for r in configs) / n}


def populations(rows, ratings, rules="standard", opening_turns=0):
    """Every self-play population of the CSV on rules from K opening turns whose mover is rated, as
    dicts with the population's spec, mover, perturbation and rating beside its estimate."""
    groups = {}
    for r in rows:
        if r.get("population") and not r.get("b") and r["rules"] == rules and int(r["opening_turns"]) == opening_turns:
            # A configuration in two CSVs (the choice tier's 1,000 hold the default tier's first 100, on the
            # same seeds) is one configuration: the last row read stands.
            groups.setdefault(r["population"], {})[r["config"]] = r
    groups = {spec: list(configs.values()) for spec, configs in groups.items()}
    out = []
    for spec, configs in groups.items():
        mover = mover_of(spec)
        if mover not in ratings:
            continue
        est = population_estimate(configs)
        out.append({"population": spec, "mover": mover, "perturbation": perturbation_of(spec),
                    "rating": ratings[mover], **est})
    return sorted(out, key=lambda p: (p["rating"], p["population"]))


def fit_populations(pops):
    """The meta-regression on ratings in hundreds of Elo (so the slope is per 100 Elo)."""
    return meta_regression([p["score"] for p in pops], [p["var"] for p in pops], [p["rating"] / 100 for p in pops])


def by_mover(pops):
    """One point a mover: its populations pooled (games summed, configurations independent)."""
    out = {}
    for p in pops:
        m = out.setdefault(p["mover"], {"population": p["mover"], "mover": p["mover"], "rating": p["rating"],
                                        "points": 0.0, "games": 0, "var_n2": 0.0, "configs": 0})
        m["points"] += p["score"] * p["games"]
        m["var_n2"] += p["var"] * p["games"] ** 2
        m["games"] += p["games"]
        m["configs"] += p["configs"]
    for m in out.values():
        m["score"], m["var"] = m["points"] / m["games"], m["var_n2"] / m["games"] ** 2
    return sorted(out.values(), key=lambda m: m["rating"])


def analyse(rows, ratings):
    """The whole analysis: the populations of depth or level 2 and up (the headline), the fit, the
    pooled score, where the line reaches four in five, and the checks that could break the slope."""
    every = populations(rows, ratings)
    deeper = [p for p in every if not re.match(r"(ab\(depth=1\)|level\(1,)", p["mover"])]
    # A population whose perturbation, checked from the empty board against its unperturbed engine, moves
    # the strength (the check's 95% interval excludes 50%) is left out of the line: its engine is not the
    # mover whose rating it would be given. A population without a check is kept.
    strength = strength_checks(rows, 0)
    moved = {c["population"]: c for c in strength if not c["ci"][0] <= 0.5 <= c["ci"][1]}
    main = [p for p in deeper if p["population"] not in moved]
    if len(main) < 3 or len({p["rating"] for p in main}) < 2:
        raise ValueError(f"the line needs 3 populations or more of depth or level 2 and up, of 2 ratings or more, "
                         f"with rated movers (this CSV has {len(main)})")
    fit = fit_populations(main)
    pooled = meta_regression([p["score"] for p in main], [p["var"] for p in main])
    lo, hi = min(p["rating"] for p in main), max(p["rating"] for p in main)

    def slope_row(name, pops):
        if len(pops) < 3 or len({p["rating"] for p in pops}) < 2:
            return None  # too few populations, or one rating, for a line with a residual
        f = fit_populations(pops)
        return {"name": name, "k": f["k"], "slope": f["coef"][1], "ci": f["ci"][1], "p": f["p"][1],
                "tau": math.sqrt(f["tau2"]), "I2": f["I2"]}

    candidates = [slope_row("depth or level 2 and up, strength kept (the headline)", main),
                  slope_row("one point a mover (its populations pooled)", by_mover(main)),
                  slope_row("ab populations only", [p for p in main if p["mover"].startswith("ab(")]),
                  slope_row("level populations only", [p for p in main if p["mover"].startswith("level(")]),
                  slope_row("vary with jitter=3 only", [p for p in main if "jitter" in p["perturbation"]]),
                  slope_row("every perturbation, its strength kept or not", deeper),
                  slope_row("with depth 1 and level 1", every)]
    for name in sorted({p["mover"] for p in main}, key=lambda m: ratings[m]):
        candidates.append(slope_row(f"without {name}", [p for p in main if p["mover"] != name]))
    checks = [c for c in candidates if c is not None]
    return {
        "populations": every, "headline": [p["population"] for p in main],
        "moved": {spec: [c["elo"], *c["elo_ci"]] for spec, c in moved.items()},
        "fit": fit, "pooled": pooled,
        "pooled_estimate": predict(pooled), "range": [lo, hi],
        "at": {str(r): predict(fit, r / 100) for r in (round(lo), round(hi))},
        "seed": {"target": SEED_SCORE, **where_line_reaches(fit, SEED_SCORE)}, "checks": checks,
        "strength_checks": strength,
    }


def _pct(x):
    return f"{100 * x:.1f}%"


def _interval(lo, hi, scale=100, digits=1, sign=""):
    return f"[{scale * lo:{sign}.{digits}f}, {scale * hi:{sign}.{digits}f}]"


def markdown(result):
    """The analysis as the README's Markdown tables."""
    out = []
    fit, pooled = result["fit"], result["pooled"]
    out.append("| population | mover's rating | configurations | games | distinct games | last placer's score "
               "(95%, clustered by configuration) | draws |")
    out.append("| --- | --- | --- | --- | --- | --- | --- |")
    for p in result["populations"]:
        half = 1.959963984540054 * math.sqrt(p["var"])
        mark = ""
        if p["population"] in result.get("moved", {}):
            elo_, lo_, hi_ = result["moved"][p["population"]]
            mark = f" (not in the fit: from the empty board it moves strength, {elo_:+.0f} Elo [{lo_:+.0f}, {hi_:+.0f}])"
        elif p["population"] not in result["headline"]:
            mark = " (not in the fit)"
        out.append(f"| `{p['population']}`{mark} | {p['rating']:+.0f} | {p['configs']} | {p['games']} | "
                   f"{p['distinct_games'] if p['distinct_games'] is not None else '-'} | {_pct(p['score'])} "
                   f"{_interval(p['score'] - half, p['score'] + half)} | {_pct(p['draw_rate'])} |")
    out.append("")
    b0, b1 = fit["coef"]
    lo, hi = result["range"]
    out.append("| quantity | estimate (95% interval) |")
    out.append("| --- | --- |")
    out.append(f"| slope, points per 100 Elo | {100 * b1:+.2f} {_interval(*fit['ci'][1], sign='+', digits=2)} "
               f"(t = {fit['t'][1]:.2f} on {fit['df']} df, p = {fit['p'][1]:.3f}) |")
    for r, pr in result["at"].items():
        out.append(f"| the line at {int(r):+d} Elo | {_pct(pr['estimate'])} {_interval(*pr['ci'])}; "
                   f"a new population there: {_interval(*pr['pi'])} |")
    out.append(f"| between-population SD (tau), points | {100 * math.sqrt(fit['tau2']):.1f} |")
    out.append(f"| residual heterogeneity | Q = {fit['Q']:.1f} on {fit['Q_df']} df (p = {fit['Q_p']:.2g}), "
               f"I² = {100 * fit['I2']:.0f}% |")
    pe = result["pooled_estimate"]
    out.append(f"| pooled score without the rating (between-population variance) | {_pct(pe['estimate'])} "
               f"{_interval(*pe['ci'])}; tau = {100 * math.sqrt(pooled['tau2']):.1f} points; Q = {pooled['Q']:.1f} "
               f"on {pooled['Q_df']} df (p = {pooled['Q_p']:.2g}), I² = {100 * pooled['I2']:.0f}% |")
    tau_share = 1 - fit["tau2"] / pooled["tau2"] if pooled["tau2"] > 0 else 0.0
    out.append(f"| share of the between-population variance the rating explains | {100 * max(0.0, tau_share):.0f}% |")
    seed = result["seed"]
    if seed["point"] is None:
        reach = "the line is flat"
    else:
        ends = ["open" if e is None else f"{e * 100:+.0f}" for e in seed["ci"]]
        reach = f"{seed['point'] * 100:+.0f} Elo [{ends[0]}, {ends[1]}] ({seed['kind']})"
    out.append(f"| rating at which the line reaches {_pct(seed['target'])} (Fieller) | {reach}; the data span "
               f"{lo:+.0f} to {hi:+.0f} |")
    out.append("")
    out.append("| check | populations | slope, points per 100 Elo (95%) | p | tau, points | I² |")
    out.append("| --- | --- | --- | --- | --- | --- |")
    for c in result["checks"]:
        out.append(f"| {c['name']} | {c['k']} | {100 * c['slope']:+.2f} {_interval(*c['ci'], sign='+', digits=2)} | "
                   f"{c['p']:.3f} | {100 * c['tau']:.1f} | {100 * c['I2']:.0f}% |")
    if result.get("strength_checks"):
        out.append("")
        out.append("| perturbed against unperturbed, from the empty board | configurations | games | A's score (95%, "
                   "clustered by configuration) | Elo |")
        out.append("| --- | --- | --- | --- | --- |")
        for c in result["strength_checks"]:
            out.append(f"| `{c['check']}` | {c['configs']} | {c['games']} | {_pct(c['score'])} "
                       f"{_interval(*c['ci'])} | {c['elo']:+.0f} [{c['elo_ci'][0]:+.0f}, {c['elo_ci'][1]:+.0f}] |")
    return "\n".join(out)


# The chains of their own beside the ladder (strength.sh's TIER=deep, levels and patterns), each anchored at
# a mover of the ladder.
CHAINS = ("strength_deep.json", "strength_levels.json", "strength_patterns.json")


def tier_csvs(csv_path):
    """The other tiers' CSVs beside the study's (run.py --tier deep and --tier choice), those that exist: the
    deep tier's populations and the choice tier's 1,000-configuration populations join the study's."""
    folder = os.path.dirname(os.path.abspath(csv_path))
    return [p for p in (os.path.join(folder, "deep.csv"), os.path.join(folder, "choice.csv")) if os.path.exists(p)]


def load(csv_path, strength_path, extra=()):
    """The rows of the CSV and of any extra CSVs (the deep tier's), and every mover's rating: the ladder's
    (strength.json), and, for each chain of its own beside it (CHAINS), that chain's ratings moved onto
    the ladder by its anchor's rating there."""
    rows = []
    for path in [csv_path, *extra]:
        with open(path, newline="") as f:
            rows += list(csv.DictReader(f))
    with open(strength_path) as f:
        ratings = {p["name"]: p["rating"] for p in json.load(f)["players"]}
    for name in CHAINS:
        chain_path = os.path.join(os.path.dirname(os.path.abspath(strength_path)), name)
        if not os.path.exists(chain_path):
            continue
        with open(chain_path) as f:
            chain = json.load(f)
        anchor = chain.get("anchor")
        if anchor not in ratings:
            raise ValueError(f"{chain_path}: its anchor {anchor!r} is not on the ladder of {strength_path}")
        for p in chain["players"]:
            ratings.setdefault(p["name"], ratings[anchor] + p["rating"])
    return rows, ratings


def strength_checks(rows, opening_turns=0):
    """Each perturbation against its unperturbed engine (the populations whose spec names 'vs'), from K
    opening turns: A's score over the configurations, clustered by configuration, and in Elo."""
    groups = {}
    for r in rows:
        # The checks' groups (strength_check, deep_check); a population against another engine for another
        # question (the entry-capture terms) is no check.
        if r.get("population") and r.get("b") and r["group"].endswith("check") and \
                int(r["opening_turns"]) == opening_turns:
            groups.setdefault(r["population"], []).append(r)
    out = []
    for spec, configs in groups.items():
        games = [int(r["games"]) for r in configs]
        points = [float(r["a_score"]) * g for r, g in zip(configs, games)]
        n, c = sum(games), len(configs)
        score, var = clustered_mean(points, games)
        half = 1.959963984540054 * math.sqrt(var)
        out.append({"check": spec, "population": spec.split(" vs ")[0], "configs": c, "games": n, "score": score,
                    "ci": [max(0.0, score - half), min(1.0, score + half)], "elo": elo(score),
                    "elo_ci": [elo(max(0.0, score - half)), elo(min(1.0, score + half))]})
    return sorted(out, key=lambda k: k["check"])


def elo(score):
    """The Elo difference a score stands for (infinite at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", nargs="?", default=os.path.join(here, "results", "last_placer.csv"))
    ap.add_argument("--strength", help="the ladder's ratings (default: strength.json beside the CSV; "
                    "the chains of strength.sh's other tiers beside it join them)")
    ap.add_argument("--tiers", nargs="*", help="the other tiers' CSVs (default: deep.csv and choice.csv beside the "
                    "CSV, where they exist)")
    ap.add_argument("--json", help="also write the analysis as JSON to this file")
    args = ap.parse_args(argv)
    strength = args.strength or os.path.join(os.path.dirname(os.path.abspath(args.csv)), "strength.json")
    for path in (args.csv, strength):
        if not os.path.exists(path):
            sys.exit(f"meta.py: {path} does not exist (run.py writes the CSV, strength.sh the ratings)")
    try:
        rows, ratings = load(args.csv, strength, tier_csvs(args.csv) if args.tiers is None else args.tiers)
        result = analyse(rows, ratings)
    except (KeyError, ValueError) as e:
        sys.exit(f"meta.py: {args.csv}: {e}")
    print(markdown(result))
    if args.json:
        tmp = args.json + ".part"
        with open(tmp, "w") as f:
            json.dump(result, f, indent=1)
        os.replace(tmp, args.json)


if __name__ == "__main__":
    main(sys.argv[1:])
