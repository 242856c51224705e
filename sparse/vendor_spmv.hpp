#pragma once
// The vendor double SpMV baseline behind an availability trait, as blas/vendor_blas.hpp does for
// dense BLAS: cuSPARSE's generic SpMV (CSR, 32-bit indices) for Cuda when kamp is built with
// the CUDA vendor libraries; no vendor SpMV on host spaces (the OpenMP baseline is kamp's own
// double SpMV). The plan (descriptors, 32-bit row offsets, workspace) is built once per matrix.
#include <Kokkos_Core.hpp>

#include <memory>

#include "core/vendor_availability.hpp"
#include "sparse/csr_matrix.hpp"

namespace kamp::sparse {

#ifdef KAMP_ENABLE_CUSPARSE
class cusparse_double_spmv {
 public:
  explicit cusparse_double_spmv(const csr_matrix<Kokkos::CudaSpace>& a);
  ~cusparse_double_spmv();
  cusparse_double_spmv(const cusparse_double_spmv&) = delete;
  cusparse_double_spmv& operator=(const cusparse_double_spmv&) = delete;
  static const char* name() { return "cusparse"; }
  // y = alpha A x + beta y, asynchronous on Kokkos' default CUDA stream.
  void apply(double alpha, const double* x, double beta, double* y) const;

 private:
  struct plan;
  std::unique_ptr<plan> plan_;
};
#endif

#ifdef KAMP_ENABLE_CUSPARSE
using cuda_double_spmv = cusparse_double_spmv;
#else
using cuda_double_spmv = core::no_vendor;
#endif

// No host vendor SpMV: on the CPU the baseline is kamp's own double SpMV.
template <class ExecSpace>
using vendor_double_spmv = core::vendor_for<ExecSpace, core::no_vendor, cuda_double_spmv>;

}  // namespace kamp::sparse
