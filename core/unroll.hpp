#pragma once
// KAMP_UNROLL before a loop with a constant trip count: unrolled in full on the GPU, where an
// array indexed by the loop's counter (a register tile) stays in registers only if it is.
// nvcc's own heuristic leaves loops with long bodies (16 double-double fmas) rolled and puts
// the array in local memory.
#if defined(__CUDA_ARCH__)
#define KAMP_UNROLL _Pragma("unroll")
#else
#define KAMP_UNROLL
#endif
