#pragma once
// The signed-digit format's BLAS: sum and dot, on its own kernels (summation method 2 and the
// partial-products dot product), returning exact sd::number results.
#include <cstdint>

#include "blas/format_kernels_base.hpp"
#include "signed_digit/kernels.hpp"
#include "signed_digit/sd_array.hpp"
#include "signed_digit/sd_format.hpp"

namespace kamp::blas {

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

}  // namespace kamp::blas
