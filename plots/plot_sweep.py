#!/usr/bin/env python3
"""Turn a kamp sweep CSV into a PNG: one line per variant (and execution space).

usage: plot_sweep.py RESULTS.csv [--metric M] [--x n|m|bits] [--out FILE.png] [--linear]
Defaults per experiment id come from PLOTS below; a variant is drawn only if it was
measured at two or more x values. Rows of each data class (and each format, where the CSV has a
format column) get a panel of their own, and a panel holds at most MAX_SERIES lines, each with a
colour and marker no other line of the panel has; the legend stands beside the axes, not on them.
"""
import argparse
import csv
import math
import os
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from png_file import save_png  # noqa: E402
import matplotlib.ticker  # noqa: E402

MAX_SERIES = 8
MARKERS = "os^vD<>p"

PLOTS = {
    "E0": {"metric": "bandwidth_gbs", "x": "n", "log": True, "variants": ("stream", "copy", "daxpy"),
           "title": "E0: bandwidth vs vector length"},
    # E3 sets every GPU variant beside the paper's Algorithm 1 row of the same trans: one dotted line each.
    "E3": {"metric": "time_ms", "x": "bits", "log": True, "title": "E3: GEMV 1000 x 1000 time vs precision",
           "paper_row": lambda v: v if v.startswith("basic") else "split_" + v[-1]},
    # Seed 002's plots: GDDFlop/s against n, one line per format and operation (E6 is a table).
    "E5": {"metric": "gddflops", "x": "n", "log": True, "title": "E5: double-double BLAS, GDDFlop/s vs n"},
    # Seed 004 Figs. 5-6: speedup over the CPU against the digit count, one line per method and k.
    "E8": {"metric": "speedup", "x": "n", "log": True,
           "variants": ("sd_method1_with_transfer_vs_ordinary", "sd_method2_with_transfer_vs_ordinary",
                        "sd_method2_vs_gmp_omp"),
           "series": ("variant", "m"), "title": "E8: signed-digit summation speedup vs digits (m = k)"},
    # Seed 004 Fig. 7: speedup against k, one line per partial-product variant and digit count.
    "E9": {"metric": "speedup", "x": "m", "log": True,
           "variants": ("sd_dot_digitwise_vs_gmp_omp", "sd_dot_grouped_vs_gmp_omp",
                        "sd_dot_digitwise_with_transfer_vs_gmp_omp"),
           "series": ("variant", "n"), "title": "E9: signed-digit dot product speedup over GMP+OpenMP vs k (n = digits)"},
    "E12": {"metric": "time_ms", "x": "bits", "log": True,
            "variants": ("split_add", "split_mul", "per_thread", "mpfr"), "exclude": ("_esi", "_digits", "_round"),
            "series": ("variant", "space", "n"), "title": "E12: elementwise time vs precision"},
    # E13: dd_real's (and the emulated double's) GEMM rate against n, the scheme beside the FMA kernel.
    "E13": {"metric": "gddflops", "x": "n", "log": True, "exclude": ("_products",),
            "title": "E13: double-double GEMM by the Ozaki scheme II, GDDFlop/s vs n"},
    # E14: each format's GEMM rate against n, the scheme beside the FMA kernel and the vendor's DGEMM.
    "E14": {"metric": "gflops", "x": "n", "log": True, "exclude": ("_products",), "series": ("variant", "format"),
            "title": "E14: multiple-precision GEMM, GFlop/s of the format's operations vs n"},
    # E10: x is beta (dot panel) or log10 alpha (DFT panel), both linear; exact results (error 0)
    # are drawn at a floor a decade below the panel's smallest nonzero error, named in the title.
    "E10": {"metric": "rel_error_pct", "x": "n", "log": True, "logx": False, "zero_floor": True,
            "series": ("variant",), "title": "E10: relative error vs beta (dot) / log10 alpha (DFT)"},
}


