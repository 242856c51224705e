#pragma once
// Level-1 BLAS over every format (reference-BLAS semantics):
//   scal(exec, n, alpha, x, incx)                  x <- alpha x
//   axpy(exec, n, alpha, x, incx, y, incy)         y <- alpha x + y
//   rot(exec, n, x, incx, y, incy, c, s)           x <- c x + s y, y <- c y - s x (both from the old x, y)
//   dot(exec, n, x, incx, y, incy)                 returns sum_i x_i y_i
//   sum(exec, n, x, incx)                          returns sum_i x_i
//   asum(exec, n, x, incx)                         returns sum_i |x_i|
//   nrm2(exec, n, x, incx)                         returns sqrt(sum_i x_i^2)
// x and y are arrays of one format (kamp::array_t<Format, MemorySpace>: rns::mp_array,
// value_array of dd_real, D+S arrays, ...); alpha, c and s are kamp::value_type_t<Format>. n >= 0,
// increments nonzero (negative: from the end), arrays long enough, or kamp::invalid_argument
// naming the argument before anything is written. scal, axpy and rot are asynchronous; dot, asum
// and nrm2 return host values. The optional last argument is the format's workspace
// (blas/format_kernels.hpp), kept between calls to save allocations.
// Whole-array overloads take n from x and unit increments: scal(exec, alpha, x),
// axpy(exec, alpha, x, y), rot(exec, x, y, c, s), dot(exec, x, y), sum(exec, x), asum(exec, x),
// nrm2(exec, x). Each call runs the format's own kernels where it has them, else blas/generic/
// (compiled once per format and space in kamp_blas). Arrays live in the execution space's memory
// space. The signed-digit format, which has no elementwise arithmetic, is offered sum and dot
// only; rot on it does not compile.
#include <mpfr.h>

#include <type_traits>
#include <utility>
#include <vector>

#include "core/argument_checks.hpp"
#include "blas/format_kernels.hpp"
#include "blas/generic/kernels.hpp"
#include "formats/host_values.hpp"

