#pragma once
// Which BLAS routines a format runs with kernels of its own instead of the generic ones in
// blas/generic/. The primary template says "none"; a format's sub-folder of blas/ specialises it
// (blas/rns/format_kernels.hpp, blas/signed_digit/format_kernels.hpp) with the flags set and static
// run_<routine> functions taking the arguments of the generic routine after its checks (run_gemv
// also gets alpha = 0, where it must form y <- beta y without reading A or x). Per format it also
// names the workspace a routine may keep between calls and the GEMV launch description (algorithm
// and team shapes) that the tuner chooses among.
#include <cstdint>
#include <vector>

#include "core/random.hpp"
#include "formats/format_traits.hpp"

namespace kamp::blas {

struct no_workspace {};

struct no_launch {
  bool operator==(const no_launch&) const { return true; }
};

template <class Format>
struct format_kernels {
  static constexpr bool scal = false, axpy = false, rot = false, dot = false, asum = false, gemv = false, gemm = false,
                        sum = false;
  template <class MemorySpace>
  using workspace_type = no_workspace;
  using gemv_launch_type = no_launch;

  // The tuner's operands: `count` values of the format uniform in [-1, 1) (from random doubles;
  // a format whose kernels' speed depends on the data class gives its own).
  template <class ExecSpace>
  static array_t<Format, typename ExecSpace::memory_space> random_operand(std::int64_t count, std::uint64_t seed,
                                                                          std::int64_t /*stride*/, const char* label) {
    using traits = format_traits<Format>;
    core::random_source rng(seed);
    const auto context = traits::template context<Kokkos::HostSpace>();
    std::vector<value_type_t<Format>> values(static_cast<std::size_t>(count));
    for (auto& v : values) v = traits::from_double(context, rng.uniform());
    array_t<Format, typename ExecSpace::memory_space> a(static_cast<std::size_t>(count), label);
    copy_from_host(a, values);
    return a;
  }
};

template <class Format, class MemorySpace>
using workspace_t = typename format_kernels<Format>::template workspace_type<MemorySpace>;

template <class Format>
using gemv_launch_t = typename format_kernels<Format>::gemv_launch_type;

}  // namespace kamp::blas
