# Third-party libraries: MPFR/GMP (reference arithmetic), OpenBLAS (CPU double baseline),
# cuBLAS (GPU double baseline, auto with CUDA), QD (CPU double-double baseline, auto when found),
# MPI (distributed solvers, auto when found).

find_path(MPFR_INCLUDE_DIR mpfr.h)
find_library(MPFR_LIBRARY mpfr)
find_path(GMP_INCLUDE_DIR gmp.h)
find_library(GMP_LIBRARY gmp)
if(NOT MPFR_INCLUDE_DIR OR NOT MPFR_LIBRARY OR NOT GMP_INCLUDE_DIR OR NOT GMP_LIBRARY)
  message(FATAL_ERROR "kamp needs MPFR and GMP (Debian: apt-get install libmpfr-dev libgmp-dev)")
endif()
add_library(kamp::mpfr INTERFACE IMPORTED)
set_target_properties(kamp::mpfr PROPERTIES
  INTERFACE_INCLUDE_DIRECTORIES "${MPFR_INCLUDE_DIR};${GMP_INCLUDE_DIR}"
  INTERFACE_LINK_LIBRARIES "${MPFR_LIBRARY};${GMP_LIBRARY}")

find_library(OPENBLAS_LIBRARY openblas)
find_path(OPENBLAS_INCLUDE_DIR cblas.h PATH_SUFFIXES openblas-pthread openblas)
if(NOT OPENBLAS_LIBRARY OR NOT OPENBLAS_INCLUDE_DIR)
  message(FATAL_ERROR "kamp needs OpenBLAS for its CPU baselines (Debian: apt-get install libopenblas-dev)")
endif()
add_library(kamp::openblas INTERFACE IMPORTED)
set_target_properties(kamp::openblas PROPERTIES
  INTERFACE_INCLUDE_DIRECTORIES "${OPENBLAS_INCLUDE_DIR}" INTERFACE_LINK_LIBRARIES "${OPENBLAS_LIBRARY}")

set(_kamp_cublas_default OFF)
if(Kokkos_ENABLE_CUDA)
  set(_kamp_cublas_default ON)
endif()
option(KAMP_ENABLE_CUBLAS "Use cuBLAS for the GPU double-precision baselines" ${_kamp_cublas_default})
if(KAMP_ENABLE_CUBLAS)
  if(NOT Kokkos_ENABLE_CUDA)
    message(FATAL_ERROR "KAMP_ENABLE_CUBLAS=ON needs a Kokkos built with CUDA")
  endif()
  find_package(CUDAToolkit REQUIRED)
endif()

find_path(QD_INCLUDE_DIR qd/dd_real.h)
find_library(QD_LIBRARY qd)
set(_kamp_qd_default OFF)
if(QD_INCLUDE_DIR AND QD_LIBRARY)
  set(_kamp_qd_default ON)
endif()
option(KAMP_ENABLE_QD "Use the QD library as the CPU double-double/quad-double baseline" ${_kamp_qd_default})
if(KAMP_ENABLE_QD)
  if(NOT QD_INCLUDE_DIR OR NOT QD_LIBRARY)
    message(FATAL_ERROR "KAMP_ENABLE_QD=ON but libqd was not found (Debian: apt-get install libqd-dev)")
  endif()
  add_library(kamp::qd INTERFACE IMPORTED)
  set_target_properties(kamp::qd PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${QD_INCLUDE_DIR}" INTERFACE_LINK_LIBRARIES "${QD_LIBRARY}")
endif()

# MPI (Open MPI from Debian) for the distributed sparse solvers; without it kamp runs on one rank.
# kamp calls the C API only: without the deprecated C++ bindings (libmpi_cxx) its binaries run
# on hosts that ship libmpi alone (the GPU machines).
set(MPI_CXX_SKIP_MPICXX ON)
find_package(MPI COMPONENTS CXX QUIET)
option(KAMP_ENABLE_MPI "Build the MPI communicator and the distributed tests and drivers" ${MPI_CXX_FOUND})
if(KAMP_ENABLE_MPI)
  find_package(MPI REQUIRED COMPONENTS CXX)
  # The wrapper's link line still names libmpi_cxx; nothing of kamp needs it.
  get_target_property(_kamp_mpi_libraries MPI::MPI_CXX INTERFACE_LINK_LIBRARIES)
  list(FILTER _kamp_mpi_libraries EXCLUDE REGEX "mpi_cxx")
  set_target_properties(MPI::MPI_CXX PROPERTIES INTERFACE_LINK_LIBRARIES "${_kamp_mpi_libraries}")
endif()

if(KAMP_ENABLE_TESTS)
  find_package(GTest REQUIRED)
endif()
if(KAMP_ENABLE_BENCHMARKS)
  find_package(benchmark REQUIRED)
endif()
