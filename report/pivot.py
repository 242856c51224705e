"""Laying an experiment's rows out in a paper's table: the vocabulary the layouts are written in
(Pick, Axis, Like, Ratio, Table) and the placement of rows into cells.

A Table has panels (one small table each, e.g. one per data class), rows and columns. Each is a
list of Picks (a label, the column values a row must have, and the paper's figures) or an Axis
(one pick per distinct value found in the data). A CSV row lands in the cell whose panel, row and
column picks it all matches. Rows measured in another execution space than the machine's backend
(the host's OpenMP rows of a CUDA run) get rows of their own among the extra rows, unless the table
itself picks by space. A row that no table places is kept in the experiment's "other rows"."""
import math
import re

from results_csv import ResultsError


class Like:
    """A column whose text must contain a pattern (re.search), e.g. Like("_gemv_N(_vs_|$)")."""

    def __init__(self, pattern):
        self.pattern = re.compile(pattern)

    def __call__(self, text):
        return self.pattern.search(text) is not None


def matches(match, row):
    """Whether a row has every value `match` asks for: text, a tuple of accepted texts, or a Like."""
    for column, wanted in match.items():
        text = row.get(column) or ""
        if callable(wanted):
            if not wanted(text):
                return False
        elif isinstance(wanted, tuple):
            if text not in wanted:
                return False
        elif text != wanted:
            return False
    return True


class Pick:
    """One row, column or panel of a table. `match=None`: a row the paper has and kamp does not
    measure (a peer the paper timed), shown with the paper's figures only: `published` is then a
    number for every column, a list in column order, or a dict by column label. A pick that matches
    rows takes its paper figures from the CSV's paper column alone, which the experiment fills only
    on the paper's own workload, so no layout can set a paper figure beside a row of another data
    class or size. `headline`: a match naming the rows whose published figure fixes the problem
    size; the pick then takes rows of those sizes only."""

    def __init__(self, label, match=None, published=None, headline=None):
        if match is not None and published is not None:
            raise ValueError(f"pick '{label}': a pick that matches rows takes its paper figures from the CSV")
        self.label, self.match, self.published, self.headline = label, match, published, headline

    def figure(self, column_index, column_label):
        published = self.published
        if published is None:
            return None
        if isinstance(published, (int, float)):
            return float(published)
        if isinstance(published, list):
            return published[column_index] if column_index < len(published) else None
        return published.get(column_label)


class Axis:
    """One pick per distinct value of `columns` among the rows, labelled by `label` (a format string
    over the column names). Numbers sort numerically; other values keep the order of the CSV."""

    def __init__(self, columns, label=None):
        self.columns = (columns,) if isinstance(columns, str) else tuple(columns)
        self.label = label or " ".join("{" + c + "}" for c in self.columns)

    def picks(self, rows):
        seen = {}
        for row in rows:
            values = tuple(row.get(c) or "" for c in self.columns)
            seen.setdefault(values, len(seen))
        numeric = all(re.fullmatch(r"-?[0-9.]+", v) for values in seen for v in values)
        order = sorted(seen, key=lambda values: tuple(float(v) for v in values)) if numeric else list(seen)
        return [Pick(self.label.format(**dict(zip(self.columns, values))), dict(zip(self.columns, values)))
                for values in order]


class Ratio:
    """A column computed from two other columns of the same row (by label): over / under."""

    def __init__(self, label, over, under):
        self.label, self.over, self.under = label, over, under


class Table:
    """`value`: the CSV column the cells show; an extra column such as error_over_scheme_bound shows
    a figure the harness derived for the row (rows where it is empty are not taken). `scale`
    multiplies what a cell shows (GOp/s to TOPS). `paper_panel`: the match of the panel that holds
    the paper's own workload (its data class); the paper-only rows appear in that panel alone."""

    def __init__(self, title, rows, columns, panels=None, where=None, extra_rows=None, note="", value="value",
                 scale=1.0, paper_panel=None):
        self.title, self.rows, self.columns, self.note = title, rows, columns, note
        self.panels, self.where, self.extra_rows, self.value = panels, dict(where or {}), extra_rows, value
        self.scale, self.paper_panel = scale, paper_panel
        if value != "value":
            self.where[value] = Like(".")

    def shown(self, row):
        if self.value == "value":
            return row["value"] * self.scale
        try:
            return float(row[self.value]) * self.scale
        except ValueError:
            raise ResultsError(f"{row['where']}: {self.value} '{row[self.value]}' is not a number") from None

    def holds_paper_rows(self, panel):
        """Whether the paper-only rows belong in this panel: it is the paper's workload."""
        return self.paper_panel is None or all(panel.match.get(k) == v for k, v in self.paper_panel.items())

    def picks_by_space(self):
        """Whether the table or any of its picks names the space (then no row is set apart by its space)."""
        listed = [p for part in (self.rows, self.columns, self.panels, self.extra_rows) if isinstance(part, list)
                  for p in part]
        axes = [part for part in (self.rows, self.columns, self.panels, self.extra_rows) if isinstance(part, Axis)]
        return ("space" in self.where or any(getattr(p, "match", None) and "space" in p.match for p in listed) or any("space" in a.columns for a in axes))


