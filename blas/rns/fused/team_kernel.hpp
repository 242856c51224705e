#pragma once
// GEMV beyond the paper: y_o = sum_k op(A)_ok d_k + beta y_o (d = alpha x) in one kernel,
// without the m x n intermediate B of Algorithm 1 and without rounding any product: beta y_o is
// one more term of the sum (y_o in A's role, beta in d's), so each output is rounded once.
//
// One team per output element. The team first finds the top bit of the largest product,
// 2^top, from the headers alone, and fixes a grid 2^g with g = top - (2q - 2 - L), L =
// ceil(log2 T) for T terms. Every product X_a X_d 2^(e_a + e_d) (a 2q-bit significand) is then
// put on that grid exactly when it lies above it (a multiplication of the residues by 2^s), or
// truncated to it (floor by 2^t, t <= 64 in practice, which needs only the low 64 bits of
// the CRT and so costs O(N) rather than the O(N^2) of a full rounding), and accumulated with
// its sign modulo M. All aligned terms are below 2^(2q-2-L), so the signed sum stays below
// M/4 in magnitude and its sign is read from the wrap-around, as for a subtraction. One
// rounding per output brings the sum back to q bits and stores it in y; it runs in a second
// kernel, one warp per output with the residues on its lanes (fused_finish): the rounding's long
// paths would cost the team kernel registers under its launch bounds. Adding
// beta y_o as a term, rather than a rounded beta y_o to the rounded sum, spares a scalar
// addition per output whose rare paths (re-evaluation after cancellation, a second rounding)
// set the finishing kernel's time (ncu, E2: docs/design.md).
//
// Error: each term errs by less than 2^g (terms below the grid are dropped with the same
// bound), so the sum errs by less than T 2^g <= 2^(top - 2q + 2 + 2L) plus one rounding of
// the result: far inside Isupov and Knyazkov's gamma_{k+2} bound, which assumes a rounding per term.
//
// Threads of a team take terms in turn; the vector lanes of a thread share one term's
// residues (so the residues of one element are read in one coalesced access whatever the
// layout of A), and each thread accumulates in its own row of team scratch (row_stride),
// unreduced in 64 bits. A team may sum several consecutive outputs (outputs_per_team R > 1, for
// row sums 'N'): thread r takes output r mod R and every (size / R)-th term from r / R on, so
// that a warp's threads read adjacent elements of A, as the threads of a column sum do.
// Residues of the same index are read by the same lane in every loop, so lanes need no
// synchronisation besides the vector reductions.
//
// Residue arithmetic: d, and beta after it, are first put in CRT form (x_i w_i 2^32 mod m_i,
// blas/rns/crt_factors.hpp), so that one mont_mul gives s_i = p_i w_i mod m_i for the product's
// residue p_i = a_i x_i mod m_i, with 32-bit integer operations only: s_i is the CRT term that a
// truncation reads, and the factor w_i^-1 2^j (j = s up, or -t after a truncation, negated for
// a negative term) gives the placed residue without a reduction. Each thread adds such products
// (below 2^56) to its 64-bit accumulators and folds them modulo m_i after every
// accumulation_capacity terms. A truncation's remainder r = P mod 2^t leaves the residues
// alone: the factor 2^-t gives P 2^-t mod m_i, and floor(P / 2^t) = (P - r) 2^-t, so the
// remainders enter output o's sum as sum_k -+ r_k 2^-t_k = 2^-64 sum_k -+ r_k 2^(64 - t_k)
// (mod M; -+: minus for a positive term k). Each thread counts the scaled remainders
// r_k 2^(64 - t_k) < 2^64 of its positive and of its negative terms exactly, in two words each
// (blas/rns/fused/truncation_sums.hpp), and after its last term adds their net difference times
// 2^-64 mod m_i to its accumulators once a residue (settle_remainders): the accumulators then
// hold the aligned sum exactly modulo M, each truncated term k as +- floor(P_k / 2^t_k).
#include <Kokkos_Core.hpp>

#include <climits>
#include <cstdint>
#include <type_traits>

#include "blas/rns/crt_factors.hpp"
#include "blas/rns/fused/scan.hpp"
#include "blas/rns/fused/truncation_sums.hpp"
#include "blas/rns/workspaces.hpp"
#include "core/kernel_arguments.hpp"
#include "core/out_of_line.hpp"
#include "core/prefetch.hpp"
#include "core/unit_fractions.hpp"
#include "rns/array_stages.hpp"
#include "rns/index_maps.hpp"
#include "rns/montgomery.hpp"
#include "rns/mp_array.hpp"
#include "rns/mul.hpp"
#include "rns/residue_copy.hpp"
#include "rns/round_stage.hpp"

