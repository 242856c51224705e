#pragma once
// The split-kernel stages of elementwise operations on mp_arrays (Isupov and Knyazkov, section 4):
// esi (one thread per element: sign, exponent, interval, plan into buf), digits (one thread
// per residue, consecutive threads on consecutive residues of one number, so every access
// is coalesced) and round (one thread per element). Each is a named functor so profiles
// read well; the arithmetic is the scalar code's, so results match it bit for bit.
#include <cstdint>

#include "rns/index_maps.hpp"
#include "rns/mp_array.hpp"
#include "rns/mul.hpp"

namespace kamp::rns {

// An operand: an mp_array and the map from the operation's element index to its storage.
template <int N, class MemorySpace, class Map = vector_map>
struct operand {
  mp_array<N, MemorySpace> array;
  Map map;
  KOKKOS_INLINE_FUNCTION std::size_t at(std::int64_t e) const { return map(e); }
};

template <int N, class MemorySpace>
struct add_esi_stage {
  operand<N, MemorySpace> x, y, z;
  bool negate_y;
  const basis_constants<N>* b;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t j) const {
    const std::size_t jx = x.at(j), jy = y.at(j), jz = z.at(j);
    mp_header hz;
    const add_plan plan = add_esi<N>(x.array.header(jx), x.array.digits_of(jx), y.array.header(jy),
                                     y.array.digits_of(jy), negate_y, hz, *b);
    z.array.set_header(jz, hz);
    z.array.buf(jz) = plan;
  }
};

template <int N, class MemorySpace>
struct add_digits_stage {
  operand<N, MemorySpace> x, y, z;
  const basis_constants<N>* b;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t t) const {
    const std::int64_t j = t / N;
    const int i = static_cast<int>(t - j * N);
    const std::size_t jz = z.at(j);
    z.array.digits(jz * N + i) =
        add_digit<N>(x.array.digits(x.at(j) * N + i), y.array.digits(y.at(j) * N + i), z.array.buf(jz), i, *b);
  }
};

// x * y, or alpha * x when `scalar` is set (y unused), in the operand order of the scalar mul.
template <int N, class MemorySpace, class XMap = vector_map, class YMap = vector_map>
struct mul_esi_stage {
  operand<N, MemorySpace, XMap> x;
  operand<N, MemorySpace, YMap> y;
  operand<N, MemorySpace> z;
  bool scalar;
  mp_float<N> alpha;
  const basis_constants<N>* b;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t j) const {
    mp_header hz;
    const mp_header hx = x.array.header(x.at(j));
    if (scalar) {
      mul_esi<N>(alpha, hx, hz, *b);
    } else {
      mul_esi<N>(hx, y.array.header(y.at(j)), hz, *b);
    }
    z.array.set_header(z.at(j), hz);
  }
};

template <int N, class MemorySpace, class XMap = vector_map, class YMap = vector_map>
struct mul_digits_stage {
  operand<N, MemorySpace, XMap> x;
  operand<N, MemorySpace, YMap> y;
  operand<N, MemorySpace> z;
  bool scalar;
  mp_float<N> alpha;
  const basis_constants<N>* b;

  // Residues per thread: four (one 16-byte access per operand) when N allows. With one residue a
  // thread, the element's 64-bit index maps and header test would be most of the stage's
  // instructions; four residues share them.
  static constexpr int per_thread = N % 4 == 0 ? 4 : 1;
  static std::int64_t threads(std::int64_t elements) { return elements * (N / per_thread); }

  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t t) const {
    constexpr int groups = N / per_thread;
    const std::int64_t j = t / groups;
    const int first = static_cast<int>(t - j * groups) * per_thread;
    const std::size_t jz = z.at(j);
    // The esi stage left a finite nonzero header exactly when the residues are to be multiplied.
    const std::int32_t active = z.array.exp(jz) != exponent_inf && z.array.exp(jz) != exponent_nan &&
                                !z.array.eval(z.array.length + jz).is_zero();
    residue xs[per_thread], ys[per_thread], zs[per_thread];
    load_residues<per_thread>(x.array.digits_of(x.at(j)) + first, xs);
    if (scalar) {
      for (int r = 0; r < per_thread; ++r) ys[r] = alpha.digits[first + r];
    } else {
      load_residues<per_thread>(y.array.digits_of(y.at(j)) + first, ys);
    }
    for (int r = 0; r < per_thread; ++r) zs[r] = mul_digit<N>(xs[r], ys[r], active, first + r, *b);
    store_residues<per_thread>(zs, z.array.digits_of(jz) + first);
  }
};

template <int N, class MemorySpace>
struct round_stage_kernel {
  operand<N, MemorySpace> z;
  bool with_plan;  // additions pass their flags through buf; multiplications have none
  const basis_constants<N>* b;
  // Most elements round to themselves (a GEMV on the paper's p/4-bit data rounds almost none):
  // those are decided from exp and eval alone and nothing is written back.
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t j) const {
    const std::size_t jz = z.at(j);
    const std::int32_t flags = with_plan ? z.array.buf(jz).flags : round_plain;
    mp_header hz;
    hz.exp = z.array.exp(jz);
    hz.eval[0] = z.array.eval(jz);
    hz.eval[1] = z.array.eval(z.array.length + jz);
    if (rounds_to_itself<N>(hz, flags, hz.exp, *b)) return;
    hz.sign = z.array.sign(jz);
    detail::round_in_full<N>(hz, z.array.digits_of(jz), flags, hz.exp, *b);
    z.array.set_header(jz, hz);
  }
};

}  // namespace kamp::rns
