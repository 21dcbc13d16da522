#!/usr/bin/python3
"""Self-play throughput against thread count: the same `seega match` at each --threads T, a few times each,
and under mpirun at each --ranks R (one thread a rank).

The games are the same at every thread count (a game's seed is a function of its index), so only the
time changes. Each run writes one row of the CSV: threads, games, seconds, games/s and searched nodes/s
(from the summary's search counters), the CPU seconds the match used (so CPU over wall time is how many
cores it got), the machine's load average just before, and the player, rules, seed, version and command. All game logic
is in the seega binary; this script only runs it and collects the summaries.
"""
import argparse
import csv
import json
import os
import resource
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
COLUMNS = ["ranks", "threads", "repeat", "games", "seconds", "games_per_second", "nodes", "nodes_per_second", "cpu_seconds",
           "player",
           "rules", "seed", "opening_turns", "cores", "load_average", "version", "command"]


def measure(args, ranks, threads, repeat):
    """One match at THREADS threads (in each of RANKS mpirun ranks; 0: no mpirun): its summary's speed, and
    the CPU time it took from the machine (the ranks are mpirun's children, which it waits for)."""
    launcher = [args.mpirun, "-np", str(ranks)] if ranks else []
    cmd = launcher + [args.seega, "match", "--a", args.player, "--b", args.player, "--rules", args.rules, "--games",
           str(args.games), "--seed", str(args.seed), "--opening-turns", str(args.opening_turns), "--threads",
           str(threads), "--json", "--quiet"]
    load = os.getloadavg()[0]  # the machine's 1-minute load just before: other work shares the cores
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run(cmd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode != 0:
        sys.exit(f"run.py: error: {' '.join(cmd)} failed: {run.stderr.strip()}")
    j = json.loads(run.stdout)
    nodes = sum(s["mean_nodes"] * s["searches"] for s in j.get("search", {}).values())
    seconds = j["seconds"]
    return {"ranks": ranks, "threads": threads, "repeat": repeat, "games": j["games"], "seconds": seconds,
            "games_per_second": j["games_per_second"], "nodes": round(nodes),
            "nodes_per_second": nodes / seconds if seconds > 0 else 0.0,
            "cpu_seconds": round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 3),
            "player": args.player, "rules": j["rules"], "seed": j["seed"], "opening_turns": j["opening_turns"],
            "cores": os.cpu_count(), "load_average": round(load, 2), "version": j["version"],
            "command": " ".join(c if c.isalnum() or c.startswith("-") else f"'{c}'"
                                for c in (["mpirun"] + launcher[1:] if launcher else []) + ["seega"] + cmd[len(launcher) + 1:-2])}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seega", default=os.path.join(ROOT, "build/release/bin/seega"))
    p.add_argument("--out", default=os.path.join(HERE, "results/throughput.csv"))
    p.add_argument("--threads", type=int, nargs="+", default=list(range(1, (os.cpu_count() or 1) + 1)),
                   help="thread counts to measure (default: 1 to the number of cores)")
    p.add_argument("--ranks", type=int, nargs="*", default=[1, 2] if shutil.which("mpirun") else [],
                   help="mpirun rank counts to measure, one thread each (default: 1 and 2 when mpirun exists)")
    p.add_argument("--mpirun", default=shutil.which("mpirun") or "mpirun")
    p.add_argument("--player", default="ab(depth=4)")
    p.add_argument("--rules", default="standard")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--repeats", type=int, default=3, help="runs at each thread count (interleaved)")
    p.add_argument("--opening-turns", type=int, default=2)
    p.add_argument("--seed", type=int, default=2026)
    args = p.parse_args()

    if not os.access(args.seega, os.X_OK):
        sys.exit(f"run.py: error: {args.seega} is not built; run 'make build' first")
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        # Interleaved (1, 2, 1, 2, ...) so that a change in the machine's load falls on every thread count.
        # As root, Open MPI refuses to start without these (CI and this VM run as root).
        os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
        os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        layouts = [(0, t) for t in args.threads] + [(r, 1) for r in args.ranks]
        for repeat in range(args.repeats):
            for ranks, threads in layouts:
                row = measure(args, ranks, threads, repeat)
                writer.writerow(row)
                f.flush()
                print(f"ranks {ranks}  threads {threads}  repeat {repeat}  {row['games']} games in {row['seconds']:.1f} s  "
                      f"{row['games_per_second']:.1f} games/s  {row['nodes_per_second'] / 1e6:.2f} M nodes/s  "
                      f"{row['cpu_seconds'] / max(row['seconds'], 1e-9):.2f} cores' worth of CPU", flush=True)


if __name__ == "__main__":
    main()
