"""A machine's results as whole rows (every column, by name), for the report's tables.

results_csv.parse_rows checks each file first (header, field counts, numbers) and raises
ResultsError naming the file and line; only a file that passed is read again here, so the
report and ./kamp compare accept and refuse exactly the same files."""
import csv
import io
import os

from results_csv import RESULT_FILE, ResultsError, parse_rows


def experiment_order(experiment):
    """E2 before E10: the number, not the text."""
    return int(experiment[1:])


def machine_folders(results_root):
    """The machines under results_root that have at least one E<n>.csv, by name."""
    if not os.path.isdir(results_root):
        raise ResultsError(f"{results_root}: no such results folder")
    return sorted(name for name in os.listdir(results_root)
                  if os.path.isdir(os.path.join(results_root, name))
                  and any(RESULT_FILE.match(f) for f in os.listdir(os.path.join(results_root, name))))


def read_file(path, shown):
    """The rows of one E<n>.csv as dicts of every column, plus `value` as a float and `where`
    (file:line) for the lists that name rows."""
    with open(path, newline="", encoding="utf-8") as fh:
        text = fh.read()
    checked = parse_rows(text, shown)
    reader = csv.DictReader(io.StringIO(text))
    records = list(reader)
    # DictReader skips the blank lines that parse_rows skips, so the two lists pair up one to one.
    for record, row in zip(records, checked):
        record["value"], record["where"] = row.value, row.where
    return records


def read_machine(results_root, machine):
    """{experiment id: [row dict, ...]} for one machine's folder under results_root."""
    folder = os.path.join(results_root, machine)
    if not os.path.isdir(folder):
        raise ResultsError(f"{folder}: no results for machine '{machine}'")
    files = sorted((f for f in os.listdir(folder) if RESULT_FILE.match(f)), key=lambda f: experiment_order(f[:-4]))
    if not files:
        raise ResultsError(f"{folder}: no experiment results (E<n>.csv) in the folder")
    return {f[:-4]: read_file(os.path.join(folder, f), os.path.join(machine, f)) for f in files}
