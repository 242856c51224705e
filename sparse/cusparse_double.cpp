#include <cusparse.h>

#include <limits>
#include <stdexcept>
#include <string>

#include "core/error.hpp"
#include "sparse/vendor_spmv.hpp"

namespace kamp::sparse {

namespace {

void check(cusparseStatus_t status, const char* what) {
  if (status != CUSPARSE_STATUS_SUCCESS) {
    throw std::runtime_error(std::string("kamp::sparse::cusparse_double_spmv: ") + what +
                             " failed: " + cusparseGetErrorString(status));
  }
}

// CUDA lambdas cannot live in constructors: the narrowing kernel is a free function.
Kokkos::View<std::int32_t*, Kokkos::CudaSpace> narrowed_row_offsets(const csr_matrix<Kokkos::CudaSpace>& a) {
  Kokkos::View<std::int32_t*, Kokkos::CudaSpace> to("kamp::sparse::cusparse::row_offsets", a.rows() + 1);
  const auto from = a.row_ptr_view();
  Kokkos::parallel_for(
      "kamp::sparse::cusparse::row_offsets", Kokkos::RangePolicy<Kokkos::Cuda>(0, a.rows() + 1),
      KOKKOS_LAMBDA(std::int64_t i) { to(i) = static_cast<std::int32_t>(from(i)); });
  return to;
}

}  // namespace

struct cusparse_double_spmv::plan {
  cusparseHandle_t handle = nullptr;
  cusparseSpMatDescr_t matrix = nullptr;
  cusparseDnVecDescr_t x = nullptr, y = nullptr;
  Kokkos::View<std::int32_t*, Kokkos::CudaSpace> row_offsets;
  Kokkos::View<char*, Kokkos::CudaSpace> workspace;
  csr_matrix<Kokkos::CudaSpace> a;
  std::int64_t rows = 0, cols = 0;
};

cusparse_double_spmv::cusparse_double_spmv(const csr_matrix<Kokkos::CudaSpace>& a) : plan_(std::make_unique<plan>()) {
  require_argument(a.nnz() <= std::numeric_limits<std::int32_t>::max(), "kamp::sparse::cusparse_double_spmv", "a",
                   std::to_string(a.nnz()) + " nonzeros", "must have fewer than 2^31 (32-bit row offsets)");
  plan& p = *plan_;
  p.a = a;
  p.rows = a.rows();
  p.cols = a.cols();
  p.row_offsets = narrowed_row_offsets(a);  // nnz < 2^31 fits
  check(cusparseCreate(&p.handle), "cusparseCreate");
  check(cusparseSetStream(p.handle, Kokkos::Cuda().cuda_stream()), "cusparseSetStream");
  check(cusparseCreateCsr(&p.matrix, p.rows, p.cols, a.nnz(), p.row_offsets.data(), a.col_idx_view().data(),
                          a.values_view().data(), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                          CUDA_R_64F),
        "cusparseCreateCsr");
  // Placeholder vectors for the buffer-size query; apply() points them at the caller's data.
  Kokkos::View<double*, Kokkos::CudaSpace> probe_x("kamp::sparse::cusparse::probe_x", p.cols),
      probe_y("kamp::sparse::cusparse::probe_y", p.rows);
  check(cusparseCreateDnVec(&p.x, p.cols, probe_x.data(), CUDA_R_64F), "cusparseCreateDnVec");
  check(cusparseCreateDnVec(&p.y, p.rows, probe_y.data(), CUDA_R_64F), "cusparseCreateDnVec");
  const double one = 1, zero = 0;
  std::size_t bytes = 0;
  check(cusparseSpMV_bufferSize(p.handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, p.matrix, p.x, &zero, p.y, CUDA_R_64F,
                                CUSPARSE_SPMV_ALG_DEFAULT, &bytes),
        "cusparseSpMV_bufferSize");
  p.workspace = Kokkos::View<char*, Kokkos::CudaSpace>("kamp::sparse::cusparse::workspace", bytes > 0 ? bytes : 1);
  Kokkos::fence();
}

cusparse_double_spmv::~cusparse_double_spmv() {
  if (!plan_) return;
  cusparseDestroyDnVec(plan_->x);
  cusparseDestroyDnVec(plan_->y);
  cusparseDestroySpMat(plan_->matrix);
  cusparseDestroy(plan_->handle);
}

void cusparse_double_spmv::apply(double alpha, const double* x, double beta, double* y) const {
  plan& p = *plan_;
  check(cusparseDnVecSetValues(p.x, const_cast<double*>(x)), "cusparseDnVecSetValues");
  check(cusparseDnVecSetValues(p.y, y), "cusparseDnVecSetValues");
  check(cusparseSpMV(p.handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, p.matrix, p.x, &beta, p.y, CUDA_R_64F,
                     CUSPARSE_SPMV_ALG_DEFAULT, p.workspace.data()),
        "cusparseSpMV");
}

}  // namespace kamp::sparse
