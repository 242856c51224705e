"""The headline ratios of one machine: ours against the papers' published figures, against the
peers measured in the same run (the <ours>_vs_<peer> speedup rows: vendor double BLAS, QD, GMP,
MPFR), and against the physical limits (the pct_bandwidth and pct_peak rows); and the papers'
rows that have a published figure but no measurement."""
from compare import geometric_mean
from document import Heading, Paragraph, TableBlock, number


def paper_cells(grids):
    """The cells of the papers' own rows that have both our figure and the paper's, once per CSV row."""
    seen = {}
    for grid in grids:
        for line in grid.lines:
            for cell in line.cells:
                if not line.extra and cell.where and cell.ratio is not None and cell.where not in seen:
                    seen[cell.where] = cell
    return list(seen.values())


def summary(values):
    return [str(len(values)), number(geometric_mean(values)), number(min(values)), number(max(values))]


def against_papers(machine):
    body = []
    for experiment, (grids, _) in machine.placed.items():
        by_metric = {}
        for cell in paper_cells(grids):
            by_metric.setdefault(cell.metric, []).append(cell.ratio)
        body += [[experiment, metric] + summary(ratios) for metric, ratios in sorted(by_metric.items())]
    return body


def against_peers(machine):
    body = []
    for experiment, rows in machine.rows.items():
        by_peer = {}
        for row in rows:
            if row["metric"] == "speedup" and "_vs_" in row["variant"]:
                by_peer.setdefault(row["variant"].split("_vs_", 1)[1], []).append(row["value"])
        body += [[experiment, peer] + summary(values) for peer, values in sorted(by_peer.items())]
    return body


def against_limits(machine):
    body = []
    for experiment, rows in machine.rows.items():
        for metric in ("pct_bandwidth", "pct_peak"):
            shares = [r for r in rows if r["metric"] == metric and r["value"] > 0]
            if shares:
                best = max(shares, key=lambda r: r["value"])
                body.append([experiment, metric] + summary([r["value"] for r in shares])
                            + [f"{best['variant']}, {best['m']} x {best['n']}"])
    return body


def blocks(machine):
    out = [Heading(3, f"{machine.name}")]
    tables = [
        ("Ours against the papers' figures: ours/paper per metric over the papers' own rows "
         "(below 1 is faster for times and errors; above 1 is better for rates and shares).",
         ["experiment", "metric", "cells", "ours/paper, geometric mean", "min", "max"], against_papers(machine)),
        ("Ours against the peers measured in the same run: the speedup rows <ours>_vs_<peer> "
         "(above 1: ours is faster).",
         ["experiment", "peer", "rows", "speedup, geometric mean", "min", "max"], against_peers(machine)),
        ("Ours against the physical limits: shares of the measured copy bandwidth or of the peak model (%).",
         ["experiment", "metric", "rows", "geometric mean %", "min %", "max %", "the max's row"],
         against_limits(machine)),
    ]
    for text, header, body in tables:
        out.append(Paragraph(text))
        out.append(TableBlock(header, body) if body else Paragraph("No such rows."))
    return out


def unmeasured(grids):
    """One 'table: panel: row (columns)' item per row of a paper's table (not one the paper alone
    has) with published figures that this machine did not measure."""
    missing = []
    for grid in grids:
        panel = f": {grid.panel.label}" if grid.panel.label else ""
        for line in grid.lines:
            if line.extra or line.pick.match is None:
                continue
            columns = [column for column, cell in zip(grid.header, line.cells) if cell.paper is not None and cell.ours is None]
            if columns:
                missing.append(f"{grid.table.title}{panel}: {line.label} ({', '.join(columns)})")
    return missing
