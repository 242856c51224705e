"""Each experiment's tables in the shape of the paper it reproduces: the paper's rows and columns,
its published figures (used where the CSV's paper column is empty, e.g. for the full-precision
data class and for the libraries kamp does not run), and kamp's extra rows below them.

SECTIONS orders the report: one section per seed document, then the experiments beyond the seeds.
The vocabulary (Pick, Axis, Like, Ratio, Table) is defined and explained in pivot.py."""
from pivot import Axis, Like, Pick, Ratio, Table

DATA_CLASSES = [Pick("p/4-bit inputs (the paper's data)", {"data": "p/4-bit"}),
                Pick("full-precision inputs (kamp's extra class)", {"data": "full"})]
PRECISIONS = [Pick(f"{bits} bits", {"bits": str(bits)}) for bits in (106, 212, 424, 848, 1696)]

# Seed 000, Table 3 (GTX 1080, 1000 x 1000, 424 bits, N): the six kernels by the paper's names.
TABLE_3_KERNELS = [
    Pick("mp_vec2scal_mul_esi", {"variant": "vec_scal::esi", "algorithm": "split"}, 0.2),
    Pick("mp_vec2scal_mul_digits", {"variant": "vec_scal::digits", "algorithm": "split"}, 0.1),
    Pick("mp_mat2vec_right_scal_esi", {"variant": "mat_scal::esi", "algorithm": "split"}, 5.6),
    Pick("mp_mat2vec_right_scal_digits", {"variant": "mat_scal::digits", "algorithm": "split"}, 20.8),
    Pick("mp_vector_round", {"variant": "mat_scal::round", "algorithm": "split"}, 1.7),
    Pick("mp_matrix_row_sum", {"variant": "row_sum", "algorithm": "split"}, 71.5),
]
E1 = [
    Table("Table 3: each kernel's share of the GEMV time (%)", TABLE_3_KERNELS, DATA_CLASSES,
          where={"metric": "time_share_pct"}, extra_rows=Axis(("variant", "algorithm"), "{variant} ({algorithm} path)")),
    Table("Each kernel's time (ms), the same rows", [Pick(p.label, p.match) for p in TABLE_3_KERNELS], DATA_CLASSES,
          where={"metric": "time_ms"}, extra_rows=Axis(("variant", "algorithm"), "{variant} ({algorithm} path)")),
]

# Seed 000, Table 4; the bandwidth shares are the text's (51 % and 16 % of 320.3 GB/s).
TABLE_4_METRICS = [Pick("occupancy %", {"metric": "occupancy_pct"}),
                   Pick("divergence %", {"metric": "divergence_pct"}),
                   Pick("bandwidth GB/s", {"metric": "bandwidth_gbs"}),
                   Pick("% of peak bandwidth", {"metric": "pct_bandwidth"}),
                   Pick("theoretical occupancy %", {"metric": "theoretical_occupancy_pct"}),
                   Pick("time ms", {"metric": "time_ms"})]
E2 = [Table("Table 4: the two costliest kernels", [
    Pick("mp_mat2vec_right_scal_digits", {"variant": "mat_scal::digits"},
         {"occupancy %": 95.5, "divergence %": 0.0, "bandwidth GB/s": 163.3, "% of peak bandwidth": 51.0}),
    Pick("mp_matrix_row_sum", {"variant": "row_sum"},
         {"occupancy %": 26.8, "divergence %": 66.8, "bandwidth GB/s": 49.9, "% of peak bandwidth": 16.0}),
], TABLE_4_METRICS, panels=DATA_CLASSES, extra_rows=Axis("variant"))]

