#pragma once
// The elementary functions of the multi-double formats, found by argument-dependent lookup:
// exp(x), log(x), ... for a dd_real or expansion<N> x call kamp::elementary's functions, as
// std::exp does for a double. D+S values are loaded as dd_real (multi_double/ds_storage.hpp).
#include "elementary/exp.hpp"
#include "elementary/hyperbolic.hpp"
#include "elementary/inverse_trig.hpp"
#include "elementary/log.hpp"
#include "elementary/pow.hpp"
#include "elementary/remainder.hpp"
#include "elementary/roots.hpp"
#include "elementary/rounding.hpp"
#include "elementary/trig.hpp"

namespace kamp::multi_double {

using elementary::acos;
using elementary::acosh;
using elementary::asin;
using elementary::asinh;
using elementary::atan;
using elementary::atan2;
using elementary::atanh;
using elementary::cbrt;
using elementary::ceil;
using elementary::cos;
using elementary::cosh;
using elementary::exp;
using elementary::expm1;
using elementary::floor;
using elementary::fmod;
using elementary::frexp;
using elementary::hypot;
using elementary::ldexp;
using elementary::log;
using elementary::log10;
using elementary::log1p;
using elementary::log2;
using elementary::pow;
using elementary::round;
using elementary::sin;
using elementary::sincos;
using elementary::sinh;
using elementary::tan;
using elementary::tanh;
using elementary::trunc;

}  // namespace kamp::multi_double
