"""The limits that shares are measured against, in one place: which model each share row of an
experiment was divided by, and whether that share may be shown as one.

A share row is a pct_bandwidth or pct_peak row. Its model follows from the row:
- pct_bandwidth: the bytes the kernel must move over its time, against the streaming bandwidth
  that the same run measured (E0's copy_reference, or the copy_gbs column of E5/E6; the faster of a
  copy and an AXPY since harness::measure_stream_bandwidth_gbs, a copy alone before).
- pct_peak: E0's stream and copy rows against the DRAM peak (memory clock x bus width); E0's FMA kernel and DGEMM
  against the FP64 peak (FMA lanes x clock, x2 for the FP64 tensor cores of sm_80/sm_90); E5/E6's
  formats against the format's FP64 model, the FP64 peak over the FP64 instructions one
  multiply-add costs (the row's madd_fp64_instructions).

A model is a limit only where it bounds what the row did:
- A working set that fits in a cache is not a DRAM measurement: such rows are cache-resident,
  listed, and kept out of every share.
- A share above 100 % of its model means that the model is wrong for that row (a stale count of
  instructions, a copy kernel slower than the streaming kernels it bounds): it is a model error
  that the report names (model and row) and never shows as a share or in a headline."""
from document import number

SHARE_METRICS = ("pct_bandwidth", "pct_peak")
# A working set below twice the last-level cache may be served from it, on a GPU (an H100's or
# H200's L2: 50 MB) and on a CPU (the build machine's L3: 32 MiB; a GPU node's host is no larger).
CACHE_RESIDENT_BELOW = {"Cuda": 2 * 50e6, "OpenMP": 2 * 32 * 2**20}


class Verdict:
    """What the report may do with a share row: kind is "share" (shown), "cache-resident" or
    "model error" (both listed with the reason, never shown as a share)."""
    __slots__ = ("kind", "model", "reason")

    def __init__(self, kind, model, reason=""):
        self.kind, self.model, self.reason = kind, model, reason


def model_name(experiment, row):
    variant = row["variant"]
    if row["metric"] == "pct_bandwidth":
        return "streaming bandwidth measured in the same run"
    if experiment == "E0":
        if variant.startswith(("copy", "stream")):
            return "DRAM peak (memory clock x bus width)"
        if "dgemm" in variant:
            return "FP64 matrix peak (FMA lanes x clock, FP64 tensor cores)"
        return "FP64 peak (FMA lanes x clock)"
    instructions = row.get("madd_fp64_instructions")
    if instructions:
        return f"format's FP64 model ({instructions} FP64 instructions a multiply-add at the FP64 peak)"
    return "FP64 peak (FMA lanes x clock)"


def problem_key(row):
    return (row["variant"], row["m"], row["n"], row.get("space") or "", row.get("data") or "")


def working_sets(rows):
    """{problem key: bytes the kernel moves}, from the run's own bandwidth_gbs and time_ms rows of
    that problem (or the bandwidth_gbs column E5 and E6 write beside their time rows)."""
    rates, times = {}, {}
    for row in rows:
        key = problem_key(row)
        if row["metric"] == "bandwidth_gbs":
            rates[key] = row["value"]
        elif row["metric"] == "time_ms":
            times[key] = row["value"]
            if row.get("bandwidth_gbs"):
                rates.setdefault(key, float(row["bandwidth_gbs"]))
    return {key: rates[key] * 1e9 * times[key] * 1e-3 for key in rates if key in times}


def judge(experiment, row, sets):
    """The Verdict on one share row; `sets` is working_sets() of the row's experiment."""
    model = model_name(experiment, row)
    if row["metric"] == "pct_bandwidth":
        moved = sets.get(problem_key(row))
        below = CACHE_RESIDENT_BELOW.get(row.get("space") or row.get("backend"), 0)
        if moved is not None and moved < below:
            return Verdict("cache-resident", model, f"its working set, {number(moved / 1e6)} MB, fits in a cache")
    if row["value"] > 100:
        return Verdict("model error", model, f"{number(row['value'])} % of the model: the model does not bound this row")
    return Verdict("share", model)


def verdicts(experiment, rows):
    """[(row, Verdict)] for every share row of one experiment's rows, in CSV order."""
    sets = working_sets(rows)
    return [(row, judge(experiment, row, sets)) for row in rows if row["metric"] in SHARE_METRICS]
