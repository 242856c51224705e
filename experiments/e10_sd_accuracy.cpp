// E10 (Otsokov and Magomedov, section I, Figs. 2-3): the two accuracy demonstrations of the
// signed-digit paper, in float, double, dd_real, RNS and redundant signed digits (RSD).
//
// 1. The dot product of x = (10^a, 1223, 10^(a-1), 10^(a-2), 3, -10^(a-5)) and
//    y = (10^b, 2, -10^(b+1), 10^b, 2111, 10^(b+3)), a = 1, b = 1..21, exact value 8779, relative
//    error of eq. (1) in %. float and double round the inputs once and sum the rounded products
//    in order (as the paper did); dd_real and RNS (106 and 424 bits) read the decimal inputs and
//    run kamp::blas::dot on the default execution space; RSD holds the decimals exactly and
//    signed_digit::dot is exact, so its error must be 0.
// 2. The DFT round trip of eqs. (2)-(5): x_i = i/10 (+ alpha for even i), i = 1..n, forward DFT
//    with 1/n, inverse, delta = max_i |x*_i - x_i| / x_i in %, alpha = 10^0..10^20. The floating
//    formats evaluate every sum in order on the host with their own arithmetic and twiddles
//    rounded to the format; RSD rounds only the twiddles (to 40 significant decimal digits) and
//    forms each output as one exact signed_digit::dot on the default execution space (real and imaginary
//    parts as separate real dot products; the inverse reads the exact forward results).
// Every error is evaluated in MPFR against the exact decimal inputs. x*_i is the real part of
// the inverse transform (the inputs are real).
#include <gmp.h>
#include <mpfr.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "blas/level1.hpp"
#include "core/error.hpp"
#include "core/mpfr_value.hpp"
#include "multi_double/dd_format.hpp"
#include "experiments/experiment.hpp"
#include "formats/value_array.hpp"
#include "rns/rns_format.hpp"
#include "signed_digit/operations.hpp"
#include "signed_digit/sd_array.hpp"

