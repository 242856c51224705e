# `cmake --install` gives a CMake package: the headers under <prefix>/include/kamp/<folder>/
# (code includes them as "core/eft.hpp", ...), the static libraries, and
# <libdir>/cmake/kamp/kampConfig.cmake, so that find_package(kamp) gives kamp::kamp (every
# library below) and kamp::core, kamp::rns_numbers, kamp::rns, kamp::multi_double, kamp::elementary,
# kamp::signed_digit_numbers, kamp::signed_digit, kamp::parallel, kamp::sparse, kamp::tuning_cache,
# kamp::blas, kamp::solvers. The experiment harness, the experiments and the tests are not
# installed.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(_kamp_libraries)
foreach(name core rns_numbers rns multi_double elementary signed_digit_numbers signed_digit parallel sparse tuning_cache blas solvers)
  if(TARGET kamp_${name})
    set_target_properties(kamp_${name} PROPERTIES EXPORT_NAME ${name})
    list(APPEND _kamp_libraries kamp_${name})
  endif()
endforeach()

add_library(kamp_all INTERFACE)
set_target_properties(kamp_all PROPERTIES EXPORT_NAME kamp)
target_link_libraries(kamp_all INTERFACE ${_kamp_libraries})
add_library(kamp::kamp ALIAS kamp_all)

foreach(folder core formats multi_double elementary rns signed_digit blas parallel sparse distributed_blas solvers)
  if(IS_DIRECTORY ${PROJECT_SOURCE_DIR}/${folder})
    install(DIRECTORY ${folder}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/kamp/${folder}
            FILES_MATCHING PATTERN "*.hpp")
  endif()
endforeach()

install(TARGETS ${_kamp_libraries} kamp_all EXPORT kampTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/kamp)
set(_kamp_package_dir ${CMAKE_INSTALL_LIBDIR}/cmake/kamp)
install(EXPORT kampTargets NAMESPACE kamp:: DESTINATION ${_kamp_package_dir})

# Third-party libraries are linked through imported targets that an export cannot carry
# (kamp::mpfr, kamp::openblas, kamp::qd); the config re-creates them from the paths found
# here and checks that those files still exist.
configure_package_config_file(cmake/kampConfig.cmake.in ${PROJECT_BINARY_DIR}/kampConfig.cmake
                              INSTALL_DESTINATION ${_kamp_package_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/kampConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/kampConfig.cmake ${PROJECT_BINARY_DIR}/kampConfigVersion.cmake
        DESTINATION ${_kamp_package_dir})
