"""Each experiment's tables in the shape of the paper it reproduces: the paper's rows and columns,
and kamp's extra rows below them. The paper's figures beside kamp's rows come from the CSV's paper
column alone (the experiment fills it on the paper's own workload); a layout carries figures only
for the peers the paper timed and kamp does not run (the "paper only" rows), shown in the panel of
the paper's data class.

SECTIONS orders the report: one section per source paper, then the experiments beyond the papers.
The vocabulary (Pick, Axis, Like, Ratio, Table) is defined and explained in pivot.py."""
import re

from pivot import Axis, Like, Pick, Ratio, Table

PAPER_DATA = {"data": "p/4-bit"}
DATA_CLASSES = [Pick("p/4-bit inputs (the paper's data)", PAPER_DATA),
                Pick("full-precision inputs (kamp's extra class)", {"data": "full"})]
PRECISIONS = [Pick(f"{bits} bits", {"bits": str(bits)}) for bits in (106, 212, 424, 848, 1696)]

# Isupov and Knyazkov, Table 3 (GTX 1080, 1000 x 1000, 424 bits, N): the six kernels by the paper's names.
TABLE_3_KERNELS = [
    Pick("mp_vec2scal_mul_esi", {"variant": "vec_scal::esi", "algorithm": "split"}),
    Pick("mp_vec2scal_mul_digits", {"variant": "vec_scal::digits", "algorithm": "split"}),
    Pick("mp_mat2vec_right_scal_esi", {"variant": "mat_scal::esi", "algorithm": "split"}),
    Pick("mp_mat2vec_right_scal_digits", {"variant": "mat_scal::digits", "algorithm": "split"}),
    Pick("mp_vector_round", {"variant": "mat_scal::round", "algorithm": "split"}),
    Pick("mp_matrix_row_sum", {"variant": "row_sum", "algorithm": "split"}),
]
E1 = [
    Table("Table 3: each kernel's share of the GEMV time (%)", TABLE_3_KERNELS, DATA_CLASSES,
          where={"metric": "time_share_pct"}, extra_rows=Axis(("variant", "algorithm"), "{variant} ({algorithm} path)")),
    Table("Each kernel's time (ms), the same rows", TABLE_3_KERNELS, DATA_CLASSES,
          where={"metric": "time_ms"}, extra_rows=Axis(("variant", "algorithm"), "{variant} ({algorithm} path)")),
]

# Isupov and Knyazkov, Table 4 (its bandwidth shares are the text's, 51 % and 16 % of 320.3 GB/s): E2's rows
# carry them on the paper's data.
TABLE_4_METRICS = [Pick("occupancy %", {"metric": "occupancy_pct"}),
                   Pick("divergence %", {"metric": "divergence_pct"}),
                   Pick("bandwidth GB/s", {"metric": "bandwidth_gbs"}),
                   Pick("% of peak bandwidth", {"metric": "pct_bandwidth"}),
                   Pick("theoretical occupancy %", {"metric": "theoretical_occupancy_pct"}),
                   Pick("time ms", {"metric": "time_ms"})]
E2 = [Table("Table 4: the two costliest kernels", [
    Pick("mp_mat2vec_right_scal_digits", {"variant": "mat_scal::digits"}),
    Pick("mp_matrix_row_sum", {"variant": "row_sum"}),
], TABLE_4_METRICS, panels=DATA_CLASSES, extra_rows=Axis("variant"))]

# Isupov and Knyazkov, Table 5 (GTX 1080, GEMV 1000 x 1000, ms). E3's rows carry the paper's figures on the
# paper's data (p/4-bit, n = 1000); CAMPARY's stand beside kamp's N-term expansions (expansion_N),
# the nearest thing kamp runs to CAMPARY. The peers kamp does not run are the paper-only rows.
E3 = [Table("Table 5: GEMV time (ms) vs precision", [
    Pick("Proposed implementation (split_N)", {"variant": "split_N"}),
    Pick("Proposed implementation, transposed (split_T)", {"variant": "split_T"}),
    Pick("Basic implementation (basic_N)", {"variant": "basic_N"}),
    Pick("CUMP (paper only)", None, [20.1, 20.8, 26.8, 56.8, 154.0]),
    Pick("CAMPARY (paper only)", None, [0.7, 6.0, 26.3, 124.4, 2499.9]),
    Pick("kamp's N-term expansions beside CAMPARY (expansion_N)", {"variant": "expansion_N"}),
    Pick("GARPREC (paper only)", None, [26.5, 37.4, 70.2, 206.0, 689.1]),
], PRECISIONS, panels=DATA_CLASSES, where={"metric": "time_ms"}, extra_rows=Axis("variant"), paper_panel=PAPER_DATA,
    note="Extra rows: fused and tuned kernels, the transposed expansions, MPFR on the host; "
         "their cells carry the paper's figure for the proposed implementation where the CSV does. "
         "The full-precision panel has no paper figures: the paper timed p/4-bit data only.")]

