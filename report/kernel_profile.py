"""./kamp profile's table: each kernel of one experiment, named by the library's own labels, with
its time and share, and on a GPU what Nsight Compute measured of it, against the ceilings that
E0 measured in the same run.

Inputs (experiments/device/profile.sh and the kamp script write them):
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
import results_csv  # noqa: E402


class ProfileError(Exception):
    """An input that cannot be read: the message names the file (and line) and why."""


TIMES_HEADER = ["id", "kernel", "calls", "time_ms", "share_pct"]
NCU_FIELDS = ["ID", "Kernel Name", "Block Size", "Grid Size", "Metric Name", "Metric Unit", "Metric Value"]

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


def kernel_name(name):
    """A kernel's readable name: the functor inside Kokkos' launch wrapper, without the
    wrapper's other template arguments and the parameter list; a label (NVTX-renamed) as is."""
    match = KOKKOS_WRAPPER.search(name)
    if match:
        depth, start = 0, match.end()
        for i in range(start, len(name)):
            if name[i] == "<":
                depth += 1
            elif name[i] == ">":
                depth -= 1
            if (name[i] == "," and depth == 0) or depth < 0:
                return name[start:i].strip()
        return name[start:].strip()
    return re.sub(r"\((?:[^()]|\([^()]*\))*\)$", "", name).strip()


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


def read_ncu(path):
    """{kernel name: [{metric: value} per profiled launch]} from ncu's CSV. ncu's own log lines
    ("==PROF== ...") may come before and after the records; values ncu could not give (n/a) are
    left out."""
    lines = _read(path).splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith('"ID","Process ID"')), None)
    if start is None:
        raise ProfileError(f"{path}: no ncu CSV header (\"ID\",\"Process ID\",...): was ncu run with --csv?")
    header = next(csv.reader([lines[start]]))
    missing = [f for f in NCU_FIELDS if f not in header]
    if missing:
        raise ProfileError(f"{path}:{start + 1}: the ncu header lacks {', '.join(missing)}")
    column = {f: header.index(f) for f in NCU_FIELDS}
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
        name = kernel_name(fields[column["Kernel Name"]])
        launch = launches.setdefault(name, {}).setdefault(fields[column["ID"]], {})
        launch[fields[column["Metric Name"]]] = _number(value, where, "metric value")
    return {name: list(by_id.values()) for name, by_id in launches.items()}


