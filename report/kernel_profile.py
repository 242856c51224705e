"""./kamp profile's table: each kernel of one experiment, named by the library's own labels, with
its time and share, and on a GPU what Nsight Compute measured of it, against the ceilings that
E0 measured in the same run.

Inputs (experiments/profile_kernels.sh and the kamp script write them):
  --times    <id>_kernels.csv from kamp_run --profile: label, calls, time, share (any backend);
  --ncu      ncu --csv --print-units base --metrics ... records, one per (launch, metric) (GPU);
  --ceilings E0.csv of the same run: copy bandwidth and the FP64 FMA rate.
Writes OUT/<id>_profile.md and .csv, and on a GPU OUT/<id>_roofline.png. A file that cannot be
read raises ProfileError naming the file and line; the command prints it and exits with 2."""
import argparse
import csv
import io
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(1, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "plots"))
import results_csv  # noqa: E402


class ProfileError(Exception):
    """An input that cannot be read: the message names the file (and line) and why."""


TIMES_HEADER = ["id", "kernel", "calls", "time_ms", "share_pct"]
NCU_FIELDS = ["ID", "Kernel Name", "Block Size", "Grid Size", "Metric Name", "Metric Unit", "Metric Value"]
# With --nvtx, ncu adds this column (the thread's push/pop ranges at the launch); ncu 2025.3 (the
# H200 hosts') also prefixes the Kernel Name with the innermost range, the H100 hosts' ncu does
# not. kamp_run --profile opens a range around each launch: the innermost one is its label.
NVTX_RANGES = "thread Domain:Push/Pop_Range:PL_Type:PL_Value:CLR_Type:Color:Msg_Type:Msg"
NVTX_RANGE = re.compile(r'"<default domain>:(.*?):none:none:none:none:none:none"')

# Table column -> the ncu metric behind it (per launch; report columns average over launches
# weighted by time, bytes and instructions add up).
PERCENT_METRICS = {
    "occupancy_pct": "sm__warps_active.avg.pct_of_peak_sustained_active",
    "theoretical_occupancy_pct": "sm__maximum_warps_per_active_cycle_pct",
    "l2_hit_pct": "lts__t_sector_hit_rate.pct",
    "fp64_pipe_pct": "sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active",
    "alu_pipe_pct": "sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active",
    "fma_pipe_pct": "sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active",
    "uniform_branches_pct": "smsp__sass_average_branch_targets_threads_uniform.pct",
}
# Tensor pipes: Hopper's ncu names the integer and the floating-point pipe apart.
TENSOR_METRICS = ["sm__pipe_tensor_op_imma_cycles_active.avg.pct_of_peak_sustained_active",
                  "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active",
                  "sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active"]
OCCUPANCY_LIMITS = {"registers": "launch__occupancy_limit_registers", "shared memory": "launch__occupancy_limit_shared_mem",
                    "blocks": "launch__occupancy_limit_blocks", "warps": "launch__occupancy_limit_warps"}
FP64_FLOPS = {"smsp__sass_thread_inst_executed_op_dfma_pred_on.sum": 2,
              "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum": 1,
              "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum": 1}
# The FP64 instruction model: every DFMA, DADD and DMUL takes one issue slot of the FP64 pipe,
# whose rate is half E0's FMA kernel's flop rate (two flops an FMA).
FP64_INSTRUCTIONS = {m: 1 for m in FP64_FLOPS}
THREADS = "threads launched"  # Grid Size times Block Size of the launch, not an ncu metric
LOCAL_ACCESSES = ["smsp__sass_inst_executed_op_local_ld.sum", "smsp__sass_inst_executed_op_local_st.sum"]
TIME = "gpu__time_duration.sum"
DRAM_BYTES = "dram__bytes.sum"
REGISTERS = "launch__registers_per_thread"

# Kokkos' launch wrappers around a functor: the functor is the kernel's name.
KOKKOS_WRAPPER = re.compile(r"(?:Kokkos::)?Impl::Parallel(?:For|Reduce|Scan)(?:WithTotal)?<")


def _read(path):
    try:
        with open(path, newline="") as f:
            return f.read()
    except OSError as e:
        raise ProfileError(f"{path}: cannot be read ({e.strerror})")


def _number(text, where, what):
    try:
        value = float(text.replace(",", ""))
    except ValueError:
        raise ProfileError(f"{where}: {what} '{text}' is not a number")
    if not math.isfinite(value):
        raise ProfileError(f"{where}: {what} '{text}' is not finite")
    return value


