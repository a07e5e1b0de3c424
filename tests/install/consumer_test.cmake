# ctest Install.ConsumerProject: installs the build into a fresh prefix, then configures, builds
# and runs tests/install/consumer against it, as another project would use Schach.
#   cmake -DBUILD_DIR=... -DWORK_DIR=... -DSOURCE_DIR=<consumer> -DSCHACH_SOURCE_DIR=<schach>
#         -DGENERATOR=... -DCXX=...
#         [-DCONFIG=...] [-DCXX_FLAGS=...] [-DLINK_FLAGS=...] -P consumer_test.cmake
foreach(var BUILD_DIR WORK_DIR SOURCE_DIR SCHACH_SOURCE_DIR GENERATOR CXX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "consumer_test.cmake: ${var} not set")
  endif()
endforeach()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

# A fresh prefix each time: files left from an earlier install must not hide a missing one.
set(prefix ${WORK_DIR}/prefix)
set(consumer_build ${WORK_DIR}/consumer-build)
file(REMOVE_RECURSE ${WORK_DIR})

set(config_args)
if(CONFIG)
  set(config_args --config ${CONFIG})
endif()
run("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} ${config_args})

# (lib/ or lib64/, as GNUInstallDirs decides on this system)
file(GLOB package_dir LIST_DIRECTORIES true ${prefix}/lib*/cmake/schach)
if(NOT package_dir)
  message(FATAL_ERROR "install: no ${prefix}/lib*/cmake/schach")
endif()
foreach(f include/core/position.hpp include/text/piece_names.hpp bin/schach bin/schach-server)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "install: ${prefix}/${f} missing")
  endif()
endforeach()
foreach(f schachConfig.cmake schachConfigVersion.cmake schachTargets.cmake)
  if(NOT EXISTS ${package_dir}/${f})
    message(FATAL_ERROR "install: ${package_dir}/${f} missing")
  endif()
endforeach()

# Only the prefix: no package registry, no other schach on the machine.
run("configure the consumer"
    ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${consumer_build} -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF
    "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINK_FLAGS}")
if(NOT run_output MATCHES "schach [0-9.]+ from ${prefix}/")
  message(FATAL_ERROR "the consumer found schach somewhere else than ${prefix}:\n${run_output}")
endif()
run("build the consumer" ${CMAKE_COMMAND} --build ${consumer_build})
run("run the consumer" ${consumer_build}/consumer)
message("${run_output}")

foreach(line "perft 3: 8902" "san: Nf3" "kings only dead: yes" "pgn games: 2" "piece: knight"
             "fen error: FEN-Fehler im Feld Stellung bei Zeichen 5: erwartet eine Ziffer je Folge leerer Felder (nicht zwei Ziffern nacheinander)")
  string(FIND "${run_output}" "${line}\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "consumer output lacks '${line}'")
  endif()
endforeach()

# As many headers compiled as the libraries have (src/<module>/*.hpp; src/cli is the program's own).
file(GLOB headers ${SCHACH_SOURCE_DIR}/src/*/*.hpp)
list(FILTER headers EXCLUDE REGEX "/src/cli/[^/]*$")
list(LENGTH headers expected)
if(NOT run_output MATCHES "headers: ${expected}\n")
  message(FATAL_ERROR "the consumer compiled a different number of headers than the ${expected} of src/")
endif()
