#pragma once
// Loops with a constant trip count, unrolled in full.
// KAMP_UNROLL: on the GPU, where an array indexed by the loop's counter (a register tile) stays
// in registers only if it is. nvcc's own heuristic leaves loops with long bodies (16
// double-double fmas) rolled and puts the array in local memory.
// KAMP_UNROLL_FOR_LANES: on the GPU and on the host (GCC, Clang), for the loops of code that host
// kernels run over elements side by side in SIMD lanes (the expansions' fma in bins): GCC does
// not vectorise a loop around inner loops left rolled. Only there: unrolled everywhere, the
// expansion<8> kernels would cost far more compile time. nvcc's host pass does not know GCC's
// pragma (warning 1675) and gets none.
#if defined(__CUDA_ARCH__)
#define KAMP_UNROLL _Pragma("unroll")
#define KAMP_UNROLL_FOR_LANES _Pragma("unroll")
#elif defined(__GNUC__) && !defined(__NVCC__)
#define KAMP_UNROLL
#define KAMP_UNROLL_FOR_LANES _Pragma("GCC unroll 64")
#else
#define KAMP_UNROLL
#define KAMP_UNROLL_FOR_LANES
#endif
