#!/usr/bin/env bash
# The last-placer study's driver: it reads its rows from a file, writes the summary keys and the
# version to its CSV, resumes (a second run plays nothing), replays a row asked for with more games, and
# table.py prints the tables from it.
set -u
seega=$1
here=$(cd "$(dirname "$0")/.." && pwd)
source "$(dirname "$0")/cli_lib.sh"
run=$here/experiments/last_placer/run.py

# tables_show <rows.csv> <tables.md>: table.py prints the tables of the rows to tables.md, and every line
# given on stdin (a grep regular expression; a trailing space written [ ]) matches a line of them.
tables_show() {
  "$py" "$here/experiments/last_placer/table.py" "$1" >"$2" || return 1
  local pattern
  while IFS= read -r pattern; do grep -q -- "$pattern" "$2" || return 1; done
}

cat >"$tmp/rows.csv" <<'ROWS'
group,rules,player,opening_turns,games
openings,standard,"level(1,deterministic)",0,20
random_placement,standard,"ab(depth=1,placement=random)",0,20
rulesets,chain,greedy,2,10
ROWS
if "$py" "$run" --seega "$seega" --rows "$tmp/rows.csv" --out "$tmp/out.csv" >"$tmp/first.log" 2>&1; then pass; else
  fail "run.py: $(cat "$tmp/first.log")"; fi
if "$py" - "$tmp/out.csv" <<'EOF2'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 3, len(rows)
for r in rows:
    for k in ("version", "distinct_placements", "distinct_games", "last_placer_score", "effective_clusters",
              "design_effect", "first_move_capture_rate", "stone_diff_10", "command"):
        assert r[k] != "", (k, r)
    # The clustered intervals are given exactly when the games rest on 20 effective clusters or more.
    enough = float(r["effective_clusters"]) >= 20
    assert (r["last_placer_ci95_clustered_lo"] != "") == enough and (r["clustered_reason"] == "") == enough, r
    assert (r["last_placer_score_ci95_lo"] != "") == enough, r
assert rows[1]["distinct_placements"] == "20" and float(rows[1]["effective_clusters"]) == 20, rows[1]
# Ten games rest on ten clusters at most: no interval, and the reason says why.
assert rows[2]["clustered_reason"].startswith("rests on "), rows[2]
assert rows[2]["rules"] == "chain" and rows[2]["games"] == "10"
EOF2
then pass; else fail "the study CSV lacks its columns or counts"; fi
# Every row names its players' evaluations, as the match's results header records them; greedy evaluates
# no position.
if "$py" -c '
import csv, sys
rows = {r["rules"]: r for r in csv.DictReader(open(sys.argv[1]))}
assert rows["standard"]["evaluation_a"].startswith("built-in 5x5 standard "), rows["standard"]
assert rows["standard"]["evaluation_a"] == rows["standard"]["evaluation_b"], rows["standard"]
assert rows["chain"]["evaluation_a"] == rows["chain"]["evaluation_b"] == "none", rows["chain"]
' "$tmp/out.csv"; then pass; else fail "the study CSV does not name the evaluations"; fi
# A capture search limit the board gave a player is part of its evaluation's text (7x7 diagonal's).
if PYTHONPATH=$here/experiments/last_placer "$py" -c '
from run import evaluation_text
e = {"a": {"name": "built-in general", "hash": "11", "capture_plies": 8}, "b": {"name": "built-in general", "hash": "11"}}
assert evaluation_text(e, "a") == "built-in general 11 capture_plies=8", evaluation_text(e, "a")
assert evaluation_text(e, "b") == "built-in general 11", evaluation_text(e, "b")
'; then pass; else fail "the study names the capture limit a board gave a player"; fi
# --verify plays matches of the CSV again and finds them the same; a figure changed by hand is found.
if "$py" "$run" --seega "$seega" --rows "$tmp/rows.csv" --out "$tmp/out.csv" --verify 3 >"$tmp/verify.log" 2>&1 &&
  grep -q '^run.py: 3 of 3 matches played again gave the same summary' "$tmp/verify.log"; then pass; else
  fail "run.py --verify: $(cat "$tmp/verify.log")"; fi