namespace kamp::rns {

// At most 512 threads per team and at least two teams per multiprocessor, i.e. 64 registers
// a thread on a GPU: unbounded, the compiler sizes the kernel for its rare paths (wide
// truncations, the final rounding), which leaves a multiprocessor few warps. The functor
// travels as a kernel argument (core/kernel_arguments.hpp): from constant memory its launch
// costs the host a wait, a copy and the launch, during which the GPU, done with fused_prepare,
// sits idle (docs/design.md).
template <class ExecSpace>
using fused_policy = Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<512, 2>, core::kernel_arguments>;

// PairedTerms: the DOT's block sums (blas/rns/fused/level1.hpp) pair each element of A with its
// own element of d: output o's term k is A(o, k) d(k + o d_stride), d's residues as they are
// (not in CRT form), and the last output has last_terms terms. A compile-time choice: as run-time
// members the pairing would slow the GEMV, which never pairs.
template <int N, class ExecSpace, class MemorySpace, bool PairedTerms = false>
struct gemv_fused_kernel {
  using member = typename fused_policy<ExecSpace>::member_type;
  static constexpr int q = basis_constants<N>::significand_bits;

  mp_array<N, MemorySpace> A;
  std::int64_t lda;
  bool transposed;             // column sums: output o reads column o
  mp_array<N, MemorySpace> d;  // alpha x, then beta (element terms), its residues in CRT form
  std::int64_t terms;          // products per output
  std::int64_t d_stride = 0;   // PairedTerms only
  std::int64_t last_terms;     // PairedTerms only
  mp_array<N, MemorySpace> y;
  vector_map y_map;
  bool adds_y;                    // beta != 0: beta y_o is a term of output o (y is not read otherwise)
  int headroom;                   // ceil(log2 of the terms, beta y_o included)
  mp_array<N, MemorySpace> sums;  // output o's sum: residues, or a special value
  Kokkos::View<std::int64_t*, MemorySpace> sum_grid;  // its grid exponent, or fused_no_sum / fused_special_sum
  Kokkos::View<std::int32_t*, MemorySpace> sum_bits;  // |sum| < 2^sum_bits on its grid (at most 2q - 2)
  const basis_constants<N>* b;
  const crt_factors<N>* f;
  std::int64_t outputs;      // y's length
  int outputs_per_team = 1;  // 1 for column sums, whose outputs lie lda apart
  int stride = N;  // row_stride of the launch's vector length (Kokkos 3.4's host team members do not report it)
  int lanes = 1;   // the launch's vector length
  // M rounded up, as the basis has it: a member lives in the kernel's constant bank, where the
  // basis' copy would take a global load (and a register for its address) in every term's place.
  core::er_float M_ru;

  // The kernel that sums y's `outputs` outputs over A and d (x's scaled copy in CRT form, beta
  // as its element `terms`) into the workspace's unrounded sums; its team shape comes after
  // (with_shape), since the shape depends on the kernel's register and scratch needs.
  static gemv_fused_kernel make(const mp_array<N, MemorySpace>& A, std::int64_t lda, bool transposed,
                                const mp_array<N, MemorySpace>& d, std::int64_t terms, const operand<N, MemorySpace>& y,
                                std::int64_t outputs, bool adds_y, const gemv_workspace<N, MemorySpace>& workspace,
                                const basis_constants<N>* b, const crt_factors<N>* f) {
    gemv_fused_kernel k;
    k.A = A;
    k.lda = lda;
    k.transposed = transposed;
    k.d = d;
    k.terms = terms;
    k.last_terms = terms;
    k.y = y.array;
    k.y_map = y.map;
    k.adds_y = adds_y;
    k.headroom = 0;
    while ((std::int64_t(1) << k.headroom) < terms + (adds_y ? 1 : 0)) ++k.headroom;
    k.sums = workspace.sums;
    k.sum_grid = workspace.sum_grid;
    k.sum_bits = workspace.sum_bits;
    k.b = b;
    k.f = f;
    k.outputs = outputs;
    k.M_ru = basis<N>::host().M_ru;
    return k;
  }

  // Lanes per term and outputs per team of the launch (blas/rns/fused/launch_shape.hpp).
  void with_shape(int vector_length, int outputs_in_team) {
    stride = row_stride(vector_length);
    lanes = vector_length;
    outputs_per_team = outputs_in_team;
  }

  // The out-of-line members (the rare paths) run on a copy made where they are called: a call
  // takes the address of the kernel it runs on, and the address of a kernel argument would
  // make every thread copy the whole functor to local memory on entry.
  KOKKOS_INLINE_FUNCTION gemv_fused_kernel rare_path_copy() const { return *this; }

  // Elements between two threads' rows of team scratch: N padded to an odd multiple of the
  // vector length V. A warp holds 32 / V threads of V lanes, and lane l of thread j touches
  // element j S + l (plus an offset common to the warp): for S an odd multiple of V these
  // fall into distinct banks, 32 of 4-byte words and, for the 8-byte accumulators, 16 in each
  // half warp. Unpadded, S = N is a multiple of 16 and the threads' lanes share their banks.
  KOKKOS_INLINE_FUNCTION static int row_stride(int vector_length) {
    if (vector_length >= 32) return N;
    int blocks = (N + vector_length - 1) / vector_length;
    if (blocks % 2 == 0) ++blocks;
    return blocks * vector_length;
  }

