#pragma once
// The signed-digit kernels on one execution space. This header only declares them: their
// definitions (signed_digit/kernels_impl.hpp) are compiled once per enabled Kokkos space into
// kamp_signed_digit (signed_digit/kernels.cpp), so a caller compiles no kernel. Arguments are checked by
// the public functions of signed_digit/operations.hpp, which call these.
//
//   add(exec, x, y, negate_y, z)        z_j = x_j +- y_j, exponents aligned   elementwise_add.hpp
//   mul(exec, x, y, z, products)        z_j = x_j y_j                          elementwise_mul.hpp
//   sum(exec, x, method)                sum_j x_j, method 1 or 2               summation.hpp
//   dot(exec, n, x, incx, y, incy, products)  sum_j x_j y_j via method 2       dot_product.hpp
//   fill_integers / fill_digits         seeded random data                    random_fill.hpp
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "signed_digit/number.hpp"
#include "signed_digit/sd_array.hpp"

namespace kamp::signed_digit {

// Otsokov and Magomedov's two summation methods: 1 adds the numbers one after another, each addition
// digit-parallel (k - 1 dependent steps); 2 sums every digit column over all numbers, then
// turns the column sums into digits with transfer steps.
enum class summation_method { method1, method2 };

// How a multiplication forms its partial products: digit by digit as Otsokov and Magomedov do (d_a e_b in
// [-36, 36]), or from limbs of four digits (values in [-6666, 6666]), 16 times fewer products.
enum class partial_products { digitwise, grouped };

template <class ExecSpace>
struct kernels {
  using memory_space = typename ExecSpace::memory_space;
  using digits = array<memory_space>;

  // Each returns the first element whose result does not fit z's digit count, or -1; z is
  // untouched unless every element fits.
  static std::int64_t add(const ExecSpace& exec, const digits& x, const digits& y, bool negate_y, const digits& z);
  static std::int64_t mul(const ExecSpace& exec, const digits& x, const digits& y, const digits& z,
                          partial_products products);

  // Exact; the result has exponent min_j t_j and enough digits (result_digits_for_sum).
  static number sum(const ExecSpace& exec, const digits& x, summation_method method);
  // Exact; pairs (x at element e incx, y at e incy, reference-BLAS increments).
  static number dot(const ExecSpace& exec, std::int64_t n, const digits& x, std::int64_t incx, const digits& y,
                    std::int64_t incy, partial_products products);

  // Random integers of `ordinary_digits` decimal digits (leading digit nonzero), recoded to
  // signed digits (x needs ordinary_digits + 1 digits), exponent 0, random signs when asked.
  static void fill_integers(const ExecSpace& exec, const digits& x, std::uint64_t seed, int ordinary_digits,
                            bool random_signs);
  // Every digit uniform in [-6, 6], exponents uniform in [min_exponent, max_exponent].
  static void fill_digits(const ExecSpace& exec, const digits& x, std::uint64_t seed, std::int32_t min_exponent,
                          std::int32_t max_exponent);
};

}  // namespace kamp::signed_digit
