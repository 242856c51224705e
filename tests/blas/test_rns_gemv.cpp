// RNS GEMV (split kernels and the basic path) against MPFR: the forward error bound of
// Isupov and Knyazkov's eqs. (16)-(19), ||y* - y||_1 <= gamma_{k+2} || |alpha||A||x| + |beta||y| ||_1 with
// k the dot-product length and gamma_j = j u / (1 - j u), u = 4/sqrt(M), y* exact; for
// uniform [-1, 1] data (the paper's) and rows that cancel; 'N' and 'T'; strides including a
// negative one; argument errors and quick returns.
#include <cmath>

#include "blas/gemv.hpp"
#include "blas/rns/gemv_basic.hpp"
#include "rns/mp_matrix.hpp"
#include "core/error_bounds.hpp"
#include "core/mpfr_reference.hpp"
#include "tests/rns/rns_test_support.hpp"

namespace {

namespace rns = kamp::rns;
using kamp::core::mpfr_value;

template <int N>
std::vector<rns::mp_float<N>> from_doubles(const std::vector<double>& v) {
  const auto& b = rns::basis<N>::host();
  std::vector<rns::mp_float<N>> out;
  for (double d : v) out.push_back(rns::from_double<N>(d, b));
  return out;
}

template <int N>
std::vector<mpfr_value> to_mpfr_all(const std::vector<rns::mp_float<N>>& v) {
  std::vector<mpfr_value> out;
  for (const auto& x : v) out.push_back(rns::to_mpfr<N>(x));
  return out;
}

enum class data { uniform, cancelling, wide_range };

template <class Config>
void check_gemv(char trans, data kind) {
  const bool cancelling = kind == data::cancelling;
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  constexpr int q = rns::basis_constants<N>::significand_bits;
  const std::int64_t m = 37, n = 45, lda = m + 3, incx = 2, incy = -1;
  const bool t = trans == 'T';
  const std::int64_t xlen = t ? m : n, ylen = t ? n : m;
  kamp::core::random_source rng(61 + static_cast<int>(kind));
  auto A = from_doubles<N>(rng.uniform_vector(lda * n));
  if (kind == data::wide_range) {
    // Products spread over 2^+-300: the fused kernel shifts some up, truncates some by more
    // than 64 bits, and drops some; every exponent gap of the split additions occurs.
    for (auto& a : A) a = kamp::test::random_mp<N>(rng, -q - 150, -q + 150);
  }
  auto x = from_doubles<N>(rng.uniform_vector(xlen * incx));
  auto y = from_doubles<N>(rng.uniform_vector(ylen));
  const rns::mp_float<N> alpha = kamp::test::random_mp<N>(rng, -q, -q), beta = kamp::test::random_mp<N>(rng, -q, -q);
  if (cancelling) {
    // Make each output's dot product cancel: its last term is minus the rest, rounded to q bits.
    const auto& b = rns::basis<N>::host();
    for (std::int64_t out = 0; out < ylen; ++out) {
      rns::mp_float<N> acc = rns::mp_float<N>::zero();
      for (std::int64_t k = 0; k + 1 < xlen; ++k) {
        const auto& a = A[t ? k + out * lda : out + k * lda];
        acc = rns::add<N>(acc, rns::mul<N>(a, x[k * incx], b), b);
      }
      mpfr_value last = rns::to_mpfr<N>(acc);
      mpfr_div(last.get(), last.get(), rns::to_mpfr<N>(x[(xlen - 1) * incx]).get(), MPFR_RNDN);
      mpfr_neg(last.get(), last.get(), MPFR_RNDN);
      A[t ? (xlen - 1) + out * lda : out + (xlen - 1) * lda] = rns::from_mpfr<N>(last.get());
    }
  }
  // Exact result: y* = alpha op(A) x + beta y (y stored backwards: incy < 0).
  const auto Am = to_mpfr_all<N>(A), xm = to_mpfr_all<N>(x);
  auto ym = to_mpfr_all<N>(y);
  kamp::core::reference_gemv(trans, m, n, rns::to_mpfr<N>(alpha), Am.data(), lda, xm.data(), incx,
                             rns::to_mpfr<N>(beta), ym.data(), incy, 8 * q + 256);
  // The bound's right-hand side, || |alpha||A||x| + |beta||y| ||_1, rounded up.
  mpfr_value magnitude(8 * q + 256), term(8 * q + 256), absval(8 * q + 256);
  const mpfr_value a_abs = rns::to_mpfr<N>(alpha), b_abs = rns::to_mpfr<N>(beta);
  for (std::int64_t out = 0; out < ylen; ++out) {
    for (std::int64_t k = 0; k < xlen; ++k) {
      const auto& a = Am[t ? k + out * lda : out + k * lda];
      mpfr_mul(term.get(), a.get(), xm[k * incx].get(), MPFR_RNDU);
      mpfr_mul(term.get(), term.get(), a_abs.get(), MPFR_RNDU);
      mpfr_abs(term.get(), term.get(), MPFR_RNDU);
      mpfr_add(magnitude.get(), magnitude.get(), term.get(), MPFR_RNDU);
    }
    mpfr_mul(term.get(), rns::to_mpfr<N>(y[out]).get(), b_abs.get(), MPFR_RNDU);
    mpfr_abs(term.get(), term.get(), MPFR_RNDU);
    mpfr_add(magnitude.get(), magnitude.get(), term.get(), MPFR_RNDU);
  }
  const mpfr_value gamma = kamp::core::product_error_factor(xlen, kamp::test::unit_roundoff<N>());
  mpfr_value bound(64);
  mpfr_mul(bound.get(), gamma.get(), magnitude.get(), MPFR_RNDU);
  auto check = [&](const std::vector<rns::mp_float<N>>& got, const char* variant) {
    mpfr_value error(8 * q + 256);
    for (std::int64_t out = 0; out < ylen; ++out) {
      const std::size_t at = static_cast<std::size_t>((ylen - 1 - out) * -incy);
      ASSERT_EQ(kamp::rns::invariant_violation<N>(got[at]), "") << variant << " y[" << out << "]";
      mpfr_sub(absval.get(), rns::to_mpfr<N>(got[at]).get(), ym[at].get(), MPFR_RNDA);
      mpfr_abs(absval.get(), absval.get(), MPFR_RNDU);
      mpfr_add(error.get(), error.get(), absval.get(), MPFR_RNDU);
    }
    EXPECT_LE(mpfr_cmp(error.get(), bound.get()), 0)
        << variant << ": ||y* - y||_1 = " << error.to_string(6) << " exceeds the bound " << bound.to_string(6);
  };
  // Both algorithms on mp_arrays, the fused one with derived and with odd team shapes.
  rns::mp_array<N, Memory> dA(A.size()), dx(x.size()), dy(y.size());
  rns::copy_from_host(dA, A);
  rns::copy_from_host(dx, x);
  using rns::gemv_algorithm;
  const std::pair<const char*, rns::gemv_launch> launches[] = {
      {"split", {gemv_algorithm::split, 0, 0, 0}},
      {"split, 4-thread reduction", {gemv_algorithm::split, 4, 0, 0}},
      {"fused", {gemv_algorithm::fused, 0, 0, 0}},
      {"fused, 3 threads x 2 lanes", {gemv_algorithm::fused, 0, 3, 2}},
      {"fused, 1 thread x 1 lane", {gemv_algorithm::fused, 0, 1, 1}},
      {"fused, 3 outputs x 3 threads x 2 lanes", {gemv_algorithm::fused, 0, 3, 2, 3}},
      {"automatic", {}},
  };
  std::vector<rns::mp_float<N>> first_fused;
  for (const auto& [name, launch] : launches) {
    rns::copy_from_host(dy, y);
    kamp::blas::gemv(Space(), trans, m, n, alpha, dA, lda, dx, incx, beta, dy, incy, nullptr, launch);
    Kokkos::fence();
    const auto got = rns::copy_to_host(dy);
    check(got, name);
    // The fused sum is exact up to one rounding, so no team shape may change a bit of it.
    if (launch.algorithm != gemv_algorithm::fused) continue;
    if (first_fused.empty()) first_fused = got;
    for (std::size_t j = 0; j < got.size(); ++j)
      ASSERT_TRUE(kamp::test::identical<N>(got[j], first_fused[j])) << name << " differs from fused at y[" << j << "]";
  }
  // The basic path on Views of mp_float.
  auto vA = kamp::test::to_space<Space>(A, "A");
  auto vx = kamp::test::to_space<Space>(x, "x");
  auto vy = kamp::test::to_space<Space>(y, "y");
  kamp::blas::gemv_basic<Space, N, Memory>(Space(), trans, m, n, alpha, vA, lda, vx, incx, beta, vy, incy);
  check(kamp::test::to_host(vy), "basic");
}

template <class Config>
void check_arguments_and_quick_returns() {
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  const auto& b = rns::basis<N>::host();
  const auto one = rns::from_double<N>(1.0, b), two = rns::from_double<N>(2.0, b);
  rns::mp_array<N, Memory> A(20), x(5), y(5);
  std::vector<rns::mp_float<N>> ys(5, two);
  rns::copy_from_host(y, ys);
  kamp::test::expect_invalid_argument("trans",
                                      [&] { kamp::blas::gemv(Space(), 'C', 4, 4, one, A, 4, x, 1, one, y, 1); });
  kamp::test::expect_invalid_argument("m", [&] { kamp::blas::gemv(Space(), 'N', -1, 4, one, A, 4, x, 1, one, y, 1); });
  kamp::test::expect_invalid_argument("n", [&] { kamp::blas::gemv(Space(), 'N', 4, -2, one, A, 4, x, 1, one, y, 1); });
  kamp::test::expect_invalid_argument("lda", [&] { kamp::blas::gemv(Space(), 'n', 4, 4, one, A, 3, x, 1, one, y, 1); });
  kamp::test::expect_invalid_argument("incx",
                                      [&] { kamp::blas::gemv(Space(), 'N', 4, 4, one, A, 4, x, 0, one, y, 1); });
  kamp::test::expect_invalid_argument("incy",
                                      [&] { kamp::blas::gemv(Space(), 'N', 4, 4, one, A, 4, x, 1, one, y, 0); });
  kamp::test::expect_invalid_argument("A", [&] { kamp::blas::gemv(Space(), 'N', 4, 6, one, A, 4, x, 1, one, y, 1); });
  kamp::test::expect_invalid_argument("x", [&] { kamp::blas::gemv(Space(), 'N', 4, 4, one, A, 4, x, 2, one, y, 1); });
  kamp::test::expect_invalid_argument("y", [&] { kamp::blas::gemv(Space(), 't', 4, 4, one, A, 4, x, 1, one, y, -2); });
  // Quick returns: nothing to do, nothing written.
  kamp::blas::gemv(Space(), 'N', 0, 4, one, A, 4, x, 1, one, y, 1);
  kamp::blas::gemv(Space(), 'N', 4, 4, rns::mp_float<N>::zero(), A, 4, x, 1, one, y, 1);
  Kokkos::fence();
  const auto after = rns::copy_to_host(y);
  for (const auto& v : after) ASSERT_TRUE(kamp::test::identical<N>(v, two));
  // beta = 0 does not read y: NaN there does not propagate.
  std::vector<rns::mp_float<N>> nans(5, rns::mp_float<N>::nan()), ones(20, one);
  rns::copy_from_host(y, nans);
  rns::copy_from_host(A, ones);
  rns::copy_from_host(x, std::vector<rns::mp_float<N>>(5, one));
  kamp::blas::gemv(Space(), 'N', 4, 4, one, A, 4, x, 1, rns::mp_float<N>::zero(), y, 1);
  Kokkos::fence();
  const auto fours = rns::copy_to_host(y);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(rns::to_double<N>(fours[i], b), 4.0);
  EXPECT_TRUE(fours[4].is_nan());  // beyond m: untouched
}

// NaN, infinities, inf * 0, opposite infinities and products that overflow, one kind per
// row: the fused kernel gives what Algorithm 1's scalar operations give.
template <class Config>
void check_special_values() {
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  const auto& b = rns::basis<N>::host();
  const std::int64_t m = 7, n = 5;
  const auto one = rns::from_double<N>(1.0, b), half = rns::from_double<N>(0.5, b);
  std::vector<rns::mp_float<N>> A(m * n, half), x(n, one), y(m, one);
  auto huge = rns::from_double<N>(0.75, b);
  huge.exp = rns::exponent_limit - 10;      // huge * huge overflows
  A[0 + 2 * m] = rns::mp_float<N>::nan();   // row 0: NaN
  A[1 + 1 * m] = rns::mp_float<N>::inf(0);  // row 1: +inf
  A[2 + 3 * m] = rns::mp_float<N>::inf(1);  // row 2: +inf and -inf
  A[2 + 4 * m] = rns::mp_float<N>::inf(0);
  A[3 + 0 * m] = rns::mp_float<N>::inf(1);  // row 3: -inf * 0
  x[0] = rns::mp_float<N>::zero();
  A[4 + 1 * m] = huge;  // row 4: overflowing product, -inf
  A[4 + 1 * m].sign = 1;
  x[1] = huge;
  A[5 + 1 * m] = rns::mp_float<N>::zero();  // row 5: zeros only (x[0] = 0 too)
  for (std::int64_t j = 2; j < n; ++j) A[5 + j * m] = rns::mp_float<N>::zero();
  A[6 + 1 * m] = rns::mp_float<N>::zero();  // row 6: finite, 0.5 (x2 + x3 + x4)
  rns::mp_array<N, Memory> dA(A.size()), dx(x.size()), dy(y.size());
  rns::copy_from_host(dA, A);
  rns::copy_from_host(dx, x);
  // The fused kernel with its derived shape and with four outputs per team: there the first team
  // settles all its outputs from the scan, and the second settles one, sums two and has a slot
  // beyond y.
  std::vector<std::vector<rns::mp_float<N>>> results;
  for (const auto& launch :
       {rns::gemv_launch{rns::gemv_algorithm::split, 0, 0, 0}, rns::gemv_launch{rns::gemv_algorithm::fused, 0, 0, 0},
        rns::gemv_launch{rns::gemv_algorithm::fused, 0, 2, 1, 4}}) {
    rns::copy_from_host(dy, y);
    kamp::blas::gemv(Space(), 'N', m, n, one, dA, m, dx, 1, half, dy, 1, nullptr, launch);
    Kokkos::fence();
    results.push_back(rns::copy_to_host(dy));
  }
  for (std::size_t r = 1; r < results.size(); ++r) {
    const auto& fused = results[r];
    SCOPED_TRACE(r == 1 ? "fused" : "fused, 4 outputs per team");
    EXPECT_TRUE(fused[0].is_nan());
    EXPECT_TRUE(fused[1].is_inf() && fused[1].sign == 0);
    EXPECT_TRUE(fused[2].is_nan());
    EXPECT_TRUE(fused[3].is_nan());
    EXPECT_TRUE(fused[4].is_inf() && fused[4].sign == 1);
    EXPECT_EQ(rns::to_double<N>(fused[5], b), 0.5);  // beta y only
    EXPECT_EQ(rns::to_double<N>(fused[6], b), 2.0);
    for (std::int64_t i = 0; i < 5; ++i)
      EXPECT_TRUE(kamp::test::identical<N>(results[0][i], fused[i])) << "y[" << i << "]";
    // Finite results are equal in value (the significand/exponent split is not canonical).
    for (std::int64_t i = 5; i < m; ++i) EXPECT_EQ(rns::compare<N>(results[0][i], fused[i], b), 0) << "y[" << i << "]";
  }
}

// On short significands (Isupov and Knyazkov's p/4-bit data) every product lies on the fused kernel's grid,
// so the fused GEMV returns the exact sum truncated to q bits (toward zero), whichever team
// shape adds it: with 600 terms one thread folds its accumulators twice; the rows' signs are
// random, so about half the sums are negative and take the wrapped-sign path.
template <class Config>
void check_fused_exact_on_short_significands(char trans) {
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  constexpr int q = rns::basis_constants<N>::significand_bits, bits = (q - 1) / 4;
  kamp::core::random_source rng(91);
  const std::int64_t m = trans == 'T' ? 600 : 5, n = trans == 'T' ? 5 : 600;
  const std::int64_t xlen = trans == 'T' ? m : n, ylen = trans == 'T' ? n : m;
  std::vector<rns::mp_float<N>> A(m * n), x(xlen), y(ylen, rns::mp_float<N>::zero());
  for (auto* v : {&A, &x})
    for (auto& e : *v) e = kamp::test::random_mp<N>(rng, -bits - 3, -bits, bits);
  const auto one = rns::from_double<N>(1.0, rns::basis<N>::host());
  std::vector<mpfr_value> exact;
  for (std::int64_t out = 0; out < ylen; ++out) {
    mpfr_value sum(8 * q), product(8 * q);
    for (std::int64_t k = 0; k < xlen; ++k) {
      const auto& a = A[trans == 'T' ? k + out * m : out + k * m];
      mpfr_mul(product.get(), rns::to_mpfr<N>(a).get(), rns::to_mpfr<N>(x[k]).get(), MPFR_RNDN);  // exact
      mpfr_add(sum.get(), sum.get(), product.get(), MPFR_RNDN);                                   // exact
    }
    mpfr_value rounded(q);
    mpfr_set(rounded.get(), sum.get(), MPFR_RNDZ);
    exact.push_back(rounded);
  }
  rns::mp_array<N, Memory> dA(A.size()), dx(x.size()), dy(y.size());
  rns::copy_from_host(dA, A);
  rns::copy_from_host(dx, x);
  for (const auto& launch :
       {rns::gemv_launch{rns::gemv_algorithm::fused, 0, 0, 0}, rns::gemv_launch{rns::gemv_algorithm::fused, 0, 1, 1},
        rns::gemv_launch{rns::gemv_algorithm::fused, 0, 2, 1, 4}}) {
    rns::copy_from_host(dy, y);
    kamp::blas::gemv(Space(), trans, m, n, one, dA, m, dx, 1, rns::mp_float<N>::zero(), dy, 1, nullptr, launch);
    Kokkos::fence();
    const auto got = rns::copy_to_host(dy);
    for (std::int64_t out = 0; out < ylen; ++out) {
      ASSERT_EQ(kamp::rns::invariant_violation<N>(got[out]), "") << "y[" << out << "]";
      EXPECT_EQ(mpfr_cmp(rns::to_mpfr<N>(got[out]).get(), exact[out].get()), 0)
          << "y[" << out << "] = " << rns::to_mpfr<N>(got[out]).to_string(10) << ", exact sum truncated to q bits "
          << exact[out].to_string(10) << " (" << launch.fused_team_size << " threads)";
    }
  }
}

// The fused GEMV rounds each output once, beta y_o included: row (or column) o holds
// 1 + u 2^-12 (u short) and a term t_o below 2^-(q + 20) that lies off any q-bit grid of the
// first, and beta y_o = -(1 + u 2^-12) cancels the first term exactly. The exact result is t_o;
// rounding the dot product to q bits before adding beta y_o would lose it. Every fused team
// shape gives t_o exactly.
template <class Config>
void check_fused_rounds_once(char trans) {
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  constexpr int q = rns::basis_constants<N>::significand_bits, bits = (q - 1) / 4;
  const auto& b = rns::basis<N>::host();
  kamp::core::random_source rng(93);
  const std::int64_t outputs = 9, terms = 3, m = trans == 'T' ? terms : outputs, n = trans == 'T' ? outputs : terms;
  const auto at = [&](std::int64_t out, std::int64_t k) { return trans == 'T' ? k + out * m : out + k * m; };
  std::vector<rns::mp_float<N>> A(m * n, rns::mp_float<N>::zero()), x(terms), y(outputs), tiny(outputs);
  const auto one = rns::from_double<N>(1.0, b);
  const auto beta = rns::from_double<N>(-0.5, b);
  for (auto& v : x) v = kamp::test::random_mp<N>(rng, -bits, -bits, bits);
  x[0] = one;
  for (std::int64_t out = 0; out < outputs; ++out) {
    const auto lead = rns::add<N>(one, kamp::test::random_mp<N>(rng, -bits - 12, -bits - 12, bits), b);  // exact
    A[at(out, 0)] = lead;
    y[out] = rns::mul<N>(rns::from_double<N>(2.0, b), lead, b);  // exact: beta y_o = -lead
    A[at(out, 1)] = kamp::test::random_mp<N>(rng, -q - 20 - bits - 4, -q - 20 - bits, bits);
    tiny[out] = rns::mul<N>(A[at(out, 1)], x[1], b);  // exact: 2 bits short of q at most
    if (out % 2 == 1) {
      A[at(out, 1)].sign ^= 1;
      tiny[out].sign ^= 1;
    }
  }
  rns::mp_array<N, Memory> dA(A.size()), dx(x.size()), dy(y.size());
  rns::copy_from_host(dA, A);
  rns::copy_from_host(dx, x);
  for (const auto& launch :
       {rns::gemv_launch{rns::gemv_algorithm::fused, 0, 0, 0}, rns::gemv_launch{rns::gemv_algorithm::fused, 0, 1, 1},
        rns::gemv_launch{rns::gemv_algorithm::fused, 0, 2, 2},
        rns::gemv_launch{rns::gemv_algorithm::fused, 0, 2, 2, 4}}) {
    rns::copy_from_host(dy, y);
    kamp::blas::gemv(Space(), trans, m, n, one, dA, m, dx, 1, beta, dy, 1, nullptr, launch);
    Kokkos::fence();
    const auto got = rns::copy_to_host(dy);
    for (std::int64_t out = 0; out < outputs; ++out) {
      ASSERT_EQ(kamp::rns::invariant_violation<N>(got[out]), "") << "y[" << out << "]";
      EXPECT_TRUE(rns::to_mpfr<N>(got[out]) == rns::to_mpfr<N>(tiny[out]))
          << "y[" << out << "] = " << kamp::test::describe<N>(got[out]) << ", exact "
          << kamp::test::describe<N>(tiny[out]) << " (" << launch.fused_team_size << " threads)";
    }
  }
}

// The mp_matrix overload is the BLAS-style call with the matrix's shape and unit increments.
template <class Config>
void check_matrix_overload() {
  using Space = typename Config::space;
  using Memory = typename Space::memory_space;
  constexpr int N = Config::moduli;
  constexpr int q = rns::basis_constants<N>::significand_bits;
  kamp::core::random_source rng(78);
  const std::int64_t m = 9, n = 14;
  rns::mp_matrix<N, Memory> A(m, n);
  std::vector<rns::mp_float<N>> as(m * n), xs(n), ys(m);
  for (auto* v : {&as, &xs, &ys})
    for (auto& e : *v) e = kamp::test::random_mp<N>(rng, -q - 2, -q + 2);
  const rns::mp_float<N> alpha = kamp::test::random_mp<N>(rng, -q, -q), beta = kamp::test::random_mp<N>(rng, -q, -q);
  rns::mp_array<N, Memory> x(n), y1(m), y2(m), wrong(m + 1);
  rns::copy_from_host(A.values, as);
  rns::copy_from_host(x, xs);
  rns::copy_from_host(y1, ys);
  rns::copy_from_host(y2, ys);
  kamp::blas::gemv(Space(), 'N', alpha, A, x, beta, y1);
  kamp::blas::gemv(Space(), 'N', m, n, alpha, A.values, m, x, 1, beta, y2, 1);
  Kokkos::fence();
  const auto got1 = rns::copy_to_host(y1), got2 = rns::copy_to_host(y2);
  for (std::size_t j = 0; j < got1.size(); ++j) ASSERT_TRUE(kamp::test::identical<N>(got1[j], got2[j])) << j;
  kamp::test::expect_invalid_argument("y", [&] { kamp::blas::gemv(Space(), 'N', alpha, A, x, beta, wrong); });
  kamp::test::expect_invalid_argument("x", [&] { kamp::blas::gemv(Space(), 'T', alpha, A, x, beta, y1); });
  kamp::test::expect_invalid_argument("trans", [&] { kamp::blas::gemv(Space(), 'X', alpha, A, x, beta, y1); });
  kamp::test::expect_invalid_argument("rows", [] { rns::mp_matrix<N, Memory>(-1, 3); });
}

template <class Config>
class rns_gemv_test : public ::testing::Test {};
TYPED_TEST_SUITE(rns_gemv_test, kamp::test::rns_configs, kamp::test::rns_config_name);

TYPED_TEST(rns_gemv_test, n_random_within_the_bound) { check_gemv<TypeParam>('N', data::uniform); }
TYPED_TEST(rns_gemv_test, t_random_within_the_bound) { check_gemv<TypeParam>('T', data::uniform); }
TYPED_TEST(rns_gemv_test, n_cancelling_within_the_bound) { check_gemv<TypeParam>('N', data::cancelling); }
TYPED_TEST(rns_gemv_test, t_cancelling_within_the_bound) { check_gemv<TypeParam>('T', data::cancelling); }
TYPED_TEST(rns_gemv_test, n_wide_range_within_the_bound) { check_gemv<TypeParam>('N', data::wide_range); }
TYPED_TEST(rns_gemv_test, t_wide_range_within_the_bound) { check_gemv<TypeParam>('T', data::wide_range); }
TYPED_TEST(rns_gemv_test, n_fused_exact_on_short_significands) {
  check_fused_exact_on_short_significands<TypeParam>('N');
}
TYPED_TEST(rns_gemv_test, t_fused_exact_on_short_significands) {
  check_fused_exact_on_short_significands<TypeParam>('T');
}
TYPED_TEST(rns_gemv_test, n_fused_rounds_each_output_once) { check_fused_rounds_once<TypeParam>('N'); }
TYPED_TEST(rns_gemv_test, t_fused_rounds_each_output_once) { check_fused_rounds_once<TypeParam>('T'); }
TYPED_TEST(rns_gemv_test, special_values_agree_between_algorithms) { check_special_values<TypeParam>(); }
TYPED_TEST(rns_gemv_test, matrix_overload_matches_blas_style) { check_matrix_overload<TypeParam>(); }
TYPED_TEST(rns_gemv_test, arguments_are_checked_and_quick_returns_write_nothing) {
  check_arguments_and_quick_returns<TypeParam>();
}

}  // namespace
