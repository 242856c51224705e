#pragma once
// The elementary functions of one argument by name: an id for run-time choice (tests, experiments,
// elementwise kernels over arrays), its printable name, and evaluation with the id fixed at compile
// time, so that a kernel instantiated per function holds that function's code alone.
#include <Kokkos_Core.hpp>

#include <string>
#include <type_traits>

#include "elementary/functions.hpp"

namespace kamp::elementary {

enum class function_id {
  exp,
  expm1,
  log,
  log1p,
  log2,
  log10,
  cbrt,
  sin,
  cos,
  tan,
  asin,
  acos,
  atan,
  sinh,
  cosh,
  tanh,
  asinh,
  acosh,
  atanh
};

constexpr function_id every_function_id[] = {
    function_id::exp,   function_id::expm1, function_id::log,   function_id::log1p, function_id::log2,
    function_id::log10, function_id::cbrt,  function_id::sin,   function_id::cos,   function_id::tan,
    function_id::asin,  function_id::acos,  function_id::atan,  function_id::sinh,  function_id::cosh,
    function_id::tanh,  function_id::asinh, function_id::acosh, function_id::atanh};

inline std::string name_of(function_id f) {
  const char* names[] = {"exp",  "expm1", "log",  "log1p", "log2", "log10", "cbrt",  "sin",   "cos",  "tan",
                         "asin", "acos",  "atan", "sinh",  "cosh", "tanh",  "asinh", "acosh", "atanh"};
  return names[static_cast<int>(f)];
}

template <function_id F, class V>
KOKKOS_INLINE_FUNCTION V evaluate(const V& x) {
  if constexpr (F == function_id::exp) {
    return exp(x);
  } else if constexpr (F == function_id::expm1) {
    return expm1(x);
  } else if constexpr (F == function_id::log) {
    return log(x);
  } else if constexpr (F == function_id::log1p) {
    return log1p(x);
  } else if constexpr (F == function_id::log2) {
    return log2(x);
  } else if constexpr (F == function_id::log10) {
    return log10(x);
  } else if constexpr (F == function_id::cbrt) {
    return cbrt(x);
  } else if constexpr (F == function_id::sin) {
    return sin(x);
  } else if constexpr (F == function_id::cos) {
    return cos(x);
  } else if constexpr (F == function_id::tan) {
    return tan(x);
  } else if constexpr (F == function_id::asin) {
    return asin(x);
  } else if constexpr (F == function_id::acos) {
    return acos(x);
  } else if constexpr (F == function_id::atan) {
    return atan(x);
  } else if constexpr (F == function_id::sinh) {
    return sinh(x);
  } else if constexpr (F == function_id::cosh) {
    return cosh(x);
  } else if constexpr (F == function_id::tanh) {
    return tanh(x);
  } else if constexpr (F == function_id::asinh) {
    return asinh(x);
  } else if constexpr (F == function_id::acosh) {
    return acosh(x);
  } else {
    return atanh(x);
  }
}

// f(x) for an id chosen at run time.
template <class V>
KOKKOS_INLINE_FUNCTION V evaluate(function_id f, const V& x) {
  switch (f) {
    case function_id::exp:
      return evaluate<function_id::exp>(x);
    case function_id::expm1:
      return evaluate<function_id::expm1>(x);
    case function_id::log:
      return evaluate<function_id::log>(x);
    case function_id::log1p:
      return evaluate<function_id::log1p>(x);
    case function_id::log2:
      return evaluate<function_id::log2>(x);
    case function_id::log10:
      return evaluate<function_id::log10>(x);
    case function_id::cbrt:
      return evaluate<function_id::cbrt>(x);
    case function_id::sin:
      return evaluate<function_id::sin>(x);
    case function_id::cos:
      return evaluate<function_id::cos>(x);
    case function_id::tan:
      return evaluate<function_id::tan>(x);
    case function_id::asin:
      return evaluate<function_id::asin>(x);
    case function_id::acos:
      return evaluate<function_id::acos>(x);
    case function_id::atan:
      return evaluate<function_id::atan>(x);
    case function_id::sinh:
      return evaluate<function_id::sinh>(x);
    case function_id::cosh:
      return evaluate<function_id::cosh>(x);
    case function_id::tanh:
      return evaluate<function_id::tanh>(x);
    case function_id::asinh:
      return evaluate<function_id::asinh>(x);
    case function_id::acosh:
      return evaluate<function_id::acosh>(x);
    default:
      return evaluate<function_id::atanh>(x);
  }
}

// g(std::integral_constant<function_id, F>{}) for the F that f names (host): a caller that writes one
// kernel per function (the id a template argument) chooses it at run time through this.
template <class Visitor>
decltype(auto) visit(function_id f, Visitor&& g) {
  switch (f) {
#define KAMP_VISIT_CASE(name) \
  case function_id::name:     \
    return g(std::integral_constant<function_id, function_id::name>{});
    KAMP_VISIT_CASE(exp)
    KAMP_VISIT_CASE(expm1)
    KAMP_VISIT_CASE(log)
    KAMP_VISIT_CASE(log1p)
    KAMP_VISIT_CASE(log2)
    KAMP_VISIT_CASE(log10)
    KAMP_VISIT_CASE(cbrt)
    KAMP_VISIT_CASE(sin)
    KAMP_VISIT_CASE(cos)
    KAMP_VISIT_CASE(tan)
    KAMP_VISIT_CASE(asin)
    KAMP_VISIT_CASE(acos)
    KAMP_VISIT_CASE(atan)
    KAMP_VISIT_CASE(sinh)
    KAMP_VISIT_CASE(cosh)
    KAMP_VISIT_CASE(tanh)
    KAMP_VISIT_CASE(asinh)
    KAMP_VISIT_CASE(acosh)
#undef KAMP_VISIT_CASE
    default:
      return g(std::integral_constant<function_id, function_id::atanh>{});
  }
}

// The stated bound of f (elementary/*.hpp), in units of format_traits<V>::unit_roundoff().
template <class V>
constexpr double bound_of(function_id f) {
  switch (f) {
    case function_id::exp:
      return exp_bound<V>();
    case function_id::expm1:
      return expm1_bound<V>();
    case function_id::log:
      return log_bound<V>();
    case function_id::log1p:
      return log1p_bound<V>();
    case function_id::log2:
      return log2_bound<V>();
    case function_id::log10:
      return log10_bound<V>();
    case function_id::cbrt:
      return cbrt_bound<V>();
    case function_id::sin:
      return sin_bound<V>();
    case function_id::cos:
      return cos_bound<V>();
    case function_id::tan:
      return tan_bound<V>();
    case function_id::asin:
      return asin_bound<V>();
    case function_id::acos:
      return acos_bound<V>();
    case function_id::atan:
      return atan_bound<V>();
    case function_id::sinh:
      return sinh_bound<V>();
    case function_id::cosh:
      return cosh_bound<V>();
    case function_id::tanh:
      return tanh_bound<V>();
    case function_id::asinh:
      return asinh_bound<V>();
    case function_id::acosh:
      return acosh_bound<V>();
    default:
      return atanh_bound<V>();
  }
}

// Whether f's result is scaled by a power of two at the end (exp, sinh, cosh), so that a result
// whose lower components fall into the subnormals carries the product by a double's floor.
constexpr bool scales_result(function_id f) {
  return f == function_id::exp || f == function_id::sinh || f == function_id::cosh;
}

}  // namespace kamp::elementary
