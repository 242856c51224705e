#pragma once
// mp_array<N>: an array of RNS numbers as a structure of arrays in Kokkos Views (Isupov and
// Knyazkov's Table 2): digits (L*N, the residues of one number consecutive), sign (L), exp (L), eval
// (2L: all lower bounds, then all upper bounds) and buf (L, the plans passed between the
// stages of an operation). Copies are shallow, like Views. Element j of a BLAS vector with
// increment inc is element j*inc of the array.
#include <Kokkos_Core.hpp>

#include <string>
#include <vector>

#include "core/allocation.hpp"
#include "core/error.hpp"
#include "rns/add.hpp"
#include "rns/mp_float.hpp"
#include "rns/residue_copy.hpp"

namespace kamp::rns {

template <int N, class MemorySpace = Kokkos::DefaultExecutionSpace::memory_space>
struct mp_array {
  using format = mp_float<N>;
  using memory_space = MemorySpace;

  Kokkos::View<residue*, MemorySpace> digits;
  Kokkos::View<std::int32_t*, MemorySpace> sign;
  Kokkos::View<std::int32_t*, MemorySpace> exp;
  Kokkos::View<core::er_float*, MemorySpace> eval;
  Kokkos::View<add_plan*, MemorySpace> buf;
  std::size_t length = 0;

  mp_array() = default;
  explicit mp_array(std::size_t L, const std::string& label = "kamp::rns::mp_array")
      : digits(make<residue>(label + "::digits", N * core::checked_length<MemorySpace>("kamp::rns::mp_array", label, L,
                                                                                       bytes_per_element))),
        sign(make<std::int32_t>(label + "::sign", L)),
        exp(make<std::int32_t>(label + "::exp", L)),
        eval(make<core::er_float>(label + "::eval", 2 * L)),
        buf(make<add_plan>(label + "::buf", L)),
        length(L) {}

  KOKKOS_INLINE_FUNCTION std::size_t size() const { return length; }

  KOKKOS_INLINE_FUNCTION mp_header header(std::size_t j) const {
    mp_header h;
    h.sign = sign(j);
    h.exp = exp(j);
    h.eval[0] = eval(j);
    h.eval[1] = eval(length + j);
    return h;
  }

  KOKKOS_INLINE_FUNCTION void set_header(std::size_t j, const mp_header& h) const {
    sign(j) = h.sign;
    exp(j) = h.exp;
    eval(j) = h.eval[0];
    eval(length + j) = h.eval[1];
  }

  KOKKOS_INLINE_FUNCTION residue* digits_of(std::size_t j) const { return digits.data() + j * N; }

  KOKKOS_INLINE_FUNCTION mp_float<N> load(std::size_t j) const {
    mp_float<N> x = mp_float<N>::with_header(header(j));
    load_residues<N>(digits_of(j), x.digits);
    return x;
  }

  KOKKOS_INLINE_FUNCTION void store(std::size_t j, const mp_float<N>& x) const {
    set_header(j, x);
    store_residues<N>(x.digits, digits_of(j));
  }

 private:
  static constexpr double bytes_per_element =
      N * sizeof(residue) + 2 * sizeof(std::int32_t) + 2 * sizeof(core::er_float) + sizeof(add_plan);

  // Zeroed: a new array holds zeros.
  template <class T>
  static Kokkos::View<T*, MemorySpace> make(const std::string& label, std::size_t n) {
    return core::allocate<Kokkos::View<T*, MemorySpace>>("kamp::rns::mp_array", label, core::initial_values::zero, n);
  }
};

// Bulk transfers: one deep_copy per field, never element by element.
template <int N, class MemorySpace>
void copy_from_host(const mp_array<N, MemorySpace>& a, const std::vector<mp_float<N>>& values) {
  require_argument(values.size() == a.size(), "kamp::rns::copy_from_host", "values.size()", values.size(),
                   "must equal the array length " + std::to_string(a.size()));
  auto digits = Kokkos::create_mirror_view(a.digits);
  auto sign = Kokkos::create_mirror_view(a.sign);
  auto exp = Kokkos::create_mirror_view(a.exp);
  auto eval = Kokkos::create_mirror_view(a.eval);
  for (std::size_t j = 0; j < values.size(); ++j) {
    for (int i = 0; i < N; ++i) digits(j * N + i) = values[j].digits[i];
    sign(j) = values[j].sign;
    exp(j) = values[j].exp;
    eval(j) = values[j].eval[0];
    eval(a.size() + j) = values[j].eval[1];
  }
  Kokkos::deep_copy(a.digits, digits);
  Kokkos::deep_copy(a.sign, sign);
  Kokkos::deep_copy(a.exp, exp);
  Kokkos::deep_copy(a.eval, eval);
}

// Element values of `from` into `to` (same length, same space): the fields, not the plans in buf.
template <int N, class MemorySpace>
void copy_values(const mp_array<N, MemorySpace>& from, const mp_array<N, MemorySpace>& to) {
  require_argument(from.size() == to.size(), "kamp::rns::copy_values", "from.size()", from.size(),
                   "must equal the destination's length " + std::to_string(to.size()));
  Kokkos::deep_copy(to.digits, from.digits);
  Kokkos::deep_copy(to.sign, from.sign);
  Kokkos::deep_copy(to.exp, from.exp);
  Kokkos::deep_copy(to.eval, from.eval);
}

template <int N, class MemorySpace>
std::vector<mp_float<N>> copy_to_host(const mp_array<N, MemorySpace>& a) {
  const auto digits = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.digits);
  const auto sign = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.sign);
  const auto exp = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.exp);
  const auto eval = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a.eval);
  std::vector<mp_float<N>> values(a.size());
  for (std::size_t j = 0; j < values.size(); ++j) {
    for (int i = 0; i < N; ++i) values[j].digits[i] = digits(j * N + i);
    values[j].sign = sign(j);
    values[j].exp = exp(j);
    values[j].eval[0] = eval(j);
    values[j].eval[1] = eval(a.size() + j);
  }
  return values;
}

}  // namespace kamp::rns
