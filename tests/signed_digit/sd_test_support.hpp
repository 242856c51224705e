#pragma once
// Shared pieces of the signed-digit tests: an owning GMP integer, the exact value of a number
// computed from its digits with GMP alone (never through the conversions under test), exact
// references for sums, products and dot products, random and adversarial operands, raw views of
// an array's storage (for the digit-range invariant and for poisoned outputs).
#include <gmp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "signed_digit/conversions.hpp"
#include "signed_digit/number.hpp"
#include "signed_digit/operations.hpp"
#include "signed_digit/sd_array.hpp"
#include "tests/backends.hpp"

namespace kamp::test::sd_support {

template <class Space>
using sd_array = kamp::signed_digit::array<typename Space::memory_space>;

// An mpz_t that frees itself.
class mpz {
 public:
  mpz() { mpz_init(value_); }
  explicit mpz(long x) { mpz_init_set_si(value_, x); }
  explicit mpz(const std::string& decimal) {
    mpz_init(value_);
    if (mpz_set_str(value_, decimal.c_str(), 10) != 0) ADD_FAILURE() << "not an integer: " << decimal;
  }
  mpz(const mpz& other) { mpz_init_set(value_, other.value_); }
  mpz(mpz&& other) noexcept {
    mpz_init(value_);
    mpz_swap(value_, other.value_);
  }
  mpz& operator=(const mpz& other) {
    mpz_set(value_, other.value_);
    return *this;
  }
  mpz& operator=(mpz&& other) noexcept {
    mpz_swap(value_, other.value_);
    return *this;
  }
  ~mpz() { mpz_clear(value_); }

  mpz_ptr get() { return value_; }
  mpz_srcptr get() const { return value_; }
  int sign() const { return mpz_sgn(value_); }
  std::string str() const {
    std::vector<char> text(mpz_sizeinbase(value_, 10) + 2);
    mpz_get_str(text.data(), 10, value_);
    return std::string(text.data());
  }

  friend bool operator==(const mpz& a, const mpz& b) { return mpz_cmp(a.value_, b.value_) == 0; }
  friend bool operator!=(const mpz& a, const mpz& b) { return !(a == b); }
  // Long values are shortened in messages.
  friend std::ostream& operator<<(std::ostream& os, const mpz& a) {
    const std::string s = a.str();
    if (s.size() <= 120) return os << s;
    return os << s.substr(0, 50) << "...(" << s.size() << " chars)..." << s.substr(s.size() - 50);
  }

