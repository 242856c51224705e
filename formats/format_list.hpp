#pragma once
// The one list of formats and precisions. Typed tests, explicit instantiations and the
// experiments iterate these lists, so a format added here appears in all of them. CMake reads
// the type_list<...> lists below to generate the instantiation units
// (cmake/kamp_instances.cmake): keep each written as `using name = type_list<...>;`.
#include <type_traits>

#include "dd/dd_format.hpp"
#include "dd/double_format.hpp"
#include "dd/ds_format.hpp"
#include "formats/type_list.hpp"
#include "rns/rns_format.hpp"

namespace kamp::formats {

// Seed 000's five precisions: 106, 212, 424, 848 and 1696 bits.
using rns_formats = type_list<rns::mp_float<8>, rns::mp_float<16>, rns::mp_float<32>, rns::mp_float<64>,
                              rns::mp_float<128>>;

// IEEE double (the baseline), double-double and the N-term expansions (qd_real is N = 4): the
// formats with arithmetic of their own.
using multi_double_arithmetic_formats =
    type_list<double, dd::dd_real, dd::expansion<2>, dd::expansion<3>, dd::qd_real, dd::expansion<5>,
              dd::expansion<6>, dd::expansion<7>, dd::expansion<8>>;

// The two layouts of D+S triple-precision storage (arithmetic in dd_real).
using ds_formats = type_list<dd::ds_soa, dd::ds_aos>;

using multi_double_formats = concat_t<multi_double_arithmetic_formats, ds_formats>;

using all_formats = concat_t<multi_double_formats, rns_formats>;

// The expansions that match the RNS precisions of seed 000 Table 5 (CAMPARY's row).
using expansion_peers_of_rns = type_list<dd::expansion<2>, dd::qd_real, dd::expansion<8>>;

}  // namespace kamp::formats
