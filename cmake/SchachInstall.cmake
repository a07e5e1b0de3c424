# Installation and the CMake package: `cmake --install BUILD --prefix P` puts
#   P/include/<module>/*.hpp                    the headers of each library, included as "core/position.hpp"
#   P/lib/libschach_<module>.a                  the static libraries
#   P/lib/cmake/schach/schach{Config,ConfigVersion,Targets}.cmake
#   P/bin/schach, P/bin/schach-server           the programs (`schach serve` runs schach-server)
# so that another project can write
#   find_package(schach CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE schach::core)   # or schach::notation, ::pgn, ::analysis, ::game, ::text
# (schach::schach: all of them). Only the libraries are exported: the warning flags, tests,
# benchmarks and fuzz targets stay in the build tree. tests/install/ builds a consumer against it.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SCHACH_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/schach CACHE STRING
    "Where schachConfig.cmake is installed, relative to the prefix")

get_property(SCHACH_MODULE_TARGETS GLOBAL PROPERTY SCHACH_MODULES)
set(SCHACH_PACKAGE_COMPONENTS "")  # core notation ...: find_package(schach COMPONENTS ...), schachConfig.cmake.in
foreach(module ${SCHACH_MODULE_TARGETS})
  string(REGEX REPLACE "^schach_" "" component ${module})
  get_target_property(dir ${module} SCHACH_DIR)  # server/domain for schach_server_domain
  list(APPEND SCHACH_PACKAGE_COMPONENTS ${component})
  # The headers use C++23 (<expected>, ...): a consumer needs it too, whatever its own default.
  target_compile_features(${module} PUBLIC cxx_std_23)
  # (include/, not CMAKE_INSTALL_INCLUDEDIR: the targets name it, $<INSTALL_INTERFACE:include>.)
  # Headers per module, keeping the "<module>/<name>.hpp" include form.
  file(GLOB headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${dir}/*.hpp)
  install(FILES ${headers} DESTINATION include/${dir} COMPONENT development)
endforeach()

install(TARGETS ${SCHACH_MODULE_TARGETS} schach
        EXPORT schachTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development)
install(TARGETS schach_cli schach_server RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT program)

install(EXPORT schachTargets
        NAMESPACE schach::
        FILE schachTargets.cmake
        DESTINATION ${SCHACH_INSTALL_CMAKEDIR}
        COMPONENT development)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/schachConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/schachConfig.cmake
                              INSTALL_DESTINATION ${SCHACH_INSTALL_CMAKEDIR})
# 0.x: a minor version may break the interface, so only the same minor version is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/schachConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/schachConfig.cmake ${PROJECT_BINARY_DIR}/schachConfigVersion.cmake
        DESTINATION ${SCHACH_INSTALL_CMAKEDIR} COMPONENT development)
