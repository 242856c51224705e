#pragma once
// The last kernel of the paper's GEMV (Algorithm 1): y_i += sum_j B_ij (row sums, 'N') or
// y_j += sum_i B_ij (column sums, 'T') over the m x n intermediate matrix B (ld = m), one
// team per output element. Each thread adds a strided share of the row or column with
// scalar mp additions, then the team adds the partial sums as a tree in scratch memory.
// The team size is a power of two within the scratch budget and the backend's team limit:
// on a GPU the one the waves model below picks, elsewhere the largest.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>
#include <type_traits>

#include "core/async_copy.hpp"
#include "core/kernel_arguments.hpp"
#include "core/out_of_line.hpp"
#include "rns/add.hpp"
#include "rns/index_maps.hpp"
#include "rns/mp_array.hpp"

namespace kamp::rns {

template <int N, class ExecSpace, class MemorySpace>
struct gemv_reduce_kernel {
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  mp_array<N, MemorySpace> B;
  std::int64_t m, n;
  bool column_sums;
  mp_array<N, MemorySpace> y;
  vector_map y_map;
  const basis_constants<N>* b;

  // Each thread keeps its running sum's residues in its own row of team scratch, not in
  // registers: an addition's residue loops are rolled, so an array in registers would live in
  // local memory, where it thrashes L1 and the loads of it stall the loop. Rows are N + 1 residues
  // apart, an odd number, so that the threads of a warp reading residue i of their rows fall into
  // distinct banks.
  static constexpr int row_stride = N % 2 == 0 ? N + 1 : N;

  // On a GPU each thread streams its own terms, and reading a term only when its turn comes
  // starts every addition with a full memory latency, which the occupancy the kernel's registers
  // allow cannot hide. So the next term is copied into team scratch while the current one is added
  // (core/async_copy.hpp), into a thread's region of two slots. Regions lie an odd number of
  // 16-byte blocks apart, so the eight threads of a 16-byte shared access's phase hit distinct
  // banks. The header is staged too where the scratch allows it without fewer threads on a
  // multiprocessor (N <= 16; at N = 32 it would halve them, docs/design.md); else it is read in
  // place. After the strided loop the partial sums' headers reuse the regions. Up to N = 32 teams
  // of 64 threads, eight to a multiprocessor, fit in the H200's 228 KiB and Kokkos' 40 KiB a team;
  // above that the terms are read in place.
#ifdef KOKKOS_ENABLE_CUDA
  static constexpr bool stages_terms = std::is_same<ExecSpace, Kokkos::Cuda>::value && N <= 32 && N % 4 == 0;
#else
  static constexpr bool stages_terms = false;
#endif
  static constexpr bool stages_headers = stages_terms && N <= 16;

  // A staged header: its fields where 16-byte copies can reach them.
  struct alignas(16) staged_header {
    core::er_float eval[2];
    std::int32_t sign, exp;
    KOKKOS_INLINE_FUNCTION mp_header header() const {
      mp_header h;
      h.sign = sign;
      h.exp = exp;
      h.eval[0] = eval[0];
      h.eval[1] = eval[1];
      return h;
    }
  };
  static constexpr std::size_t staged_headers_bytes = stages_headers ? 2 * sizeof(staged_header) : 0;
  static constexpr std::size_t region_bytes = staged_headers_bytes + (2 * N + 4) * sizeof(residue);
  static_assert(!stages_terms || (region_bytes % 16 == 0 && region_bytes / 16 % 2 == 1),
                "an odd number of 16-byte blocks apart, eight consecutive regions start in distinct bank groups");
  static_assert(!stages_terms || region_bytes >= sizeof(mp_header), "headers reuse the regions");

  KOKKOS_INLINE_FUNCTION static std::size_t rows_bytes(int team_size) {
    return static_cast<std::size_t>(team_size) * row_stride * sizeof(residue);
  }

  // Staged: the rows, then the slots from the first 16-byte boundary after them (16 bytes more
  // leave room for that whatever the alignment of the scratch). Otherwise: the rows, then the
  // partial sums' headers.
  KOKKOS_INLINE_FUNCTION static std::size_t scratch_bytes(int team_size) {
    if constexpr (stages_terms) return rows_bytes(team_size) + 16 + static_cast<std::size_t>(team_size) * region_bytes;
    return rows_bytes(team_size) + 8 + static_cast<std::size_t>(team_size) * sizeof(mp_header);
  }

  // digits (+) term_digits as planned. Terms from B and y are read four residues at a time
  // (16-byte aligned there), terms from another row of scratch one at a time.
  template <bool AlignedTerm, bool MayTruncate>
  KOKKOS_INLINE_FUNCTION static void add_digits(residue* digits, const residue* term_digits, const add_plan& plan,
                                                const basis_constants<N>& b) {
    if constexpr (AlignedTerm && N % 4 == 0) {
      _Pragma("unroll 1") for (int k = 0; k < N; k += 4) {
        residue t[4];
        load_residues<4>(term_digits + k, t);
        for (int j = 0; j < 4; ++j) digits[k + j] = add_digit<N, MayTruncate>(digits[k + j], t[j], plan, k + j, b);
      }
    } else {
      _Pragma("unroll 1") for (int i = 0; i < N; ++i) digits[i] =
          add_digit<N, MayTruncate>(digits[i], term_digits[i], plan, i, b);
    }
  }

