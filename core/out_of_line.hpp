#pragma once
// A host/device function the compiler must not inline. For rare, long paths (a rounding that
// has to read the significand exactly, range fitting): inlined, each kernel carries its own copy,
// which costs the kernel registers it needs on its common path and costs the build a compile of
// the path per call site; out of line, a translation unit compiles it once per instantiation.
#include <Kokkos_Macros.hpp>

#if defined(__CUDACC__) || defined(__HIPCC__)
#define KAMP_OUT_OF_LINE_FUNCTION KOKKOS_FUNCTION __noinline__
#else
#define KAMP_OUT_OF_LINE_FUNCTION KOKKOS_FUNCTION __attribute__((noinline))
#endif
