#!/usr/bin/env python3
"""The tables of late move reductions (run.sh): each row, lmr=K (A) against the search without them (B),
its score, its Elo from game pairs with the gate's verdict, and the nodes a move each side searched.

    /usr/bin/python3 experiments/reductions/report.py [RESULTS]   (default: experiments/reductions/results)
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gate_rule import ROW_HEADER, table_row  # noqa: E402  (experiments/gate_rule.py: seega gate's rule)


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "results")
    print(ROW_HEADER)
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json") and name.startswith("time"):
            with open(os.path.join(folder, name)) as f:
                print(table_row(name[:-5], json.load(f)))


if __name__ == "__main__":
    main()