  // The accumulators, then (for several outputs per team) the threads' scans and whether each
  // output is summed.
  KOKKOS_INLINE_FUNCTION static std::size_t scratch_bytes(int team_size, int row_elements, int outputs_per_team) {
    const std::size_t accumulators = static_cast<std::size_t>(team_size) * row_elements * sizeof(std::uint64_t);
    if (outputs_per_team == 1) return accumulators;
    return accumulators + team_size * sizeof(fused_scan) + outputs_per_team * sizeof(std::int32_t);
  }
  // The team's scratch, taken once per kernel (each get_shmem call takes new memory).
  struct team_space {
    std::uint64_t* accumulators;
    fused_scan* scans;
    std::int32_t* summed;
  };
  KOKKOS_INLINE_FUNCTION team_space space_of(const member& team) const {
    const int size = team.team_size();
    const std::size_t accumulators = scratch_bytes(size, stride, 1);
    auto* base = static_cast<char*>(team.team_scratch(0).get_shmem(scratch_bytes(size, stride, outputs_per_team)));
    auto* scans = reinterpret_cast<fused_scan*>(base + accumulators);
    return {reinterpret_cast<std::uint64_t*>(base), scans, reinterpret_cast<std::int32_t*>(scans + size)};
  }

  KOKKOS_INLINE_FUNCTION std::size_t element(std::int64_t out, std::int64_t k) const {
    return static_cast<std::size_t>(transposed ? k + out * lda : out + k * lda);
  }
  // d's element in output o's term k.
  KOKKOS_INLINE_FUNCTION std::int64_t d_index(std::int64_t out, std::int64_t k) const {
    if constexpr (PairedTerms) return k + out * d_stride;
    return k;
  }
  KOKKOS_INLINE_FUNCTION std::int64_t terms_of(std::int64_t out) const {
    if constexpr (PairedTerms) return out == outputs - 1 ? last_terms : terms;
    return terms;
  }

  // Whether the scalar multiplication overflows a_e d_k (a: A, or y for the term beta y_o), for a
  // product whose bit-length bounds straddle the limit: the product rounded as that
  // multiplication rounds it (rare, so out of line: the scan keeps its registers).
  // Takes positions, not headers, so that the scan's headers need no copy in memory for the call.
  KAMP_OUT_OF_LINE_FUNCTION bool product_overflows(const mp_array<N, MemorySpace>& a_array, std::size_t e,
                                                   std::int64_t k) const {
    const mp_header a = a_array.header(e), x = header_of_d(k);
    const residue *a_digits = a_array.digits_of(e), *x_digits = d.digits_of(static_cast<std::size_t>(k));
    mp_header z;
    residue p[N];
    const std::int32_t active = mul_esi<N>(a, x, z, *b);
    for (int i = 0; i < N; ++i) p[i] = active ? product_digit(a_digits, x_digits, i) : 0;
    round_stage<N>(z, p, round_plain, *b);
    return z.is_inf();
  }

  // An upper bound of X_a X_d / M for nonzero a and d, which the truncations need.
  KOKKOS_INLINE_FUNCTION core::er_float fraction_up(const mp_header& a, const mp_header& x) const {
    return core::mul_ru(core::mul_ru(a.eval[1], x.eval[1]), M_ru);
  }

  // The place of the product A_ok d_k; false unless both are finite and nonzero. Its bit bound
  // is bit_length_bound(fraction_up(a, x)), the same three upward roundings on the bare
  // fractions: a term's place is most of a term's work on a CPU and, as extended floats, would
  // keep the GPU loop above its register budget. The place is computed before the test, from every
  // header field at once (a zero or a special value has eval {0, 0}, which computes harmlessly):
  // tested first, the fields would be loaded in three rounds, each behind the test on the one
  // before, and the scan's loop would wait on each.
  KOKKOS_INLINE_FUNCTION bool place_term(const mp_header& a, const mp_header& x, fused_term& t) const {
    t.exp = static_cast<std::int64_t>(a.exp) + x.exp;
    const double m = M_ru.frac;
    t.fraction = core::mul_ru_unit(core::mul_ru_unit(a.eval[1].frac, x.eval[1].frac), m);
    t.fraction_exp = a.eval[1].exp + x.eval[1].exp + M_ru.exp;
    t.bits = t.fraction_exp + M_ru.exp + core::binary_exponent(core::mul_ru_unit(t.fraction, m));
    t.sign = a.sign ^ x.sign;
    return a.is_finite() & x.is_finite() & !a.eval[1].is_zero() & !x.eval[1].is_zero();
  }

  // The bits a product at the term's exponent may have before the scalar multiplication
  // overflows it.
  KOKKOS_INLINE_FUNCTION static std::int64_t overflow_room(const fused_term& t) { return q + exponent_limit - t.exp; }