def first_template_argument(name, start):
    """The template argument that begins at name[start] (just after a '<'), up to the ',' or '>'
    that closes it at its own depth."""
    depth = 0
    for i in range(start, len(name)):
        depth += (name[i] == "<") - (name[i] == ">")
        if depth < 0 or (name[i] == "," and depth == 0):
            return name[start:i].strip()
    return name[start:].strip()


def kernel_name(name):
    """A kernel function's readable name: the functor inside Kokkos' launch wrapper, without the
    wrapper's other template arguments; otherwise the name without its return type and
    parameter list."""
    match = KOKKOS_WRAPPER.search(name)
    if match:
        return first_template_argument(name, match.end())
    return re.sub(r"\((?:[^()]|\([^()]*\))*\)$", "", name).strip().removeprefix("void ")


def read_times(path):
    """{label: (calls, time_ms, share_pct)} from kamp_run --profile's <id>_kernels.csv."""
    reader = csv.reader(io.StringIO(_read(path)))
    try:
        header = next(reader)
    except StopIteration:
        raise ProfileError(f"{path}: empty file, expected the header {','.join(TIMES_HEADER)}")
    if header != TIMES_HEADER:
        raise ProfileError(f"{path}:1: the header must be {','.join(TIMES_HEADER)}, got {','.join(header)}")
    times = {}
    for fields in reader:
        where = f"{path}:{reader.line_num}"
        if len(fields) != len(TIMES_HEADER):
            raise ProfileError(f"{where}: {len(fields)} fields, the header has {len(TIMES_HEADER)}")
        times[fields[1]] = (_number(fields[2], where, "calls"), _number(fields[3], where, "time_ms"),
                            _number(fields[4], where, "share_pct"))
    return times


def nvtx_label(ranges):
    """The label of a launch from ncu's NVTX column: the innermost push/pop range of the default
    domain; "" outside any."""
    found = NVTX_RANGE.findall(ranges.replace('""', '"'))
    return found[-1] if found else ""


def _threads(size, where):
    """The product of ncu's "(x, y, z)" launch dimensions."""
    match = re.fullmatch(r"\((\d+), (\d+), (\d+)\)", size.strip())
    if not match:
        raise ProfileError(f"{where}: the launch size '{size}' is not (x, y, z)")
    return math.prod(int(d) for d in match.groups())


def read_ncu(path):
    """{(label, kernel function): [{metric: value} per profiled launch]} from ncu's CSV; the
    label is "" for a launch outside kamp's ranges (vendor libraries' kernels, or ncu run without
    --nvtx). ncu's own log lines ("==PROF== ...") may come before and after the records; values
    ncu could not give (n/a) are left out."""
    lines = _read(path).splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith('"ID","Process ID"')), None)
    if start is None:
        raise ProfileError(f"{path}: no ncu CSV header (\"ID\",\"Process ID\",...): was ncu run with --csv?")
    header = next(csv.reader([lines[start]]))
    missing = [f for f in NCU_FIELDS if f not in header]
    if missing:
        raise ProfileError(f"{path}:{start + 1}: the ncu header lacks {', '.join(missing)}")
    column = {f: header.index(f) for f in NCU_FIELDS}
    ranges = header.index(NVTX_RANGES) if NVTX_RANGES in header else None
    launches = {}
    for number in range(start + 1, len(lines)):
        if not lines[number] or lines[number].startswith("=="):
            continue
        where = f"{path}:{number + 1}"
        try:
            fields = next(csv.reader([lines[number]]))
        except csv.Error as e:
            raise ProfileError(f"{where}: {e}")
        if len(fields) != len(header):
            raise ProfileError(f"{where}: {len(fields)} fields, the header has {len(header)}")
        value = fields[column["Metric Value"]]
        if value in ("", "n/a"):
            continue
        kernel = fields[column["Kernel Name"]]
        label = nvtx_label(fields[ranges]) if ranges is not None else ""
        key = (label, kernel_name(kernel.removeprefix(label + "/") if label else kernel))
        launch = launches.setdefault(key, {}).setdefault(fields[column["ID"]], {})
        launch[fields[column["Metric Name"]]] = _number(value, where, "metric value")
        launch[THREADS] = _threads(fields[column["Grid Size"]], where) * _threads(fields[column["Block Size"]], where)
    return {key: list(by_id.values()) for key, by_id in launches.items()}


