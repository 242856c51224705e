#!/usr/bin/env python3
"""Distributed GEMM plots from experiments/device/gemm_scaling.sh's folder: for each CSV
(gemm_scaling_FORMAT_ENGINE.csv) the rate of every row kind (single-process GEMM, distributed
device to device, distributed staged through host memory) against the rank count, the best of the
repetitions with the range as an error bar, n in the label, and the time split into gathering
and multiplying.

usage: plot_gemm_scaling.py GEMM_SCALING_DIR
Writes gemm_scaling.png into that folder.
"""
import csv
import glob
import os
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from png_file import save_png  # noqa: E402


def main(folder):
    paths = sorted(glob.glob(os.path.join(folder, "gemm_scaling_*.csv")))
    if not paths:
        sys.exit(f"plot_gemm_scaling.py: no gemm_scaling_*.csv in {folder}")
    fig, axes = plt.subplots(len(paths), 2, figsize=(11, 4 * len(paths)), squeeze=False)
    for (rate_ax, time_ax), path in zip(axes, paths):
        groups = defaultdict(list)
        with open(path) as f:
            for row in csv.DictReader(f):
                transport = row["transport"] if row["kind"] == "distributed" else "single process"
                groups[(transport, int(row["ranks"]), int(row["n"]))].append(row)
        labels, best, low, high, gather, multiply = [], [], [], [], [], []
        for (transport, ranks, n), rows in sorted(groups.items(), key=lambda item: (item[0][1], item[0][0])):
            rates = [float(r["tflops"]) for r in rows]
            fastest = min(rows, key=lambda r: float(r["seconds"]))
            labels.append(f"{ranks} GPU{'s' if ranks > 1 else ''}\nn={n}\n{transport}")
            best.append(max(rates))
            low.append(max(rates) - min(rates))
            high.append(0)
            gather.append(float(fastest["gather_seconds"]))
            multiply.append(float(fastest["multiply_seconds"]))
        x = range(len(labels))
        name = os.path.basename(path)[len("gemm_scaling_"):-len(".csv")]
        rate_ax.bar(x, best, yerr=[low, high], color="tab:blue")
        rate_ax.set_xticks(list(x), labels, fontsize=7)
        rate_ax.set_ylabel("TFlop/s (2 n^3 / time)")
        rate_ax.set_title(f"{name}: rate, best of the repetitions")
        time_ax.bar(x, multiply, label="multiply", color="tab:green")
        time_ax.bar(x, gather, bottom=multiply, label="gather panels", color="tab:red")
        time_ax.set_xticks(list(x), labels, fontsize=7)
        time_ax.set_ylabel("seconds (slowest rank)")
        time_ax.set_title(f"{name}: where the time goes")
        time_ax.legend()
    fig.tight_layout()
    out = os.path.join(folder, "gemm_scaling.png")
    save_png(fig, out, dpi=110)
    print(out)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