E4 = [Table("GEMV relative error and the bound (16)-(19)", Axis(("variant", "m", "n"), "{variant}, {m} x {n}"),
            PRECISIONS, panels=Axis(("data", "metric"), "{data} data, {metric}"))]

SEED_000 = ("Isupov and Knyazkov, \"Multiple-precision matrix-vector multiplication on graphics processing units\", "
            "Program Systems: Theory and Applications 11:3 (2020): RNS GEMV", "seed-000", ["E1", "E2", "E3", "E4", "E12"])

# Mukunoki and Takahashi (Tesla C2050 slides): the routines at the slides' sizes, in each of kamp's formats.
FORMATS = [Pick(label, {"variant": Like(f"^{prefix}_")}) for label, prefix in
           (("dd_real", "dd_real"), ("qd_real", "qd_real"), ("rns_106", "rns_106"), ("rns_212", "rns_212"))]


def routine(label, name, size_of=None):
    """A routine's row, its variants `<format>_<name>` and `<format>_<name>_vs_<peer>`, held to the
    size at which the CSV gives dd_real's GDDFlop/s the slides' figure (that of `size_of` if given)."""
    return Pick(label, {"variant": Like(f"_{name}(_vs_|$)")},
                headline={"variant": f"dd_real_{size_of or name}", "metric": "gddflops"})


SLIDES_ROUTINES = [
    routine("AXPY", "axpy"),
    routine("GEMV N", "gemv_N"),
    routine("GEMV T", "gemv_T", size_of="gemv_N"),
    routine("GEMM", "gemm_NN"),
]
SLIDES_METRICS = [Pick("GDDFlop/s", {"metric": "gddflops"}),
                  Pick("% of the format's FP64 peak model", {"metric": "pct_peak"}),
                  Pick("% of the copy bandwidth", {"metric": "pct_bandwidth"}),
                  Pick("time ms", {"metric": "time_ms"}),
                  Pick("speedup over the vendor's double routine", {"metric": "speedup", "variant": Like("_vs_vendor_double$")}),
                  Pick("speedup over QD with OpenMP", {"metric": "speedup", "variant": Like("_vs_qd_openmp$")}),
                  Pick("relative error", {"metric": "rel_error"})]
E5 = [
    Table("The slides' table: each routine at the size the CSV gives the slides' figure at",
          SLIDES_ROUTINES, FORMATS, panels=SLIDES_METRICS,
          note="Slides (Tesla C2050): AXPY n = 10,240,000, GEMV n = 8192, GEMM n = 2048; 6x, 15x and 21x "
               "the 8-core CPU; DD peak model 25.76 GDDFlop/s. GEMV T takes GEMV N's size."),
    Table("Size sweeps", Axis("n", "n = {n}"), FORMATS,
          panels=[Pick(f"{routine_label}: {metric_pick.label}", dict(metric_pick.match, variant=Like(f"_{name}$")))
                  for routine_label, name in (("AXPY", "axpy"), ("GEMV N", "gemv_N"), ("GEMV T", "gemv_T"),
                                              ("GEMM", "gemm_NN"))
                  for metric_pick in SLIDES_METRICS[:4]]),
    Table("Size sweeps: speedups", Axis("n", "n = {n}"), FORMATS,
          panels=[Pick(f"{routine_label}: {metric_pick.label}", dict(metric_pick.match, variant=Like(f"_{name}{peer}")))
                  for routine_label, name in (("AXPY", "axpy"), ("GEMV N", "gemv_N"), ("GEMV T", "gemv_T"),
                                              ("GEMM", "gemm_NN"))
                  for metric_pick, peer in ((SLIDES_METRICS[4], "_vs_vendor_double$"),
                                            (SLIDES_METRICS[5], "_vs_qd_openmp$"))]),
]