namespace kamp::experiments {

namespace {

using Space = Kokkos::DefaultExecutionSpace;
using Memory = Space::memory_space;

// Exact references: every decimal input and every RSD result is exact at this precision (the
// widest RSD result, an inverse-DFT output, has about 120 significant digits, ~400 bits).
constexpr mpfr_prec_t reference_bits = 1024;
constexpr int twiddle_digits = 40;  // D: significant decimal digits of the RSD twiddles
const std::string dot_data = "dot 8779";
const std::string dft_data = "DFT round trip";

core::mpfr_value exact_decimal(const std::string& text) { return core::mpfr_value::from_string(text, reference_bits); }

// |computed - exact| / |exact| * 100, rounded up, as a double.
double error_pct(const core::mpfr_value& computed, const core::mpfr_value& exact) {
  core::mpfr_value e = core::relative_error(computed, exact);
  mpfr_mul_ui(e.get(), e.get(), 100, MPFR_RNDU);
  return mpfr_get_d(e.get(), MPFR_RNDU);
}

std::string power_of_ten(int e, bool negative = false) {
  return std::string(negative ? "-" : "") + "1e" + std::to_string(e);
}

// ----------------------------------------------------------------------------------------------
// Host arithmetic of each floating format, behind one interface: from (MPFR, rounded), to (MPFR,
// exact), add, mul.

template <class T>
struct ieee_ops {
  using value = T;
  std::string name;
  int bits;
  value from(mpfr_srcptr v) const {
    if constexpr (std::is_same<T, float>::value)
      return mpfr_get_flt(v, MPFR_RNDN);
    else
      return mpfr_get_d(v, MPFR_RNDN);
  }
  core::mpfr_value to(value v) const {
    core::mpfr_value r(64);
    if constexpr (std::is_same<T, float>::value)
      mpfr_set_flt(r.get(), v, MPFR_RNDN);
    else
      mpfr_set_d(r.get(), v, MPFR_RNDN);
    return r;
  }
  value zero() const { return value(0); }
  // One rounding each (kamp_core compiles its users with -ffp-contract=off: no fused a b + c).
  value add(value a, value b) const { return a + b; }
  value mul(value a, value b) const { return a * b; }
};

template <class Format>
struct format_ops {
  using traits = format_traits<Format>;
  using value = typename traits::value_type;
  std::string name = traits::name();
  int bits = traits::precision;
  typename traits::context_type context = traits::template context<Kokkos::HostSpace>();
  value from(mpfr_srcptr v) const { return traits::from_mpfr(v); }
  core::mpfr_value to(const value& v) const { return traits::to_mpfr(v); }
  value zero() const { return traits::zero(); }
  value add(const value& a, const value& b) const { return traits::add(context, a, b); }
  value mul(const value& a, const value& b) const { return traits::mul(context, a, b); }
};

// ----------------------------------------------------------------------------------------------
// 1. The dot product (eq. (1), Fig. 2).

struct dot_inputs {
  std::vector<std::string> x, y;  // exact decimal text
};

dot_inputs dot_problem(int alpha, int beta) {
  return {{power_of_ten(alpha), "1223", power_of_ten(alpha - 1), power_of_ten(alpha - 2), "3",
           power_of_ten(alpha - 5, true)},
          {power_of_ten(beta), "2", power_of_ten(beta + 1, true), power_of_ten(beta), "2111", power_of_ten(beta + 3)}};
}

void add_dot_row(harness::results_table& table, const std::string& format, int bits, int alpha, int beta,
                 const core::mpfr_value& computed) {
  const core::mpfr_value exact(std::int64_t(8779), 64);
  auto row =
      harness::result_row::of("E10", format + "_dot", bits, alpha, beta, "rel_error_pct", error_pct(computed, exact));
  row.extra["data"] = dot_data;
  row.extra["computed"] = computed.to_string(17);
  table.add(row);
}

// float / double: the inputs rounded once, the products summed in order.
template <class T>
void dot_ieee(harness::results_table& table, const ieee_ops<T>& ops, int alpha, int beta) {
  const dot_inputs in = dot_problem(alpha, beta);
  T s = 0;
  for (std::size_t i = 0; i < in.x.size(); ++i)
    s = ops.add(s, ops.mul(ops.from(exact_decimal(in.x[i]).get()), ops.from(exact_decimal(in.y[i]).get())));
  add_dot_row(table, ops.name, ops.bits, alpha, beta, ops.to(s));
}

// dd_real and RNS: format_traits::from_string, then kamp::blas::dot on the default space.
template <class Format>
void dot_blas(harness::results_table& table, int alpha, int beta) {
  using traits = format_traits<Format>;
  const dot_inputs in = dot_problem(alpha, beta);
  std::vector<typename traits::value_type> hx, hy;
  for (std::size_t i = 0; i < in.x.size(); ++i) {
    hx.push_back(traits::from_string(in.x[i]));
    hy.push_back(traits::from_string(in.y[i]));
  }
  array_t<Format, Memory> x(hx.size(), "kamp::e10::x"), y(hy.size(), "kamp::e10::y");
  copy_from_host(x, hx);
  copy_from_host(y, hy);
  const auto d = blas::dot(Space(), x, y);
  add_dot_row(table, traits::name(), traits::precision, alpha, beta, traits::to_mpfr(d));
}

// Signed digits: exact inputs, exact signed_digit::dot.
signed_digit::array<Memory> sd_device_array(const std::vector<signed_digit::number>& values, const std::string& label) {
  int digits = 1;
  for (const auto& v : values) digits = std::max(digits, v.used_digits());
  signed_digit::array<Memory> a(static_cast<std::int64_t>(values.size()), digits, label);
  signed_digit::copy_from_host(a, values);
  return a;
}

// A decimal text as an signed_digit::number with enough digits (at most one more than its ordinary digits).
signed_digit::number sd_from_text(const std::string& text) {
  return signed_digit::from_string(text, static_cast<int>(text.size()) + 2);
}

void dot_rsd(harness::results_table& table, int alpha, int beta) {
  const dot_inputs in = dot_problem(alpha, beta);
  std::vector<signed_digit::number> hx, hy;
  for (std::size_t i = 0; i < in.x.size(); ++i) {
    hx.push_back(sd_from_text(in.x[i]));
    hy.push_back(sd_from_text(in.y[i]));
  }
  const auto d = signed_digit::dot(Space(), sd_device_array(hx, "kamp::e10::x"), sd_device_array(hy, "kamp::e10::y"));
  add_dot_row(table, "rsd", 0, alpha, beta, signed_digit::to_mpfr(d, reference_bits));
}

void run_dot(harness::results_table& table) {
  const int alpha = 1;
  const ieee_ops<float> f{"float", 24};
  const ieee_ops<double> d{"double", 53};
  for (int beta = 1; beta <= 21; ++beta) {
    progress("E10", "dot product, beta = " + std::to_string(beta));
    dot_ieee(table, f, alpha, beta);
    dot_ieee(table, d, alpha, beta);
    dot_blas<multi_double::dd_real>(table, alpha, beta);
    dot_blas<rns::mp_float<8>>(table, alpha, beta);
    dot_blas<rns::mp_float<32>>(table, alpha, beta);
    dot_rsd(table, alpha, beta);
  }
}

// ----------------------------------------------------------------------------------------------
// 2. The DFT round trip (eqs. (2)-(5), Fig. 3).
//
// Twiddles depend on m = jk mod n only: cos(2 pi m / n) and sin(2 pi m / n) from MPFR at 1024
// bits (n even: the values for m >= n/2 are the negated ones for m - n/2, and those for m = 0 and
// n/4 are set exactly, so every exact symmetry of the twiddles survives their rounding). The
// forward transform uses c_m / n and -s_m / n (Re y_k = sum_j x_j c_jk / n, Im y_k = -sum_j x_j s_jk / n),
// the inverse c_m and -s_m (x*_k = sum_j Re y_j c_jk - Im y_j s_jk).

struct twiddles {
  int n = 0;
  std::vector<core::mpfr_value> forward_cos, forward_negsin, inverse_cos, inverse_negsin;  // index m
};

twiddles make_twiddles(int n) {
  require_argument(n >= 4 && n % 4 == 0, "kamp::experiments::e10", "n", n, "must be a positive multiple of 4");
  twiddles t;
  t.n = n;
  std::vector<core::mpfr_value> cosines, sines;  // m = 0 .. n/2 - 1
  core::mpfr_value two_pi(reference_bits + 64);
  mpfr_const_pi(two_pi.get(), MPFR_RNDN);
  mpfr_mul_2ui(two_pi.get(), two_pi.get(), 1, MPFR_RNDN);
  for (int m = 0; m < n / 2; ++m) {
    core::mpfr_value c(reference_bits), s(reference_bits), angle(reference_bits + 64);
    if (m == 0 || 4 * m == n) {
      mpfr_set_ui(c.get(), m == 0 ? 1 : 0, MPFR_RNDN);
      mpfr_set_ui(s.get(), m == 0 ? 0 : 1, MPFR_RNDN);
    } else {
      mpfr_mul_ui(angle.get(), two_pi.get(), static_cast<unsigned long>(m), MPFR_RNDN);
      mpfr_div_ui(angle.get(), angle.get(), static_cast<unsigned long>(n), MPFR_RNDN);
      mpfr_sin_cos(s.get(), c.get(), angle.get(), MPFR_RNDN);
    }
    cosines.push_back(c);
    sines.push_back(s);
  }
  for (int m = 0; m < n; ++m) {
    core::mpfr_value c = cosines[m % (n / 2)], s = sines[m % (n / 2)];
    if (m < n / 2)
      mpfr_neg(s.get(), s.get(), MPFR_RNDN);  // -sin
    else
      mpfr_neg(c.get(), c.get(), MPFR_RNDN);  // cos and sin change sign
    t.inverse_cos.push_back(c);
    t.inverse_negsin.push_back(s);
    mpfr_div_ui(c.get(), c.get(), static_cast<unsigned long>(n), MPFR_RNDN);
    mpfr_div_ui(s.get(), s.get(), static_cast<unsigned long>(n), MPFR_RNDN);
    t.forward_cos.push_back(c);
    t.forward_negsin.push_back(s);
  }
  return t;
}

// x_i = i/10 for odd i, i/10 + 10^p for even i, i = 1..n, as exact decimal text.
std::vector<std::string> dft_inputs(int n, int p) {
  std::vector<std::string> x;
  mpz_t K;
  mpz_init(K);
  for (int i = 1; i <= n; ++i) {
    mpz_set_ui(K, static_cast<unsigned long>(i));
    if (i % 2 == 0) {
      mpz_t power;
      mpz_init(power);
      mpz_ui_pow_ui(power, 10, static_cast<unsigned long>(p + 1));
      mpz_add(K, K, power);
      mpz_clear(power);
    }
    std::vector<char> digits(mpz_sizeinbase(K, 10) + 2);
    mpz_get_str(digits.data(), 10, K);
    x.push_back(std::string(digits.data()) + "e-1");
  }
  mpz_clear(K);
  return x;
}

void add_dft_row(harness::results_table& table, const std::string& format, int bits, int n, int p,
                 const std::vector<core::mpfr_value>& computed, const std::vector<core::mpfr_value>& exact) {
  double worst = 0;
  for (std::size_t i = 0; i < exact.size(); ++i) worst = std::max(worst, error_pct(computed[i], exact[i]));
  auto row = harness::result_row::of("E10", format + "_dft", bits, n, p, "rel_error_pct", worst);
  row.extra["data"] = dft_data;
  table.add(row);
}

// One floating format: twiddles rounded to it once, then every alpha.
template <class Ops>
void dft_floating(harness::results_table& table, const Ops& ops, const twiddles& t, const std::vector<int>& powers) {
  using value = typename Ops::value;
  const int n = t.n;
  std::vector<value> fc, fs, ic, is;
  for (int m = 0; m < n; ++m) {
    fc.push_back(ops.from(t.forward_cos[m].get()));
    fs.push_back(ops.from(t.forward_negsin[m].get()));
    ic.push_back(ops.from(t.inverse_cos[m].get()));
    is.push_back(ops.from(t.inverse_negsin[m].get()));
  }
  for (const int p : powers) {
    progress("E10", "DFT n = " + std::to_string(n) + ", alpha = 10^" + std::to_string(p) + ", " + ops.name);
    std::vector<core::mpfr_value> exact;
    std::vector<value> x;
    for (const auto& text : dft_inputs(n, p)) {
      exact.push_back(exact_decimal(text));
      x.push_back(ops.from(exact.back().get()));
    }
    std::vector<value> re(n, ops.zero()), im(n, ops.zero());
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j) {
        const int m = j * k % n;
        re[k] = ops.add(re[k], ops.mul(x[j], fc[m]));
        im[k] = ops.add(im[k], ops.mul(x[j], fs[m]));
      }
    std::vector<core::mpfr_value> back;
    for (int k = 0; k < n; ++k) {
      value s = ops.zero();
      for (int j = 0; j < n; ++j) {
        const int m = j * k % n;
        s = ops.add(s, ops.mul(re[j], ic[m]));
        s = ops.add(s, ops.mul(im[j], is[m]));
      }
      back.push_back(ops.to(s));
    }
    add_dft_row(table, ops.name, ops.bits, n, p, back, exact);
  }
}

// v rounded to D significant decimal digits, as exact decimal text ("0" for zero).
std::string rounded_decimal(const core::mpfr_value& v, int digits) {
  if (mpfr_zero_p(v.get())) return "0";
  mpfr_exp_t e = 0;
  char* s = mpfr_get_str(nullptr, &e, 10, static_cast<std::size_t>(digits), v.get(), MPFR_RNDN);
  std::string text = std::string(s) + "e" + std::to_string(static_cast<long>(e) - digits);  // 0.ddd 10^e
  mpfr_free_str(s);
  return text;
}

void dft_rsd(harness::results_table& table, const twiddles& t, const std::vector<int>& powers) {
  const int n = t.n;
  std::vector<signed_digit::number> fc, fs, ic, is;
  for (int m = 0; m < n; ++m) {
    fc.push_back(sd_from_text(rounded_decimal(t.forward_cos[m], twiddle_digits)));
    fs.push_back(sd_from_text(rounded_decimal(t.forward_negsin[m], twiddle_digits)));
    ic.push_back(sd_from_text(rounded_decimal(t.inverse_cos[m], twiddle_digits)));
    is.push_back(sd_from_text(rounded_decimal(t.inverse_negsin[m], twiddle_digits)));
  }
  // Row k of each transform on the device, once: forward (c_jk / n)_j and (-s_jk / n)_j, inverse
  // (c_jk)_j followed by (-s_jk)_j (against Re y followed by Im y).
  std::vector<signed_digit::array<Memory>> forward_cos, forward_sin, inverse;
  for (int k = 0; k < n; ++k) {
    std::vector<signed_digit::number> rc, rs, ri;
    for (int j = 0; j < n; ++j) {
      rc.push_back(fc[j * k % n]);
      rs.push_back(fs[j * k % n]);
      ri.push_back(ic[j * k % n]);
    }
    for (int j = 0; j < n; ++j) ri.push_back(is[j * k % n]);
    forward_cos.push_back(sd_device_array(rc, "kamp::e10::forward_cos"));
    forward_sin.push_back(sd_device_array(rs, "kamp::e10::forward_sin"));
    inverse.push_back(sd_device_array(ri, "kamp::e10::inverse"));
  }
  for (const int p : powers) {
    progress("E10", "DFT n = " + std::to_string(n) + ", alpha = 10^" + std::to_string(p) + ", rsd");
    std::vector<core::mpfr_value> exact;
    std::vector<signed_digit::number> hx;
    for (const auto& text : dft_inputs(n, p)) {
      exact.push_back(exact_decimal(text));
      hx.push_back(sd_from_text(text));
    }
    const auto x = sd_device_array(hx, "kamp::e10::x");
    std::vector<signed_digit::number> y(2 * static_cast<std::size_t>(n));  // Re y, then Im y, exact
    for (int k = 0; k < n; ++k) {
      y[k] = signed_digit::dot(Space(), x, forward_cos[k]);
      y[n + k] = signed_digit::dot(Space(), x, forward_sin[k]);
    }
    const auto yd = sd_device_array(y, "kamp::e10::y");
    std::vector<core::mpfr_value> back;
    for (int k = 0; k < n; ++k)
      back.push_back(signed_digit::to_mpfr(signed_digit::dot(Space(), yd, inverse[k]), reference_bits));
    add_dft_row(table, "rsd", 0, n, p, back, exact);
  }
}

void run_dft(harness::results_table& table, bool quick) {
  const int n = quick ? 16 : 64;
  std::vector<int> powers;
  for (int p = 0; p <= 20; p += quick ? 2 : 1) powers.push_back(p);
  const twiddles t = make_twiddles(n);
  dft_floating(table, ieee_ops<float>{"float", 24}, t, powers);
  dft_floating(table, ieee_ops<double>{"double", 53}, t, powers);
  dft_floating(table, format_ops<multi_double::dd_real>{}, t, powers);
  dft_floating(table, format_ops<rns::mp_float<8>>{}, t, powers);
  dft_rsd(table, t, powers);
}

}  // namespace

void run_e10_sd_accuracy(harness::results_table& table, const experiment_options& options) {
  table.set_title(
      "E10: relative error (%) of the dot product 8779 (alpha = 1, beta = 1..21; m = alpha, n = beta) "
      "and of the DFT round trip (m = n points, n = log10 alpha; RSD twiddles rounded to " +
      std::to_string(twiddle_digits) +
      " digits) in float, double, dd_real, RNS and signed digits (Otsokov and Magomedov, Figs. 2-3; the paper gives no "
      "numbers, only that single precision loses accuracy sharply from beta = 18 and that the DFT error "
      "grows with alpha)");
  run_dot(table);
  run_dft(table, options.size == problem_size::quick);
}

}  // namespace kamp::experiments