 private:
  mpz_t value_;
};

inline mpz power_of_ten(unsigned long e) {
  mpz p;
  mpz_ui_pow_ui(p.get(), 10, e);
  return p;
}

// Powers of ten, cached (references computed once per shift).
inline const mpz& cached_power_of_ten(std::int64_t e) {
  static std::map<std::int64_t, mpz> cache;
  auto it = cache.find(e);
  if (it == cache.end()) it = cache.emplace(e, power_of_ten(static_cast<unsigned long>(e))).first;
  return it->second;
}

// An exact value K 10^t.
struct scaled {
  mpz significand;
  std::int64_t exponent = 0;
};

// K of sum_i d_i 10^i from the digits alone (Horner in GMP, 18 digits per step).
inline mpz significand_of(const std::vector<std::int8_t>& digits) {
  mpz k;
  std::int64_t chunk = 0;
  int count = 0;
  for (std::size_t i = digits.size(); i-- > 0;) {
    chunk = chunk * 10 + digits[i];
    if (++count == 18 || i == 0) {
      mpz_mul(k.get(), k.get(), cached_power_of_ten(count).get());
      if (chunk >= 0)
        mpz_add_ui(k.get(), k.get(), static_cast<unsigned long>(chunk));
      else
        mpz_sub_ui(k.get(), k.get(), static_cast<unsigned long>(-chunk));
      chunk = 0;
      count = 0;
    }
  }
  return k;
}

inline scaled exact(const signed_digit::number& x) { return {significand_of(x.digits()), x.exponent()}; }

// K 10^(t - target) for target <= t.
inline mpz at_exponent(const scaled& v, std::int64_t target) {
  mpz r;
  EXPECT_LE(target, v.exponent);
  mpz_mul(r.get(), v.significand.get(), cached_power_of_ten(v.exponent - target).get());
  return r;
}

// Exactly equal values (whatever their exponents).
inline ::testing::AssertionResult same_value(const scaled& got, const scaled& expected) {
  const std::int64_t t = std::min(got.exponent, expected.exponent);
  const mpz a = at_exponent(got, t), b = at_exponent(expected, t);
  if (a == b) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << got.significand << "e" << got.exponent << ", GMP says "
                                       << expected.significand << "e" << expected.exponent;
}

inline ::testing::AssertionResult same_value(const signed_digit::number& got, const scaled& expected) {
  for (int i = 0; i < got.digit_count(); ++i) {
    if (got.digit(i) < -6 || got.digit(i) > 6) {
      return ::testing::AssertionFailure() << "digit " << got.digit(i) << " at position " << i;
    }
  }
  return same_value(exact(got), expected);
}

// The fewest digits holding |K|: the smallest n with |K| <= 66...6 (n sixes); 1 for zero. With
// d decimal digits, 10^(d-1) > 66...6 (d - 1 sixes) and 10^d <= 66...6 (d + 1 sixes): n is d or d + 1.
inline int fewest_digits(const mpz& k) {
  mpz a;
  mpz_abs(a.get(), k.get());
  if (a.sign() == 0) return 1;
  const int d = static_cast<int>(a.str().size());
  mpz sixes = power_of_ten(static_cast<unsigned long>(d));
  mpz_sub_ui(sixes.get(), sixes.get(), 1);
  mpz_mul_ui(sixes.get(), sixes.get(), 2);
  mpz_divexact_ui(sixes.get(), sixes.get(), 3);  // 2 (10^d - 1) / 3 = 66...6
  return mpz_cmp(a.get(), sixes.get()) <= 0 ? d : d + 1;
}

// Exact references.
inline scaled exact_sum(const std::vector<scaled>& values) {
  scaled s;
  if (values.empty()) return s;
  s.exponent = values[0].exponent;
  for (const auto& v : values) s.exponent = std::min(s.exponent, v.exponent);
  for (const auto& v : values) {
    mpz_addmul(s.significand.get(), v.significand.get(), cached_power_of_ten(v.exponent - s.exponent).get());
  }
  return s;
}

inline std::vector<scaled> exact_values(const std::vector<signed_digit::number>& xs) {
  std::vector<scaled> out;
  out.reserve(xs.size());
  for (const auto& x : xs) out.push_back(exact(x));
  return out;
}

inline scaled exact_product(const scaled& a, const scaled& b) {
  scaled p;
  mpz_mul(p.significand.get(), a.significand.get(), b.significand.get());
  p.exponent = a.exponent + b.exponent;
  return p;
}

inline scaled exact_add(const scaled& a, const scaled& b, bool subtract = false) {
  scaled s;
  s.exponent = std::min(a.exponent, b.exponent);
  s.significand = at_exponent(a, s.exponent);
  const mpz bb = at_exponent(b, s.exponent);
  if (subtract)
    mpz_sub(s.significand.get(), s.significand.get(), bb.get());
  else
    mpz_add(s.significand.get(), s.significand.get(), bb.get());
  return s;
}

// Seeded host randomness (GMP's Mersenne twister).
class gmp_random {
 public:
  explicit gmp_random(unsigned long seed) {
    gmp_randinit_mt(state_);
    gmp_randseed_ui(state_, seed);
  }
  ~gmp_random() { gmp_randclear(state_); }
  gmp_random(const gmp_random&) = delete;
  gmp_random& operator=(const gmp_random&) = delete;

  // Uniform in [0, n).
  unsigned long below(unsigned long n) { return gmp_urandomm_ui(state_, n); }
  long between(long lo, long hi) { return lo + static_cast<long>(below(static_cast<unsigned long>(hi - lo + 1))); }
  bool coin() { return below(2) == 1; }
  // A uniform integer of exactly `decimal_digits` digits with a random sign when asked.
  mpz integer(int decimal_digits, bool random_sign) {
    mpz r;
    const mpz lo = power_of_ten(static_cast<unsigned long>(decimal_digits - 1));
    mpz span;
    mpz_mul_ui(span.get(), lo.get(), 9);
    mpz_urandomm(r.get(), state_, span.get());
    mpz_add(r.get(), r.get(), lo.get());
    if (random_sign && coin()) mpz_neg(r.get(), r.get());
    return r;
  }
  // A number of `digit_count` digits uniform in [-6, 6].
  signed_digit::number digits(int digit_count, std::int32_t exponent) {
    std::vector<std::int8_t> d(static_cast<std::size_t>(digit_count));
    for (auto& v : d) v = static_cast<std::int8_t>(between(-6, 6));
    return signed_digit::number(std::move(d), exponent);
  }