E6_FORMATS = [Pick(name, {"variant": Like(f"^{name}_")}) for name in ("double", "dd_real", "ds_soa", "ds_aos")]
E6_ROUTINES = [Pick(label, {"variant": Like(f"_{name}(_vs_|$)")}) for label, name in
               (("AXPY", "axpy"), ("GEMV N", "gemv_N"), ("GEMV T", "gemv_T"), ("GEMM", "gemm_NN"))]
E6 = [
    Table("The slides' claims: time ratios", E6_ROUTINES, E6_FORMATS + [
        Ratio("ds_aos / ds_soa", "ds_aos", "ds_soa"),
        Ratio("ds_soa / double", "ds_soa", "double"),
        Ratio("ds_soa / dd_real", "ds_soa", "dd_real"),
    ], where={"metric": "time_ms"},
        note="Slides: SoA up to 1.3x faster than AoS; D+S takes 1.6-1.7x double's time and about 3/4 of DD's."),
    Table("D+S triple precision: SoA and AoS beside double and dd_real", E6_ROUTINES, E6_FORMATS,
          panels=SLIDES_METRICS),
]

E7_METHODS = Axis("variant")
E7 = [
    Table("Mixed-precision GESV: error", Axis("n", "N = {n}"), E7_METHODS,
          panels=Axis(("matrix", "metric", "measure"), "{matrix}: {metric}, {measure}"),
          where={"metric": ("rel_error", "rel_residual")},
          note="Slides: QP error 1e-31..1e-29 (MLAPACK), MP(DP+QD) 1e-32..1e-31."),
    Table("Mixed-precision GESV: refinement iterations", Axis("n", "N = {n}"), E7_METHODS,
          panels=Axis("matrix"), where={"metric": "iterations"},
          note="Slides: 3-7 iterations for SP+DP, 2 for DP+QD."),
    Table("Mixed-precision GESV: time (ms) and speedup", Axis("n", "N = {n}"), E7_METHODS,
          panels=Axis(("matrix", "metric"), "{matrix}: {metric}"), where={"metric": ("time_ms", "speedup")}),
]
SEED_002 = ("Mukunoki and Takahashi, quadruple-precision (double-double) BLAS on GPUs, with the D+S storage and "
            "mixed-precision GESV (slides, University of Tsukuba)", "seed-002", ["E5", "E6", "E7"])

# The VPBi-CGSTAB paper. Octuple precision there, rns_212 here; "up to 16.38x over OpenMP".
E11_FORMATS = [Pick(label, {"variant": name}) for label, name in
               (("BiCGSTAB, double", "bicgstab_double"), ("VPBiCGSTAB, double", "vpbicgstab_double"),
                ("VPBiCGSTAB, dd_real outer", "vpbicgstab_dd_real"), ("VPBiCGSTAB, qd_real outer", "vpbicgstab_qd_real"),
                ("VPBiCGSTAB, rns_212 outer", "vpbicgstab_rns_212"))]
E11 = [
    Table("Time per outer iteration, iterations and error by space", E11_FORMATS, Axis("space"),
          panels=Axis("metric"), where={"metric": ("time_ms", "iterations", "rel_error")}),
    Table("GPU over CPU (OpenMP) speedup", [
        Pick("double BiCGSTAB", {"variant": "speedup_double"}),
        Pick("double VPBiCGSTAB", {"variant": "speedup_vp_double"}),
        Pick("dd_real VPBiCGSTAB", {"variant": "speedup_dd"}),
        Pick("qd_real VPBiCGSTAB", {"variant": "speedup_qd"}),
        Pick("rns_212 VPBiCGSTAB", {"variant": "speedup_rns"}),
    ], Axis("space"), where={"metric": "speedup"},
        note="The VPBi-CGSTAB paper reports up to 16.38x over OpenMP in octuple precision on its own matrices and cluster; "
             "it is a different workload, so it is not set beside these rows."),
    Table("The sparse matrix-vector product", Axis("variant"), Axis("metric"),
          where={"variant": Like("^(spmv_|copy_reference)")}),
    Table("The outer iteration against its byte floor (the bytes an iteration must move at the copy bandwidth)",
          Axis("solve"), [Pick("ms an iteration", {"quantity": "iteration", "metric": "time_ms"}),
                          Pick("byte floor ms", {"quantity": "byte floor"}),
                          Pick("iteration / byte floor", {"quantity": "over byte floor"}),
                          Pick("whole call ms", {"quantity": "call"})],
          panels=Axis("space"), where={"quantity": Like(".")}),
    Table("The outer iteration's parts (ms an iteration)", Axis("part"), Axis("solve"), panels=Axis("space"),
          where={"part": Like(".")}),
    Table("The matrix's storage", Axis("variant"), Axis("metric"), where={"metric": "ratio", "variant": Like("^sliced_")}),
]
SEED_003 = ("Multiple-precision Krylov subspace method on a GPU cluster (short paper: the variable-preconditioned "
            "Bi-CGSTAB with GMP and CUMP)", "seed-003", ["E11"])

