#!/usr/bin/env python3
"""./kamp compare A B: kamp's results from two sources side by side, row by row.

A source is a results folder, a machine's name under experiments/results, or COMMIT:MACHINE.
Rows match on experiment, variant, bits, m, n, metric and the columns that name the problem
(data class, algorithm, matrix, measure) and, unless --spaces pairs two execution spaces (the
OpenMP build's rows with the CUDA build's), the space. For each matched row: A, B, B/A and the
gain, how many times better B is (A/B for times and errors, B/A for rates and shares of a peak).
Writes compare.md (a summary per experiment, then every matched row), compare.csv and, where
matplotlib is available, compare.png (each time row's gain per experiment, with the geometric
mean)."""
import argparse
import csv
import datetime
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(1, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "plots"))
from results_csv import RESULTS_ROOT, ResultsError, read_source  # noqa: E402

# +1: higher is better; -1: lower is better; metrics not listed get a ratio but no gain.
DIRECTION = {
    "time_ms": -1, "rel_error": -1, "rel_error_pct": -1, "rel_residual": -1, "iterations": -1,
    "divergence_pct": -1, "error_bound": -1, "error_u": -1, "bound_u": -1,
    "gflops": 1, "gddflops": 1, "bandwidth_gbs": 1, "pct_bandwidth": 1, "pct_peak": 1, "speedup": 1,
    "occupancy_pct": 1, "theoretical_occupancy_pct": 1, "mresults_per_s": 1,
}


class Match:
    __slots__ = ("a", "b", "ratio", "gain")

    def __init__(self, a, b):
        self.a, self.b = a, b
        self.ratio = b.value / a.value if a.value != 0 else (1.0 if b.value == 0 else math.inf)
        direction = DIRECTION.get(a.metric, 0)
        if direction == 0 or a.value <= 0 or b.value <= 0:
            self.gain = None
        else:
            self.gain = self.ratio if direction > 0 else 1.0 / self.ratio


def index(rows, space, use_space):
    """Rows by key (the first of duplicates kept); rows of other spaces left out when `space` is
    given (rows without a space column belong to every build and stay)."""
    table, duplicates = {}, []
    for r in rows:
        if space and r.space and r.space != space:
            continue
        key = r.key + ((("space", r.space),) if use_space else ())
        if key in table:
            duplicates.append(r)
        else:
            table[key] = r
    return table, duplicates


def compare(rows_a, rows_b, spaces=None):
    """(matches, only_a, only_b, unit_clashes, duplicates) for two lists of rows."""
    space_a, space_b = spaces if spaces else (None, None)
    a, dup_a = index(rows_a, space_a, spaces is None)
    b, dup_b = index(rows_b, space_b, spaces is None)
    matches, clashes = [], []
    for key in sorted(a.keys() & b.keys(), key=repr):
        if a[key].unit != b[key].unit:
            clashes.append((a[key], b[key]))
        else:
            matches.append(Match(a[key], b[key]))
    only_a = [a[k] for k in sorted(a.keys() - b.keys(), key=repr)]
    only_b = [b[k] for k in sorted(b.keys() - a.keys(), key=repr)]
    return matches, only_a, only_b, clashes, dup_a + dup_b


def geometric_mean(values):
    values = [v for v in values if v is not None and v > 0 and math.isfinite(v)]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def number(x):
    if x is None:
        return ""
    if x == 0 or not math.isfinite(x):
        return str(x)
    return f"{x:.4g}"


def problem(row):
    """The row's problem in words: variant, bits, m x n and the identity columns."""
    _, variant, bits, m, n, metric, *extras = row.key
    words = [variant, f"{bits} bits", f"{m} x {n}"] + [f"{k} {v}" for k, v in extras if v]
    return ", ".join(words)


def by_experiment(items, experiment_of):
    groups = {}
    for item in items:
        groups.setdefault(experiment_of(item), []).append(item)
    return dict(sorted(groups.items(), key=lambda kv: (len(kv[0]), kv[0])))


def write_csv(path, matches):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["id", "problem", "metric", "unit", "space_a", "space_b", "a", "b", "b_over_a", "gain_of_b",
                    "where_a", "where_b"])
        for x in matches:
            w.writerow([x.a.experiment, problem(x.a), x.a.metric, x.a.unit, x.a.space, x.b.space, repr(x.a.value),
                        repr(x.b.value), number(x.ratio), number(x.gain), x.a.where, x.b.where])


