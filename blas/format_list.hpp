#pragma once
// The one list of formats and precisions, above the format folders it lists. Typed tests,
// explicit instantiations and the experiments iterate these lists, so a format added here
// appears in all of them. CMake reads the lists below to generate the instantiation units
// (cmake/kamp_instances.cmake): keep each written as `using name = type_list<...>;` or
// `using name = concat_t<a, b>;`.
#include <type_traits>

#include "multi_double/dd_format.hpp"
#include "multi_double/double_format.hpp"
#include "multi_double/ds_format.hpp"
#include "formats/type_list.hpp"
#include "rns/rns_format.hpp"
#include "signed_digit/sd_format.hpp"

namespace kamp::blas {

using formats::concat_t;
using formats::type_list;

// The families.

// Isupov and Knyazkov's five precisions: 106, 212, 424, 848 and 1696 bits.
using rns_formats =
    type_list<rns::mp_float<8>, rns::mp_float<16>, rns::mp_float<32>, rns::mp_float<64>, rns::mp_float<128>>;

// IEEE double (the baseline) and double-double.
using double_and_dd_formats = type_list<double, multi_double::dd_real>;

// The N-term expansions (qd_real is N = 4).
using expansion_formats =
    type_list<multi_double::expansion<2>, multi_double::expansion<3>, multi_double::qd_real, multi_double::expansion<5>,
              multi_double::expansion<6>, multi_double::expansion<7>, multi_double::expansion<8>>;

// The formats with arithmetic of their own.
using multi_double_arithmetic_formats = concat_t<double_and_dd_formats, expansion_formats>;

// The two layouts of D+S triple-precision storage (arithmetic in dd_real).
using ds_formats = type_list<multi_double::ds_soa, multi_double::ds_aos>;

// Redundant signed-digit decimal numbers: a digit count chosen at run time, so no fixed-size
// value and no elementwise arithmetic; the BLAS offers them sum and dot.
using sd_formats = type_list<signed_digit::format>;

// The unions.

// The formats whose BLAS runs the generic kernels (blas/generic/).
using multi_double_formats = concat_t<multi_double_arithmetic_formats, ds_formats>;

// Every format with a fixed-size value (host conversions, the generic tests of values).
using value_formats = concat_t<multi_double_formats, rns_formats>;

using all_formats = concat_t<value_formats, sd_formats>;

// The samples that costlier suites and experiments run: one or a few formats of each family
// with arithmetic of its own, so that a new family appears there by being added here.

// The expansions that match the RNS precisions of Isupov and Knyazkov's Table 5 (CAMPARY's row).
using expansion_peers_of_rns = type_list<multi_double::expansion<2>, multi_double::qd_real, multi_double::expansion<8>>;

// SpMV over every family with arithmetic, two RNS precisions (the row kernel's two shapes).
using spmv_formats =
    type_list<double, multi_double::dd_real, multi_double::qd_real, rns::mp_float<8>, rns::mp_float<32>>;

// The Krylov solvers and the distributed SpMV: one format of each family.
using solver_formats = type_list<double, multi_double::dd_real, multi_double::qd_real, rns::mp_float<16>>;

// Dense LU (its pivots divide): the multi-double formats with a division.
using lu_formats = type_list<double, multi_double::dd_real, multi_double::qd_real>;

// The mixed-precision GESV's working precisions above its double LU.
using refined_formats = type_list<multi_double::dd_real, multi_double::qd_real>;

}  // namespace kamp::blas