"$py" - "$tmp/out.csv" "$tmp/edited.csv" <<'EOF2'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
rows[0]["last_placer_wins"] = str(int(rows[0]["last_placer_wins"]) + 1)
w = csv.DictWriter(open(sys.argv[2], "w", newline=""), fieldnames=list(rows[0]))
w.writeheader()
w.writerows(rows)
EOF2
if ! "$py" "$run" --seega "$seega" --rows "$tmp/rows.csv" --out "$tmp/edited.csv" --verify 3 >"$tmp/verify2.log" 2>&1 &&
  grep -q '^DIFFERS in last_placer_wins' "$tmp/verify2.log"; then pass; else
  fail "run.py --verify on an edited CSV: $(cat "$tmp/verify2.log")"; fi
# A CSV written before rows named their evaluations: refused with what to do, then named by --evaluations.
"$py" - "$tmp/out.csv" "$tmp/old.csv" <<'EOF2'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
cols = [c for c in rows[0] if c not in ("evaluation_a", "evaluation_b")]
w = csv.DictWriter(open(sys.argv[2], "w", newline=""), fieldnames=cols, extrasaction="ignore")
w.writeheader()
w.writerows(rows)
EOF2
if ! "$py" "$run" --seega "$seega" --rows "$tmp/rows.csv" --out "$tmp/old.csv" >"$tmp/old.log" 2>&1 &&
  grep -q 'run run.py --evaluations on it first' "$tmp/old.log" &&
  "$py" "$run" --seega "$seega" --rows "$tmp/rows.csv" --out "$tmp/old.csv" --evaluations >"$tmp/old2.log" 2>&1 &&
  "$py" -c '
import csv, sys
a, b = list(csv.DictReader(open(sys.argv[1]))), list(csv.DictReader(open(sys.argv[2])))
assert [(r["evaluation_a"], r["evaluation_b"]) for r in a] == [(r["evaluation_a"], r["evaluation_b"]) for r in b], (a, b)
' "$tmp/out.csv" "$tmp/old.csv"; then pass; else fail "run.py --evaluations: $(cat "$tmp/old.log" "$tmp/old2.log")"; fi
"$py" "$run" --seega "$seega" --rows "$tmp/rows.csv" --out "$tmp/out.csv" >"$tmp/second.log" 2>&1
if [ ! -s "$tmp/second.log" ]; then pass; else fail "a resumed study played rows again: $(cat "$tmp/second.log")"; fi
# Rows played with other built-in weights than this seega's (a change of built-in weights since): refused,
# naming both, rather than kept as played beside rows of the new weights.
sed 's/built-in 5x5 standard [0-9a-f]\{16\}/built-in 5x5 standard 0123456789abcdef/g' "$tmp/out.csv" >"$tmp/stale.csv"
now=$("$seega" eval --print-weights --rules standard | head -n 1 | sed 's/^# built-in 5x5 standard (weights \([0-9a-f]*\)).*/\1/')
if ! "$py" "$run" --seega "$seega" --rows "$tmp/rows.csv" --out "$tmp/stale.csv" >"$tmp/stale.log" 2>&1 &&
  grep -q "stale.csv holds 2 row(s) played with other built-in weights than this seega's" "$tmp/stale.log" &&
  grep -q "built-in 5x5 standard 0123456789abcdef; this seega: built-in 5x5 standard $now)" "$tmp/stale.log" &&
  [ "$(wc -l <"$tmp/stale.csv")" = "$(wc -l <"$tmp/out.csv")" ]; then pass; else
  fail "a study CSV of other built-in weights is not refused: $(cat "$tmp/stale.log")"; fi