# Seed 000, Table 5 (GTX 1080, GEMV 1000 x 1000, ms). CAMPARY's figures stand beside kamp's
# N-term expansions (expansion_N), the nearest thing kamp runs to CAMPARY.
CAMPARY = [0.7, 6.0, 26.3, 124.4, 2499.9]
E3 = [Table("Table 5: GEMV time (ms) vs precision", [
    Pick("Proposed implementation (split_N)", {"variant": "split_N"}, [3.1, 5.6, 8.5, 12.9, 24.6]),
    Pick("Proposed implementation, transposed (split_T)", {"variant": "split_T"}, [2.9, 4.6, 7.1, 11.2, 19.4]),
    Pick("Basic implementation (basic_N)", {"variant": "basic_N"}, [12.1, 22.8, 42.4, 75.5, 150.6]),
    Pick("CUMP (paper only)", None, [20.1, 20.8, 26.8, 56.8, 154.0]),
    Pick("CAMPARY (paper only)", None, CAMPARY),
    Pick("kamp's N-term expansions beside CAMPARY (expansion_N)", {"variant": "expansion_N"}, CAMPARY),
    Pick("GARPREC (paper only)", None, [26.5, 37.4, 70.2, 206.0, 689.1]),
], PRECISIONS, panels=DATA_CLASSES, where={"metric": "time_ms"}, extra_rows=Axis("variant"),
    note="Extra rows: fused and tuned kernels, the transposed expansions, MPFR on the host; "
         "their cells carry the paper's figure for the proposed implementation where the CSV does.")]

E4 = [Table("GEMV relative error and the bound (16)-(19)", Axis(("variant", "m", "n"), "{variant}, {m} x {n}"),
            PRECISIONS, panels=Axis(("data", "metric"), "{data} data, {metric}"))]

SEED_000 = ("Seed 000: RNS multiple-precision GEMV (Isupov & Knyazkov 2020)", "seed-000", ["E1", "E2", "E3", "E4", "E12"])

# Seed 002 (Tesla C2050 slides): the routines at the slides' sizes, in each of kamp's formats.
FORMATS = [Pick(label, {"variant": Like(f"^{prefix}_")}) for label, prefix in
           (("dd_real", "dd_real"), ("qd_real", "qd_real"), ("rns_106", "rns_106"), ("rns_212", "rns_212"))]


def routine(label, name, figures=None, size_of=None):
    """A routine's row, its variants `<format>_<name>` and `<format>_<name>_vs_<peer>`, held to the
    size at which the CSV gives dd_real's GDDFlop/s the slides' figure (that of `size_of` if given).
    `figures`: the slides' dd_real GDDFlop/s, % of the peak model and speedup over DAXPY/DGEMV/DGEMM."""
    panels = ("GDDFlop/s", "% of the DD peak model", "speedup over the vendor's double routine")
    published = {(panel, "dd_real"): figure for panel, figure in zip(panels, figures or ())}
    return Pick(label, {"variant": Like(f"_{name}(_vs_|$)")}, published,
                headline={"variant": f"dd_real_{size_of or name}", "metric": "gddflops"})


SLIDES_ROUTINES = [
    routine("AXPY", "axpy", (4.4, 17, 0.5)),
    routine("GEMV N", "gemv_N", (12, 45, 0.5)),
    routine("GEMV T", "gemv_T", size_of="gemv_N"),
    routine("GEMM", "gemm_NN", (22, 86, 1 / 13)),
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
    Table("Size sweeps: GDDFlop/s and time", Axis("n", "n = {n}"),
          [Pick(f"{f.label} {unit}", dict(f.match, metric=metric)) for f in FORMATS
           for unit, metric in (("GDDFlop/s", "gddflops"), ("ms", "time_ms"))],
          panels=[Pick(p.label, p.match) for p in SLIDES_ROUTINES]),
]

E6_FORMATS = [Pick(name, {"variant": Like(f"^{name}_")}) for name in ("double", "dd_real", "ds_soa", "ds_aos")]
E6_ROUTINES = [Pick(label, {"variant": Like(f"_{name}(_vs_|$)")}) for label, name in
               (("AXPY", "axpy"), ("GEMV N", "gemv_N"), ("GEMV T", "gemv_T"), ("GEMM", "gemm_NN"))]