namespace kamp::blas {

namespace detail {
// Whether the format has the elementwise arithmetic the generic kernels are written in
// (format_traits' add, sub and mul); the signed-digit format has none.
template <class Traits, class = void>
struct has_elementwise_arithmetic : std::false_type {};
template <class Traits>
struct has_elementwise_arithmetic<
    Traits, std::void_t<decltype(Traits::add(std::declval<const typename Traits::context_type&>(),
                                             std::declval<const typename Traits::value_type&>(),
                                             std::declval<const typename Traits::value_type&>())),
                        decltype(Traits::sub(std::declval<const typename Traits::context_type&>(),
                                             std::declval<const typename Traits::value_type&>(),
                                             std::declval<const typename Traits::value_type&>())),
                        decltype(Traits::mul(std::declval<const typename Traits::context_type&>(),
                                             std::declval<const typename Traits::value_type&>(),
                                             std::declval<const typename Traits::value_type&>()))>> : std::true_type {};
}  // namespace detail

template <class ExecSpace, class Array, class Format = typename Array::format>
void scal(const ExecSpace& exec, std::int64_t n, const value_type_t<Format>& alpha, const Array& x, std::int64_t incx) {
  const char* fn = "kamp::blas::scal";
  core::check_dimension(fn, "n", n);
  core::check_vector_length(fn, "x", "incx", n, static_cast<std::int64_t>(x.size()), incx);
  if (n == 0) return;
  if constexpr (format_kernels<Format>::scal) {
    format_kernels<Format>::run_scal(exec, n, alpha, x, incx);
  } else {
    require_space_memory<ExecSpace, typename Array::memory_space>();
    generic::kernels<ExecSpace, Format>::scal(exec, n, alpha, x, incx);
  }
}

template <class ExecSpace, class Array, class Format = typename Array::format>
void axpy(const ExecSpace& exec, std::int64_t n, const value_type_t<Format>& alpha, const Array& x, std::int64_t incx,
          const Array& y, std::int64_t incy, workspace_t<Format, typename Array::memory_space>* workspace = nullptr) {
  const char* fn = "kamp::blas::axpy";
  core::check_dimension(fn, "n", n);
  core::check_vector_length(fn, "x", "incx", n, static_cast<std::int64_t>(x.size()), incx);
  core::check_vector_length(fn, "y", "incy", n, static_cast<std::int64_t>(y.size()), incy);
  if (n == 0 || equals_double<Format>(alpha, 0.0)) return;
  if constexpr (format_kernels<Format>::axpy) {
    format_kernels<Format>::run_axpy(exec, n, alpha, x, incx, y, incy, workspace);
  } else {
    require_space_memory<ExecSpace, typename Array::memory_space>();
    generic::kernels<ExecSpace, Format>::axpy(exec, n, alpha, x, incx, y, incy);
  }
}

// As the reference drot, no quick return for c = 1, s = 0: every element is rewritten, so a NaN
// in y reaches x as it does there.
template <class ExecSpace, class Array, class Format = typename Array::format>
void rot(const ExecSpace& exec, std::int64_t n, const Array& x, std::int64_t incx, const Array& y, std::int64_t incy,
         const value_type_t<Format>& c, const value_type_t<Format>& s) {
  static_assert(format_kernels<Format>::rot || detail::has_elementwise_arithmetic<format_traits<Format>>::value,
                "kamp::blas::rot: this format has no elementwise arithmetic (the signed-digit format offers "
                "sum and dot only)");
  const char* fn = "kamp::blas::rot";
  core::check_dimension(fn, "n", n);
  core::check_vector_length(fn, "x", "incx", n, static_cast<std::int64_t>(x.size()), incx);
  core::check_vector_length(fn, "y", "incy", n, static_cast<std::int64_t>(y.size()), incy);
  if (n == 0) return;
  if constexpr (format_kernels<Format>::rot) {
    format_kernels<Format>::run_rot(exec, n, x, incx, y, incy, c, s);
  } else if constexpr (detail::has_elementwise_arithmetic<format_traits<Format>>::value) {
    require_space_memory<ExecSpace, typename Array::memory_space>();
    generic::kernels<ExecSpace, Format>::rot(exec, n, x, incx, y, incy, c, s);
  }
}

template <class ExecSpace, class Array, class Format = typename Array::format>
value_type_t<Format> dot(const ExecSpace& exec, std::int64_t n, const Array& x, std::int64_t incx, const Array& y,
                         std::int64_t incy, workspace_t<Format, typename Array::memory_space>* workspace = nullptr) {
  const char* fn = "kamp::blas::dot";
  core::check_dimension(fn, "n", n);
  core::check_vector_length(fn, "x", "incx", n, static_cast<std::int64_t>(x.size()), incx);
  core::check_vector_length(fn, "y", "incy", n, static_cast<std::int64_t>(y.size()), incy);
  if (n == 0) return format_traits<Format>::zero();
  if constexpr (format_kernels<Format>::dot) {
    return format_kernels<Format>::run_dot(exec, n, x, incx, y, incy, workspace);
  } else {
    require_space_memory<ExecSpace, typename Array::memory_space>();
    return generic::kernels<ExecSpace, Format>::dot(exec, n, x, incx, y, incy);
  }
}

// A format with a summation kernel of its own runs it (signed digits: method 2, exact); every
// other format forms the dot product with a vector of ones, whose products x_i 1 are exact in
// every format, so the result is the format's dot-product rounding of the exact sum.
template <class ExecSpace, class Array, class Format = typename Array::format>
value_type_t<Format> sum(const ExecSpace& exec, std::int64_t n, const Array& x, std::int64_t incx,
                         workspace_t<Format, typename Array::memory_space>* workspace = nullptr) {
  const char* fn = "kamp::blas::sum";
  core::check_dimension(fn, "n", n);
  core::check_vector_length(fn, "x", "incx", n, static_cast<std::int64_t>(x.size()), incx);
  if (n == 0) return format_traits<Format>::zero();
  if constexpr (format_kernels<Format>::sum) {
    return format_kernels<Format>::run_sum(exec, n, x, incx, workspace);
  } else {
    using traits = format_traits<Format>;
    const auto one = traits::from_double(traits::template context<Kokkos::HostSpace>(), 1.0);
    Array ones(static_cast<std::size_t>(n), "kamp::blas::sum::ones");
    copy_from_host(ones, std::vector<value_type_t<Format>>(static_cast<std::size_t>(n), one));
    return blas::dot(exec, n, x, incx, ones, 1, workspace);
  }
}

template <class ExecSpace, class Array, class Format = typename Array::format>
value_type_t<Format> asum(const ExecSpace& exec, std::int64_t n, const Array& x, std::int64_t incx,
                          workspace_t<Format, typename Array::memory_space>* workspace = nullptr) {
  const char* fn = "kamp::blas::asum";
  core::check_dimension(fn, "n", n);
  core::check_vector_length(fn, "x", "incx", n, static_cast<std::int64_t>(x.size()), incx);
  if (n == 0) return format_traits<Format>::zero();
  if constexpr (format_kernels<Format>::asum) {
    return format_kernels<Format>::run_asum(exec, n, x, incx, workspace);
  } else {
    require_space_memory<ExecSpace, typename Array::memory_space>();
    return generic::kernels<ExecSpace, Format>::asum(exec, n, x, incx);
  }
}

// The sum of squares comes from dot (the format's own where it has one); its square root is
// taken on the host in MPFR and rounded once to the format. The sum is not scaled, so a
// format with a narrow exponent range (double, dd) overflows to +Inf when some |x_i| exceeds
// about the square root of its largest value.
template <class ExecSpace, class Array, class Format = typename Array::format>
value_type_t<Format> nrm2(const ExecSpace& exec, std::int64_t n, const Array& x, std::int64_t incx,
                          workspace_t<Format, typename Array::memory_space>* workspace = nullptr) {
  const char* fn = "kamp::blas::nrm2";
  core::check_dimension(fn, "n", n);
  core::check_vector_length(fn, "x", "incx", n, static_cast<std::int64_t>(x.size()), incx);
  using traits = format_traits<Format>;
  if (n == 0) return traits::zero();
  const auto squares = blas::dot(exec, n, x, incx, x, incx, workspace);
  auto root = traits::to_mpfr(squares);
  mpfr_sqrt(root.get(), root.get(), MPFR_RNDN);  // exact enough: to_mpfr is exact, from_mpfr rounds once
  return traits::from_mpfr(root.get());
}

template <class ExecSpace, class Array, class Format = typename Array::format>
void scal(const ExecSpace& exec, const value_type_t<Format>& alpha, const Array& x) {
  blas::scal(exec, static_cast<std::int64_t>(x.size()), alpha, x, 1);
}

template <class ExecSpace, class Array, class Format = typename Array::format>
void axpy(const ExecSpace& exec, const value_type_t<Format>& alpha, const Array& x, const Array& y,
          workspace_t<Format, typename Array::memory_space>* workspace = nullptr) {
  core::check_same_length("kamp::blas::axpy", "y", static_cast<std::int64_t>(y.size()),
                          static_cast<std::int64_t>(x.size()), "the length of x");
  blas::axpy(exec, static_cast<std::int64_t>(x.size()), alpha, x, 1, y, 1, workspace);
}

template <class ExecSpace, class Array, class Format = typename Array::format>
void rot(const ExecSpace& exec, const Array& x, const Array& y, const value_type_t<Format>& c,
         const value_type_t<Format>& s) {
  core::check_same_length("kamp::blas::rot", "y", static_cast<std::int64_t>(y.size()),
                          static_cast<std::int64_t>(x.size()), "the length of x");
  blas::rot(exec, static_cast<std::int64_t>(x.size()), x, 1, y, 1, c, s);
}

template <class ExecSpace, class Array, class Format = typename Array::format>
value_type_t<Format> dot(const ExecSpace& exec, const Array& x, const Array& y,
                         workspace_t<Format, typename Array::memory_space>* workspace = nullptr) {
  core::check_same_length("kamp::blas::dot", "y", static_cast<std::int64_t>(y.size()),
                          static_cast<std::int64_t>(x.size()), "the length of x");
  return blas::dot(exec, static_cast<std::int64_t>(x.size()), x, 1, y, 1, workspace);
}

template <class ExecSpace, class Array, class Format = typename Array::format>
value_type_t<Format> sum(const ExecSpace& exec, const Array& x,
                         workspace_t<Format, typename Array::memory_space>* workspace = nullptr) {
  return blas::sum(exec, static_cast<std::int64_t>(x.size()), x, 1, workspace);
}

template <class ExecSpace, class Array, class Format = typename Array::format>
value_type_t<Format> asum(const ExecSpace& exec, const Array& x,
                          workspace_t<Format, typename Array::memory_space>* workspace = nullptr) {
  return blas::asum(exec, static_cast<std::int64_t>(x.size()), x, 1, workspace);
}

template <class ExecSpace, class Array, class Format = typename Array::format>
value_type_t<Format> nrm2(const ExecSpace& exec, const Array& x,
                          workspace_t<Format, typename Array::memory_space>* workspace = nullptr) {
  return blas::nrm2(exec, static_cast<std::int64_t>(x.size()), x, 1, workspace);
}

}  // namespace kamp::blas
