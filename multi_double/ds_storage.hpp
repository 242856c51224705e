#pragma once
// D+S "triple precision" storage (Mukunoki and Takahashi): a value is kept as
// {double hi; float lo}, 12 bytes, and all arithmetic is done in dd_real. Loading widens lo
// exactly; storing rounds lo to the nearest float and renormalises the pair, so that every stored
// pair, and so every loaded dd_real, is canonical (hi = fl(hi + lo)). Two layouts with the
// array_type contract of formats/format_traits.hpp:
//   ds_soa_array: a View<double*> of his and a View<float*> of los (coalesced, 8 + 4 bytes);
//   ds_aos_array: 3 32-bit words per element, exactly 12 bytes, hi's low word, hi's high word,
//                 then lo's bits, reinterpreted with memcpy on the host and CUDA's bit-cast
//                 intrinsics on the device (same little-endian word order on both).
// Values written into the views directly must be canonical pairs too.
//
// Store bound: lo of a dd_real satisfies |lo| <= ulp(hi)/2 <= 2^-53 |hi|, and rounding it to a
// float changes it by at most 2^-24 |lo| while lo is a normal float, so the stored value is
// within 2^-77 |hi| <= 2^-77 (1 + 2^-52) |value| of the dd value (the renormalisation is exact).
// That needs 2^-73 <= |hi| <= 2^180 (lo a normal float, no float overflow). The ends:
// - below, lo becomes a subnormal float or 0: the error grows towards plain double's (at most
//   2^-150 absolute from lo), and the pair stays canonical: a lo that rounds to exactly half an
//   ulp of an odd hi (common there, where ulp(hi)/2 is a float subnormal's spacing) is stored as
//   hi's even neighbour and -lo;
// - above, a lo beyond the float range is dropped: the stored value is hi, within 2^-53;
// - +-Inf and NaN are stored with lo = 0; -0 keeps its sign.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/allocation.hpp"
#include "core/eft.hpp"
#include "core/error.hpp"
#include "multi_double/dd_real.hpp"
#include "multi_double/range_edges.hpp"

namespace kamp::multi_double {

struct ds_soa {};  // format tags (format_traits<ds_soa>, format_traits<ds_aos>: multi_double/ds_format.hpp)
struct ds_aos {};

namespace detail {

KOKKOS_FORCEINLINE_FUNCTION float round_to_float(double x) {
#ifdef __CUDA_ARCH__
  return __double2float_rn(x);
#else
  return static_cast<float>(x);  // round to nearest in the default rounding mode
#endif
}

// What a dd_real is stored as: hi and lo rounded to a float, renormalised (3 flops, a test and
// a select per store; loads, which the BLAS does far more often, take the pair as it is). Where
// lo rounds to exactly ulp(hi)/2 next to an odd hi the sum is a tie, and FastTwoSum moves hi to
// its even neighbour and lo to -lo (a float still); otherwise it changes nothing.
struct stored_pair {
  double hi;
  float lo;
};
KOKKOS_FORCEINLINE_FUNCTION stored_pair stored_form(const dd_real& v) {
  const float lo = round_to_float(v.lo);
  double rest = 0;
  const double hi = core::fast_two_sum(v.hi, static_cast<double>(lo), rest);
  if (!ordinary(hi)) return {v.hi, 0.0f};  // +-0, Inf, NaN, or a lo beyond the float range
  return {hi, static_cast<float>(rest)};
}

KOKKOS_FORCEINLINE_FUNCTION void pack(double hi, float lo, std::uint32_t* w) {
#ifdef __CUDA_ARCH__
  w[0] = static_cast<std::uint32_t>(__double2loint(hi));
  w[1] = static_cast<std::uint32_t>(__double2hiint(hi));
  w[2] = static_cast<std::uint32_t>(__float_as_int(lo));
#else
  std::uint64_t bits = 0;
  std::memcpy(&bits, &hi, sizeof bits);
  w[0] = static_cast<std::uint32_t>(bits);
  w[1] = static_cast<std::uint32_t>(bits >> 32);
  std::memcpy(&w[2], &lo, sizeof lo);
#endif
}

KOKKOS_FORCEINLINE_FUNCTION dd_real unpack(const std::uint32_t* w) {
#ifdef __CUDA_ARCH__
  const double hi = __hiloint2double(static_cast<int>(w[1]), static_cast<int>(w[0]));
  const float lo = __int_as_float(static_cast<int>(w[2]));
#else
  const std::uint64_t bits = (static_cast<std::uint64_t>(w[1]) << 32) | w[0];
  double hi = 0;
  float lo = 0;
  std::memcpy(&hi, &bits, sizeof hi);
  std::memcpy(&lo, &w[2], sizeof lo);
#endif
  return dd_real(hi, static_cast<double>(lo));
}

}  // namespace detail

template <class MemorySpace>
struct ds_soa_array {
  using format = ds_soa;
  using value_type = dd_real;
  using memory_space = MemorySpace;