 private:
  gmp_randstate_t state_;
};

// A number with every digit equal to `d`.
inline signed_digit::number constant_digits(int digit_count, int d, std::int32_t exponent = 0) {
  return signed_digit::number(
      std::vector<std::int8_t>(static_cast<std::size_t>(digit_count), static_cast<std::int8_t>(d)), exponent);
}

// A string of `count` copies of `c`.
inline std::string repeated(std::size_t count, char c) { return std::string(count, c); }

// The raw storage of an array on the host: digits row-major (digit position, then the padded
// number index), exponents.
struct raw_storage {
  int digit_count = 0;
  std::int64_t stride = 0;
  std::vector<std::int8_t> digits;
  std::vector<std::int32_t> exponents;
  bool operator==(const raw_storage& o) const {
    return digit_count == o.digit_count && stride == o.stride && digits == o.digits && exponents == o.exponents;
  }
};

template <class MemorySpace>
raw_storage raw(const signed_digit::array<MemorySpace>& a) {
  Kokkos::fence();
  raw_storage r;
  r.digit_count = a.digit_count();
  r.stride = a.stride();
  auto d = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.digits());
  auto e = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.exponents());
  for (int i = 0; i < r.digit_count; ++i)
    for (std::int64_t j = 0; j < r.stride; ++j) r.digits.push_back(d(i, j));
  r.exponents.assign(e.data(), e.data() + e.extent(0));
  return r;
}

// Every digit of the array's numbers in [-6, 6], and the padding beyond the last number zero
// (the column sums read whole padded rows on the GPU).
template <class MemorySpace>
::testing::AssertionResult digits_in_range(const signed_digit::array<MemorySpace>& a) {
  const raw_storage r = raw(a);
  const std::int64_t k = static_cast<std::int64_t>(a.size());
  for (int i = 0; i < r.digit_count; ++i) {
    for (std::int64_t j = 0; j < r.stride; ++j) {
      const int d = r.digits[static_cast<std::size_t>(i * r.stride + j)];
      if (j < k && (d < -6 || d > 6)) {
        return ::testing::AssertionFailure() << "digit " << d << " at position " << i << " of number " << j;
      }
      if (j >= k && d != 0) {
        return ::testing::AssertionFailure() << "padding digit " << d << " at position " << i << ", column " << j;
      }
    }
  }
  return ::testing::AssertionSuccess();
}

// A new array of the space holding `values` (each with at most `digit_count` used digits).
template <class Space>
signed_digit::array<typename Space::memory_space> stored(const std::vector<signed_digit::number>& values,
                                                         int digit_count, const std::string& label) {
  signed_digit::array<typename Space::memory_space> a(static_cast<std::int64_t>(values.size()), digit_count, label);
  signed_digit::copy_from_host(a, values);
  return a;
}

// The exact values an array holds (read back through copy_to_host, valued with GMP).
template <class MemorySpace>
std::vector<scaled> exact_values(const signed_digit::array<MemorySpace>& a) {
  Kokkos::fence();
  return exact_values(signed_digit::copy_to_host(a));
}

// Runs `call` and expects an signed_digit::overflow_error.
template <class Call>
void expect_overflow(Call&& call, const std::string& what) {
  try {
    call();
    ADD_FAILURE() << "no signed_digit::overflow_error for " << what;
  } catch (const signed_digit::overflow_error&) {
  }
}

// Whether the test runs on a host backend (smaller sizes for the sequential method 1 there).
template <class Space>
constexpr bool on_host() {
  return std::is_same<typename Space::memory_space, Kokkos::HostSpace>::value;
}

}  // namespace kamp::test::sd_support
