#pragma once
// format_traits<Format>: everything the BLAS layer, the tests and the experiments know about a
// number format. Each format's folder specialises it once (rns/rns_format.hpp,
// multi_double/dd_format.hpp, ...); nothing outside a format's folder names its internals.
//
// A specialisation provides
//   using value_type;                       the number in registers; device-callable arithmetic
//   template <class MemorySpace>
//   using array_type;                       storage of n numbers in MemorySpace: constructor
//                                           (n, label), size(), load(i) and store(i, v) callable on
//                                           the device, `using format = Format`, and the ADL
//                                           functions copy_from_host(array, std::vector<value_type>)
//                                           and copy_to_host(array) (bulk transfers)
//   using context_type;                     trivially copyable read-only data the arithmetic needs
//                                           (RNS: its basis constants); no_context when none
//   template <class MemorySpace>
//   static context_type context();          that data, valid in MemorySpace
//   KOKKOS_INLINE_FUNCTION static value_type zero();
//   KOKKOS_INLINE_FUNCTION static value_type from_double(const context_type&, double);  exact
//   KOKKOS_INLINE_FUNCTION static double to_double(const context_type&, const value_type&);
//   KOKKOS_INLINE_FUNCTION static value_type add/sub/mul(const context_type&, a, b);
//   KOKKOS_INLINE_FUNCTION static value_type fma(const context_type&, a, b, c);   a b + c
//   KOKKOS_INLINE_FUNCTION static value_type abs(const context_type&, a);
//   static value_type from_mpfr(mpfr_srcptr);          host; rounded to the format
//   static core::mpfr_value to_mpfr(const value_type&); host; exact
//   static value_type from_string(const std::string&); host; invalid text: kamp::invalid_argument
//   static std::string to_string(const value_type&);   host
//   static std::string invariant_violation(const value_type&);  host; empty when the value holds
//                                              the format's representation invariant, else the
//                                              condition it breaks (tests and fuzz/ check results)
//   static core::mpfr_value unit_roundoff();   u: every rounded add, sub and mul satisfies
//                                              fl(a op b) = (a op b)(1 + d), |d| <= u, and fma(a, b, c)
//                                              = (a b (1 + d1) + c)(1 + d2), |d1|, |d2| <= u, while no
//                                              component overflows or underflows; values stored in
//                                              array_type round with |d| <= u as well
//   static constexpr int precision;            significand bits (nominal, for tables)
//   static std::string name();                 e.g. "dd_real", "rns_424"
//
// Optional, for formats that tell zero from a field (formats/host_values.hpp):
//   static bool is_zero(const value_type&);   host; exactly v == 0 (false for NaN)
//
// Optional, for formats whose fma tests for special values at every step (dd_real):
//   KOKKOS_INLINE_FUNCTION static value_type fma_finite(const context_type&, a, b, c);
//   KOKKOS_INLINE_FUNCTION static bool chain_needs_recompute(const value_type& s);
//       a chain s <- fma_finite(a_l, b_l, s) from zero gives the bits of the same chain of fma
//       unless chain_needs_recompute(s) holds for its result; then the chain must be redone with
//       fma (blas/generic/fma_chain.hpp).
//
// Optional, for formats with a cheaper product by a double (the expansions):
//   KOKKOS_INLINE_FUNCTION static value_type fma_by_double(const context_type&, double a, x, c);
//       a x + c with fma(from_double(a), x, c)'s bound (formats/fma_by_double.hpp)
//
// Optional, for formats whose fma has a branch-free common path (the expansions' bins):
//   KOKKOS_FORCEINLINE_FUNCTION static bool fma_takes_common_path(const context_type&, a, b, c);
//   KOKKOS_FORCEINLINE_FUNCTION static value_type fma_common_path(const context_type&, a, b, c);
//       fma(a, b, c)'s bits where fma_takes_common_path holds, any value elsewhere, without a
//       branch: a host loop of it over independent elements vectorises (formats/fma_common_path.hpp)
//
// Optional, for formats that sum exact products of doubles unnormalised (the multi-doubles):
//   using product_sum;                         an accumulator: constructor from a value_type (the
//                                              chain's start), add_product(double, double), result()
//   KOKKOS_INLINE_FUNCTION static value_type product_sum_result(const product_sum&);
//       the sum rounded to the format within fma's bound per term (formats/product_sum_chain.hpp);
//       a non-finite result asks for the chain to be redone with fma_by_double
//
// Optional, for formats that sum products of doubles and their values unnormalised (dd_real):
//   using mixed_product_sum;                   as product_sum, with add_product(double, value_type)
//   KOKKOS_INLINE_FUNCTION static value_type mixed_product_sum_result(const mixed_product_sum&);
//       the sum rounded to the format within fma_by_double's bound per term; a non-finite result
//       asks for the chain to be redone with fma_by_double (sparse/spmv.hpp)
//
// Optional, for formats that sum products of two of their values unnormalised (the expansions):
//   using value_product_sum;                   as product_sum, with add_product(value_type, value_type)
//   KOKKOS_INLINE_FUNCTION static value_type value_product_sum_result(const value_product_sum&);
//       the sum rounded to the format within fma's bound per term; a non-finite result asks for
//       the chain to be redone with fma (blas/generic/gemv_kernels.hpp)
//
// Plain C++17 and no macros: a routine written against these members works for every format,
// and a format adds nothing to the BLAS layer unless it specialises a routine for speed.
#include <Kokkos_Core.hpp>

#include <type_traits>

namespace kamp {

template <class Format>
struct format_traits;

// The context of formats whose arithmetic needs no data.
struct no_context {};

template <class Format>
using value_type_t = typename format_traits<Format>::value_type;

template <class Format, class MemorySpace>
using array_t = typename format_traits<Format>::template array_type<MemorySpace>;

template <class Format>
using context_t = typename format_traits<Format>::context_type;

// Kernels run on an execution space over arrays in its own memory space (the compiled
// kernels exist for those pairs only).
template <class ExecSpace, class MemorySpace>
constexpr void require_space_memory() {
  static_assert(std::is_same<MemorySpace, typename ExecSpace::memory_space>::value,
                "kamp: the arrays must live in the execution space's memory space");
}

}  // namespace kamp
