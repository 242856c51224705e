# Explicit instantiation units: the compiled kernels of every format on every enabled Kokkos
# space, one translation unit per format (or RNS precision), generated from the type lists of
# blas/format_list.hpp. Callers include only the kernels' declarations, so a kernel is
# compiled once per build, not once per test or experiment that uses it.

# The entries of `using <list_name> = type_list<...>;` (or `concat_t<a, b>` of two such lists)
# in blas/format_list.hpp.
function(kamp_format_list list_name out_var)
  file(READ ${PROJECT_SOURCE_DIR}/blas/format_list.hpp text)
  string(REGEX MATCH "using ${list_name} =[ \n]*type_list<([^;]*)>;" declaration "${text}")
  if(declaration)
    string(REPLACE "," ";" entries "${CMAKE_MATCH_1}")
    set(formats)
    foreach(entry IN LISTS entries)
      string(STRIP "${entry}" entry)
      list(APPEND formats "${entry}")
    endforeach()
  else()
    # A list made of two others: `using name = concat_t<first, second>;`.
    string(REGEX MATCH "using ${list_name} =[ \n]*concat_t<([A-Za-z_0-9]+),[ \n]*([A-Za-z_0-9]+)>;" declaration "${text}")
    if(NOT declaration)
      message(FATAL_ERROR "blas/format_list.hpp: no `using ${list_name} = type_list<...>;` or concat_t<a, b>")
    endif()
    set(second ${CMAKE_MATCH_2})
    kamp_format_list(${CMAKE_MATCH_1} formats)
    kamp_format_list(${second} more)
    list(APPEND formats ${more})
  endif()
  set(${out_var} ${formats} PARENT_SCOPE)
endfunction()

# Writes <binary dir>/instances/<stem>_<format as identifier>.cpp from cmake/instances/<stem>.cpp.in
# for each format of the list `list_name` of blas/format_list.hpp (@KAMP_FORMAT@ and
# @KAMP_FORMAT_LIST@ in the template) and adds them to `target`.
function(kamp_add_instances target stem list_name)
  kamp_format_list(${list_name} formats)
  set(KAMP_FORMAT_LIST ${list_name})
  foreach(KAMP_FORMAT IN LISTS formats)
    string(REGEX REPLACE "[^A-Za-z0-9]+" "_" id "${KAMP_FORMAT}")
    string(REGEX REPLACE "_$" "" id "${id}")
    set(file ${CMAKE_CURRENT_BINARY_DIR}/instances/${stem}_${id}.cpp)
    configure_file(${PROJECT_SOURCE_DIR}/cmake/instances/${stem}.cpp.in ${file} @ONLY)
    target_sources(${target} PRIVATE ${file})
  endforeach()
endfunction()
