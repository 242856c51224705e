#pragma once
// The tuning cache's key of a GEMV: format, precision, operation, shape, backend and device. The
// tuner stores its winners under it and an automatic launch looks them up with it, so both
// build it here.
#include <cstdint>
#include <string>

#include "blas/device_name.hpp"
#include "blas/tuning_cache.hpp"
#include "formats/format_traits.hpp"

namespace kamp::blas {

// data: the data class of the operands tuned on; empty for the tuner's own random ones, the
// entry that an automatic launch looks up.
template <class ExecSpace, class Format>
tuning_key gemv_tuning_key(char trans, std::int64_t m, std::int64_t n, const std::string& data = "") {
  using traits = format_traits<Format>;
  const char t = trans == 't' || trans == 'T' ? 'T' : 'N';
  std::string shape = std::to_string(m) + " x " + std::to_string(n);
  if (!data.empty()) shape += ", " + data + " data";
  return {traits::name(), traits::precision, std::string("gemv_") + t,
          shape,          ExecSpace::name(), device_name<ExecSpace>()};
}

}  // namespace kamp::blas
