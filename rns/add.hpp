#pragma once
// Addition and subtraction as three stages (Isupov and Knyazkov, section 4):
//   add_esi    sign, exponent, interval and alignment plan from the operands' exponents
//              and intervals, one thread per element;
//   add_digit  one residue of the result from the plan, one thread per residue;
//   round_stage  exact sign or re-evaluation when needed, then truncation to q bits and
//              the exponent range (x + 0 is x exactly, the largest finite value included).
// Alignment multiplies the significand with the larger exponent by 2^d. When that would
// exceed 2q - 2 bits, the other significand is first truncated by t <= 4 bits (its low
// bits are then far below the result's last bit); when the smaller operand is below 2^-q
// of the larger in magnitude, it is dropped.
#include <cstdint>

#include "rns/montgomery.hpp"
#include "rns/round_stage.hpp"

namespace kamp::rns {

// How one operand enters the sum: dropped, multiplied by 2^shift (shift >= 0), or
// truncated by -shift bits, i.e. (v - remainder) * 2^shift with remainder = v mod 2^-shift.
struct term_plan {
  static constexpr std::int32_t dropped = -1000;
  std::int32_t shift = dropped;
  std::int32_t remainder = 0;
};

enum class combine : std::int32_t { add, x_minus_y, y_minus_x };

// What the esi stage hands to the digit and round stages (the paper's buf entry).
struct add_plan {
  term_plan x, y;
  combine op = combine::add;
  std::int32_t flags = round_plain;
};

namespace detail {

// Bounds of a term in units of M: [lo, up] >= term / M.
template <int N>
KOKKOS_INLINE_FUNCTION void term_bounds(const mp_header& v, const term_plan& t, const basis_constants<N>& b,
                                        core::er_float& lo, core::er_float& up) {
  if (t.shift >= 0) {
    lo = v.eval[0].scaled(t.shift);
    up = v.eval[1].scaled(t.shift);
  } else {
    const core::er_float lowered = core::sub_rd(v.eval[0].scaled(t.shift), b.inv_M_ru);
    lo = lowered.sign() > 0 ? lowered : core::er_float{};
    up = v.eval[1].scaled(t.shift);
  }
}

// u when first, else v: a copy chosen field by field, i.e. register selects on a GPU.
KOKKOS_INLINE_FUNCTION mp_header pick(bool first, const mp_header& u, const mp_header& v) {
  mp_header h;
  h.sign = first ? u.sign : v.sign;
  h.exp = first ? u.exp : v.exp;
  for (int k = 0; k < 2; ++k) {
    h.eval[k].frac = first ? u.eval[k].frac : v.eval[k].frac;
    h.eval[k].exp = first ? u.eval[k].exp : v.eval[k].exp;
  }
  return h;
}

KOKKOS_INLINE_FUNCTION bool special_sum(const mp_header& x, const mp_header& y, std::int32_t y_sign, mp_header& z) {
  if (x.is_nan() || y.is_nan() || (x.is_inf() && y.is_inf() && x.sign != y_sign)) {
    z = mp_header::nan();
    return true;
  }
  if (x.is_inf() || y.is_inf()) {
    z = mp_header::inf(x.is_inf() ? x.sign : y_sign);
    return true;
  }
  return false;
}

// What add_esi does once both terms are planned (a: the term with the larger exponent, x when
// x_leads; c: the other): the sign, the operation and z's interval, flagging an undecided sign
// or a cancellation. z.exp is the caller's.
template <int N>
KOKKOS_INLINE_FUNCTION add_plan combine_planned(const mp_header& a, const term_plan& a_plan, std::int32_t a_sign,
                                                const mp_header& c, const term_plan& c_plan, std::int32_t c_sign,
                                                bool x_leads, mp_header& z, const basis_constants<N>& b) {
  add_plan plan;
  plan.x = x_leads ? a_plan : c_plan;
  plan.y = x_leads ? c_plan : a_plan;
  core::er_float a_lo, a_up, c_lo, c_up;
  detail::term_bounds<N>(a, a_plan, b, a_lo, a_up);
  detail::term_bounds<N>(c, c_plan, b, c_lo, c_up);
  if (a_sign == c_sign) {
    plan.op = combine::add;
    z.sign = a_sign;
    z.eval[0] = core::add_rd(a_lo, c_lo);
    z.eval[1] = core::add_ru(a_up, c_up);
    return plan;
  }
  // Opposite signs: subtract the smaller magnitude when the intervals tell which it is.
  const bool a_larger = core::compare(a_lo, c_up) > 0, c_larger = core::compare(c_lo, a_up) > 0;
  const bool subtract_c = !c_larger;
  plan.op = (subtract_c == x_leads) ? combine::x_minus_y : combine::y_minus_x;
  z.sign = subtract_c ? a_sign : c_sign;
  if (!a_larger && !c_larger) {
    plan.flags = round_exact_sign;
    return plan;
  }
  z.eval[0] = subtract_c ? core::sub_rd(a_lo, c_up) : core::sub_rd(c_lo, a_up);
  z.eval[1] = subtract_c ? core::sub_ru(a_up, c_lo) : core::sub_ru(c_up, a_lo);
  // Cancellation leaves a wide interval: re-evaluate when it is wider than 2^-30 relative.
  if (core::compare(core::mul_rd(z.eval[1], core::er_float::make(1.0 - 0x1.0p-30)), z.eval[0]) > 0)
    plan.flags = round_reevaluate;
  return plan;
}

}  // namespace detail

// Plans z = x + (-1)^negate_y y from the headers (and, rarely, the residues of the operand
// to be truncated). z receives sign, exponent and interval; its residues are add_digit's.
template <int N>
KOKKOS_INLINE_FUNCTION add_plan add_esi(const mp_header& x, const residue* x_digits, const mp_header& y,
                                        const residue* y_digits, bool negate_y, mp_header& z,
                                        const basis_constants<N>& b) {
  constexpr int q = basis_constants<N>::significand_bits;
  const std::int32_t y_sign = y.sign ^ static_cast<std::int32_t>(negate_y);
  add_plan plan;
  z.sign = 0;
  z.exp = 0;
  z.eval[0] = z.eval[1] = core::er_float{};
  if (detail::special_sum(x, y, y_sign, z)) return plan;
  if (x.is_zero() && y.is_zero()) return plan;
  if (x.is_zero() || y.is_zero()) {
    const mp_header v = detail::pick(x.is_zero(), y, x);
    if (x.is_zero())
      plan.y.shift = 0;
    else
      plan.x.shift = 0;
    z.sign = x.is_zero() ? y_sign : x.sign;
    z.exp = v.exp;
    z.eval[0] = v.eval[0];
    z.eval[1] = v.eval[1];
    return plan;
  }
  // a: the operand with the larger exponent; c: the other. Both are copies, picked field by
  // field, and the plan's two terms are values placed at the end: references that pick x or y
  // at run time would put both operands and the plan in local memory on a GPU.
  const bool x_leads = x.exp >= y.exp;
  const mp_header a = detail::pick(x_leads, x, y), c = detail::pick(x_leads, y, x);
  const residue* c_digits = x_leads ? y_digits : x_digits;
  const std::int32_t a_sign = x_leads ? x.sign : y_sign, c_sign = x_leads ? y_sign : x.sign;
  term_plan a_plan, c_plan;
  const std::int64_t d = static_cast<std::int64_t>(a.exp) - c.exp;
  const std::int64_t a_bits_hi = bit_length_bound<N>(a.eval[1], b);
  const std::int64_t a_bits_lo = bit_length_floor<N>(a.eval[0], b);
  const std::int64_t c_bits_hi = bit_length_bound<N>(c.eval[1], b);
  if (d + a_bits_lo - 1 - c_bits_hi >= q + 1) {
    // |c| < 2^-q |a|: dropping c changes the result by less than the rounding would.
    a_plan.shift = 0;
    z.sign = a_sign;
    z.exp = a.exp;
    z.eval[0] = a.eval[0];
    z.eval[1] = a.eval[1];
    plan.x = x_leads ? a_plan : c_plan;
    plan.y = x_leads ? c_plan : a_plan;
    return plan;
  }
  const std::int64_t excess = a_bits_hi + d - (2 * q - 2);
  const int t = excess > 0 ? static_cast<int>(excess) : 0;
  a_plan.shift = static_cast<std::int32_t>(d - t);
  c_plan.shift = -t;
  if (t > 0) {
    residue s[N];
    for (int i = 0; i < N; ++i) s[i] = mod_mul(c_digits[i], b.w[i], b.m[i], b.inv_m[i]);
    const double rank = crt_rank<N>(s, b, 0.5 * (c.eval[0].to_double() + c.eval[1].to_double()));
    std::uint64_t r[basis_constants<N>::words];
    low_bits<N>(s, static_cast<std::uint64_t>(rank), t, b, r);
    c_plan.remainder = static_cast<std::int32_t>(r[0]);
  }
  z.exp = static_cast<std::int32_t>(c.exp + t);
  return detail::combine_planned<N>(a, a_plan, a_sign, c, c_plan, c_sign, x_leads, z, b);
}

namespace detail {

// A term of shift -k (k > 0): (v - remainder) 2^-k mod m, exact since the remainder is v mod 2^k.
KOKKOS_INLINE_FUNCTION residue truncated_term(residue v, std::int32_t remainder, residue m, double inv_m,
                                              residue inv_pow2_k) {
  return mod_mul(mod_sub(v, static_cast<residue>(remainder % m), m), inv_pow2_k, m, inv_m);
}

}  // namespace detail

// Whether the plan truncates a term, which add_digit handles with a second multiplication.
KOKKOS_INLINE_FUNCTION bool truncates(const add_plan& plan) {
  const auto truncated = [](const term_plan& t) { return t.shift < 0 && t.shift != term_plan::dropped; };
  return truncated(plan.x) || truncated(plan.y);
}

// Residue i of the planned sum. add_esi gives at most one term a positive shift (the leading
// one; shift 0 when the exponents agree) and the other a shift of 0, a truncation (shift < 0)
// or dropped, so every residue costs one table row and one modular multiplication; only the
// rare truncation takes a second. MayTruncate = false is for callers that checked
// truncates(plan) once for all residues, which spares each residue that branch.
template <int N, bool MayTruncate = true>
KOKKOS_INLINE_FUNCTION residue add_digit(residue xi, residue yi, const add_plan& plan, int i,
                                         const basis_constants<N>& b) {
  const residue m = b.m[i];
  const bool x_leads = plan.x.shift >= plan.y.shift;
  const std::int32_t lead_shift = x_leads ? plan.x.shift : plan.y.shift;
  const std::int32_t other_shift = x_leads ? plan.y.shift : plan.x.shift;
  const residue lead_digit = x_leads ? xi : yi, other_digit = x_leads ? yi : xi;
  // Both dropped (a zero, infinite or NaN result) is the only case with a lead below 0. The
  // factor is in Montgomery form: one mont_mul has no 64-bit int <-> double conversion.
  const residue scaled = mont_mul(lead_digit, b.pow2_mont[lead_shift > 0 ? lead_shift : 0][i], m, b.mont_neg_inv[i]);
  const residue t_lead = lead_shift >= 0 ? scaled : 0;
  residue t_other = other_shift == 0 ? other_digit : 0;
  if constexpr (MayTruncate) {
    if (other_shift < 0 && other_shift != term_plan::dropped)
      t_other = detail::truncated_term(other_digit, x_leads ? plan.y.remainder : plan.x.remainder, m, b.inv_m[i],
                                       b.inv_pow2[-other_shift][i]);
  }
  const residue tx = x_leads ? t_lead : t_other, ty = x_leads ? t_other : t_lead;
  // One modular subtraction u - v for all three combinations (x + y is x - (m - y)): a switch
  // would diverge wherever a warp's threads add and subtract.
  const bool swapped = plan.op == combine::y_minus_x;
  const residue u = swapped ? ty : tx, w = swapped ? tx : ty;
  const residue v = plan.op == combine::add && w != 0 ? m - w : w;
  return mod_sub(u, v, m);
}

// x + (-1)^negate_y y: the three stages in sequence, as the array kernels run them.
template <int N>
KOKKOS_INLINE_FUNCTION mp_float<N> add_signed(const mp_float<N>& x, const mp_float<N>& y, bool negate_y,
                                              const basis_constants<N>& b) {
  mp_float<N> z;
  const add_plan plan = add_esi<N>(x, x.digits, y, y.digits, negate_y, z, b);
  for (int i = 0; i < N; ++i) z.digits[i] = add_digit<N>(x.digits[i], y.digits[i], plan, i, b);
  round_stage<N>(z, plan.flags, b);
  return z;
}

template <int N>
KOKKOS_INLINE_FUNCTION mp_float<N> add(const mp_float<N>& x, const mp_float<N>& y, const basis_constants<N>& b) {
  return add_signed<N>(x, y, false, b);
}

template <int N>
KOKKOS_INLINE_FUNCTION mp_float<N> sub(const mp_float<N>& x, const mp_float<N>& y, const basis_constants<N>& b) {
  return add_signed<N>(x, y, true, b);
}

}  // namespace kamp::rns