  Kokkos::View<double*, MemorySpace> hi;
  Kokkos::View<float*, MemorySpace> lo;

  ds_soa_array() = default;
  explicit ds_soa_array(std::size_t n, const std::string& label = "kamp::multi_double::ds_soa_array")
      : hi(core::allocate<Kokkos::View<double*, MemorySpace>>(
            "kamp::multi_double::ds_soa_array", label + ".hi", core::initial_values::zero,
            core::checked_length<MemorySpace>("kamp::multi_double::ds_soa_array", label, n, 12))),
        lo(core::allocate<Kokkos::View<float*, MemorySpace>>("kamp::multi_double::ds_soa_array", label + ".lo",
                                                             core::initial_values::zero, n)) {}

  KOKKOS_INLINE_FUNCTION std::size_t size() const { return hi.extent(0); }
  KOKKOS_INLINE_FUNCTION dd_real load(std::size_t i) const { return dd_real(hi(i), static_cast<double>(lo(i))); }
  KOKKOS_INLINE_FUNCTION void store(std::size_t i, const dd_real& v) const {
    const detail::stored_pair p = detail::stored_form(v);
    hi(i) = p.hi;
    lo(i) = p.lo;
  }
};

template <class MemorySpace>
struct ds_aos_array {
  using format = ds_aos;
  using value_type = dd_real;
  using memory_space = MemorySpace;
  static constexpr std::size_t words_per_element = 3;  // 12 bytes, no padding

  Kokkos::View<std::uint32_t*, MemorySpace> words;

  ds_aos_array() = default;
  explicit ds_aos_array(std::size_t n, const std::string& label = "kamp::multi_double::ds_aos_array")
      : words(core::allocate<Kokkos::View<std::uint32_t*, MemorySpace>>(
            "kamp::multi_double::ds_aos_array", label, core::initial_values::zero,
            words_per_element * core::checked_length<MemorySpace>("kamp::multi_double::ds_aos_array", label, n, 12))) {}

  KOKKOS_INLINE_FUNCTION std::size_t size() const { return words.extent(0) / words_per_element; }
  KOKKOS_INLINE_FUNCTION dd_real load(std::size_t i) const { return detail::unpack(&words(words_per_element * i)); }
  KOKKOS_INLINE_FUNCTION void store(std::size_t i, const dd_real& v) const {
    const detail::stored_pair p = detail::stored_form(v);
    detail::pack(p.hi, p.lo, &words(words_per_element * i));
  }
};

namespace detail {
template <class Array>
void require_length(const Array& a, std::size_t n) {
  require_argument(n == a.size(), "kamp::copy_from_host", "values.size()", n,
                   "must equal the array length " + std::to_string(a.size()));
}

// Bulk transfers through a host copy of the array: the stores and loads run on the host.
template <class Array, class HostArray>
void copy_values(const Array& a, const HostArray& host_a, const std::vector<dd_real>& values) {
  require_length(a, values.size());
  for (std::size_t i = 0; i < values.size(); ++i) host_a.store(i, values[i]);
}
template <class HostArray>
std::vector<dd_real> read_values(const HostArray& host_a) {
  std::vector<dd_real> out(host_a.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = host_a.load(i);
  return out;
}
}  // namespace detail

template <class MemorySpace>
void copy_from_host(const ds_soa_array<MemorySpace>& a, const std::vector<dd_real>& values) {
  ds_soa_array<Kokkos::HostSpace> h;
  h.hi = Kokkos::create_mirror_view(a.hi);
  h.lo = Kokkos::create_mirror_view(a.lo);
  detail::copy_values(a, h, values);
  Kokkos::deep_copy(a.hi, h.hi);
  Kokkos::deep_copy(a.lo, h.lo);
}

template <class MemorySpace>
std::vector<dd_real> copy_to_host(const ds_soa_array<MemorySpace>& a) {
  ds_soa_array<Kokkos::HostSpace> h;
  h.hi = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.hi);
  h.lo = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.lo);
  return detail::read_values(h);
}

template <class MemorySpace>
void copy_from_host(const ds_aos_array<MemorySpace>& a, const std::vector<dd_real>& values) {
  ds_aos_array<Kokkos::HostSpace> h;
  h.words = Kokkos::create_mirror_view(a.words);
  detail::copy_values(a, h, values);
  Kokkos::deep_copy(a.words, h.words);
}

template <class MemorySpace>
std::vector<dd_real> copy_to_host(const ds_aos_array<MemorySpace>& a) {
  ds_aos_array<Kokkos::HostSpace> h;
  h.words = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.words);
  return detail::read_values(h);
}

}  // namespace kamp::multi_double