  // (h, digits) += (term, term_digits), the scalar addition with its residues in place. Whether
  // a term is truncated is decided once, not for every residue.
  template <bool AlignedTerm>
  KOKKOS_INLINE_FUNCTION static void accumulate(mp_header& h, residue* digits, const mp_header& term,
                                                const residue* term_digits, const basis_constants<N>& b) {
    mp_header z;
    const add_plan plan = add_esi<N>(h, digits, term, term_digits, false, z, b);
    if (truncates(plan))
      add_digits<AlignedTerm, true>(digits, term_digits, plan, b);
    else
      add_digits<AlignedTerm, false>(digits, term_digits, plan, b);
    round_stage<N>(z, digits, plan.flags, b);
    h = z;
  }

  // The same for the tree and the final addition to y: out of line, so that the strided loop's
  // registers are its own, and static, since a member taking `this` would make every thread
  // copy the functor (a kernel argument) to local memory first.
  KAMP_OUT_OF_LINE_FUNCTION static void accumulate_once(mp_header* h, residue* digits, mp_header term,
                                                        const residue* term_digits, bool aligned_term,
                                                        const basis_constants<N>* b) {
    if (aligned_term)
      accumulate<true>(*h, digits, term, term_digits, *b);
    else
      accumulate<false>(*h, digits, term, term_digits, *b);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const std::int64_t out = team.league_rank();
    const std::int64_t length = column_sums ? m : n;
    const int t = team.team_rank(), size = team.team_size();
    char* scratch = static_cast<char*>(team.team_scratch(0).get_shmem(scratch_bytes(size)));
    auto* rows = reinterpret_cast<residue*>(scratch);
    const std::uintptr_t after_rows = reinterpret_cast<std::uintptr_t>(scratch + rows_bytes(size));
    const std::uintptr_t alignment = stages_terms ? 16 : alignof(mp_header);
    char* const tail = reinterpret_cast<char*>((after_rows + alignment - 1) & ~(alignment - 1));
    auto* headers = reinterpret_cast<mp_header*>(tail);
    residue* const own = rows + t * row_stride;
    mp_header acc;
    for (int i = 0; i < N; ++i) own[i] = 0;
    const auto element = [&](std::int64_t k) {
      return static_cast<std::size_t>(column_sums ? k + out * m : out + k * m);
    };
    if constexpr (stages_terms) {
      char* const region = tail + t * region_bytes;
      auto* const headers_staged = reinterpret_cast<staged_header*>(region);
      residue* const slots = reinterpret_cast<residue*>(region + staged_headers_bytes);
      const auto stage = [&](std::int64_t k, int slot) {
        const std::size_t e = element(k);
        if constexpr (stages_headers) {
          core::async_copy<16>(&headers_staged[slot].eval[0], B.eval.data() + e);
          core::async_copy<16>(&headers_staged[slot].eval[1], B.eval.data() + B.length + e);
          core::async_copy<4>(&headers_staged[slot].sign, B.sign.data() + e);
          core::async_copy<4>(&headers_staged[slot].exp, B.exp.data() + e);
        }
        const residue* from = B.digits_of(e);
        for (int i = 0; i < N; i += 4) core::async_copy<16>(slots + slot * N + i, from + i);
      };
      if (t < length) stage(t, 0);
      core::async_copy_commit();
      int slot = 0;
      for (std::int64_t k = t; k < length; k += size, slot ^= 1) {
        if (k + size < length) stage(k + size, slot ^ 1);
        core::async_copy_commit();
        core::async_copy_wait<1>();
        const mp_header term = stages_headers ? headers_staged[slot].header() : B.header(element(k));
        accumulate<true>(acc, own, term, slots + slot * N, *b);
      }
      core::async_copy_wait<0>();
      team.team_barrier();  // the headers overwrite other threads' slots
    } else {
      for (std::int64_t k = t; k < length; k += size) {
        const std::size_t e = element(k);
        accumulate<true>(acc, own, B.header(e), B.digits_of(e), *b);
      }
    }
    headers[t] = acc;
    team.team_barrier();
    for (int half = size / 2; half > 0; half /= 2) {
      if (t < half) accumulate_once(headers + t, own, headers[t + half], rows + (t + half) * row_stride, false, b);
      team.team_barrier();
    }
    if (t == 0) {
      const std::size_t at = y_map(out);
      accumulate_once(headers, own, y.header(at), y.digits_of(at), true, b);
      y.set_header(at, headers[0]);
      residue* const to = y.digits_of(at);
      for (int i = 0; i < N; ++i) to[i] = own[i];
    }
  }
};

// The kernel's launch bounds: teams of at most 256 threads, two of them per multiprocessor, i.e.
// at most 128 registers a thread. Unbounded, the compiler takes as many as a thread may have (it
// hoists the loads of every residue of an addition), which leaves one 256-thread team per
// multiprocessor.
constexpr int reduce_max_team_threads = 256;
constexpr int reduce_min_teams_per_unit = 2;

template <class ExecSpace>
using gemv_reduce_policy = Kokkos::TeamPolicy<ExecSpace, core::kernel_arguments,
                                              Kokkos::LaunchBounds<reduce_max_team_threads, reduce_min_teams_per_unit>>;

// Teams of s threads cost ceil(length / s) + log2(s) serial additions each (the strided share,
// then the tree) and run in waves of units * (threads_per_unit / s) teams. Returns the power of
// two s, 32 <= s <= limit, of the least waves * cost, or 0 when limit < 32. On the H200 (132
// multiprocessors of 512 threads at 128 registers) 1000 outputs of 1000 terms take teams of 64,
// one wave of 22 additions; docs/design.md has the measurements.
inline int waves_model_team_size(int units, int threads_per_unit, std::int64_t outputs, std::int64_t length,
                                 int limit) {
  int best = 0;
  double best_cost = 0;
  for (int s = 32, depth = 5; s <= limit; s *= 2, ++depth) {
    const std::int64_t at_once =
        static_cast<std::int64_t>(units) * (threads_per_unit / s > 0 ? threads_per_unit / s : 1);
    const std::int64_t waves = (outputs + at_once - 1) / at_once;
    const double cost = static_cast<double>(waves) * static_cast<double>((length + s - 1) / s + depth);
    if (best == 0 || cost < best_cost) {
      best = s;
      best_cost = cost;
    }
  }
  return best;
}

// Team size for the reduction: a power of two within the scratch budget and team limits; when
// none is requested, the waves model's on a GPU, else the largest.
template <int N, class ExecSpace, class MemorySpace>
int gemv_reduce_team_size(const ExecSpace& exec, const gemv_reduce_kernel<N, ExecSpace, MemorySpace>& kernel,
                          int requested, std::size_t scratch_bytes) {
  gemv_reduce_policy<ExecSpace> probe(1, 1);
  const int backend_limit = probe.team_size_max(kernel, Kokkos::ParallelForTag());
  const auto scratch_limit = static_cast<int>(scratch_bytes / kernel.scratch_bytes(1));
  int limit = backend_limit < scratch_limit ? backend_limit : scratch_limit;
  if (requested > 0 && requested < limit) limit = requested;
  if (limit > 1024) limit = 1024;
  int size = 1;
  while (size * 2 <= limit) size *= 2;
  if (requested > 0) return size;
#ifdef KOKKOS_ENABLE_CUDA
  if constexpr (std::is_same<ExecSpace, Kokkos::Cuda>::value) {
    const auto& device = exec.cuda_device_prop();
    const std::int64_t outputs = kernel.column_sums ? kernel.n : kernel.m;
    const std::int64_t length = kernel.column_sums ? kernel.m : kernel.n;
    // Threads a multiprocessor holds: the launch bounds' registers allow 512; scratch may allow
    // fewer (the staged terms at N = 32 take 404 bytes a thread, so 512 still fit in 228 KiB).
    int threads_per_unit = reduce_max_team_threads * reduce_min_teams_per_unit;
    const auto scratch_threads = static_cast<int>(device.sharedMemPerMultiprocessor / kernel.scratch_bytes(1));
    if (scratch_threads < threads_per_unit) threads_per_unit = scratch_threads;
    const int modelled = waves_model_team_size(device.multiProcessorCount, threads_per_unit, outputs, length, size);
    if (modelled > 0) return modelled;
  }
#endif
  (void)exec;
  return size;
}

// y(map(k)) += the k-th row sum (or column sum) of the m x n matrix B, one team per output.
template <class ExecSpace, int N, class MemorySpace>
void launch_reduce(const std::string& label, const ExecSpace& exec, const mp_array<N, MemorySpace>& B, std::int64_t m,
                   std::int64_t n, bool column_sums, const mp_array<N, MemorySpace>& y, const vector_map& y_map,
                   int requested_team_size) {
  const gemv_reduce_kernel<N, ExecSpace, MemorySpace> reduce{
      B, m, n, column_sums, y, y_map, basis<N>::template in<MemorySpace>()};
  const int team = gemv_reduce_team_size(exec, reduce, requested_team_size,
                                         static_cast<std::size_t>(Kokkos::TeamPolicy<ExecSpace>::scratch_size_max(0)));
  const auto policy = gemv_reduce_policy<ExecSpace>(exec, column_sums ? n : m, team)
                          .set_scratch_size(0, Kokkos::PerTeam(reduce.scratch_bytes(team)));
  Kokkos::parallel_for(label, policy, reduce);
}

}  // namespace kamp::rns
