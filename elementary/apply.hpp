#pragma once
// y(i) = f(x(i)) over one-dimensional views on any execution space: the elementwise entry of the
// elementary functions. One kernel per function (the id a template argument), labelled
// "kamp::elementary::<name>", so that each kernel holds its function's code alone; x and y may be
// the same view.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>
#include <type_traits>

#include "core/argument_checks.hpp"
#include "core/error.hpp"
#include "elementary/function_id.hpp"

namespace kamp::elementary {

namespace detail {

template <function_id F, class Space, class XView, class YView>
void apply_kernel(const Space& space, const XView& x, const YView& y) {
  Kokkos::parallel_for(
      "kamp::elementary::" + name_of(F), Kokkos::RangePolicy<Space>(space, 0, x.extent(0)),
      KOKKOS_LAMBDA(std::int64_t i) { y(i) = evaluate<F>(x(i)); });
}

}  // namespace detail

// y <- f(x) elementwise on `space`; x and y rank-1 views of one multi-double format, of one
// length, accessible from `space`. Asynchronous on `space` like any kernel launch; a bad function
// id or a length mismatch throws kamp::invalid_argument before anything is written.
template <class Space, class XView, class YView>
void apply(const Space& space, function_id f, const XView& x, const YView& y) {
  static_assert(XView::rank == 1 && YView::rank == 1, "kamp::elementary::apply takes rank-1 views");
  static_assert(std::is_same<typename XView::non_const_value_type, typename YView::value_type>::value,
                "kamp::elementary::apply: x and y hold one format");
  const int id = static_cast<int>(f);
  require_argument(id >= 0 && id < static_cast<int>(std::size(every_function_id)), "kamp::elementary::apply", "f", id,
                   "must name a function of kamp::elementary::function_id");
  core::check_same_length("kamp::elementary::apply", "y", static_cast<std::int64_t>(y.extent(0)),
                          static_cast<std::int64_t>(x.extent(0)), "x's length");
  visit(f, [&](auto which) { detail::apply_kernel<decltype(which)::value>(space, x, y); });
}

// The same on the views' default execution space.
template <class XView, class YView>
void apply(function_id f, const XView& x, const YView& y) {
  apply(typename YView::execution_space(), f, x, y);
}

}  // namespace kamp::elementary