  // Classifies the product a_e d_k (a: A, or y for the term beta y_o) from its headers for the
  // scan; returns false for a zero or special one. A product that may overflow is kept as
  // finite and flagged.
  KOKKOS_INLINE_FUNCTION bool finite_term(const mp_header& a, const mp_header& x, fused_term& t,
                                          std::int32_t& specials) const {
    const std::int32_t sign = a.sign ^ x.sign;
    if (a.is_nan() || x.is_nan() || (a.is_inf() && x.is_zero()) || (a.is_zero() && x.is_inf())) {
      specials |= fused_scan::has_nan;
      return false;
    }
    if (a.is_inf() || x.is_inf()) {
      specials |= sign ? fused_scan::has_negative_inf : fused_scan::has_positive_inf;
      return false;
    }
    if (!place_term(a, x, t)) return false;
    // A product that the scalar multiplication overflows is an infinity here too: it does
    // when the product has more than room bits (rns/round_stage.hpp).
    const std::int64_t room = overflow_room(t);
    if (t.bits > room) {
      if (bit_length_floor<N>(core::mul_rd(core::mul_rd(a.eval[0], x.eval[0]), b->M_rd), *b) > room) {
        specials |= sign ? fused_scan::has_negative_inf : fused_scan::has_positive_inf;
        return false;
      }
      specials |= fused_scan::may_overflow;
    }
    return true;
  }

  // The special values among a thread's products that may overflow, found by rounding each of
  // them as the scalar multiplication does. Out of line and outside the scan's loop: a call in
  // a loop makes the compiler keep the loop's values in local memory (E2, docs/design.md).
  // The thread of rank 0 (first 0) also settles the term beta y_o.
  KAMP_OUT_OF_LINE_FUNCTION std::int32_t settle_overflows(std::int64_t out, std::int64_t first,
                                                          std::int64_t step) const {
    std::int32_t specials = 0;
    const auto settle = [&](const mp_array<N, MemorySpace>& a_array, std::size_t e, std::int64_t k) {
      fused_term t;
      std::int32_t flags = 0;
      if (finite_term(a_array.header(e), header_of_d(k), t, flags) && (flags & fused_scan::may_overflow) &&
          product_overflows(a_array, e, k))
        specials |= t.sign ? fused_scan::has_negative_inf : fused_scan::has_positive_inf;
    };
    const std::int64_t own_terms = terms_of(out);
    for (std::int64_t k = first; k < own_terms; k += step) settle(A, element(out, k), d_index(out, k));
    if (adds_y && first == 0) settle(y, y_map(out), terms);
    return specials;
  }

  KOKKOS_INLINE_FUNCTION mp_header header_of_d(std::int64_t k) const { return d.header(static_cast<std::size_t>(k)); }

  // s_i = p_i w_i mod m_i from the Montgomery product a_i x_i 2^-32 of residue i: that already,
  // for d in CRT form (x_i w_i 2^32); for paired terms (d as it is) one more product by w_i 2^64.
  KOKKOS_INLINE_FUNCTION residue crt_of(residue montgomery_product, int i) const {
    if constexpr (PairedTerms) return mont_mul(montgomery_product, f->to_crt_form[i], b->m[i], b->mont_neg_inv[i]);
    return montgomery_product;
  }
  // s_i = p_i w_i mod m_i of the product of residues a_i and x_i (d's).
  KOKKOS_INLINE_FUNCTION residue crt_term(const residue* a, const residue* x, int i) const {
    return crt_of(mont_mul(a[i], x[i], b->m[i], b->mont_neg_inv[i]), i);
  }
  // p_i itself, for the rare paths.
  KOKKOS_INLINE_FUNCTION residue product_digit(const residue* a, const residue* x, int i) const {
    return mod_mul(crt_term(a, x, i), f->shifted(0, i), b->m[i], b->inv_m[i]);
  }

  // Residues a lane loads before it uses them. One residue a loop step would put each load's
  // latency (L2 or memory) on the term's critical path, N / V times a term. Eight rather than
  // four: docs/design.md compares them.
  static constexpr int residues_in_flight = 8;

