#pragma once
// The signed-digit format's BLAS: sum and dot, on its own kernels (summation method 2 and the
// partial-products dot product), returning exact signed_digit::number results. The routines that
// need elementwise arithmetic (scal, axpy, rot, asum, the products) are not offered: the format
// has none.
#include <cstdint>

#include "blas/format_kernels_base.hpp"
#include "signed_digit/kernels.hpp"
#include "signed_digit/sd_array.hpp"
#include "signed_digit/sd_format.hpp"

namespace kamp::blas {

template <>
struct format_kernels<signed_digit::format> {
  static constexpr bool scal = false, axpy = false, rot = false, dot = true, asum = false, gemv = false, gemm = false,
                        sum = true;
  template <class MemorySpace>
  using workspace_type = no_workspace;
  using gemv_launch_type = no_launch;

  template <class ExecSpace, class MemorySpace>
  static signed_digit::number run_dot(const ExecSpace& exec, std::int64_t n, const signed_digit::array<MemorySpace>& x,
                                      std::int64_t incx, const signed_digit::array<MemorySpace>& y, std::int64_t incy,
                                      no_workspace* /*workspace*/) {
    require_space_memory<ExecSpace, MemorySpace>();
    return signed_digit::kernels<ExecSpace>::dot(exec, n, x, incx, y, incy, signed_digit::partial_products::grouped);
  }

  // Unit stride over the whole array: summation method 2; otherwise the dot product with ones.
  template <class ExecSpace, class MemorySpace>
  static signed_digit::number run_sum(const ExecSpace& exec, std::int64_t n, const signed_digit::array<MemorySpace>& x,
                                      std::int64_t incx, no_workspace* /*workspace*/) {
    require_space_memory<ExecSpace, MemorySpace>();
    if (incx == 1 && n == static_cast<std::int64_t>(x.size())) {
      return signed_digit::kernels<ExecSpace>::sum(exec, x, signed_digit::summation_method::method2);
    }
    signed_digit::array<MemorySpace> ones(n, 1, "kamp::blas::sum::ones");
    Kokkos::deep_copy(exec, Kokkos::subview(ones.digits(), 0, Kokkos::make_pair(std::int64_t(0), n)), std::int8_t(1));
    return signed_digit::kernels<ExecSpace>::dot(exec, n, x, incx, ones, 1, signed_digit::partial_products::grouped);
  }
};

}  // namespace kamp::blas
