#include "experiments/qd_baselines.hpp"

#include <omp.h>
#include <qd/dd_real.h>

#include <Kokkos_Core.hpp>
#include <algorithm>

namespace kamp::experiments::qd_baseline {

namespace {

using qd_dd = ::dd_real;

std::vector<qd_dd> to_qd(const std::vector<dd::dd_real>& v) {
  std::vector<qd_dd> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = qd_dd(v[i].hi, v[i].lo);
  return out;
}

qd_dd to_qd(const dd::dd_real& v) { return qd_dd(v.hi, v.lo); }

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

double axpy_ms(const dd::dd_real& alpha, const std::vector<dd::dd_real>& x, const std::vector<dd::dd_real>& y,
               int repetitions) {
  const auto qx = to_qd(x);
  auto qy = to_qd(y);
  const qd_dd a = to_qd(alpha);
  const auto n = static_cast<std::int64_t>(qx.size());
  return median_ms(
      [&] {
#pragma omp parallel for schedule(static)
        for (std::int64_t i = 0; i < n; ++i) qy[i] = a * qx[i] + qy[i];
      },
      repetitions);
}

double gemv_ms(char trans, std::int64_t n, const dd::dd_real& alpha, const std::vector<dd::dd_real>& A,
               const std::vector<dd::dd_real>& x, const dd::dd_real& beta, const std::vector<dd::dd_real>& y,
               int repetitions) {
  const auto qA = to_qd(A), qx = to_qd(x);
  auto qy = to_qd(y);
  const qd_dd a = to_qd(alpha), b = to_qd(beta);
  if (trans == 'T')  // y_j = alpha (column j . x) + beta y_j: each thread walks whole columns
    return median_ms(
        [&] {
#pragma omp parallel for schedule(static)
          for (std::int64_t j = 0; j < n; ++j) {
            qd_dd sum = 0.0;
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
          qd_dd sum[rows];
          for (std::int64_t i = i0; i < end; ++i) sum[i - i0] = 0.0;
          for (std::int64_t j = 0; j < n; ++j)
            for (std::int64_t i = i0; i < end; ++i) sum[i - i0] += qA[i + j * n] * qx[j];
          for (std::int64_t i = i0; i < end; ++i) qy[i] = a * sum[i - i0] + b * qy[i];
        }
      },
      repetitions);
}

double gemm_ms(std::int64_t n, const dd::dd_real& alpha, const std::vector<dd::dd_real>& A,
               const std::vector<dd::dd_real>& B, const dd::dd_real& beta, const std::vector<dd::dd_real>& C,
               int repetitions) {
  const auto qA = to_qd(A), qB = to_qd(B);
  auto qC = to_qd(C);
  const qd_dd a = to_qd(alpha), b = to_qd(beta);
  return median_ms(
      [&] {
#pragma omp parallel
        {
          std::vector<qd_dd> sum(static_cast<std::size_t>(n));
#pragma omp for schedule(static)
          for (std::int64_t j = 0; j < n; ++j) {  // column j of C: sum_l A(:, l) B(l, j)
            std::fill(sum.begin(), sum.end(), qd_dd(0.0));
            for (std::int64_t l = 0; l < n; ++l) {
              const qd_dd blj = qB[l + j * n];
              for (std::int64_t i = 0; i < n; ++i) sum[i] += qA[i + l * n] * blj;
            }
            for (std::int64_t i = 0; i < n; ++i) qC[i + j * n] = a * sum[i] + b * qC[i + j * n];
          }
        }
      },
      repetitions);
}

}  // namespace kamp::experiments::qd_baseline
