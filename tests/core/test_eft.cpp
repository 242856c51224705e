// Error-free transformations against MPFR: fl(a op b) is the correctly rounded result and
// fl + err is exactly a op b, on every backend, for random and adversarial operands.
#include <cmath>

#include "core/eft.hpp"
#include "core/mpfr_value.hpp"
#include "core/random.hpp"
#include "tests/backends.hpp"

namespace {

using kamp::core::mpfr_value;
constexpr mpfr_prec_t exact_bits = 2200;  // holds any sum or product of two doubles exactly

enum class eft { two_sum, fast_two_sum, two_prod };

template <class Space>
void apply_on(eft which, const std::vector<double>& a, const std::vector<double>& b, std::vector<double>& hi,
              std::vector<double>& lo) {
  auto va = kamp::test::to_space<Space>(a, "a");
  auto vb = kamp::test::to_space<Space>(b, "b");
  Kokkos::View<double*, typename Space::memory_space> vh("hi", a.size()), vl("lo", a.size());
  Kokkos::deep_copy(vh, NAN);  // poison: every element must be written
  Kokkos::deep_copy(vl, NAN);
  Kokkos::parallel_for(
      "kamp::test::eft", Kokkos::RangePolicy<Space>(0, a.size()), KOKKOS_LAMBDA(std::size_t i) {
        double err = 0;
        if (which == eft::two_sum) vh(i) = kamp::core::two_sum(va(i), vb(i), err);
        if (which == eft::fast_two_sum) vh(i) = kamp::core::fast_two_sum(va(i), vb(i), err);
        if (which == eft::two_prod) vh(i) = kamp::core::two_prod(va(i), vb(i), err);
        vl(i) = err;
      });
  hi = kamp::test::to_host(vh);
  lo = kamp::test::to_host(vl);
}

void expect_error_free(eft which, const std::vector<double>& a, const std::vector<double>& b,
                       const std::vector<double>& hi, const std::vector<double>& lo) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    mpfr_value exact(a[i], exact_bits), split(hi[i], exact_bits);
    if (which == eft::two_prod) {
      mpfr_mul_d(exact.get(), exact.get(), b[i], MPFR_RNDN);
    } else {
      mpfr_add_d(exact.get(), exact.get(), b[i], MPFR_RNDN);
    }
    mpfr_add_d(split.get(), split.get(), lo[i], MPFR_RNDN);
    ASSERT_EQ(hi[i], exact.to_double(MPFR_RNDN)) << "a=" << a[i] << " b=" << b[i] << " is not rounded to nearest";
    ASSERT_TRUE(split == exact) << "a=" << a[i] << " b=" << b[i] << ": hi+lo=" << split.to_string()
                                << " but exact=" << exact.to_string();
  }
}

KAMP_BACKEND_TEST_SUITE(eft_test);

TYPED_TEST(eft_test, two_sum_is_exact_on_random_and_adversarial_pairs) {
  kamp::core::random_source rng(11);
  auto pairs = kamp::core::adversarial_sum_pairs(rng, 5000);
  for (int i = 0; i < 5000; ++i) {
    pairs.a.push_back(rng.uniform());
    pairs.b.push_back(rng.wide_exponent(-70, 10));
  }
  std::vector<double> hi, lo;
  apply_on<TypeParam>(eft::two_sum, pairs.a, pairs.b, hi, lo);
  expect_error_free(eft::two_sum, pairs.a, pairs.b, hi, lo);
}

TYPED_TEST(eft_test, fast_two_sum_is_exact_when_first_operand_dominates) {
  kamp::core::random_source rng(12);
  auto pairs = kamp::core::adversarial_sum_pairs(rng, 5000);
  for (std::size_t i = 0; i < pairs.a.size(); ++i)
    if (std::fabs(pairs.a[i]) < std::fabs(pairs.b[i])) std::swap(pairs.a[i], pairs.b[i]);
  std::vector<double> hi, lo;
  apply_on<TypeParam>(eft::fast_two_sum, pairs.a, pairs.b, hi, lo);
  expect_error_free(eft::fast_two_sum, pairs.a, pairs.b, hi, lo);
}

TYPED_TEST(eft_test, two_prod_is_exact_without_underflow) {
  kamp::core::random_source rng(13);
  auto pairs = kamp::core::adversarial_product_pairs(rng, 5000);
  for (int i = 0; i < 5000; ++i) {
    pairs.a.push_back(rng.uniform());
    pairs.b.push_back(rng.wide_exponent(-400, 400));
  }
  std::vector<double> hi, lo;
  apply_on<TypeParam>(eft::two_prod, pairs.a, pairs.b, hi, lo);
  expect_error_free(eft::two_prod, pairs.a, pairs.b, hi, lo);
}

TYPED_TEST(eft_test, fast_two_sum_is_not_exact_when_precondition_fails) {
  // The precondition |a| >= |b| is real: swapping these operands loses the error term.
  const std::vector<double> big{0x1.0p53}, small{1.0 + 0x1.0p-52};
  std::vector<double> hi, lo;
  apply_on<TypeParam>(eft::fast_two_sum, big, small, hi, lo);
  expect_error_free(eft::fast_two_sum, big, small, hi, lo);
  apply_on<TypeParam>(eft::fast_two_sum, small, big, hi, lo);
  mpfr_value exact(small[0], exact_bits), split(hi[0], exact_bits);
  mpfr_add_d(exact.get(), exact.get(), big[0], MPFR_RNDN);
  mpfr_add_d(split.get(), split.get(), lo[0], MPFR_RNDN);
  EXPECT_FALSE(split == exact);
}

}  // namespace
