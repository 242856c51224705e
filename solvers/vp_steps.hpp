#pragma once
// The vector work of a VPBi-CGSTAB outer iteration (solvers/vpbicgstab.hpp) in four steps, each
// one pass over its operands, the dot products that follow it summed in the same pass
// (blas::generic::deterministic_sums). Each step runs the operations of the BLAS calls it
// replaces, in their order, so its vectors and its (local) dot products are bitwise theirs:
//   t_step:   t = r - alpha az, x += alpha z, inner = double(t)
//   aw_dots:                                                       returns aw.t, aw.aw, t.t
//   r_step:   x += gamma w, r = t - gamma aw;                      returns r0.r, r.r
//   p_step:   p = r + beta (p - gamma az), inner = double(p)
// (an AXPY y += a x is y_i = fma(a, x_i, y_i), a dot product the fma chain of blas::dot; the
// BLAS AXPY skips a = 0, where these steps still add 0 x_i: the same unless x_i is not finite).
// `inner` is the inner solve's right-hand side in double; an empty view is not written. z and w
// may be the inner solve's results in double (Kokkos::View<double*>), read as the format: exact,
// so the bits are those of the steps over their copies in the format.
// A format with BLAS kernels of its own (blas::format_kernels: RNS, signed digits) runs the
// steps as those BLAS calls, on the caller's workspace where it passes one (the RNS kernels'
// intermediate arrays, 180 MB for a 212-bit AXPY of E11's 1.7 M unknowns, are then allocated
// once per solve rather than per call).
#include <Kokkos_Core.hpp>

#include <array>
#include <cstdint>
#include <type_traits>

#include "blas/format_kernels.hpp"
#include "blas/generic/deterministic_sums.hpp"
#include "blas/level1.hpp"
#include "core/argument_range.hpp"
#include "formats/format_traits.hpp"
#include "solvers/vector_ops.hpp"