def read_ceilings(path):
    """The copy bandwidth (GB/s, at E0's largest size) and the FP64 rates (GFlop/s, the FMA
    kernel measured and the vector peak model) of E0 in the device's own space."""
    rows = results_csv.parse_rows(_read(path), path)
    spaces = [r.space for r in rows if r.experiment == "E0"]
    space = "Cuda" if "Cuda" in spaces else (spaces[0] if spaces else "")

    def largest(variant, metric):
        # The largest size's: smaller copies stay in the caches and overstate the memory's rate.
        found = [r for r in rows if r.key[1] == variant and r.metric == metric and r.space == space]
        return max(found, key=lambda r: r.key[4]).value if found else None

    ceilings = {"copy_gbs": largest("copy", "bandwidth_gbs"), "fma_gflops": largest("fp64_fma", "gflops"),
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
    out["local_accesses"] = _total(launches, {m: 1 for m in LOCAL_ACCESSES})
    return out


def profile_rows(times, launches, ceilings, pattern):
    """The table's rows: every label the times name, then kernels only ncu saw (vendor libraries'
    GEMMs, Kokkos' own), those whose name matches `pattern`; largest time first."""
    names = list(times) + [n for n in launches if n not in times]
    rows = []
    for name in names:
        if pattern and not re.search(pattern, name):
            continue
        calls, ms, share = times.get(name, (None, None, None))
        row = {"kernel": name, "calls": calls, "time_ms": ms, "share_pct": share}
        if launches:
            row.update(ncu_columns(launches.get(name, []), ceilings))
        rows.append(row)
    rows.sort(key=lambda r: -(r["time_ms"] if r["time_ms"] is not None else -1.0))
    return rows


def _shown(value):
    if value is None:
        return "-"
    if isinstance(value, str):
        return value
    if value == 0 or 0.01 <= abs(value) < 1e6:
        return f"{value:.3g}" if abs(value) < 100 else f"{value:.0f}"
    return f"{value:.3e}"


MD_COLUMNS = [("kernel", "kernel"), ("calls", "calls"), ("time_ms", "time ms"), ("share_pct", "share %"),
              ("occupancy_pct", "occupancy %"), ("theoretical_occupancy_pct", "theoretical %"),
              ("occupancy_limiter", "limited by"), ("registers", "regs"), ("dram_gbs", "DRAM GB/s"),
              ("pct_copy_bandwidth", "% copy bw"), ("fp64_pipe_pct", "FP64 pipe %"), ("alu_pipe_pct", "ALU pipe %"),
              ("tensor_pipe_pct", "tensor pipe %"), ("fp64_gflops", "FP64 GFlop/s"), ("divergence_pct", "divergence %"),
              ("l2_hit_pct", "L2 hit %"), ("local_accesses", "local ld/st")]


def write_tables(rows, experiment, ceilings, out_dir, with_ncu):
    columns = MD_COLUMNS if with_ncu else MD_COLUMNS[:4]
    md = [f"# {experiment}: kernel profile",
          "",
          f"Ceilings of the same run (E0, {ceilings['space']}): copy bandwidth {_shown(ceilings['copy_gbs'])} GB/s, "
          f"FP64 FMA kernel {_shown(ceilings['fma_gflops'])} GFlop/s, vector peak model "
          f"{_shown(ceilings['peak_model_gflops'])} GFlop/s.",
          "",
          "Time and share: every launch of each kernel label, fenced (kamp_run --profile, no profiler "
          "attached)." + (" The other columns: Nsight Compute over one launch per launch configuration, "
                          "averaged over those launches weighted by time; divergence = 100 % - branch "
                          "uniformity; limited by = the launch limit that allows the fewest blocks per SM; "
                          "local ld/st > 0 means spills or local arrays." if with_ncu else ""),
          "",
          "| " + " | ".join(title for _, title in columns) + " |",
          "|" + "---|" * len(columns)]
    for row in rows:
        md.append("| " + " | ".join(_shown(row.get(key)).replace("|", "\\|") for key, _ in columns) + " |")
    base = os.path.join(out_dir, f"{experiment}_profile")
    with open(base + ".md", "w") as f:
        f.write("\n".join(md) + "\n")
    keys = [key for key, _ in MD_COLUMNS] + (["profiled_launches", "ncu_time_ms", "fma_pipe_pct", "dram_gb",
                                              "pct_fp64_fma", "flops_per_byte"] if with_ncu else [])
    keys = keys if with_ncu else [key for key, _ in MD_COLUMNS[:4]]
    with open(base + ".csv", "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["id"] + keys)
        for row in rows:
            writer.writerow([experiment] + ["" if row.get(k) is None else row.get(k) for k in keys])
    return base + ".md"


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
    placed = [r for r in rows if r.get("flops_per_byte") and r.get("fp64_gflops")]
    unplaced = [r["kernel"] for r in rows if r not in placed and r.get("profiled_launches")]
    peak = ceilings["fma_gflops"] or ceilings["peak_model_gflops"]
    fig, ax = plt.subplots(figsize=(9, 6))
    intensities = [r["flops_per_byte"] for r in placed] or [1.0]
    x = [min(intensities + [0.01]) / 2, max(intensities + [100.0]) * 2]
    ax.loglog(x, [min(ceilings["copy_gbs"] * v, peak or math.inf) for v in x], "k-",
              label=f"copy bandwidth {ceilings['copy_gbs']:.0f} GB/s" + (f", FP64 {peak:.0f} GFlop/s" if peak else ""))
    for r in placed:
        ax.loglog(r["flops_per_byte"], r["fp64_gflops"], "o")
        ax.annotate(r["kernel"][:48], (r["flops_per_byte"], r["fp64_gflops"]), fontsize=7)
    ax.set_xlabel("FP64 flops per DRAM byte")
    ax.set_ylabel("FP64 GFlop/s")
    ax.set_title(f"{experiment}: kernels on the roofline")
    ax.legend(loc="lower right", fontsize=8)
    if unplaced:
        fig.text(0.01, 0.01, "no FP64 work: " + ", ".join(u[:40] for u in unplaced[:8]) +
                 (f" (+{len(unplaced) - 8})" if len(unplaced) > 8 else ""), fontsize=6)
    path = os.path.join(out_dir, f"{experiment}_roofline.png")
    fig.savefig(path, dpi=110, bbox_inches="tight")
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
    args = parser.parse_args(argv)
    try:
        try:
            re.compile(args.kernels)
        except re.error as e:
            raise ProfileError(f"--kernels '{args.kernels}' is not a regular expression ({e})")
        ceilings = read_ceilings(args.ceilings)
        times = read_times(args.times)
        launches = read_ncu(args.ncu) if args.ncu else {}
        rows = profile_rows(times, launches, ceilings, args.kernels)
        os.makedirs(args.out, exist_ok=True)
        print(write_tables(rows, args.experiment, ceilings, args.out, bool(args.ncu)))
        plot = plot_roofline(rows, args.experiment, ceilings, args.out) if args.ncu else None
        if plot:
            print(plot)
    except (ProfileError, results_csv.ResultsError) as e:
        print(f"profile: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