sed -i 's/chain,greedy,2,10/chain,greedy,2,16/' "$tmp/rows.csv"
"$py" "$run" --seega "$seega" --rows "$tmp/rows.csv" --out "$tmp/out.csv" >"$tmp/third.log" 2>&1
if [ "$(grep -c 'chain' "$tmp/third.log")" -eq 1 ] && "$py" -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
chain = [r for r in rows if r["rules"] == "chain"]
assert len(rows) == 3 and len(chain) == 1 and chain[0]["games"] == "16", rows
' "$tmp/out.csv"; then pass; else fail "a row asked for with more games was not replayed once: $(cat "$tmp/third.log")"; fi
if tables_show "$tmp/out.csv" "$tmp/tables.md" <<'LINES'
^| level(1,deterministic) | [0-9.]*% \[
^| greedy | [0-9.]*% (no interval: [0-9.]* effective clusters)
^| ab(depth=1) | [0-9.]*% .*| - |$
^| ab(depth=1,placement=random) | 0 |[ ]
LINES
then pass; else
  fail "table.py does not print the rows: $(head -20 "$tmp/tables.md")"; fi
# A population of configurations (vary=1..N, each its own match) and a match against another player:
# table.py pools the population, clustered by configuration, and gives A's score in each role.
cat >"$tmp/more.csv" <<'ROWS'
group,rules,player,b,opening_turns,games,configs
population,standard,"ab(depth=1,vary={vary},jitter=3)",,0,2,20
versus,standard,ab(depth=1),"ab(depth=1,placement=random)",0,20,
searched_placement,standard,ab(depth=1),,2,20,
caps,standard,"ab(depth=1,placement_cap=2000000)",,2,20,
caps,standard,"ab(depth=1,placement_cap=0)",,2,20,
ROWS
if "$py" "$run" --seega "$seega" --rows "$tmp/more.csv" --out "$tmp/more_out.csv" >"$tmp/more.log" 2>&1 && "$py" - "$tmp/more_out.csv" <<'EOF2'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
population = [r for r in rows if r["population"]]
assert len(population) == 20 and [r["config"] for r in population] == [str(c) for c in range(1, 21)], rows
assert population[4]["player"] == "ab(depth=1,vary=5,jitter=3)" and population[4]["b"] == "", population[4]
# Each configuration plays its own seed (the study's plus its number), so none shares another's openings.
assert [int(r["seed"]) for r in population] == [2026 + c for c in range(1, 21)], [r["seed"] for r in population]
versus = [r for r in rows if r["b"]]
assert len(versus) == 1 and versus[0]["b"] == "ab(depth=1,placement=random)" and versus[0]["a_score"] != "", versus
# Why, in each role: the mechanism counters of the games where A placed last and of those where B did.
v = versus[0]
assert all(v[f"{c}_a_placing_{r}"] != "" for c in ("first_move_capture_rate", "stone_diff_10") for r in ("last", "first")), v
EOF2
then pass; else fail "run.py with a population and an opponent: $(cat "$tmp/more.log")"; fi
if tables_show "$tmp/more_out.csv" "$tmp/more.md" <<'LINES'
^| ab(depth=1,vary={vary},jitter=3) | standard | 0 | 20 | 40 | [0-9.]*% \[
^| ab(depth=1) | ab(depth=1,placement=random) | standard | 0 | 20 | [0-9.]*% |[ ]
first move captures (A last)
^| ab(depth=1) | 2 | .* | - | .* | +0.0 points | [0-9.]*% .*|$
LINES
then pass; else
  fail "table.py does not pool the population, give the match or the caps (a one-ply search never reaches the cap): $(cat "$tmp/more.md")"; fi
# Parts: two runs of every other match, merged, give the rows of one run.
if "$py" "$run" --seega "$seega" --rows "$tmp/more.csv" --out "$tmp/part0.csv" --part 0/2 >/dev/null 2>"$tmp/part.log" &&
  "$py" "$run" --seega "$seega" --rows "$tmp/more.csv" --out "$tmp/part1.csv" --part 1/2 >/dev/null 2>>"$tmp/part.log" &&
  "$py" "$run" --merge "$tmp/part0.csv" "$tmp/part1.csv" --out "$tmp/merged.csv" >/dev/null 2>>"$tmp/part.log" &&
  "$py" - "$tmp/more_out.csv" "$tmp/merged.csv" "$tmp/part0.csv" <<'EOF2' 2>>"$tmp/part.log"
import csv, sys
one, merged, part = (list(csv.DictReader(open(f))) for f in sys.argv[1:])
key = lambda r: (r["rules"], r["player"], r["b"], r["opening_turns"])
strip = lambda rows: sorted((tuple((k, v) for k, v in r.items() if k != "seconds") for r in rows))
assert 0 < len(part) < len(one), (len(part), len(one))
assert strip(one) == strip(merged), "merged parts differ from one run"
EOF2
then pass; else fail "run.py --part and --merge: $(cat "$tmp/part.log")"; fi
if ! "$py" "$run" --seega "$seega" --rows "$tmp/more.csv" --out "$tmp/x.csv" --part 2/2 2>"$tmp/bad_part.log" &&
  grep -q "give I/K with 0 <= I < K" "$tmp/bad_part.log"; then pass; else fail "--part 2/2 was not refused"; fi
# The strength axis: the movers on one ladder (two games a pairing here), which table.py reads beside the CSV.
mkdir -p "$tmp/axis"; cp "$tmp/out.csv" "$tmp/axis/study.csv"; tail -n +2 "$tmp/more_out.csv" >>"$tmp/axis/study.csv"
if PER_PAIR=2 bash "$here/experiments/last_placer/strength.sh" "$seega" "$tmp/axis" >"$tmp/axis.log" 2>&1 &&
  "$py" "$here/experiments/last_placer/table.py" "$tmp/axis/study.csv" >"$tmp/axis.md" &&
  grep -q '^| ab(depth=1) | [-+][0-9]* .*| [0-9.]*% \[.* | [0-9.]*% \[[0-9., ]*\] (20, jitter=3) |$' "$tmp/axis.md"; then pass; else
  fail "strength.sh and the strength table: $(cat "$tmp/axis.log"; grep -A6 'playing strength' "$tmp/axis.md")"; fi
printf 'group,rules,player,b,opening_turns,games,configs\np,standard,ab(depth=1),,0,2,5\n' >"$tmp/bad.csv"
if ! "$py" "$run" --seega "$seega" --rows "$tmp/bad.csv" --out "$tmp/bad_out.csv" 2>"$tmp/bad.log" &&
  grep -q 'go together' "$tmp/bad.log"; then pass; else fail "a population without {vary} was not refused: $(cat "$tmp/bad.log")"; fi
# The meta-regression (meta.py) on hand-made populations whose slope and heterogeneity are known.
if "$py" - "$here/experiments/last_placer" <<'EOF2' 2>"$tmp/meta.log"
import math, sys
sys.path.insert(0, sys.argv[1])
import meta
close = lambda a, b, tol=1e-9: abs(a - b) <= tol * max(1.0, abs(b))
# Student's t and chi-square against printed tables.
assert close(meta.t_quantile(0.975, 13), 2.160369, 1e-6) and close(meta.t_quantile(0.975, 1), 12.7062, 1e-5)
assert close(meta.chi2_sf(3.84146, 1), 0.05, 1e-5) and close(meta.chi2_sf(23.685, 14), 0.05, 1e-4)
# Populations exactly on a line: the slope is the line's, and nothing is left between populations.
x = [float(i) for i in range(1, 9)]
fit = meta.meta_regression([0.5 + 0.03 * xi for xi in x], [0.001] * 8, x)
assert close(fit["coef"][1], 0.03) and close(fit["coef"][0], 0.5) and fit["tau2"] == 0.0 and fit["Q"] < 1e-20, fit
# The same line with deviations that sum to 0 and do not correlate with x, all variances v: the slope is
# still 0.03, Q is their sum of squares over v, and REML's tau^2 is that sum over k - 2, less v.
v, d = 0.0004, [0.05 * s for s in (1, -1, -1, 1, 1, -1, -1, 1)]
fit = meta.meta_regression([0.5 + 0.03 * xi + di for xi, di in zip(x, d)], [v] * 8, x)
rss = sum(di * di for di in d)
assert close(fit["coef"][1], 0.03) and close(fit["Q"], rss / v) and close(fit["tau2"], rss / 6 - v), fit
assert close(fit["I2"], (rss / v - 6) / (rss / v)), fit
# Knapp-Hartung: at the REML estimate the weighted residuals' mean square is 1, so the slope's standard
# error is sqrt((v + tau^2) / Sxx) (Sxx = 42 for x = 1..8), and its interval uses t on 6 df.
assert close(fit["se"][1], math.sqrt((v + fit["tau2"]) / 42)), fit
assert close(fit["ci"][1][1] - fit["coef"][1], meta.t_quantile(0.975, 6) * fit["se"][1]), fit
# A negative slope is estimated as negative: the fit does not assume the edge grows.
down = meta.meta_regression([0.7 - 0.02 * xi + di for xi, di in zip(x, d)], [v] * 8, x)
assert close(down["coef"][1], -0.02), down
# Where the line reaches a score: the point, and at each end of Fieller's interval the confidence band
# just touches the score.
reach = meta.where_line_reaches(fit, 0.8)
assert reach["kind"] == "interval" and close(reach["point"], 0.3 / 0.03), reach
lo, hi = reach["ci"]
assert lo < reach["point"] < hi, reach
assert close(meta.predict(fit, lo)["ci"][1], 0.8, 1e-7) and close(meta.predict(fit, hi)["ci"][0], 0.8, 1e-7)
# A flat line never clearly reaches it: the interval is open.
flat = meta.meta_regression([0.6 + di for di in d], [v] * 8, x)
assert meta.where_line_reaches(flat, 0.8)["kind"] == "unbounded"
# The pooled model: with no heterogeneity, the inverse-variance mean.
pooled = meta.meta_regression([0.6, 0.7], [0.01, 0.04])
assert close(pooled["coef"][0], (0.6 / 0.01 + 0.7 / 0.04) / (1 / 0.01 + 1 / 0.04)) and pooled["tau2"] == 0.0
# A population's score and its variance clustered by configuration: points 2, 1 and 0 of 2 games each.
rows = [{"games": "2", "last_placer_wins": str(w), "draws": str(dr), "distinct_games": "1"}
        for w, dr in ((2, 0), (0, 2), (0, 0))]
est = meta.population_estimate(rows)
assert close(est["score"], 0.5) and close(est["var"], 1.5 * 2 / 36) and est["distinct_games"] == 3, est
assert meta.mover_of("level(4,deterministic,vary={vary},jitter=3)") == "level(4,deterministic)"
for bad in (lambda: meta.meta_regression([0.5], [0.01], [1.0]), lambda: meta.meta_regression([0.5, 0.6], [0.0, 0.1]),
            lambda: meta.meta_regression([0.5, 0.6, 0.7], [0.01] * 3, [2.0] * 3)):
    try:
        bad()
        raise AssertionError("bad input was accepted")
    except ValueError:
        pass
EOF2
then pass; else fail "meta.py on hand-made populations: $(cat "$tmp/meta.log")"; fi
# A chain of the deep tier beside the ladder joins it at its anchor; a strength check is A's score in Elo.
mkdir -p "$tmp/deep"
if "$py" - "$here/experiments/last_placer" "$tmp/deep" <<'EOF2' 2>"$tmp/deep.log"
import csv, json, math, os, sys
sys.path.insert(0, sys.argv[1])
import meta
d = sys.argv[2]
json.dump({"anchor": "greedy", "players": [{"name": "greedy", "rating": 0.0}, {"name": "ab(depth=6)", "rating": 1000.0}]},
          open(os.path.join(d, "strength.json"), "w"))
json.dump({"anchor": "ab(depth=6)", "players": [{"name": "ab(depth=6)", "rating": 0.0}, {"name": "ab(depth=7)", "rating": 80.0}]},
          open(os.path.join(d, "strength_deep.json"), "w"))
cols = ["group", "population", "b", "opening_turns", "games", "a_score"]
with open(os.path.join(d, "deep.csv"), "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=cols)
    w.writeheader()
    for c, score in enumerate((0.5, 1.0, 0.5, 0.0, 1.0, 0.5)):  # A scores 3.5 of 6 games: 58.3%
        w.writerow({"group": "deep_check", "population": "ab(depth=7,vary={vary}) vs ab(depth=7)", "b": "ab(depth=7)",
                    "opening_turns": "0", "games": "1", "a_score": str(score)})
        # A population against another engine for another question (not a group of checks) is no check.
        w.writerow({"group": "entry_terms", "population": "ab(depth=7,vary={vary},x) vs ab(depth=7)",
                    "b": "ab(depth=7)", "opening_turns": "0", "games": "1", "a_score": "0.0"})
with open(os.path.join(d, "main.csv"), "w", newline="") as f:
    csv.DictWriter(f, fieldnames=cols).writeheader()
rows, ratings = meta.load(os.path.join(d, "main.csv"), os.path.join(d, "strength.json"), [os.path.join(d, "deep.csv")])
assert ratings == {"greedy": 0.0, "ab(depth=6)": 1000.0, "ab(depth=7)": 1080.0}, ratings
(check,) = meta.strength_checks(rows)
assert abs(check["score"] - 3.5 / 6) < 1e-12 and abs(check["elo"] - 400 * math.log10(3.5 / 2.5)) < 1e-9, check
assert check["ci"][0] < check["score"] < check["ci"][1] and check["configs"] == 6, check
# A population whose perturbation moves the strength from the empty board (its check's interval leaves
# out 50%) is left out of the line; one whose check holds, or that has none, stays in.
def selfplay(spec, c, points):
    return {"group": "p", "rules": "standard", "population": spec, "config": str(c), "b": "", "opening_turns": "0",
            "games": "2", "last_placer_wins": str(points), "draws": "0", "distinct_games": "1"}
def check(spec, mover, c, score):
    return {"group": "strength_check", "rules": "standard", "population": spec + " vs " + mover, "config": str(c),
            "b": mover, "opening_turns": "0", "games": "2", "a_score": str(score)}
made = []
for c in range(1, 31):
    made += [selfplay("ab(depth=2,vary={vary})", c, c % 2 + 1), selfplay("ab(depth=3,vary={vary})", c, c % 3 % 2 + 1),
             selfplay("ab(depth=4,vary={vary})", c, 2 if c % 4 else 1), selfplay("ab(depth=5,vary={vary})", c, 2 if c % 5 else 1),
             check("ab(depth=4,vary={vary})", "ab(depth=4)", c, 1.0 if c % 2 else 0.0),
             check("ab(depth=5,vary={vary})", "ab(depth=5)", c, 0.0 if c % 3 else 0.5)]
res = meta.analyse(made, {"ab(depth=2)": 600.0, "ab(depth=3)": 700.0, "ab(depth=4)": 800.0, "ab(depth=5)": 900.0})
assert res["headline"] == ["ab(depth=2,vary={vary})", "ab(depth=3,vary={vary})", "ab(depth=4,vary={vary})"], res["headline"]
assert list(res["moved"]) == ["ab(depth=5,vary={vary})"] and res["moved"]["ab(depth=5,vary={vary})"][0] < 0, res["moved"]
names = [c["name"] for c in res["checks"]]
every = res["checks"][names.index("every perturbation, its strength kept or not")]
assert every["k"] == 4 and res["checks"][0]["k"] == 3, res["checks"]
EOF2
then pass; else fail "meta.py's deep tier: $(cat "$tmp/deep.log")"; fi
if ! "$py" "$here/experiments/last_placer/meta.py" "$tmp/out.csv" --strength "$tmp/none.json" 2>"$tmp/meta_bad.log" &&
  grep -q 'none.json does not exist' "$tmp/meta_bad.log"; then pass; else
  fail "meta.py without ratings: $(cat "$tmp/meta_bad.log")"; fi
# The last free choice: a population with a turn at random set beside the same configurations searching
# every turn, paired by configuration. Hand-made: searching, configurations 1-10 score 2 of 2 and 11-20 0 of
# 2 (50%); with the turn at random 2 and 1 (75%): the change is +25 points, and paired (each configuration's
# difference 0 or 1) its 95% interval is +25 -/+ 1.96 * sqrt(20/19 * 20 * 0.5^2) / 40 = [+13.8, +36.2]; set
# side by side unpaired it would be far wider. A configuration with no partner on its seed is left out.
"$py" - "$tmp/choice.csv" <<'EOF2'
import csv, sys
cols = ["group", "rules", "player", "b", "population", "config", "games", "seed", "opening_turns",
        "last_placer_wins", "first_placer_wins", "draws", "distinct_placements", "distinct_games"]
with open(sys.argv[1], "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=cols)
    w.writeheader()
    for spec, points in (("ab(depth=2,vary={vary})", lambda c: 2 if c <= 10 else 0),
                         ("ab(depth=2,vary={vary},random_turns=11)", lambda c: 2 if c <= 10 else 1)):
        for c in range(1, 21):
            p = points(c)
            w.writerow(dict(group="last_free_choice", rules="standard", player=spec.replace("{vary}", str(c)), b="",
                            population=spec, config=c, games=2, seed=2026 + c, opening_turns=0, last_placer_wins=p,
                            first_placer_wins=2 - p, draws=0, distinct_placements=1, distinct_games=1))
    w.writerow(dict(group="last_free_choice", rules="standard", player="ab(depth=2,vary=21,random_turns=11)", b="",
                    population="ab(depth=2,vary={vary},random_turns=11)", config=21, games=2, seed=2047,
                    opening_turns=0, last_placer_wins=2, first_placer_wins=0, draws=0, distinct_placements=1,
                    distinct_games=1))
EOF2
if tables_show "$tmp/choice.csv" "$tmp/choice.md" <<'LINES'
^| ab(depth=2,vary={vary}) | 11 | 20 | 40 | 50.0% \[[0-9.]*, [0-9.]*\] | 75.0% \[[0-9.]*, [0-9.]*\] | +25.0 \[+13.8, +36.2\] points | - | 20 |$
LINES
then pass; else fail "table.py's last free choice: $(grep -A4 'turn at random |' "$tmp/choice.md")"; fi
# One factor in one side's placement: A (the factor) against B, beside B's self-play population on the same
# seeds, split by the role A has in each game. Hand-made: in self-play configurations 1-15 give the last
# placer 2 of 2 and 16-20 0 of 2 (75%); against A, the last placer takes every game where A places first
# (100%) and none where A places last (0%). Paired by configuration: +25 points where the first placer has
# the factor, 95% interval +25 -/+ 1.96 * sqrt(20/19 * (15 * 0.25^2 + 5 * 0.75^2)) / 20 = [+5.5, +44.5],
# +100% of the 25-point edge [-56, +256]; -75 [-94.5, -55.5] points where the last placer has it, -300%
# [-456, -144]; the first move's captures go from 50% to 100% and to 0%.
"$py" - "$tmp/factor.csv" <<'EOF2'
import csv, sys
cols = ["group", "rules", "player", "b", "population", "config", "games", "seed", "opening_turns",
        "last_placer_wins", "first_placer_wins", "draws", "distinct_placements", "distinct_games",
        "first_move_capture_rate", "a_score_placing_last", "a_score_placing_first",
        "first_move_capture_rate_a_placing_last", "first_move_capture_rate_a_placing_first"]
base, factor = "ab(depth=2,vary={vary})", "ab(depth=2,vary={vary},placement=ab(depth=2,weights=w.txt))"
with open(sys.argv[1], "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=cols, restval="")
    w.writeheader()
    for c in range(1, 21):
        p = 2 if c <= 15 else 0
        w.writerow(dict(group="last_free_choice", rules="standard", player=base.replace("{vary}", str(c)), b="",
                        population=base, config=c, games=2, seed=2026 + c, opening_turns=0, last_placer_wins=p,
                        first_placer_wins=2 - p, draws=0, distinct_placements=1, distinct_games=1,
                        first_move_capture_rate=0.5))
        w.writerow(dict(group="entry_terms", rules="standard", player=factor.replace("{vary}", str(c)),
                        b=base.replace("{vary}", str(c)), population=f"{factor} vs {base}", config=c, games=2,
                        seed=2026 + c, opening_turns=0, last_placer_wins=1, first_placer_wins=1, draws=0,
                        distinct_placements=2, distinct_games=2, first_move_capture_rate=0.5,
                        a_score_placing_last=0.0, a_score_placing_first=0.0,
                        first_move_capture_rate_a_placing_last=0.0, first_move_capture_rate_a_placing_first=1.0))
EOF2
if tables_show "$tmp/factor.csv" "$tmp/factor.md" <<'LINES'
^| ab(depth=2,vary={vary}) | the first placer's | 20 | 20 | 75.0% \[[0-9.]*, [0-9.]*\] | 100.0% \[100.0, 100.0\] | +25.0 \[+5.5, +44.5\] points | +100% \[-56, +256\] | 50.0% -> 100.0% |$
^| ab(depth=2,vary={vary}) | the last placer's | 20 | 20 | 75.0% \[[0-9.]*, [0-9.]*\] | 0.0% \[0.0, 0.0\] | -75.0 \[-94.5, -55.5\] points | -300% \[-456, -144\] | 50.0% -> 0.0% |$
LINES
then pass; else fail "table.py's one factor in one side's placement: $(grep -A5 'terms off in |' "$tmp/factor.md")"; fi
# make demo leads with the answer (the last placer's score beside the seed's four in five), not with the
# matches' progress lines, which go to a log.
if bash "$here/scripts/demo.sh" "$seega" >"$tmp/demo.txt" 2>&1 &&
  head -1 "$tmp/demo.txt" | grep -q '^The answer: seed 001 says .* four games in five (80%)' &&
  sed -n 2p "$tmp/demo.txt" | grep -q '^  random placement, ab(depth=2,placement=random): the last placer scores [0-9.]*% \[' &&
  sed -n 3p "$tmp/demo.txt" | grep -q '^  from the empty board, 30 perturbed configurations of ab(depth=2): ' &&
  ! grep -q 'vary=1,jitter=3' "$tmp/demo.txt"; then pass; else fail "make demo does not lead with the answer: $(head -5 "$tmp/demo.txt")"; fi
if ! "$py" "$here/experiments/last_placer/headline.py" "$tmp/none.csv" 2>"$tmp/headline.log" &&
  grep -q 'none.csv does not exist' "$tmp/headline.log"; then pass; else fail "headline.py without a CSV: $(cat "$tmp/headline.log")"; fi
finish "study"
