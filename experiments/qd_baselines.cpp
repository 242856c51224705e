#include "experiments/qd_baselines.hpp"

#include <omp.h>
#include <qd/dd_real.h>
#include <qd/qd_real.h>

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <type_traits>

namespace kamp::experiments::qd_baseline {

namespace {

// QD's type for a kamp format, and the exact conversion.
template <class Format>
struct qd_type_of;
template <>
struct qd_type_of<multi_double::dd_real> {
  using type = ::dd_real;
  static type convert(const multi_double::dd_real& v) { return type(v.hi, v.lo); }
};
template <>
struct qd_type_of<multi_double::qd_real> {
  using type = ::qd_real;
  static type convert(const multi_double::qd_real& v) { return type(v.c[0], v.c[1], v.c[2], v.c[3]); }
};

template <class Format>
Format from_qd(const typename qd_type_of<Format>::type& v) {
  if constexpr (std::is_same<Format, multi_double::dd_real>::value) {
    return Format(v.x[0], v.x[1]);
  } else {
    Format r;
    for (int i = 0; i < 4; ++i) r.c[i] = v.x[i];
    return r;
  }
}

template <class Format>
typename qd_type_of<Format>::type to_qd(const Format& v) {
  return qd_type_of<Format>::convert(v);
}

template <class Format>
std::vector<typename qd_type_of<Format>::type> to_qd(const std::vector<Format>& v) {
  std::vector<typename qd_type_of<Format>::type> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = to_qd(v[i]);
  return out;
}

template <class Loop>
double median_ms(Loop&& loop, int repetitions) {
  loop();
  std::vector<double> times;
  for (int r = 0; r < repetitions; ++r) {
    Kokkos::Timer timer;
    loop();
    times.push_back(timer.seconds() * 1e3);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

template <class Format>
double axpy_ms(const Format& alpha, const std::vector<Format>& x, const std::vector<Format>& y, int repetitions) {
  const auto qx = to_qd(x);
  auto qy = to_qd(y);
  const auto a = to_qd(alpha);
  const auto n = static_cast<std::int64_t>(qx.size());
  return median_ms(
      [&] {
#pragma omp parallel for schedule(static)
        for (std::int64_t i = 0; i < n; ++i) qy[i] = a * qx[i] + qy[i];
      },
      repetitions);
}

template <class Format>
double gemv_ms(char trans, std::int64_t n, const Format& alpha, const std::vector<Format>& A,
               const std::vector<Format>& x, const Format& beta, const std::vector<Format>& y, int repetitions) {
  using qd_value = typename qd_type_of<Format>::type;
  const auto qA = to_qd(A), qx = to_qd(x);
  auto qy = to_qd(y);
  const qd_value a = to_qd(alpha), b = to_qd(beta);
  if (trans == 'T')  // y_j = alpha (column j . x) + beta y_j: each thread walks whole columns
    return median_ms(
        [&] {
#pragma omp parallel for schedule(static)
          for (std::int64_t j = 0; j < n; ++j) {
            qd_value sum = 0.0;
            for (std::int64_t i = 0; i < n; ++i) sum += qA[i + j * n] * qx[i];
            qy[j] = a * sum + b * qy[j];
          }
        },
        repetitions);
  // 'N': each thread owns a block of 256 rows and adds the columns into it in order.
  constexpr std::int64_t rows = 256;
  return median_ms(
      [&] {
#pragma omp parallel for schedule(static)
        for (std::int64_t i0 = 0; i0 < n; i0 += rows) {
          const std::int64_t end = std::min(n, i0 + rows);
          qd_value sum[rows];
          for (std::int64_t i = i0; i < end; ++i) sum[i - i0] = 0.0;
          for (std::int64_t j = 0; j < n; ++j)
            for (std::int64_t i = i0; i < end; ++i) sum[i - i0] += qA[i + j * n] * qx[j];
          for (std::int64_t i = i0; i < end; ++i) qy[i] = a * sum[i - i0] + b * qy[i];
        }
      },
      repetitions);
}

template <class Format>
double gemm_ms(std::int64_t n, const Format& alpha, const std::vector<Format>& A, const std::vector<Format>& B,
               const Format& beta, const std::vector<Format>& C, int repetitions) {
  using qd_value = typename qd_type_of<Format>::type;
  const auto qA = to_qd(A), qB = to_qd(B);
  auto qC = to_qd(C);
  const qd_value a = to_qd(alpha), b = to_qd(beta);
  return median_ms(
      [&] {
#pragma omp parallel
        {
          std::vector<qd_value> sum(static_cast<std::size_t>(n));
#pragma omp for schedule(static)
          for (std::int64_t j = 0; j < n; ++j) {  // column j of C: sum_l A(:, l) B(l, j)
            std::fill(sum.begin(), sum.end(), qd_value(0.0));
            for (std::int64_t l = 0; l < n; ++l) {
              const qd_value blj = qB[l + j * n];
              for (std::int64_t i = 0; i < n; ++i) sum[i] += qA[i + l * n] * blj;
            }
            for (std::int64_t i = 0; i < n; ++i) qC[i + j * n] = a * sum[i] + b * qC[i + j * n];
          }
        }
      },
      repetitions);
}

template <class Format>
double function_ms(elementary::function_id f, const std::vector<Format>& x, std::vector<Format>& results,
                   int repetitions) {
  using qd_value = typename qd_type_of<Format>::type;
  using elementary::function_id;
  qd_value (*g)(const qd_value&) = nullptr;
  switch (f) {
    case function_id::exp:
      g = [](const qd_value& v) { return ::exp(v); };
      break;
    case function_id::log:
      g = [](const qd_value& v) { return ::log(v); };
      break;
    case function_id::log10:
      g = [](const qd_value& v) { return ::log10(v); };
      break;
    case function_id::sin:
      g = [](const qd_value& v) { return ::sin(v); };
      break;
    case function_id::cos:
      g = [](const qd_value& v) { return ::cos(v); };
      break;
    case function_id::tan:
      g = [](const qd_value& v) { return ::tan(v); };
      break;
    case function_id::asin:
      g = [](const qd_value& v) { return ::asin(v); };
      break;
    case function_id::acos:
      g = [](const qd_value& v) { return ::acos(v); };
      break;
    case function_id::atan:
      g = [](const qd_value& v) { return ::atan(v); };
      break;
    case function_id::sinh:
      g = [](const qd_value& v) { return ::sinh(v); };
      break;
    case function_id::cosh:
      g = [](const qd_value& v) { return ::cosh(v); };
      break;
    case function_id::tanh:
      g = [](const qd_value& v) { return ::tanh(v); };
      break;
    case function_id::asinh:
      g = [](const qd_value& v) { return ::asinh(v); };
      break;
    case function_id::acosh:
      g = [](const qd_value& v) { return ::acosh(v); };
      break;
    case function_id::atanh:
      g = [](const qd_value& v) { return ::atanh(v); };
      break;
    default:
      return -1;
  }
  const auto qx = to_qd(x);
  std::vector<qd_value> qy(qx.size());
  const auto n = static_cast<std::int64_t>(qx.size());
  const double ms = median_ms(
      [&] {
#pragma omp parallel for schedule(static)
        for (std::int64_t i = 0; i < n; ++i) qy[i] = g(qx[i]);
      },
      repetitions);
  results.resize(qy.size());
  for (std::size_t i = 0; i < qy.size(); ++i) results[i] = from_qd<Format>(qy[i]);
  return ms;
}

#define KAMP_QD_BASELINE(Format)                                                                                       \
  template double axpy_ms<Format>(const Format&, const std::vector<Format>&, const std::vector<Format>&, int);         \
  template double gemv_ms<Format>(char, std::int64_t, const Format&, const std::vector<Format>&,                       \
                                  const std::vector<Format>&, const Format&, const std::vector<Format>&, int);         \
  template double gemm_ms<Format>(std::int64_t, const Format&, const std::vector<Format>&, const std::vector<Format>&, \
                                  const Format&, const std::vector<Format>&, int);                                     \
  template double function_ms<Format>(elementary::function_id, const std::vector<Format>&, std::vector<Format>&, int);
KAMP_QD_BASELINE(multi_double::dd_real)
KAMP_QD_BASELINE(multi_double::qd_real)
#undef KAMP_QD_BASELINE

}  // namespace kamp::experiments::qd_baseline
