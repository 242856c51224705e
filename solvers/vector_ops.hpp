#pragma once
// The few vector kernels the solvers need beyond the BLAS layer: copies within a format and
// conversions to and from double for the inner loop; and host scalar arithmetic in MPFR (the
// formats have no division), each result rounded once to the format.
#include <mpfr.h>

#include <Kokkos_Core.hpp>
#include <cstdint>

#include "core/argument_range.hpp"
#include "core/mpfr_value.hpp"
#include "formats/format_traits.hpp"

namespace kamp::solvers::detail {

template <class ExecSpace, class Array>
void copy(const ExecSpace& exec, const Array& from, const Array& to) {
  Kokkos::parallel_for(
      "kamp::solvers::copy", core::range(exec, static_cast<std::int64_t>(from.size())),
      KOKKOS_LAMBDA(std::int64_t i) { to.store(static_cast<std::size_t>(i), from.load(static_cast<std::size_t>(i))); });
}

// Rounded to the nearest double (the inner loop's input).
template <class ExecSpace, class Array, class Format = typename Array::format>
void to_double(const ExecSpace& exec, const Array& from,
               const Kokkos::View<double*, typename Array::memory_space>& to) {
  using traits = format_traits<Format>;
  const auto context = traits::template context<typename Array::memory_space>();
  Kokkos::parallel_for(
      "kamp::solvers::to_double", core::range(exec, static_cast<std::int64_t>(from.size())),
      KOKKOS_LAMBDA(std::int64_t i) { to(i) = traits::to_double(context, from.load(static_cast<std::size_t>(i))); });
}

// Exact: every format holds every double.
template <class ExecSpace, class Array, class Format = typename Array::format>
void from_double(const ExecSpace& exec, const Kokkos::View<double*, typename Array::memory_space>& from,
                 const Array& to) {
  using traits = format_traits<Format>;
  const auto context = traits::template context<typename Array::memory_space>();
  Kokkos::parallel_for(
      "kamp::solvers::from_double", core::range(exec, static_cast<std::int64_t>(to.size())),
      KOKKOS_LAMBDA(std::int64_t i) { to.store(static_cast<std::size_t>(i), traits::from_double(context, from(i))); });
}

template <class Format>
core::mpfr_value exact(const value_type_t<Format>& v) {
  return format_traits<Format>::to_mpfr(v);
}

// numerator_1 numerator_2 / (denominator_1 denominator_2), rounded once to the format (the
// operands are exact in MPFR at their own precision; the product of two at twice it).
template <class Format>
value_type_t<Format> quotient(const value_type_t<Format>& n1, const value_type_t<Format>& n2,
                              const value_type_t<Format>& d1, const value_type_t<Format>& d2) {
  const auto a = exact<Format>(n1), b = exact<Format>(n2), c = exact<Format>(d1), d = exact<Format>(d2);
  const mpfr_prec_t bits =
      2 * (mpfr_get_prec(a.get()) + mpfr_get_prec(b.get()) + mpfr_get_prec(c.get()) + mpfr_get_prec(d.get()));
  core::mpfr_value num(bits), den(bits), q(bits);
  mpfr_mul(num.get(), a.get(), b.get(), MPFR_RNDN);  // exact at this precision
  mpfr_mul(den.get(), c.get(), d.get(), MPFR_RNDN);
  mpfr_div(q.get(), num.get(), den.get(), MPFR_RNDN);
  return format_traits<Format>::from_mpfr(q.get());
}

template <class Format>
bool is_zero(const value_type_t<Format>& v) {
  return mpfr_zero_p(exact<Format>(v).get()) != 0;
}

template <class Format>
bool is_finite(const value_type_t<Format>& v) {
  return mpfr_number_p(exact<Format>(v).get()) != 0;
}

template <class Format>
double to_host_double(const value_type_t<Format>& v) {
  return mpfr_get_d(exact<Format>(v).get(), MPFR_RNDN);
}

// sqrt(v) rounded to a double (v >= 0: a sum of squares).
template <class Format>
double host_sqrt(const value_type_t<Format>& v) {
  core::mpfr_value root = exact<Format>(v);
  mpfr_sqrt(root.get(), root.get(), MPFR_RNDN);
  return mpfr_get_d(root.get(), MPFR_RNDN);
}

template <class Format>
value_type_t<Format> negated(const value_type_t<Format>& v) {
  using traits = format_traits<Format>;
  return traits::sub(traits::template context<Kokkos::HostSpace>(), traits::zero(), v);
}

}  // namespace kamp::solvers::detail