E6 = [
    Table("The slides' claims: time ratios", E6_ROUTINES, E6_FORMATS + [
        Ratio("ds_aos / ds_soa", "ds_aos", "ds_soa", 1.3),
        Ratio("ds_soa / double", "ds_soa", "double", 1.65),
        Ratio("ds_soa / dd_real", "ds_soa", "dd_real", 0.75),
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
SEED_002 = ("Seed 002: double-double BLAS on the GPU (Mukunoki & Takahashi, slides)", "seed-002", ["E5", "E6", "E7"])

# Seed 003: VPBi-CGSTAB. Octuple precision there, rns_212 here; "up to 16.38x over OpenMP".
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
        Pick("rns_212 VPBiCGSTAB (paper: octuple precision, up to)", {"variant": "speedup_rns"}, 16.38),
    ], Axis("space"), where={"metric": "speedup"}),
    Table("The sparse matrix-vector product", Axis("variant"), Axis("metric"),
          where={"variant": Like("^(spmv_|copy_reference)")}),
]
# Across machines: one rank per GPU, so h200, h200x2 and h200x4 are 1, 2 and 4 processes (seed 003's
# speedup by process count). The pivot runs over every machine's E11 rows at once.
E11_BY_MACHINE = [
    Table("Seed 003 by process count: time per outer iteration (ms) on the GPUs", E11_FORMATS, Axis("machine"),
          where={"metric": "time_ms", "space": "Cuda"}),
    Table("Seed 003 by process count: GPUs over OpenMP speedup", E11[1].rows, Axis("machine"),
          where={"metric": "speedup", "space": "Cuda over OpenMP"}),
]
SEED_003 = ("Seed 003: multiple-precision VPBiCGSTAB (GPU cluster)", "seed-003", ["E11"])

# Seed 004 Figs. 5-7: speedup against the digits, one curve per k (terms summed).
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
SEED_004 = ("Seed 004: redundant signed digits (Otsokov & Magomedov)", "seed-004", ["E8", "E9", "E10"])

# Beyond the seeds: kamp's own experiments, each a plain pivot.
E12 = [Table("RNS add and mul: split kernels, one thread per number, MPFR", Axis(("n", "bits"), "n = {n}, {bits} bits"),
             Axis("variant"), panels=Axis("metric"))]
E13 = [Table("DD GEMM: Ozaki scheme II on INT8 tensor cores, the FMA kernel, the vendor's DGEMM",
             Axis("n", "n = {n}"), Axis("variant"), panels=Axis(("metric", "data"), "{metric}, {data} data")),
       Table("DD GEMM: relative error over the FMA kernel's bound", Axis("n", "n = {n}"), Axis("variant"),
             panels=Axis("data", "{data} data"), value="error_over_fma_bound"),
       Table("DD GEMM: relative error over the scheme's own bound", Axis("n", "n = {n}"), Axis("variant"),
             panels=Axis("data", "{data} data"), value="error_over_scheme_bound")]
E14 = [Table("qd_real and expansion<8> GEMM: Ozaki scheme II with wide moduli, the FMA kernel, the vendor's DGEMM",
              Axis("n", "n = {n}"), Axis(("variant", "format"), "{variant} [{format}]"),
              panels=Axis(("metric", "data"), "{metric}, {data} data")),
       Table("qd_real and expansion<8> GEMM: error over the scheme's own bound", Axis("n", "n = {n}"),
             Axis(("variant", "format"), "{variant} [{format}]"), panels=Axis("data", "{data} data"),
             value="error_over_scheme_bound")]
E0 = [Table("Machine ceilings: copy, DAXPY, DGEMV, DGEMM, FMA peak", Axis(("variant", "space"), "{variant} [{space}]"),
            Axis("metric"), panels=Axis(("m", "n"), "m = {m}, n = {n}"))]
BEYOND = ("Beyond the seeds: kamp's own experiments", "beyond", ["E13", "E14", "E0"])

SECTIONS = [SEED_000, SEED_002, SEED_003, SEED_004, BEYOND]
LAYOUTS = {"E0": E0, "E1": E1, "E2": E2, "E3": E3, "E4": E4, "E5": E5, "E6": E6, "E7": E7, "E8": E8, "E9": E9,
           "E10": E10, "E11": E11, "E12": E12, "E13": E13, "E14": E14}
EXPERIMENTS = [f"E{n}" for n in range(15)]
