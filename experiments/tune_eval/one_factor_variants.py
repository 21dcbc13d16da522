#!/usr/bin/env python3
"""one_factor.sh's variants of a board's fit: weights files that change one factor each against the fit,
written to the current folder as VARIANT.txt; it prints their names, in the order they are played.

    full                the fit as it is
    general_F           the fit with F's weight put back to the general one (F: blocked, hanging,
                        quiet_count, and every --factor)
    entry_terms_only    the entry and placement terms (centre_entry, first_entry, last_placer,
                        placement_safe) from the fit, the other weights general
    others_only         the other way round
    only_F              for every --factor F: the general weights with F's weight from the fit

A variant is the fit's file with some linear weight lines changed and every other line kept as it is. So
a pattern evaluation's variants keep its tables (every variant differs from the fit in linear weights
only, the tables being one factor held), and its end line, which counts and hashes the table entries
alone, stays true.

    one_factor_variants.py FIT GENERAL [--factor F ...]
"""
import argparse
import sys

ENTRY = {"centre_entry", "first_entry", "last_placer", "placement_safe"}


def linear_weight(line):
    """(feature, value as written) of a linear weight line, or None for any other line (comments, tables,
    end)."""
    words = line.split("#")[0].split()
    return (words[0], words[1]) if len(words) == 2 else None


def read(path):
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        sys.exit(f"one_factor_variants.py: error: {e}")
    weights = dict(w for w in map(linear_weight, lines) if w is not None)
    if not weights:
        sys.exit(f"one_factor_variants.py: error: {path}: no linear weight lines (FEATURE VALUE)")
    return lines, weights


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("fit", help="the board's fit (a linear or a pattern evaluation)")
    ap.add_argument("general", help="the general weights, whose values are put back")
    ap.add_argument("--factor", action="append", default=[], help="a feature to vary alone (general_F, only_F)")
    a = ap.parse_args()
    lines, fit = read(a.fit)
    _, general = read(a.general)
    for f in a.factor:
        if f not in fit:
            sys.exit(f"one_factor_variants.py: error: --factor {f}: not a feature of {a.fit}")
    names = []

    def write(name, take):  # take(feature): whether the feature's weight is the fit's
        if name in names:
            return
        names.append(name)
        with open(name + ".txt", "w") as out:
            for line in lines:
                w = linear_weight(line)
                if w is not None and not take(w[0]):
                    line = f"{w[0]} {general.get(w[0], '0')}"
                out.write(line + "\n")

    write("full", lambda k: True)
    for f in ("blocked", "hanging", "quiet_count"):
        write("general_" + f, lambda k, f=f: k != f)
    write("entry_terms_only", lambda k: k in ENTRY)
    write("others_only", lambda k: k not in ENTRY)
    for f in a.factor:
        write("general_" + f, lambda k, f=f: k != f)
        write("only_" + f, lambda k, f=f: k == f)
    print(" ".join(names))


if __name__ == "__main__":
    main()