def kamp_commit():
    """The checkout's commit (what a folder source was read at), or "an unknown commit"."""
    try:
        done = subprocess.run(["git", "-C", os.path.dirname(RESULTS_ROOT), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=False)
        return done.stdout.strip() or "an unknown commit"
    except OSError:
        return "an unknown commit"


def write_markdown(path, label_a, label_b, spaces, command, result):
    matches, only_a, only_b, clashes, duplicates = result
    out = [f"# {label_b} against {label_a}", "",
           f"A = `{label_a}`, B = `{label_b}`"
           + (f"; A's {spaces[0]} rows against B's {spaces[1]} rows" if spaces else "; rows of the same space") + ".",
           f"Command: `{command}`, kamp at {kamp_commit()}; written "
           f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%dT%H:%M:%SZ}.",
           "Gain: how many times better B is than A (A/B for times and errors, B/A for rates and shares of a peak).",
           "", "| experiment | matched rows | only in A | only in B | time rows | gain of B in time, geometric mean | min | max |",
           "|---|---|---|---|---|---|---|---|"]
    groups = by_experiment(matches, lambda x: x.a.experiment)
    alone_a = by_experiment(only_a, lambda r: r.experiment)
    alone_b = by_experiment(only_b, lambda r: r.experiment)
    for experiment in sorted(set(groups) | set(alone_a) | set(alone_b), key=lambda e: (len(e), e)):
        rows = groups.get(experiment, [])
        times = [x.gain for x in rows if x.a.metric == "time_ms" and x.gain is not None]
        out.append(f"| {experiment} | {len(rows)} | {len(alone_a.get(experiment, []))} | "
                   f"{len(alone_b.get(experiment, []))} | {len(times)} | {number(geometric_mean(times))} | "
                   f"{number(min(times)) if times else ''} | {number(max(times)) if times else ''} |")
    if clashes:
        out += ["", "Rows whose units differ (not compared): " + "; ".join(f"{a.where} ({a.unit}) and {b.where} ({b.unit})"
                                                                       for a, b in clashes)]
    if duplicates:
        out += ["", "Rows repeating an earlier row's problem (the first is compared): "
                + "; ".join(r.where for r in duplicates)]
    for experiment, rows in groups.items():
        out += ["", f"## {experiment}", "", "| problem | metric | A | B | unit | B/A | gain of B |", "|---|---|---|---|---|---|---|"]
        for x in sorted(rows, key=lambda x: (x.a.metric, problem(x.a))):
            out.append(f"| {problem(x.a)} | {x.a.metric} | {number(x.a.value)} | {number(x.b.value)} | {x.a.unit} | "
                       f"{number(x.ratio)} | {number(x.gain)} |")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(out) + "\n")


def write_plot(path, label_a, label_b, matches):
    """Each time row's gain (log scale) per experiment and its geometric mean; False without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from png_file import save_png
    except ImportError:
        return False
    groups = {e: [x.gain for x in rows if x.a.metric == "time_ms" and x.gain is not None]
              for e, rows in by_experiment(matches, lambda x: x.a.experiment).items()}
    groups = {e: g for e, g in groups.items() if g}
    if not groups:
        return False
    fig, ax = plt.subplots(figsize=(max(4, 0.8 * len(groups) + 2), 4))
    for i, (experiment, gains) in enumerate(groups.items()):
        ax.scatter([i] * len(gains), gains, s=10, alpha=0.5, color="tab:blue")
        ax.scatter([i], [geometric_mean(gains)], marker="_", s=400, color="tab:red")
    ax.set_yscale("log")
    ax.axhline(1.0, color="gray", linewidth=0.8)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(list(groups))
    ax.set_ylabel(f"time of {label_a} / time of {label_b}")
    ax.set_title(f"{label_b} against {label_a}: each time row, red = geometric mean")
    fig.tight_layout()
    save_png(fig, path, dpi=120)
    plt.close(fig)
    return True


def parse_spaces(text):
    parts = text.split(":")
    if len(parts) != 2 or not all(parts):
        raise ResultsError(f"--spaces '{text}': expected SPACE_A:SPACE_B, for example OpenMP:Cuda")
    return tuple(parts)


def main(argv):
    parser = argparse.ArgumentParser(prog="./kamp compare", description=__doc__.split("\n")[0])
    parser.add_argument("a", metavar="A", help="results folder, machine name, or COMMIT:MACHINE")
    parser.add_argument("b", metavar="B", help="the same, compared with A")
    parser.add_argument("--spaces", help="SPACE_A:SPACE_B: pair A's rows of one space with B's of another")
    parser.add_argument("--experiments", help="comma-separated ids (default: every experiment in both)")
    parser.add_argument("--out", help="output folder (default: results/compare_<A>_vs_<B> at kamp's root, which git "
                                      "ignores: a comparison is committed by naming its folder)")
    args = parser.parse_args(argv)
    try:
        spaces = parse_spaces(args.spaces) if args.spaces else None
        label_a, rows_a = read_source(args.a)
        label_b, rows_b = read_source(args.b)
        if args.experiments:
            wanted = set(args.experiments.split(","))
            rows_a = [r for r in rows_a if r.experiment in wanted]
            rows_b = [r for r in rows_b if r.experiment in wanted]
        result = compare(rows_a, rows_b, spaces)
        if not result[0]:
            raise ResultsError(f"{label_a} and {label_b}: no row matches" + ("" if spaces else " (try --spaces)"))
    except ResultsError as e:
        print(f"kamp compare: {e}", file=sys.stderr)
        return 2
    safe = lambda s: "".join(c if c.isalnum() or c in "-_." else "_" for c in s)
    out = args.out or os.path.join(os.path.dirname(os.path.dirname(RESULTS_ROOT)), "results",
                                   f"compare_{safe(label_a)}_vs_{safe(label_b)}")
    os.makedirs(out, exist_ok=True)
    command = "./kamp compare " + " ".join(argv)
    write_csv(os.path.join(out, "compare.csv"), result[0])
    write_markdown(os.path.join(out, "compare.md"), label_a, label_b, spaces, command, result)
    plotted = write_plot(os.path.join(out, "compare.png"), label_a, label_b, result[0])
    print(f"kamp compare: {len(result[0])} rows matched, {len(result[1])} only in {label_a}, "
          f"{len(result[2])} only in {label_b}: {out}/compare.md" + (", compare.png" if plotted else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
