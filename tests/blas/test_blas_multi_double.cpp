// The generic BLAS on double, dd_real, the N-term expansions and both D+S layouts, on every
// backend (tests/blas/*_checks.hpp hold the bodies, written once for every format).
#include "tests/blas/level1_checks.hpp"
#include "tests/blas/product_checks.hpp"
#include "tests/tested_formats.hpp"

namespace {

using cases = kamp::formats::apply_t<
    kamp::formats::cartesian_t<kamp::test::tested_formats_t<kamp::blas::multi_double_formats>, kamp::test::space_list>,
    ::testing::Types>;

template <class Pair>
class blas_multi_double : public ::testing::Test {
 protected:
  using test_case = kamp::test::blas_case<Pair>;
};
TYPED_TEST_SUITE(blas_multi_double, cases, kamp::test::blas_case_name);

TYPED_TEST(blas_multi_double, level1_within_bounds) { kamp::test::check_level1<typename TestFixture::test_case>(); }
TYPED_TEST(blas_multi_double, axpy_special_values_follow_the_fma) {
  kamp::test::check_axpy_special_values<typename TestFixture::test_case>();
}
TYPED_TEST(blas_multi_double, dot_near_the_top_of_the_range) {
  kamp::test::check_dot_near_the_top<typename TestFixture::test_case>();
}
TYPED_TEST(blas_multi_double, level1_arguments_and_quick_returns) {
  kamp::test::check_level1_arguments<typename TestFixture::test_case>();
}
TYPED_TEST(blas_multi_double, gemv_within_bounds) {
  for (const char trans : {'N', 'T'})
    for (const bool beta_zero : {false, true})
      kamp::test::check_gemv<typename TestFixture::test_case>(trans, beta_zero);
}
TYPED_TEST(blas_multi_double, gemm_within_bounds) {
  for (const char ta : {'N', 'T'})
    for (const char tb : {'N', 'T'}) kamp::test::check_gemm<typename TestFixture::test_case>(ta, tb, ta == tb);
}
TYPED_TEST(blas_multi_double, gemm_special_values_follow_the_kernels_chain) {
  for (const char ta : {'N', 'T'})
    for (const char tb : {'N', 'T'}) kamp::test::check_gemm_special_values<typename TestFixture::test_case>(ta, tb);
}
TYPED_TEST(blas_multi_double, gemv_special_values_follow_the_kernels_chains) {
  for (const char trans : {'N', 'T'}) kamp::test::check_gemv_special_values<typename TestFixture::test_case>(trans);
}
TYPED_TEST(blas_multi_double, products_alpha_zero_and_arguments) {
  kamp::test::check_products_alpha_zero_and_arguments<typename TestFixture::test_case>();
}
TYPED_TEST(blas_multi_double, backends_agree_bit_for_bit) {
  kamp::test::check_backends_agree<typename TestFixture::test_case>();
}

}  // namespace
