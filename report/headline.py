"""The headline ratios of one machine: ours against the papers' published figures (per data
class: the papers' figures stand beside their own workload only), against the peers measured in
the same run (the <ours>_vs_<peer> speedup rows: vendor double BLAS, QD, GMP, MPFR), and against
the physical limits (the share rows that models.py lets stand as shares, with the rows it does
not listed apart); and the papers' rows that have a published figure but no measurement."""
from compare import geometric_mean
from document import Folded, Heading, Paragraph, TableBlock, number

# A headline table longer than this is folded: the reader opens it on request.
FOLD_ABOVE = 12


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


def data_class(cell):
    return (cell.row or {}).get("data") or "-"


def against_papers(machine):
    body = []
    for experiment, (grids, _) in machine.placed.items():
        by_metric = {}
        for cell in paper_cells(grids):
            by_metric.setdefault((cell.metric, data_class(cell)), []).append(cell.ratio)
        body += [[experiment, metric, data] + summary(ratios) for (metric, data), ratios in sorted(by_metric.items())]
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


def row_name(row):
    space = f" [{row['space']}]" if row.get("space") else ""
    return f"{row['variant']}, {row['m']} x {row['n']}{space}"


def against_limits(machine):
    """Per experiment and model: the shares that stand (geometric mean, range, the best row)."""
    body = []
    for experiment, judged in machine.verdicts.items():
        by_model = {}
        for row, verdict in judged:
            if verdict.kind == "share" and row["value"] > 0:
                by_model.setdefault(verdict.model, []).append(row)
        for model, shares in sorted(by_model.items()):
            best = max(shares, key=lambda r: r["value"])
            body.append([experiment, model] + summary([r["value"] for r in shares]) + [row_name(best)])
    return body


def set_apart(machine):
    """The share rows that are not shown as shares: cache-resident and model errors, with why."""
    return [[experiment, verdict.kind, row_name(row), number(row["value"]), verdict.model, verdict.reason,
             row["where"]]
            for experiment, judged in machine.verdicts.items() for row, verdict in judged if verdict.kind != "share"]


def blocks(machine):
    out = [Heading(3, f"{machine.name}", f"headline-{machine.name}")]
    tables = [
        ("Ours against the papers' figures: ours/paper per metric and data class over the papers' own rows, "
         "where the CSV carries the paper's figure for the paper's workload "
         "(below 1 is faster for times and errors; above 1 is better for rates and shares).",
         ["experiment", "metric", "data class", "cells", "ours/paper, geometric mean", "min", "max"],
         against_papers(machine)),
        ("Ours against the peers measured in the same run: the speedup rows <ours>_vs_<peer> "
         "(above 1: ours is faster).",
         ["experiment", "peer", "rows", "speedup, geometric mean", "min", "max"], against_peers(machine)),
        ("Ours against the physical limits: the shares of each model that bound their rows (%); "
         "report/models.py defines the models.",
         ["experiment", "model", "rows", "geometric mean %", "min %", "max %", "the max's row"],
         against_limits(machine)),
        ("Share rows not shown as shares: cache-resident working sets, and model errors (a share above 100 % "
         "means the model does not bound that row; the model is what is wrong, not the kernel).",
         ["experiment", "kind", "row", "value %", "model", "why", "line"], set_apart(machine)),
    ]
    for text, header, body in tables:
        out.append(Paragraph(text))
        if not body:
            out.append(Paragraph("No such rows."))
        elif len(body) > FOLD_ABOVE:
            out.append(Folded(f"{len(body)} rows", [TableBlock(header, body)]))
        else:
            out.append(TableBlock(header, body))
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