class Cell:
    """One figure of ours and the paper's beside it; `row` is the CSV row it shows (None for a paper-only
    or computed cell)."""
    __slots__ = ("ours", "paper", "where", "metric", "row")

    def __init__(self, ours=None, paper=None, where="", metric="", row=None):
        self.ours, self.paper, self.where, self.metric, self.row = ours, paper, where, metric, row

    @property
    def ratio(self):
        if self.ours is None or not self.paper or not math.isfinite(self.ours):
            return None
        return self.ours / self.paper


class Line:
    """A table row as placed: its label, one Cell per column, the pick it came from, whether it is
    one of kamp's extra rows, and the foreign space its rows were measured in ('' for the backend)."""

    def __init__(self, label, cells, pick, extra, space):
        self.label, self.cells, self.pick, self.extra, self.space = label, cells, pick, extra, space


class Grid:
    """One panel of one table, filled: `lines` (main rows, then extra rows), `conflicts` (rows that
    found their cell taken, with the row that took it)."""

    def __init__(self, table, panel, header, lines, conflicts):
        self.table, self.panel, self.header, self.lines, self.conflicts = table, panel, header, lines, conflicts


def published_value(row):
    text = row.get("paper") or ""
    try:
        return float(text) if text else None
    except ValueError:
        return None


def headline_sizes(pick, rows):
    """The (m, n) at which rows matching pick.headline carry a published figure."""
    return {(r["m"], r["n"]) for r in rows if matches(pick.headline, r) and published_value(r) is not None}


def size_label(sizes):
    """' (n = 8192)' for a pick held to its headline sizes; '' otherwise."""
    if not sizes:
        return ""
    return " (n = " + ", ".join(f"{int(n):,}" for n in sorted({int(n) for _, n in sizes})) + ")"


def resolve(part, rows):
    if part is None:
        return [Pick("", {})]
    return part.picks(rows) if isinstance(part, Axis) else part


def foreign_space(row, by_space):
    """The space a row was measured in when it is not the machine's backend ('' otherwise)."""
    space = row.get("space") or ""
    return "" if by_space or space in ("", row.get("backend", "")) else space


def fill_panel(table, panel, rows, all_rows, by_space, placed):
    """The Grid of one panel: `rows` are the experiment's rows in this table and panel."""
    all_columns = resolve(table.columns, rows)
    column_picks = [c for c in all_columns if not isinstance(c, Ratio)]
    main = [p for p in resolve(table.rows, rows) if p.match is not None or table.holds_paper_rows(panel)]
    # An extra-rows Axis makes rows only of what the paper's rows leave.
    unclaimed = [r for r in rows if not any(p.match is not None and matches(p.match, r) for p in main)]
    extra = resolve(table.extra_rows, unclaimed) if table.extra_rows else []
    sizes = {id(p): headline_sizes(p, all_rows) for p in main + extra if p.headline}
    lines, index, conflicts = [], {}, []

    def line_for(pick, space, is_extra):
        key = (id(pick), space)
        if key not in index:
            label = pick.label + size_label(sizes.get(id(pick))) + (f" [{space}]" if space else "")
            cells = [Cell(paper=pick.figure(i, c.label)) for i, c in enumerate(column_picks)]
            index[key] = len(lines)
            lines.append(Line(label, cells, pick, is_extra or bool(space), space))
        return lines[index[key]]

    for pick in main:
        line_for(pick, "", False)
    for row in rows:
        pick = next((p for p in main + extra if p.match is not None and matches(p.match, row)
                     and (not p.headline or (row["m"], row["n"]) in sizes[id(p)])), None)
        column = next((i for i, c in enumerate(column_picks) if matches(c.match, row)), None)
        if pick is None or column is None:
            continue
        cell = line_for(pick, foreign_space(row, by_space), pick in extra).cells[column]
        if cell.ours is not None:
            conflicts.append((row, cell.where))
            continue
        cell.ours, cell.where, cell.metric, cell.row = table.shown(row), row["where"], row["metric"], row
        cell.paper = published_value(row)
        placed.add(id(row))
    # A row with neither a measurement nor a published figure says nothing (an Axis value met only
    # in another space). Stable sort: the paper's rows in layout order, kamp's extra rows, then the
    # rows of other spaces.
    lines = [line for line in lines if any(c.ours is not None or c.paper is not None for c in line.cells)]
    lines.sort(key=lambda line: (line.extra, bool(line.space)))
    add_ratio_columns(all_columns, column_picks, lines)
    return Grid(table, panel, [c.label for c in all_columns], lines, conflicts)


def add_ratio_columns(all_columns, column_picks, lines):
    """Fill the Ratio columns in place, between the cells they are computed from."""
    position = {c.label: i for i, c in enumerate(column_picks)}
    for line in lines:
        cells = []
        for column in all_columns:
            if not isinstance(column, Ratio):
                cells.append(line.cells[position[column.label]])
                continue
            over, under = line.cells[position[column.over]].ours, line.cells[position[column.under]].ours
            cells.append(Cell(over / under if over is not None and under else None))
        line.cells = cells


def place(tables, rows):
    """(grids, other rows) for one experiment: every table's panels filled from `rows`; a row that
    no cell took is in the other rows, in CSV order."""
    placed, grids = set(), []
    for table in tables:
        in_table = [r for r in rows if matches(table.where, r)]
        by_space = table.picks_by_space()
        for panel in resolve(table.panels, in_table):
            in_panel = [r for r in in_table if matches(panel.match, r)]
            if in_panel or table.panels is None:
                grids.append(fill_panel(table, panel, in_panel, rows, by_space, placed))
    return grids, [r for r in rows if id(r) not in placed]
