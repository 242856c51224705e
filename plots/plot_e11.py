#!/usr/bin/env python3
"""E11 plots from experiments/device/e11_solves.sh's folder: convergence histories (true and
recurrence residual against the outer iteration, one line per format and solver, one rank) and
strong scaling (time per outer iteration on 1..P ranks, with the communication share).

usage: plot_e11.py E11_SOLVES_DIR
Writes e11_convergence.png and e11_scaling.png into that folder.
"""
import csv
import os
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from png_file import save_png  # noqa: E402


def read_rows(folder):
    with open(os.path.join(folder, "e11_solves.csv")) as f:
        return list(csv.DictReader(f))


def history(folder, row):
    path = os.path.join(folder, "history_{format}_{solver}_{tolerance}_{ranks}ranks.csv".format(**row))
    its, recurrence, true_its, true = [], [], [], []
    with open(path) as f:
        for h in csv.DictReader(f):
            its.append(int(h["iteration"]))
            recurrence.append(float(h["recurrence_residual"]))
            if h["true_residual"]:
                true_its.append(int(h["iteration"]))
                true.append(float(h["true_residual"]))
    return its, recurrence, true_its, true


def plot_convergence(folder, rows):
    fig, ax = plt.subplots(figsize=(8, 5))
    for row in rows:
        if row["ranks"] != "1":
            continue
        its, recurrence, true_its, true = history(folder, row)
        label = "{format} {solver} (eps {tolerance})".format(**row)
        line, = ax.semilogy(its, recurrence, label=label)
        ax.semilogy(true_its, true, "o", markersize=3, color=line.get_color())
    ax.set_xlabel("outer iteration")
    ax.set_ylabel("||r|| / ||b||  (line: recurrence, dots: true residual)")
    ax.set_title("E11: convergence on the curl-curl problem, {} unknowns".format(rows[0]["unknowns"]))
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    save_png(fig, os.path.join(folder, "e11_convergence.png"), dpi=120)


def plot_scaling(folder, rows):
    by_variant = defaultdict(dict)
    for row in rows:
        key = "{format} {solver} (eps {tolerance})".format(**row)
        by_variant[key][int(row["ranks"])] = (float(row["ms_per_iteration"]), float(row["comm_pct"]))
    variants = [k for k, v in by_variant.items() if len(v) > 1]
    if not variants:
        return
    fig, ax = plt.subplots(figsize=(10, 5))
    width = 0.8 / max(len(variants), 1)
    ranks = sorted({r for v in variants for r in by_variant[v]})
    for i, key in enumerate(variants):
        for j, r in enumerate(ranks):
            if r not in by_variant[key]:
                continue
            ms, comm = by_variant[key][r]
            x = j + i * width
            ax.bar(x, ms, width, color="C{}".format(i), label=key if j == 0 else None)
            ax.bar(x, ms * comm / 100, width, color="black", alpha=0.35)
            speedup = by_variant[key][ranks[0]][0] / ms
            ax.text(x, ms, "{:.2f}x".format(speedup), ha="center", va="bottom", fontsize=6)
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(ranks))])
    ax.set_xticklabels(["{} GPU(s)".format(r) for r in ranks])
    ax.set_yscale("log")
    ax.set_ylabel("ms per outer iteration (dark: communication)")
    ax.set_title("E11: strong scaling, speedup over one rank above each bar")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))  # beside the bars, not over them
    fig.tight_layout()
    save_png(fig, os.path.join(folder, "e11_scaling.png"), dpi=120)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder = sys.argv[1]
    rows = read_rows(folder)
    if not rows:
        sys.exit("no solves in " + folder)
    plot_convergence(folder, rows)
    plot_scaling(folder, rows)


if __name__ == "__main__":
    main()