  // op(i, s_i, c_i) for every residue i of the term, s_i = crt_term(a, x, i) and c_i = factors[i],
  // each on the lane that handles residue i in every other loop (i mod V). On a GPU, when every
  // lane has at least residues_in_flight of them, a lane loads that many a_i and x_i first:
  // consecutive ones, with their factors, in 16-byte loads when the thread is its term's only
  // lane (a quarter of the load instructions and L1 wavefronts, which relieves the L1, the
  // loop's busiest unit), or otherwise N / K apart, so that lane l keeps its
  // residues l mod V.
  template <class Op>
  KOKKOS_INLINE_FUNCTION void for_crt_terms(const member& team, const residue* a, const residue* x,
                                            const residue* factors, Op&& op) const {
    constexpr int K = residues_in_flight, spread = N / K;
    if (on_host || N < K * lanes) {
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N), [&](int i) { op(i, crt_term(a, x, i), factors[i]); });
      return;
    }
    if constexpr (N % K == 0) {
      if (lanes == 1) {
        for (int first = 0; first < N; first += K) {
          residue a_k[K], x_k[K], c_k[K];
          load_residues<K>(a + first, a_k);
          load_residues<K>(x + first, x_k);
          load_residues<K>(factors + first, c_k);
          for (int k = 0; k < K; ++k) {
            const int i = first + k;
            op(i, crt_of(mont_mul(a_k[k], x_k[k], b->m[i], b->mont_neg_inv[i]), i), c_k[k]);
          }
        }
        return;
      }
    }
    // Lane l takes j = l, l + V, ... and the residues j + k N/K: N/K is a multiple of V, so
    // these are its residues i = l mod V.
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, spread), [&](int j) {
      residue a_k[K], x_k[K];
      for (int k = 0; k < K; ++k) {
        a_k[k] = a[j + k * spread];
        x_k[k] = x[j + k * spread];
      }
      for (int k = 0; k < K; ++k) {
        const int i = j + k * spread;
        op(i, crt_of(mont_mul(a_k[k], x_k[k], b->m[i], b->mont_neg_inv[i]), i), factors[i]);
      }
    });
  }

  // acc_i += (+-) v_i factor_i mod m_i, unreduced (factor_i nonzero: an inverse, or a power of 2).
  KOKKOS_INLINE_FUNCTION static void accumulate(std::uint64_t* acc, int i, residue v, residue factor, std::int32_t sign,
                                                residue m) {
    acc[i] += static_cast<std::uint64_t>(v) * static_cast<std::uint64_t>(sign ? m - factor : factor);
  }

  // Truncation by t > 64 bits: rare (a product far below the row's largest but above the
  // grid); every lane does it redundantly on private copies, then keeps its residues.
  // Takes the term's fields by value: a reference would keep the hot loop's term in memory.
  KAMP_OUT_OF_LINE_FUNCTION void add_truncated_slowly(const member& team, const residue* a, const residue* x,
                                                      core::er_float up, std::int32_t sign, std::int64_t t,
                                                      std::uint64_t* acc) const {
    residue p[N], s[N];
    for (int i = 0; i < N; ++i) p[i] = product_digit(a, x, i);
    while (t > 0) {
      const int k = t > basis_constants<N>::max_shift ? basis_constants<N>::max_shift : static_cast<int>(t);
      for (int i = 0; i < N; ++i) s[i] = mod_mul(p[i], b->w[i], b->m[i], b->inv_m[i]);
      const double rank = crt_rank<N>(s, *b, up.to_double());
      truncate_bits<N>(p, s, k, static_cast<std::uint64_t>(rank), *b);
      up = up.scaled(-k);
      t -= k;
    }
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N),
                         [&](int i) { accumulate(acc, i, p[i], 1, sign, b->m[i]); });
  }

  // The scan of one term a_e d_k: its place into scan, or the special value it makes. The common
  // term (finite, nonzero and short of the overflow limit) is told from its place, so that
  // no test waits for a header field before the others are loaded (see place_term).
  KOKKOS_INLINE_FUNCTION void scan_term(const mp_array<N, MemorySpace>& a_array, std::size_t e, std::int64_t k,
                                        fused_scan& scan) const {
    const mp_header a = a_array.header(e), x = header_of_d(k);
    fused_term term;
    const bool nonzero = place_term(a, x, term);
    if (!(nonzero & (term.bits <= overflow_room(term))) && !finite_term(a, x, term, scan.specials)) return;
    if (term.exp + term.bits > scan.top) scan.top = term.exp + term.bits;
    if (term.exp < scan.low) scan.low = term.exp;
  }

  // Whether the scan alone decides output o: a special value, or every product zero.
  KOKKOS_INLINE_FUNCTION static bool settles(const fused_scan& scan) {
    return scan.specials != 0 || scan.top == LLONG_MIN;
  }

  // Writes output o when its scan alone decides it: a special value, or zero when every term
  // is. One thread calls it.
  KOKKOS_INLINE_FUNCTION void write_settled(std::int64_t out, const fused_scan& scan) const {
    if (scan.specials == 0) {
      sum_grid(out) = fused_no_sum;
      return;
    }
    const bool both = (scan.specials & fused_scan::has_positive_inf) && (scan.specials & fused_scan::has_negative_inf);
    sums.store(static_cast<std::size_t>(out),
               (scan.specials & fused_scan::has_nan) || both
                   ? mp_float<N>::nan()
                   : mp_float<N>::inf(scan.specials & fused_scan::has_negative_inf ? 1 : 0));
    sum_grid(out) = fused_special_sum;
  }

  // The lowest grid on which the aligned terms stay below 2^(2q - 2 - headroom), raised to the
  // last bit of the lowest product when that lies above it: then every product is on the grid
  // exactly either way, the sum the same, and it has fewer bits to round (Isupov and Knyazkov's p/4-bit
  // data leaves it below q bits, so the finishing kernel truncates nothing).
  KOKKOS_INLINE_FUNCTION std::int64_t grid_of(const fused_scan& scan) const {
    const std::int64_t lowest_grid = scan.top - (2 * q - 2 - headroom);
    return scan.low > lowest_grid ? scan.low : lowest_grid;
  }

  KOKKOS_INLINE_FUNCTION void fold(const member& team, std::uint64_t* acc) const {
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N),
                         [&](int i) { acc[i] = static_cast<std::uint64_t>(mod_u64(acc[i], b->m[i], b->inv_m[i])); });
  }

  static constexpr bool on_host = std::is_same<MemorySpace, Kokkos::HostSpace>::value;

  // Adds floor(P / 2^t) for the product P of residues a and x truncated by 0 < t <= 64 bits:
  // P 2^-t to the accumulators, r = P mod 2^t to the remainder sums. On a GPU the lanes share the
  // residues and reduce the CRT sums; on a CPU a team member is one lane, and its loops
  // vectorise once the floating-point sum runs in four partial sums (any order keeps
  // crt_rank's error bound; docs/design.md).
  KOKKOS_INLINE_FUNCTION void add_truncated(const member& team, const residue* a, const residue* x, double fraction_up,
                                            int t, std::int32_t sign, std::uint64_t* acc,
                                            fused_remainder_sums& remainders) const {
    fused_crt_sums sums;
    if constexpr (on_host) {
      residue s[N];
      for (int i = 0; i < N; ++i) {
        s[i] = crt_term(a, x, i);
        accumulate(acc, i, s[i], f->shifted(-t, i), sign, b->m[i]);
      }
      double partial[4] = {0, 0, 0, 0};
      for (int i = 0; i < N; i += 4)
        for (int j = 0; j < 4; ++j)
          partial[j] = core::add_rn(partial[j], core::mul_rn(static_cast<double>(s[i + j]), b->inv_m[i + j]));
      for (int i = 0; i < N; ++i) sums.low += static_cast<std::uint64_t>(s[i]) * f->mi_low_word[i];
      sums.fraction = core::add_rn(core::add_rn(partial[0], partial[1]), core::add_rn(partial[2], partial[3]));
    } else {
      // Each lane sums its own residues' terms, then the lanes' sums are reduced.
      fused_crt_sums part;
      for_crt_terms(team, a, x, f->shifted_row(-t), [&](int i, residue s, residue factor) {
        accumulate(acc, i, s, factor, sign, b->m[i]);
        part.fraction = core::add_rn(part.fraction, core::mul_rn(static_cast<double>(s), b->inv_m[i]));
        part.low += static_cast<std::uint64_t>(s) * b->mi_low[i][0];
      });
      const fused_crt_sums_reducer lane_sums(sums);
      Kokkos::parallel_reduce(
          Kokkos::ThreadVectorRange(team, lanes), [&](int, fused_crt_sums& total) { lane_sums.join(total, part); },
          lane_sums);
    }
    const auto rank = static_cast<std::uint64_t>(::floor(core::sub_rn(sums.fraction, fraction_up) + 0.5));
    const std::uint64_t r = sums.low - rank * b->m_low[0];  // P mod 2^64
    remainders.add(t < 64 ? r << (64 - t) : r, sign);       // P mod 2^t, scaled by 2^(64 - t)
  }

  // acc += 2^-64 (negative terms' remainder sum - positive terms'), mod m_i, the net sum reduced
  // once a residue; acc is folded first when it holds as many products as it may (`full`), so
  // that this one fits.
  KOKKOS_INLINE_FUNCTION void settle_remainders(const member& team, const fused_remainder_sums& remainders,
                                                std::uint64_t* acc, bool full) const {
    if (full) fold(team, acc);
    std::uint64_t net[2];
    const std::int32_t negative = remainders.net(net);
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N), [&](int i) {
      accumulate(acc, i, words_mod<N>(net, 2, i, *b), b->inv_pow2[64][i], negative, b->m[i]);
    });
  }

  // Adds the term a_e d_k (a: A, or y for the term beta y_o), placed on the grid, to acc; returns
  // whether it added anything. The scan found no special value and no overflowing product:
  // only the places are needed.
  // Wide: whether a product may lie more than 64 bits above the grid's truncation point.
  template <bool Wide>
  KOKKOS_INLINE_FUNCTION bool add_term(const member& team, const mp_array<N, MemorySpace>& a_array, std::size_t e,
                                       std::int64_t k, std::int64_t grid, std::uint64_t* acc,
                                       fused_remainder_sums& remainders) const {
    fused_term term;
    const bool nonzero = place_term(a_array.header(e), header_of_d(k), term);
    if (!(nonzero & (term.exp + term.bits > grid))) return false;
    const residue* a = a_array.digits_of(e);
    const residue* x = d.digits_of(static_cast<std::size_t>(k));
    const std::int64_t t = grid - term.exp;
    if (t <= 0) {
      const auto up = static_cast<int>(-t);  // < 2q - 2, within the factor table
      for_crt_terms(team, a, x, f->shifted_row(up),
                    [&](int i, residue s, residue factor) { accumulate(acc, i, s, factor, term.sign, b->m[i]); });
    } else if (t <= 64) {
      // fraction_up(a, x).to_double(): the same value, without the extended floats.
      add_truncated(team, a, x, ::ldexp(term.fraction, static_cast<int>(term.fraction_exp)), static_cast<int>(t),
                    term.sign, acc, remainders);
    } else if constexpr (Wide) {
      rare_path_copy().add_truncated_slowly(team, a, x, fraction_up(a_array.header(e), header_of_d(k)), term.sign, t,
                                            acc);
    }
    return true;
  }

  // Asks for A's element e, which the thread reads next, while it works on the current one:
  // its exponent, sign and upper bound, and with `residues` its residues' lines (one per 32
  // residues), one lane each. On a GPU a prefetch holds no register, where a load issued early
  // would. Only for column sums ('T'), whose threads' next elements are adjacent: for row sums
  // ('N') the prefetches cost more than they save (docs/design.md,
  // experiments/comparisons/fused_gemv_prefetch_transposed_only.csv.gz).
  KOKKOS_INLINE_FUNCTION void prefetch_element(const member& team, std::size_t e, bool residues) const {
    const int lines = residues ? (N + 31) / 32 : 0;
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, lines + 3), [&](int l) {
      if (l < lines)
        core::prefetch_l1(A.digits_of(e) + 32 * l);
      else if (l == lines)
        core::prefetch_l1(A.exp.data() + e);
      else if (l == lines + 1)
        core::prefetch_l1(A.sign.data() + e);
      else
        core::prefetch_l1(A.eval.data() + A.length + e);
    });
  }

  // Residue i of the accumulators j = first, first + every, ... below `rows` of one output, the
  // j-th at rows[j * step + i]. Folded, each is below m_i < 2^28, so that a sum over at most 2^20
  // threads stays below 2^48.
  KOKKOS_INLINE_FUNCTION static std::uint64_t column_sum(const std::uint64_t* rows, int i, int first, int every,
                                                         int count, int step) {
    std::uint64_t total = 0;
    for (int j = first; j < count; j += every) total += rows[j * step + i];
    return total;
  }
  // Residue i of output o's sum from the first `threads` rows, added and reduced once; then its
  // grid and bit bound.
  KOKKOS_INLINE_FUNCTION void write_sum_digit(std::int64_t out, int i, const std::uint64_t* rows, int threads,
                                              int step) const {
    sums.digits_of(static_cast<std::size_t>(out))[i] =
        mod_u63(column_sum(rows, i, 0, 1, threads, step), b->m[i], b->inv_m[i]);
  }
  KOKKOS_INLINE_FUNCTION void write_sum_place(std::int64_t out, std::int64_t grid, const fused_scan& scan) const {
    sum_grid(out) = grid;
    sum_bits(out) = static_cast<std::int32_t>(scan.top - grid + headroom);
  }

  // A thread's output and terms: output `out` (beyond y when `live` is false, in a last team
  // that sums fewer outputs), terms first, first + step, ...
  struct thread_place {
    std::int64_t out;
    bool live;
    int first, step;
  };

  // The scan of each output from those of its threads, in every thread of the output.
  KOKKOS_INLINE_FUNCTION fused_scan combine_scans(const member& team, const team_space& space, fused_scan scan) const {
    if (outputs_per_team == 1) {
      team.team_reduce(fused_scan_reducer(scan));
      return scan;
    }
    const int rank = team.team_rank(), size = team.team_size();
    Kokkos::single(Kokkos::PerThread(team), [&] { space.scans[rank] = scan; });
    team.team_barrier();
    fused_scan all;
    const fused_scan_reducer combined(all);
    for (int j = rank % outputs_per_team; j < size; j += outputs_per_team) combined.join(all, space.scans[j]);
    team.team_barrier();  // before a second combination writes the scans again
    return all;
  }

  // Output o's sum from the scan's grid, when `summed` (else the thread only takes part in the
  // team's barrier): every thread adds its terms, then the team adds the threads' accumulators.
  template <bool Wide>
  KOKKOS_INLINE_FUNCTION void sum_terms(const member& team, const team_space& space, const thread_place& at,
                                        bool summed, const fused_scan& scan) const {
    const int slot = team.team_rank() % outputs_per_team;
    std::uint64_t* const acc = space.accumulators + team.team_rank() * stride;
    if (summed) {
      const std::int64_t grid = grid_of(scan);
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, N), [&](int i) { acc[i] = 0; });
      int unfolded = 0;  // products added to acc since it was last reduced
      fused_remainder_sums remainders;
      if (adds_y && at.first == 0)
        unfolded += add_term<Wide>(team, y, y_map(at.out), terms, grid, acc, remainders) ? 1 : 0;
      const std::int64_t own_terms = terms_of(at.out);
      for (std::int64_t k = at.first; k < own_terms; k += at.step) {
        if (transposed && k + at.step < own_terms) prefetch_element(team, element(at.out, k + at.step), true);
        if (unfolded == basis_constants<N>::accumulation_capacity) {
          fold(team, acc);
          unfolded = 0;
        }
        unfolded += add_term<Wide>(team, A, element(at.out, k), d_index(at.out, k), grid, acc, remainders) ? 1 : 0;
      }
      if (remainders.any())
        settle_remainders(team, remainders, acc, unfolded == basis_constants<N>::accumulation_capacity);
      // Every thread reduces its own accumulators, all at once: the sums over the threads then
      // only add (one thread a residue, serially: with 128 threads a term, 128 reductions).
      fold(team, acc);
    }
    if (outputs_per_team > 1 && at.first == 0)
      Kokkos::single(Kokkos::PerThread(team), [&] { space.summed[slot] = summed ? 1 : 0; });
    team.team_barrier();
    // The column sums in two passes when the team has threads to spare: group g's threads first
    // add rows g, g + G, ... into row g, then one thread a residue adds the G rows. With one
    // thread a residue for all of them, N of 128 threads would run 128 dependent shared loads each
    // while the others wait at the barrier.
    const int R = outputs_per_team, step = R * stride;
    const auto sums_output = [&](int o) { return R == 1 ? summed : space.summed[o] != 0; };
    int groups = team.team_size() / (R * N);
    if (groups > at.step) groups = at.step;
    if (groups > 1) {
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, R * N * groups), [&](int j) {
        const int i = j % N, o = j / N % R, g = j / (N * R);
        if (sums_output(o))
          Kokkos::single(Kokkos::PerThread(team), [&] {
            std::uint64_t* rows = space.accumulators + o * stride;
            rows[g * step + i] = column_sum(rows, i, g, groups, at.step, step);
          });
      });
      team.team_barrier();
    }
    const int rows_left = groups > 1 ? groups : at.step;
    const std::int64_t team_first = team.league_rank() * static_cast<std::int64_t>(R);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, R * N), [&](int j) {
      const int o = j / N, i = j % N;
      if (sums_output(o))
        Kokkos::single(Kokkos::PerThread(team),
                       [&] { write_sum_digit(team_first + o, i, space.accumulators + o * stride, rows_left, step); });
    });
    if (summed && at.first == 0)
      Kokkos::single(Kokkos::PerThread(team), [&] { write_sum_place(at.out, grid_of(scan), scan); });
  }

  // Writes output o when its scan alone decides it, from the output's first thread.
  KOKKOS_INLINE_FUNCTION void settle_output(const member& team, const thread_place& at, const fused_scan& scan) const {
    if (at.live && at.first == 0) Kokkos::single(Kokkos::PerThread(team), [&] { write_settled(at.out, scan); });
  }

  // R outputs per team (see the top of this file). The common path calls no function: a call
  // in a loop, or before one, makes the compiler keep the loop's values in local memory
  // (docs/design.md). The rare paths (a product that may overflow, or one more than 64 bits
  // above the grid's truncation point) are inline and call out-of-line functions that touch no
  // team scratch: an out-of-line function handed the team's scratch can write through a bare
  // shared-memory offset (compute-sanitizer finds it with several outputs per team).
  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const int rank = team.team_rank();
    const std::int64_t out = team.league_rank() * static_cast<std::int64_t>(outputs_per_team) + rank % outputs_per_team;
    const thread_place at{out, out < outputs, rank / outputs_per_team, team.team_size() / outputs_per_team};
    const team_space space = space_of(team);
    // Each thread scans its terms (those it accumulates after), then the threads of an output
    // combine theirs.
    fused_scan scan;
    if (at.live) {
      const std::int64_t own_terms = terms_of(out);
      for (std::int64_t k = at.first; k < own_terms; k += at.step) {
        if (transposed && k + at.step < own_terms) prefetch_element(team, element(out, k + at.step), false);
        scan_term(A, element(out, k), d_index(out, k), scan);
      }
      if (adds_y && at.first == 0) scan_term(y, y_map(out), terms, scan);
    }
    scan = combine_scans(team, space, scan);
    const bool settled = settles(scan);
    // What the team's outputs need, the same in every thread: 1, a sum; 2, the rare paths.
    std::int32_t needs = settled ? 0 : 1;
    if ((scan.specials & fused_scan::may_overflow) != 0 || (!settled && scan.low < grid_of(scan) - 64)) needs |= 2;
    if (outputs_per_team > 1) team.team_reduce(Kokkos::BOr<std::int32_t>(needs));
    if (needs & 2) {  // the rare paths
      fused_scan overflows;
      if (at.live && (scan.specials & fused_scan::may_overflow))
        overflows.specials = rare_path_copy().settle_overflows(at.out, at.first, at.step);
      overflows = combine_scans(team, space, overflows);
      if (scan.specials & fused_scan::may_overflow)
        scan.specials = (scan.specials & fused_scan::special_values) | overflows.specials;
      const bool summed = at.live && !settles(scan);
      if (!summed) settle_output(team, at, scan);
      sum_terms<true>(team, space, at, summed, scan);
      return;
    }
    if (settled) settle_output(team, at, scan);
    if (needs & 1) sum_terms<false>(team, space, at, !settled, scan);
  }
};

}  // namespace kamp::rns