# Otsokov and Magomedov, Figs. 5-7: speedup against the digits, one curve per k (terms summed).
BY_DIGITS_AND_K = dict(rows=Axis("n", "{n} digits"), columns=Axis("m", "k = {m}"))
E8 = [Table("Figs. 5-6: summation speedup", panels=Axis("variant"), where={"metric": "speedup"}, **BY_DIGITS_AND_K,
            note="Paper: method 1 gains only above ~400 digits; method 2 is 3-4x faster at 800-900 digits."),
      Table("Summation time (ms)", panels=Axis("variant"), where={"metric": "time_ms"}, **BY_DIGITS_AND_K),
      Table("Summation bandwidth", panels=Axis(("variant", "metric"), "{variant}, {metric}"),
            where={"metric": ("bandwidth_gbs", "pct_bandwidth")}, **BY_DIGITS_AND_K)]
E9 = [Table("Fig. 7: dot product speedup", panels=Axis("variant"), where={"metric": "speedup"}, **BY_DIGITS_AND_K,
            note="Paper: the speedup grows with the digits and with k."),
      Table("Dot product time (ms)", panels=Axis("variant"), where={"metric": "time_ms"}, **BY_DIGITS_AND_K)]
E10 = [Table("Figs. 2-3: relative error (%) against beta", Axis("n", "beta = {n}"), Axis("variant"),
             panels=Axis("data"), note="Paper: float fails from beta = 18.")]
SEED_004 = ("Otsokov and Magomedov, \"Using of redundant signed-digit numeral system for accelerating and improving "
            "the accuracy of computer floating-point calculations\"", "seed-004", ["E8", "E9", "E10"])

# Beyond the papers: kamp's own experiments, each a plain pivot.
E12 = [Table("RNS add and mul: split kernels, one thread per number, MPFR", Axis(("n", "bits"), "n = {n}, {bits} bits"),
             Axis("variant"), panels=Axis("metric"))]


def ozaki_tables(what):
    """E13's and E14's tables: one panel per format and data class, one column per whole call (the
    FMA kernel, each scheme variant, the vendor's DGEMM), the INT8 products and the stages apart."""
    by_format = Axis(("format", "data"), "{format}, {data} data")
    rows = Axis("n", "n = {n}")
    return [
        Table(f"{what}: rate, time and error of the whole call", rows, Axis("call"),
              panels=Axis(("format", "data", "quantity"), "{format}, {data} data: {quantity}"),
              where={"stage": "", "metric": ("gddflops", "gflops", "time_ms", "rel_error")}),
        Table(f"{what}: the INT8 products inside the scheme (TOPS)", rows, Axis("call"), panels=by_format,
              where={"stage": "products", "metric": "gflops"}, scale=1e-3),
        Table(f"{what}: each stage's share of the call (%)", Axis(("call", "n"), "{call}, n = {n}"), Axis("stage"),
              panels=by_format, where={"metric": "time_share_pct"}),
        Table(f"{what}: each stage's time (ms)", Axis(("call", "n"), "{call}, n = {n}"), Axis("stage"),
              panels=by_format, where={"metric": "time_ms", "stage": Like(".")}),
        Table(f"{what}: relative error over the FMA kernel's bound", rows, Axis("call"), panels=by_format,
              value="error_over_fma_bound"),
        Table(f"{what}: relative error over the scheme's own bound", rows, Axis("call"), panels=by_format,
              value="error_over_scheme_bound"),
    ]