def read_ceilings(path):
    """The copy bandwidth (GB/s, at E0's largest size) and the FP64 rates (GFlop/s, the FMA
    kernel measured and the vector peak model) of E0 in the device's own space."""
    text = _read(path)
    rows = results_csv.parse_rows(text, path)
    spaces = [r.space for r in rows if r.experiment == "E0"]
    space = "Cuda" if "Cuda" in spaces else (spaces[0] if spaces else "")

    def largest(variant, metric):
        # The largest size's: smaller copies stay in the caches and overstate the memory's rate.
        found = [r for r in rows if r.key[1] == variant and r.metric == metric and r.space == space]
        return max(found, key=lambda r: r.key[4]).value if found else None

    first = next(csv.DictReader(io.StringIO(text)), None)  # checked by parse_rows above
    ceilings = {"run": f"machine {first['machine']}, git {first['git']}, {first['date']}" if first else "",
                "copy_gbs": largest("copy", "bandwidth_gbs"), "fma_gflops": largest("fp64_fma", "gflops"),
                "peak_model_gflops": largest("fp64_vector_peak_model", "gflops"), "space": space}
    if ceilings["copy_gbs"] is None:
        raise ProfileError(f"{path}: no copy bandwidth row (E0, variant copy, bandwidth_gbs) for space {space}")
    return ceilings


def _weighted(launches, metric):
    pairs = [(l[metric], l.get(TIME, 1.0)) for l in launches if metric in l]
    weight = sum(w for _, w in pairs)
    return sum(v * w for v, w in pairs) / weight if pairs and weight > 0 else None


def _total(launches, metrics):
    present = [l for l in launches if any(m in l for m in metrics)]
    return sum(sum(l.get(m, 0.0) * metrics[m] for m in metrics) for l in present) if present else None


def ncu_columns(launches, ceilings):
    """One kernel's columns from its profiled launches (their sum or time-weighted mean)."""
    seconds = sum(l.get(TIME, 0.0) for l in launches) * 1e-9
    out = {"profiled_launches": len(launches), "ncu_time_ms": seconds * 1e3 if seconds else None}
    for column, metric in PERCENT_METRICS.items():
        out[column] = _weighted(launches, metric)
    tensor = [v for v in (_weighted(launches, m) for m in TENSOR_METRICS) if v is not None]
    out["tensor_pipe_pct"] = max(tensor) if tensor else None
    uniform = out.pop("uniform_branches_pct")
    out["divergence_pct"] = 100.0 - uniform if uniform is not None else None
    limits = {name: _weighted(launches, metric) for name, metric in OCCUPANCY_LIMITS.items()}
    limits = {name: v for name, v in limits.items() if v is not None}
    out["occupancy_limiter"] = min(limits, key=limits.get) if limits else None
    out["registers"] = _weighted(launches, REGISTERS)
    dram = _total(launches, {DRAM_BYTES: 1})
    out["dram_gb"] = dram * 1e-9 if dram is not None else None
    out["dram_gbs"] = dram * 1e-9 / seconds if dram is not None and seconds else None
    out["pct_copy_bandwidth"] = 100.0 * out["dram_gbs"] / ceilings["copy_gbs"] if out["dram_gbs"] is not None else None
    flops = _total(launches, FP64_FLOPS)
    out["fp64_gflops"] = flops * 1e-9 / seconds if flops is not None and seconds else None
    peak = ceilings["fma_gflops"] or ceilings["peak_model_gflops"]
    out["pct_fp64_fma"] = 100.0 * out["fp64_gflops"] / peak if out["fp64_gflops"] is not None and peak else None
    out["flops_per_byte"] = flops / dram if flops is not None and dram else None
    instructions = _total(launches, FP64_INSTRUCTIONS)
    threads = sum(l[THREADS] for l in launches if any(m in l for m in FP64_INSTRUCTIONS))
    out["fp64_inst_per_thread"] = instructions / threads if instructions is not None and threads else None
    out["pct_fp64_inst_model"] = (100.0 * instructions / seconds / (peak * 1e9 / 2)
                                  if instructions is not None and seconds and peak else None)
    out["local_accesses"] = _total(launches, {m: 1 for m in LOCAL_ACCESSES})
    return out


def time_rows(times, pattern):
    """One row per label (every launch, fenced), largest time first; only labels matching pattern."""
    rows = [{"label": label, "calls": calls, "time_ms": ms, "share_pct": share}
            for label, (calls, ms, share) in times.items() if not pattern or re.search(pattern, label)]
    return sorted(rows, key=lambda r: -r["time_ms"])


def ncu_rows(times, launches, ceilings, pattern):
    """One row per (label, kernel function) that ncu profiled, with the label's share of the
    fenced run beside it; only those whose label or function matches pattern; largest ncu
    time first."""
    rows = []
    for (label, kernel), profiled in launches.items():
        if pattern and not (re.search(pattern, label) or re.search(pattern, kernel)):
            continue
        row = {"label": label, "kernel": kernel, "share_pct": times.get(label, (None, None, None))[2]}
        row.update(ncu_columns(profiled, ceilings))
        rows.append(row)
    return sorted(rows, key=lambda r: -(r["ncu_time_ms"] or 0.0))