def split_panels(panels):
    """Panels of at most MAX_SERIES series: a larger one becomes several, the device's and the
    paper's lines first and the host's after them, each in label order."""
    out = {}
    for name, series in panels.items():
        labels = sorted(series, key=lambda label: ("OpenMP" in label, label))
        parts = [labels[i:i + MAX_SERIES] for i in range(0, len(labels), MAX_SERIES)]
        for k, part in enumerate(parts):
            key = name + (f" ({k + 1} of {len(parts)})" if len(parts) > 1 else "")
            out[key] = {label: series[label] for label in part}
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv")
    parser.add_argument("--metric")
    parser.add_argument("--x")
    parser.add_argument("--out")
    parser.add_argument("--linear", action="store_true")
    args = parser.parse_args()

    with open(args.csv, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        sys.exit(f"plot_sweep: {args.csv} has no rows")
    defaults = PLOTS.get(rows[0]["id"], {})
    metric = args.metric or defaults.get("metric")
    xkey = args.x or defaults.get("x", "n")
    if not metric:
        print(f"plot_sweep: {rows[0]['id']} is a table, not a sweep: no plot (pass --metric to force one)")
        return
    log = defaults.get("log", True) and not args.linear

    # Rows of several data classes (the "data" column: p/4-bit, full) get one panel each.
    panels = defaultdict(lambda: defaultdict(dict))
    unit = ""
    keys = defaults.get("series", ("variant", "space"))
    for r in rows:
        if r["metric"] != metric or not r["variant"].startswith(defaults.get("variants", ("",))):
            continue
        if any(part in r["variant"] for part in defaults.get("exclude", ())):
            continue
        label = r["variant"] + "".join(f" {k}={r[k]}" for k in keys[1:] if r.get(k))
        if keys == ("variant", "space") and r.get("space"):
            label = f"{r['variant']} ({r['space']})"
        panel = ", ".join(p for p in (r.get("format", ""), f"{r['data']} data" if r.get("data") else "") if p)
        series = panels[panel]
        series[label][float(r[xkey])] = float(r["value"])
        if r.get("paper"):  # the source document's figure for this row, drawn dotted
            paper_row = defaults.get("paper_row", lambda v: v)(r["variant"])
            series[paper_row + " (paper)"][float(r[xkey])] = float(r["paper"])
        unit = r["unit"]
    panels = {data: {k: v for k, v in series.items() if len(v) >= 2} for data, series in panels.items()}
    panels = split_panels({data: series for data, series in panels.items() if series})  # in the CSV's order
    if not panels:
        print(f"plot_sweep: {args.csv}: no sweep of {metric} to plot", file=sys.stderr)
        return

    columns = min(2, len(panels))
    grid_rows = math.ceil(len(panels) / columns)
    fig, axes = plt.subplots(grid_rows, columns, figsize=(10 * columns, 4.6 * grid_rows), squeeze=False)
    colors = plt.get_cmap("tab10").colors
    r0 = rows[0]
    for ax in axes.flat[len(panels):]:
        ax.set_visible(False)
    for ax, (data, series) in zip(axes.flat, panels.items()):
        labels = sorted(series)
        floor_note = ""
        if log and defaults.get("zero_floor"):
            # A log axis cannot show 0: exact results go one decade below the smallest nonzero value.
            positive = [v for points in series.values() for v in points.values() if v > 0]
            if any(v <= 0 for points in series.values() for v in points.values()):
                floor = 10.0 ** (math.floor(math.log10(min(positive))) - 1) if positive else 1e-40
                series = {label: {x: (v if v > 0 else floor) for x, v in points.items()}
                          for label, points in series.items()}
                floor_note = f" (error 0 drawn at {floor:g})"
        for label, points in sorted(series.items()):
            index = labels.index(label)
            xs = sorted(points)
            # Host spaces dashed, device spaces solid, so CPU and GPU runs of one variant pair up.
            dashed = "space=OpenMP" in label or "space=Serial" in label or "(OpenMP)" in label
            style = ":" if label.endswith("(paper)") else "--" if dashed else "-"
            ax.plot(xs, [points[x] for x in xs], marker=MARKERS[index], linestyle=style,
                    color=colors[index], label=label)
        if log:
            if defaults.get("logx", True):
                ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            if xkey == "bits" and defaults.get("logx", True):
                # Precisions are few and not powers of two (106, 212, ...): tick each measured one
                # with its value rather than at 2^7, 2^8, ...
                ticks = sorted({x for points in series.values() for x in points})
                ax.set_xticks(ticks)
                ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:g}"))
                ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
        ax.set_xlabel(xkey)
        ax.set_ylabel(f"{metric} [{unit}]")
        title = defaults.get("title", r0["id"]) + (f", {data}" if data else "") + floor_note
        ax.set_title(f"{title}\n{r0['machine']}, {r0['backend']}, git {r0['git']}", fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    fig.tight_layout()
    out = args.out or os.path.splitext(args.csv)[0] + ".png"
    save_png(fig, out, dpi=120)
    print(f"plot_sweep: wrote {out}")


if __name__ == "__main__":
    main()
