// The host kernels' chain steps over a block of rows (blas/generic/chain_steps.hpp: add_to_rows,
// renormalise_rows) against the chain run one row at a time: every row must get the bits of add
// and renormalise in order, for the expansions whose accumulator re-anchors and for those that do
// not, with rows that re-anchor at different steps (leads growing at different rates, a running
// sum growing into the headroom), rows that never do, and non-finite operands.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "blas/generic/chain_steps.hpp"
#include "blas/generic/fma_chain.hpp"
#include "blas/generic/value_planes.hpp"
#include "multi_double/dd_format.hpp"
#include "tests/blas/blas_checks.hpp"
#include "tests/tested_formats.hpp"

namespace {

template <class F>
class chain_steps : public ::testing::Test {};
using step_formats = kamp::formats::apply_t<kamp::test::tested_formats_t<kamp::formats::type_list<
                                                kamp::multi_double::expansion<2>, kamp::multi_double::expansion<3>,
                                                kamp::multi_double::qd_real, kamp::multi_double::expansion<6>>>,
                                            ::testing::Types>;
TYPED_TEST_SUITE(chain_steps, step_formats);

constexpr int rows = 16, steps = 90;

// Operand r of step j: row r's leads grow by r % 4 binades a step (rows 0, 4, ... stay level),
// rows 5 and 6 keep one sign (their running sums grow), and in the left operands row 7 meets an
// Inf at step 50.
template <class F>
std::vector<std::vector<kamp::value_type_t<F>>> operands(kamp::core::random_source& rng, bool left) {
  using traits = kamp::format_traits<F>;
  std::vector<std::vector<kamp::value_type_t<F>>> v(steps);
  for (int j = 0; j < steps; ++j)
    for (int r = 0; r < rows; ++r) {
      auto x = kamp::test::random_value<F>(rng, (r % 4) * j - 20, (r % 4) * j - 20);
      if (r == 5 || r == 6) x = kamp::test::random_value<F>(rng, 3, 3);
      if ((r == 5 || r == 6) && traits::to_double({}, x) < 0) x = traits::sub({}, traits::zero(), x);
      if (left && r == 7 && j == 50) x = traits::from_double({}, std::numeric_limits<double>::infinity());
      v[static_cast<std::size_t>(j)].push_back(x);
    }
  return v;
}

template <class V>
bool same_bits(const V& p, const V& q) {
  return std::memcmp(&p, &q, sizeof(V)) == 0;
}

TYPED_TEST(chain_steps, row_steps_give_the_bits_of_add_and_renormalise_in_order) {
  using F = TypeParam;
  using chain = kamp::blas::generic::dot_chain<F>;
  using value = kamp::value_type_t<F>;
  kamp::core::random_source rng(9500 + F::size);
  const auto a = operands<F>(rng, true), b = operands<F>(rng, false);
  kamp::blas::generic::value_planes<typename chain::accumulator, rows> sum;
  std::vector<typename chain::accumulator> one(rows, chain::start(kamp::format_traits<F>::zero()));
  for (int r = 0; r < rows; ++r) sum.set(r, one[static_cast<std::size_t>(r)]);
  for (int j = 0; j < steps; ++j) {
    const auto& aj = a[static_cast<std::size_t>(j)];
    const auto& bj = b[static_cast<std::size_t>(j)];
    if (j > 0 && j % chain::segment == 0) {
      kamp::blas::generic::renormalise_rows<chain>(sum, rows);
      for (auto& s : one) s = chain::renormalise(s);
    }
    kamp::blas::generic::value_planes<value, rows> row_a, row_b;
    for (int r = 0; r < rows; ++r) {
      row_a.set(r, aj[static_cast<std::size_t>(r)]);
      row_b.set(r, bj[static_cast<std::size_t>(r)]);
    }
    kamp::blas::generic::add_to_rows<chain>(kamp::no_context{}, sum, rows,
                                            kamp::blas::generic::row_operands<decltype(row_a)>{row_a},
                                            kamp::blas::generic::row_operands<decltype(row_b)>{row_b});
    for (int r = 0; r < rows; ++r)
      one[static_cast<std::size_t>(r)] = chain::add({}, one[static_cast<std::size_t>(r)],
                                                    aj[static_cast<std::size_t>(r)], bj[static_cast<std::size_t>(r)]);
  }
  for (int r = 0; r < rows; ++r)
    EXPECT_TRUE(same_bits(chain::result(sum.get(r)), chain::result(one[static_cast<std::size_t>(r)]))) << "row " << r;
}

}  // namespace
