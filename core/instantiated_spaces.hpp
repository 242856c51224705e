#pragma once
// The Kokkos execution spaces kamp compiles its kernels for: every enabled one, except Serial in
// a build configured with KAMP_WITHOUT_SERIAL=ON (the sanitizer preset: its tests run on OpenMP,
// and Serial's copy of every kernel and typed test would double its compile time). Instantiation
// units and the tests' list of backends test KAMP_SERIAL_INSTANCES, never KOKKOS_ENABLE_SERIAL.
#include <Kokkos_Core.hpp>

#if defined(KOKKOS_ENABLE_SERIAL) && !defined(KAMP_WITHOUT_SERIAL)
#define KAMP_SERIAL_INSTANCES
#endif

#if defined(KAMP_WITHOUT_SERIAL) && !defined(KOKKOS_ENABLE_OPENMP) && !defined(KOKKOS_ENABLE_CUDA)
#error "KAMP_WITHOUT_SERIAL needs another Kokkos execution space (OpenMP or Cuda)"
#endif
