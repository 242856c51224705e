#pragma once
// The formats a typed suite runs out of a format list. The Release pass runs every format of
// every list. The sanitizer pass (KAMP_TEST_FORMAT_SAMPLE, tests/CMakeLists.txt) looks for
// memory errors and undefined behaviour, which follow the code paths and the array shapes, not
// the precision: it runs each family's extremes (and qd_real, the expansions' own kernels), and
// both D+S layouts, which index memory differently. That saves tests more than build time (the
// build's time is per unit more than per type).
#include <type_traits>

#include "blas/format_list.hpp"
#include "formats/type_list.hpp"

namespace kamp::test {

using sanitizer_format_sample =
    formats::type_list<double, multi_double::dd_real, multi_double::qd_real, multi_double::expansion<8>,
                       multi_double::ds_soa, multi_double::ds_aos, rns::mp_float<8>, rns::mp_float<128>>;

#ifdef KAMP_TEST_FORMAT_SAMPLE
template <class FormatList>
using tested_formats_t = formats::intersection_t<FormatList, sanitizer_format_sample>;
#else
template <class FormatList>
using tested_formats_t = FormatList;
#endif

// The sample keeps each family and both ends of the long lists.
static_assert(std::is_same_v<formats::intersection_t<blas::rns_formats, sanitizer_format_sample>,
                             formats::type_list<rns::mp_float<8>, rns::mp_float<128>>>);
static_assert(std::is_same_v<formats::intersection_t<blas::expansion_formats, sanitizer_format_sample>,
                             formats::type_list<multi_double::qd_real, multi_double::expansion<8>>>);
static_assert(
    std::is_same_v<formats::intersection_t<formats::type_list<>, sanitizer_format_sample>, formats::type_list<>>);

}  // namespace kamp::test
