// The signed-digit kernels on every enabled Kokkos space (declared in signed_digit/kernels.hpp).
#include "core/instantiated_spaces.hpp"
#include "signed_digit/kernels_impl.hpp"

namespace kamp::signed_digit {

#ifdef KAMP_SERIAL_INSTANCES
template struct kernels<Kokkos::Serial>;
#endif
#ifdef KOKKOS_ENABLE_OPENMP
template struct kernels<Kokkos::OpenMP>;
#endif
#ifdef KOKKOS_ENABLE_CUDA
template struct kernels<Kokkos::Cuda>;
#endif

}  // namespace kamp::signed_digit
