#pragma once
// Which BLAS routines each format runs with kernels of its own: the primary template
// (blas/format_kernels_base.hpp, "none") and every format's specialisation, included here so
// that every BLAS routine sees them all and a call can never fall back to the generic kernels
// by a missing include. A format with kernels of its own adds its sub-folder's header below.
#include "blas/format_kernels_base.hpp"
#include "blas/rns/format_kernels.hpp"
#include "blas/signed_digit/format_kernels.hpp"
