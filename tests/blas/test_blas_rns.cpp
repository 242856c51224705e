// The BLAS API on the RNS format at every precision of the format list, on every backend:
// level 1 and GEMV through the format's own kernels, GEMM and NRM2 through the generic ones,
// all against the same bounds as every other format (tests/blas/*_checks.hpp).
#include "tests/blas/level1_checks.hpp"
#include "tests/blas/product_checks.hpp"
#include "tests/tested_formats.hpp"

namespace {

using cases = kamp::formats::apply_t<
    kamp::formats::cartesian_t<kamp::test::tested_formats_t<kamp::blas::rns_formats>, kamp::test::space_list>,
    ::testing::Types>;

template <class Pair>
class blas_rns : public ::testing::Test {
 protected:
  using test_case = kamp::test::blas_case<Pair>;
};
TYPED_TEST_SUITE(blas_rns, cases, kamp::test::blas_case_name);

TYPED_TEST(blas_rns, level1_within_bounds) { kamp::test::check_level1<typename TestFixture::test_case>(); }
TYPED_TEST(blas_rns, level1_arguments_and_quick_returns) {
  kamp::test::check_level1_arguments<typename TestFixture::test_case>();
}
TYPED_TEST(blas_rns, gemv_within_bounds) {
  for (const char trans : {'N', 'T'})
    for (const bool beta_zero : {false, true})
      kamp::test::check_gemv<typename TestFixture::test_case>(trans, beta_zero);
}
// The generic GEMM costs k scalar RNS multiply-adds per element: every trans pair up to 424
// bits, NN (with beta = 0) and TT above.
TYPED_TEST(blas_rns, gemm_within_bounds) {
  using test_case = typename TestFixture::test_case;
  const bool all = test_case::traits::precision <= 424;
  for (const char ta : {'N', 'T'})
    for (const char tb : {'N', 'T'})
      if (all || ta == tb) kamp::test::check_gemm<test_case>(ta, tb, ta == 'N');
}
TYPED_TEST(blas_rns, products_alpha_zero_and_arguments) {
  kamp::test::check_products_alpha_zero_and_arguments<typename TestFixture::test_case>();
}

}  // namespace