E13 = ozaki_tables("dd_real and emulated double GEMM by the Ozaki scheme II on the INT8 tensor cores")
E14 = ozaki_tables("qd_real, expansion<8> and RNS GEMM by the Ozaki scheme II with wide moduli")
E0 = [Table("Machine ceilings: copy, DAXPY, DGEMV, DGEMM, FMA peak", Axis(("variant", "space"), "{variant} [{space}]"),
            Axis("metric"), panels=Axis(("m", "n"), "m = {m}, n = {n}"))]
E16_FORMAT = Axis(("format", "space"), "{format} [{space}]")
E16 = [Table("Elementary functions: results per second (Mresult/s), kamp beside MPFR and QD over the same arguments",
             Axis("function"), Axis("library"), panels=E16_FORMAT, where={"metric": "mresults_per_s"}),
       Table("Largest error observed (units of u) beside the stated bound", Axis("function"),
             Axis(("library", "metric"), "{library} {metric}"), panels=E16_FORMAT,
             where={"metric": ("error_u", "bound_u")}),
       Table("kamp's speedup over MPFR and QD on the same cores", Axis("function"), Axis("library"),
             panels=E16_FORMAT, where={"metric": "speedup"}),
       Table("Time of one array of arguments (ms)", Axis("function"), Axis("library"), panels=E16_FORMAT,
             where={"metric": "time_ms"})]
BEYOND = ("Beyond the papers: kamp's own experiments", "beyond", ["E13", "E14", "E16", "E0"])

SECTIONS = [SEED_000, SEED_002, SEED_003, SEED_004, BEYOND]

OZAKI_STAGES = ("analyse", "residues", "products", "combine")
RATE_UNITS = {"gddflops": "GDDFlop/s", "time_ms": "ms", "rel_error": "relative error"}
E11_SOLVE = re.compile(r"^(vp)?bicgstab_(double|dd_real|qd_real|rns_212)(?:_(call|byte_floor|over_byte_floor)|_part_(.+))?$")


def ozaki_columns(row):
    """E13/E14: the whole call a row belongs to (`call`), its stage ('' for the whole call), the
    format as a label (the vendor's DGEMM has none in the CSV) and the unit of what it measures."""
    variant = row["variant"]
    stage = next((s for s in OZAKI_STAGES if variant.endswith("_" + s)), "")
    fmt = row.get("format") or ("double (vendor)" if variant.startswith("cublas") else "")
    gflops = "GFlop/s (FP64)" if fmt.startswith("double") else f"GFlop/s in {fmt}"
    return {"call": variant[:len(variant) - len(stage) - 1] if stage else variant, "stage": stage, "format": fmt,
            "quantity": RATE_UNITS.get(row["metric"], gflops if row["metric"] == "gflops" else row["metric"])}


def e11_columns(row):
    """E11: the solve a row belongs to (`solve`), which quantity of it (`quantity`) or which part of
    the outer iteration (`part`); '' for the rows of no solve (SpMV, storage)."""
    m = E11_SOLVE.match(row["variant"])
    if not m:
        return {"solve": "", "quantity": "", "part": ""}
    solve = f"{'VPBiCGSTAB' if m.group(1) else 'BiCGSTAB'}, {m.group(2)}"
    quantity = (m.group(3) or "").replace("_", " ") or ("" if m.group(4) else "iteration")
    return {"solve": solve, "quantity": quantity, "part": m.group(4) or ""}


def e16_columns(row):
    """E16: the library (kamp, mpfr, qd) and the function of a row's variant, e.g. kamp_log1p."""
    library, _, function = row["variant"].partition("_")
    return {"library": library, "function": function}


# Columns derived from a row's own fields, added when a machine's rows are read.
DERIVED = {"E11": e11_columns, "E13": ozaki_columns, "E14": ozaki_columns, "E16": e16_columns}
LAYOUTS = {"E0": E0, "E1": E1, "E2": E2, "E3": E3, "E4": E4, "E5": E5, "E6": E6, "E7": E7, "E8": E8, "E9": E9,
           "E10": E10, "E11": E11, "E12": E12, "E13": E13, "E14": E14, "E16": E16}
EXPERIMENTS = sorted(LAYOUTS, key=lambda e: int(e[1:]))