namespace kamp::solvers::detail {

template <class Format>
inline constexpr bool fused_vp_steps =
    !blas::format_kernels<Format>::dot && !blas::format_kernels<Format>::axpy && !blas::format_kernels<Format>::scal;

template <class MemorySpace>
using inner_vector = Kokkos::View<double*, MemorySpace>;

template <class Array>
using blas_workspace = blas::workspace_t<typename Array::format, typename Array::memory_space>;

template <class Array>
KOKKOS_INLINE_FUNCTION auto at(const Array& a, std::int64_t i) {
  return a.load(static_cast<std::size_t>(i));
}

// Element i of a vector in the format, or of one in double (a Kokkos::View) as the format.
template <class Format, class Array>
KOKKOS_INLINE_FUNCTION value_type_t<Format> as_format(const context_t<Format>& c, const Array& a, std::int64_t i) {
  if constexpr (Kokkos::is_view<Array>::value) {
    return format_traits<Format>::from_double(c, a(i));
  } else {
    return at(a, i);
  }
}

template <class Format, class Array>
struct aw_dots_term {
  using value = value_type_t<Format>;
  Array aw, t;
  KOKKOS_INLINE_FUNCTION void operator()(const context_t<Format>& c, std::int64_t i,
                                         blas::generic::sum_pack<value, 3>& acc) const {
    const value awi = at(aw, i), ti = at(t, i);
    acc[0] = format_traits<Format>::fma(c, awi, ti, acc[0]);
    acc[1] = format_traits<Format>::fma(c, awi, awi, acc[1]);
    acc[2] = format_traits<Format>::fma(c, ti, ti, acc[2]);
  }
};

template <class Format, class Array, class W>
struct r_step_term {
  using traits = format_traits<Format>;
  using value = value_type_t<Format>;
  Array t, aw;
  W w;
  Array x, r0, r;
  value gamma, minus_gamma;
  KOKKOS_INLINE_FUNCTION void operator()(const context_t<Format>& c, std::int64_t i,
                                         blas::generic::sum_pack<value, 2>& acc) const {
    x.store(static_cast<std::size_t>(i), traits::fma(c, gamma, as_format<Format>(c, w, i), at(x, i)));
    const value ri = traits::fma(c, minus_gamma, at(aw, i), at(t, i));
    r.store(static_cast<std::size_t>(i), ri);
    acc[0] = traits::fma(c, at(r0, i), ri, acc[0]);
    acc[1] = traits::fma(c, ri, ri, acc[1]);
  }
};

template <class ExecSpace, class Array, class Z, class Format = typename Array::format>
void t_step(const ExecSpace& exec, const value_type_t<Format>& alpha, const value_type_t<Format>& minus_alpha,
            const Array& r, const Array& az, const Z& z, const Array& x, const Array& t,
            const inner_vector<typename Array::memory_space>& inner, blas_workspace<Array>* workspace = nullptr) {
  using traits = format_traits<Format>;
  using value = value_type_t<Format>;
  if constexpr (fused_vp_steps<Format>) {
    const auto c = traits::template context<typename Array::memory_space>();
    Kokkos::parallel_for(
        "kamp::solvers::vp::t_step", core::value_range<value>(exec, static_cast<std::int64_t>(t.size())),
        KOKKOS_LAMBDA(std::int64_t i) {
          const value ti = traits::fma(c, minus_alpha, at(az, i), at(r, i));
          t.store(static_cast<std::size_t>(i), ti);
          x.store(static_cast<std::size_t>(i), traits::fma(c, alpha, as_format<Format>(c, z, i), at(x, i)));
          if (inner.extent(0) > 0) inner(i) = traits::to_double(c, ti);
        });
  } else {
    static_assert(std::is_same_v<Array, Z>, "the BLAS calls take z in the format");
    copy(exec, r, t);
    blas::axpy(exec, minus_alpha, az, t, workspace);
    blas::axpy(exec, alpha, z, x, workspace);
    if (inner.extent(0) > 0) to_double(exec, t, inner);
  }
}

template <class ExecSpace, class Array, class Format = typename Array::format>
std::array<value_type_t<Format>, 3> aw_dots(const ExecSpace& exec, const Array& aw, const Array& t,
                                            blas_workspace<Array>* workspace = nullptr) {
  if constexpr (fused_vp_steps<Format>) {
    return blas::generic::deterministic_sums<Format, 3>(
        "kamp::solvers::vp::aw_dots", exec, static_cast<std::int64_t>(aw.size()), aw_dots_term<Format, Array>{aw, t});
  } else {
    return {blas::dot(exec, aw, t, workspace), blas::dot(exec, aw, aw, workspace), blas::dot(exec, t, t, workspace)};
  }
}

template <class ExecSpace, class Array, class W, class Format = typename Array::format>
std::array<value_type_t<Format>, 2> r_step(const ExecSpace& exec, const value_type_t<Format>& gamma,
                                           const value_type_t<Format>& minus_gamma, const Array& t, const Array& aw,
                                           const W& w, const Array& x, const Array& r0, const Array& r,
                                           blas_workspace<Array>* workspace = nullptr) {
  if constexpr (fused_vp_steps<Format>) {
    return blas::generic::deterministic_sums<Format, 2>(
        "kamp::solvers::vp::r_step", exec, static_cast<std::int64_t>(r.size()),
        r_step_term<Format, Array, W>{t, aw, w, x, r0, r, gamma, minus_gamma});
  } else {
    static_assert(std::is_same_v<Array, W>, "the BLAS calls take w in the format");
    blas::axpy(exec, gamma, w, x, workspace);
    copy(exec, t, r);
    blas::axpy(exec, minus_gamma, aw, r, workspace);
    return {blas::dot(exec, r0, r, workspace), blas::dot(exec, r, r, workspace)};
  }
}

template <class ExecSpace, class Array, class Format = typename Array::format>
void p_step(const ExecSpace& exec, const value_type_t<Format>& beta, const value_type_t<Format>& minus_gamma,
            const Array& r, const Array& az, const Array& p, const inner_vector<typename Array::memory_space>& inner,
            blas_workspace<Array>* workspace = nullptr) {
  using traits = format_traits<Format>;
  using value = value_type_t<Format>;
  if constexpr (fused_vp_steps<Format>) {
    const auto c = traits::template context<typename Array::memory_space>();
    const value one = traits::from_double(traits::template context<Kokkos::HostSpace>(), 1.0);
    Kokkos::parallel_for(
        "kamp::solvers::vp::p_step", core::value_range<value>(exec, static_cast<std::int64_t>(p.size())),
        KOKKOS_LAMBDA(std::int64_t i) {
          const value scaled = traits::mul(c, beta, traits::fma(c, minus_gamma, at(az, i), at(p, i)));
          const value pi = traits::fma(c, one, at(r, i), scaled);
          p.store(static_cast<std::size_t>(i), pi);
          if (inner.extent(0) > 0) inner(i) = traits::to_double(c, pi);
        });
  } else {
    blas::axpy(exec, minus_gamma, az, p, workspace);
    blas::scal(exec, beta, p);
    blas::axpy(exec, traits::from_double(traits::template context<Kokkos::HostSpace>(), 1.0), r, p, workspace);
    if (inner.extent(0) > 0) to_double(exec, p, inner);
  }
}

}  // namespace kamp::solvers::detail