def _shown(value):
    if value is None:
        return "-"
    if isinstance(value, str):
        return value
    if value == 0 or 0.01 <= abs(value) < 1e6:
        return f"{value:.3g}" if abs(value) < 100 else f"{value:.0f}"
    return f"{value:.3e}"


TIME_COLUMNS = [("label", "kernel label"), ("calls", "calls"), ("time_ms", "time ms"), ("share_pct", "share %")]
NCU_COLUMNS = [("label", "label"), ("kernel", "kernel"), ("share_pct", "label's share %"),
               ("profiled_launches", "launches"), ("ncu_time_ms", "time ms"),
               ("occupancy_pct", "occupancy %"), ("theoretical_occupancy_pct", "theoretical %"),
               ("occupancy_limiter", "limited by"), ("registers", "regs"), ("dram_gbs", "DRAM GB/s"),
               ("pct_copy_bandwidth", "% copy bw"), ("fp64_pipe_pct", "FP64 pipe %"), ("alu_pipe_pct", "ALU pipe %"),
               ("fma_pipe_pct", "FMA pipe %"), ("tensor_pipe_pct", "tensor pipe %"), ("fp64_gflops", "FP64 GFlop/s"),
               ("fp64_inst_per_thread", "FP64 inst a thread"), ("pct_fp64_inst_model", "% FP64 inst model"),
               ("divergence_pct", "divergence %"), ("l2_hit_pct", "L2 hit %"), ("local_accesses", "local ld/st")]
CSV_EXTRA = ["dram_gb", "pct_fp64_fma", "flops_per_byte"]
# Vendor kernels' names run to hundreds of characters of template arguments; the CSV keeps them.
SHOWN_NAME = 90


def _markdown_table(rows, columns):
    lines = ["| " + " | ".join(title for _, title in columns) + " |", "|" + "---|" * len(columns)]
    for row in rows:
        cells = [_shown(row.get(key)) for key, _ in columns]
        cells = [c[:SHOWN_NAME] + "..." if len(c) > SHOWN_NAME else c for c in cells]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return lines


def _write_csv(path, experiment, rows, keys):
    with open(path, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["id"] + keys)
        for row in rows:
            writer.writerow([experiment] + ["" if row.get(k) is None else row.get(k) for k in keys])


def write_tables(timed, profiled, experiment, ceilings, out_dir, with_ncu, command):
    """<id>_profile.md: the labels' times, then (GPU) the kernels Nsight Compute profiled;
    <id>_profile.csv (the labels) and <id>_profile_ncu.csv (the profiled kernels), every column."""
    md = [f"# {experiment}: kernel profile",
          "",
          f"Run: {ceilings['run']}" + (f"; command: `{command}`" if command else "") + ".",
          "",
          f"Ceilings of the same run (E0, {ceilings['space']}): copy bandwidth {_shown(ceilings['copy_gbs'])} GB/s "
          f"(E0's largest copy), FP64 FMA kernel {_shown(ceilings['fma_gflops'])} GFlop/s, vector peak model "
          f"{_shown(ceilings['peak_model_gflops'])} GFlop/s.",
          "",
          "## Kernel labels: every launch",
          "",
          "Each label's launches, fenced one by one (kamp_run --profile, no profiler attached): time and share "
          "of all kernel time in the experiment.",
          ""] + _markdown_table(timed, TIME_COLUMNS)
    base = os.path.join(out_dir, f"{experiment}_profile")
    _write_csv(base + ".csv", experiment, timed, [key for key, _ in TIME_COLUMNS])
    if with_ncu:
        md += ["",
               "## Kernels under Nsight Compute: one launch per launch configuration",
               "",
               "Each kernel function ncu profiled, by the label it ran under (kamp_run --profile's NVTX range; none "
               "for vendor libraries' kernels) and its functor: the launches profiled (the first of each grid and "
               "block shape, so each size an experiment sweeps once), their total time, and the rates averaged "
               "over them weighted by time. divergence = 100 % - branch uniformity; limited by = the launch limit "
               "allowing the fewest blocks per SM; local ld/st > 0: spills or local arrays; % copy bw: DRAM bytes "
               "over the copy bandwidth above.",
               ""] + _markdown_table(profiled, NCU_COLUMNS)
        _write_csv(base + "_ncu.csv", experiment, profiled, [key for key, _ in NCU_COLUMNS] + CSV_EXTRA)
    with open(base + ".md", "w") as f:
        f.write("\n".join(md) + "\n")
    return base + ".md"


