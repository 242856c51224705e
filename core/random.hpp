#pragma once
// Seeded random inputs: the papers' uniform [-1, 1] data and adversarial generators
// (cancellation, rounding ties, wide exponent ranges, special values, ill-conditioned dots).
// The same seed gives the same numbers on every machine (mt19937_64 and exact arithmetic).
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace kamp::core {

class random_source {
 public:
  explicit random_source(std::uint64_t seed);

  std::uint64_t next_u64() { return engine_(); }
  // Uniform on [lo, hi), from 53 random bits.
  double uniform(double lo = -1.0, double hi = 1.0);
  std::vector<double> uniform_vector(std::size_t n, double lo = -1.0, double hi = 1.0);
  // Random sign and 53-bit significand times 2^e, e uniform in [min_exponent, max_exponent].
  double wide_exponent(int min_exponent, int max_exponent);
  // Integer uniform in [lo, hi].
  std::int64_t integer(std::int64_t lo, std::int64_t hi);

 private:
  std::mt19937_64 engine_;
};

// Pairs (a[i], b[i]) that stress an addition: exact cancellation, near-cancellation, b at
// half an ulp of a (ties), b just above/below half an ulp, exponent gaps of 0, 1, 52, 53,
// 54, 1000, subnormal operands and signed zeros. Every pair sums without overflow.
struct operand_pairs {
  std::vector<double> a, b;
};
operand_pairs adversarial_sum_pairs(random_source& rng, std::size_t count);
// Pairs whose products are exact, halfway, or one bit from halfway, with significands full
// of ones and exponents spread over the normal range; no product overflows or underflows.
operand_pairs adversarial_product_pairs(random_source& rng, std::size_t count);

// Special doubles: +-0, +-denorm_min, +-DBL_MIN, +-DBL_MAX, +-1, +-inf, NaN.
std::vector<double> special_values();

// x, y with a dot product of condition number 2 sum|x_i y_i| / |x.y| close to `condition`
// (Ogita, Rump and Oishi's GenDot, with the running dot product evaluated exactly in MPFR).
// n must be at least 6 and condition at least 1.
struct dot_problem {
  std::vector<double> x, y;
  double condition;  // measured exactly, then rounded
};
dot_problem ill_conditioned_dot(random_source& rng, std::size_t n, double condition);

}  // namespace kamp::core
