#pragma once
// The signed-digit format as the BLAS layer sees it. Its numbers have a digit count chosen at
// run time, so it has no fixed-size device value and no elementwise arithmetic for the generic
// kernels: the BLAS layer offers it sum and dot, which run its own kernels (summation method 2
// and the partial-products dot product) and return exact sd::number results.
#include <string>

#include "blas/format_kernels.hpp"
#include "formats/format_traits.hpp"
#include "signed_digit/kernels.hpp"
#include "signed_digit/sd_array.hpp"

namespace kamp {

namespace sd {
struct signed_digit {};
}  // namespace sd

template <>
struct format_traits<sd::signed_digit> {
  using value_type = sd::number;
  template <class MemorySpace>
  using array_type = sd::array<MemorySpace>;
  using context_type = no_context;
  static value_type zero() { return sd::number(1); }
  static std::string name() { return "rsd"; }
};

namespace blas {

template <>
struct format_kernels<sd::signed_digit> {
  static constexpr bool scal = false, axpy = false, dot = true, asum = false, gemv = false, gemm = false, sum = true;
  template <class MemorySpace>
  using workspace_type = no_workspace;
  using gemv_launch_type = no_launch;

  template <class ExecSpace, class MemorySpace>
  static sd::number run_dot(const ExecSpace& exec, std::int64_t n, const sd::array<MemorySpace>& x, std::int64_t incx,
                            const sd::array<MemorySpace>& y, std::int64_t incy, no_workspace* /*workspace*/) {
    require_space_memory<ExecSpace, MemorySpace>();
    return sd::kernels<ExecSpace>::dot(exec, n, x, incx, y, incy, sd::partial_products::grouped);
  }

  // Unit stride over the whole array: summation method 2; otherwise the dot product with ones.
  template <class ExecSpace, class MemorySpace>
  static sd::number run_sum(const ExecSpace& exec, std::int64_t n, const sd::array<MemorySpace>& x, std::int64_t incx,
                            no_workspace* /*workspace*/) {
    require_space_memory<ExecSpace, MemorySpace>();
    if (incx == 1 && n == static_cast<std::int64_t>(x.size())) {
      return sd::kernels<ExecSpace>::sum(exec, x, sd::summation_method::method2);
    }
    sd::array<MemorySpace> ones(n, 1, "kamp::blas::sum::ones");
    Kokkos::deep_copy(exec, Kokkos::subview(ones.digits(), 0, Kokkos::make_pair(std::int64_t(0), n)), std::int8_t(1));
    return sd::kernels<ExecSpace>::dot(exec, n, x, incx, ones, 1, sd::partial_products::grouped);
  }
};

}  // namespace blas
}  // namespace kamp