ROOFLINE_NAMES = 12


def _unqualified(name):
    """A type's name without its namespaces (those of its template arguments too) and casts."""
    return re.sub(r"\([a-z ]+\)", "", re.sub(r"[A-Za-z_][A-Za-z_0-9]*::", "", name))


def _plot_name(row):
    """A point's name: its label and the functor with its first template argument (the format)."""
    kernel = row["kernel"]
    function = kernel.split("<", 1)[0]
    if "<" in kernel:
        function += "<" + first_template_argument(kernel, len(function) + 1) + ">"
    function = _unqualified(function)
    return f"{row['label']}: {function}" if row["label"] else function


def plot_roofline(rows, experiment, ceilings, out_dir):
    """Each kernel with FP64 work at (flops per DRAM byte, GFlop/s) under the copy-bandwidth and
    FP64 roofs; kernels without FP64 work (integer RNS, tensor-core products) are named below.
    Without matplotlib there is no plot (the tables stand alone): returns None."""
    try:
        import matplotlib
    except ImportError:
        print("profile: no matplotlib for this Python, so no roofline plot", file=sys.stderr)
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from png_file import save_png
    placed = [r for r in rows if r.get("flops_per_byte") and r.get("fp64_gflops")]
    # Kokkos' own fills and copies are left out of the list: only the library's stages.
    unplaced = [r for r in rows if r not in placed and r["label"] and not r["label"].startswith("Kokkos::")]
    peak = ceilings["fma_gflops"] or ceilings["peak_model_gflops"]
    fig, ax = plt.subplots(figsize=(10, 6.5))
    intensities = [r["flops_per_byte"] for r in placed] or [1.0]
    low, high = min(intensities + [0.05]) / 2, max(intensities + [100.0]) * 2
    ridge = peak / ceilings["copy_gbs"] if peak else high
    corners = [low, min(ridge, high), high]
    ax.loglog(corners, [min(ceilings["copy_gbs"] * x, peak or math.inf) for x in corners], "k-",
              label=f"copy bandwidth {ceilings['copy_gbs']:.0f} GB/s" + (f", FP64 FMA {peak:.0f} GFlop/s" if peak else ""))
    # The longest-running kernels carry their names; the rest are unnamed points.
    named = sorted(placed, key=lambda r: -(r["ncu_time_ms"] or 0.0))[:ROOFLINE_NAMES]
    for r in placed:
        ax.loglog(r["flops_per_byte"], r["fp64_gflops"], "o", markersize=5, alpha=0.8)
        if r in named:
            ax.annotate(_plot_name(r), (r["flops_per_byte"], r["fp64_gflops"]), fontsize=7,
                        xytext=(4, 2), textcoords="offset points")
    ax.legend(loc="lower right", fontsize=8)
    if unplaced:
        fig.text(0.01, 0.005, "no FP64 work (not placed): " + ", ".join(sorted({r["label"] for r in unplaced}))[:220],
                 fontsize=7)
    ax.set_xlabel("FP64 flops per DRAM byte")
    ax.set_ylabel("FP64 GFlop/s")
    ax.set_title(f"{experiment}: kernels on the roofline")
    path = os.path.join(out_dir, f"{experiment}_roofline.png")
    save_png(fig, path, dpi=110, bbox_inches="tight")
    plt.close(fig)
    return path


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--experiment", required=True)
    parser.add_argument("--times", required=True)
    parser.add_argument("--ncu")
    parser.add_argument("--ceilings", required=True)
    parser.add_argument("--kernels", default="", help="only kernels whose name matches this regular expression")
    parser.add_argument("--out", required=True)
    parser.add_argument("--command", default="", help="the command that ran the experiment, for the table's head")
    args = parser.parse_args(argv)
    try:
        try:
            re.compile(args.kernels)
        except re.error as e:
            raise ProfileError(f"--kernels '{args.kernels}' is not a regular expression ({e})")
        ceilings = read_ceilings(args.ceilings)
        times = read_times(args.times)
        profiled = ncu_rows(times, read_ncu(args.ncu), ceilings, args.kernels) if args.ncu else []
        os.makedirs(args.out, exist_ok=True)
        print(write_tables(time_rows(times, args.kernels), profiled, args.experiment, ceilings, args.out, bool(args.ncu),
                           args.command))
        plot = plot_roofline(profiled, args.experiment, ceilings, args.out) if args.ncu else None
        if plot:
            print(plot)
    except (ProfileError, results_csv.ResultsError) as e:
        print(f"profile: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
