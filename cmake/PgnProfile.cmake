# The PGN reader built with GCC's profile feedback (docs/records.md, the twenty-seventh session).
#
# The two files where `schach pgn check` spends its time (the reader's token loop and the lean
# board) are compiled once more, instrumented (-fprofile-generate), into schach_pgn_train, a
# program that writes games in the field's export styles and reads them (tools/pgn_train). Its
# run leaves the counts next to its objects; they are copied to the names that schach_pgn's own
# objects of the same sources look for, and those are compiled with -fprofile-use. The
# instrumented objects come from one-line files that include the sources, so that the two
# compilations of a source have objects (and counts) of their own names.
#
# Only in an optimised GCC build without sanitizers or fuzzing; SCHACH_PGO_PGN=OFF builds without.
option(SCHACH_PGO_PGN "Build the PGN reader with profile feedback from a training run (GCC)" ON)

if(NOT (SCHACH_PGO_PGN AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_BUILD_TYPE STREQUAL "Release"
        AND NOT SCHACH_SANITIZE AND NOT SCHACH_FUZZ AND NOT CMAKE_CROSSCOMPILING))
  return()
endif()

set(profiled pgn_reader pgn_board)
set(train_dir ${CMAKE_BINARY_DIR}/pgn_profile)
set(train_sources ${PROJECT_SOURCE_DIR}/tools/pgn_train/main.cpp)
foreach(name IN LISTS profiled)
  file(CONFIGURE OUTPUT ${train_dir}/${name}.cpp
    CONTENT "// The instrumented copy of src/pgn/${name}.cpp (cmake/PgnProfile.cmake).\n#include \"pgn/${name}.cpp\"\n")
  list(APPEND train_sources ${train_dir}/${name}.cpp)
  # Only these two are instrumented (the program's other files' counts would not be used). GCC
  # names a function with internal linkage in the counts by its name, its file and the
  # compilation's random seed (by default taken from the object's path): the same seed for both
  # compilations of a source, so that they name it alike.
  set_source_files_properties(${train_dir}/${name}.cpp PROPERTIES
    COMPILE_OPTIONS "-fprofile-generate;-fprofile-update=single;-frandom-seed=schach_${name}")
endforeach()
# The module's other sources, plain: the program must not link schach_pgn, whose objects wait
# for its counts.
file(GLOB pgn_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/pgn/*.cpp)
foreach(source IN LISTS pgn_sources)
  get_filename_component(name ${source} NAME_WE)
  if(NOT name IN_LIST profiled)
    list(APPEND train_sources ${source})
  endif()
endforeach()

add_executable(schach_pgn_train ${train_sources})
target_link_libraries(schach_pgn_train PRIVATE schach_notation fmt::fmt schach_warnings)
target_include_directories(schach_pgn_train PRIVATE ${PROJECT_SOURCE_DIR}/src)
# -Wno-subobject-linkage: GCC takes a source included by another for a header, whose types must
# not use an anonymous namespace; here it is the whole file.
target_compile_options(schach_pgn_train PRIVATE -Wno-subobject-linkage)
target_link_options(schach_pgn_train PRIVATE -fprofile-generate)  # the counting run-time
# ccache would not see the counts an object is compiled with: neither the training program nor
# the module goes through it (five files).
set_target_properties(schach_pgn_train schach_pgn PROPERTIES CXX_COMPILER_LAUNCHER "")

set(train_objects ${CMAKE_BINARY_DIR}/CMakeFiles/schach_pgn_train.dir/pgn_profile)
set(module_objects ${CMAKE_BINARY_DIR}/CMakeFiles/schach_pgn.dir/src/pgn)
set(counts)
set(train_counts)
set(copy_commands)
foreach(name IN LISTS profiled)
  list(APPEND counts ${module_objects}/${name}.cpp.gcda)
  list(APPEND train_counts ${train_objects}/${name}.cpp.gcda)
  list(APPEND copy_commands COMMAND ${CMAKE_COMMAND} -E copy ${train_objects}/${name}.cpp.gcda
       ${module_objects}/${name}.cpp.gcda)
endforeach()
add_custom_command(OUTPUT ${counts}
  # Counts add up from run to run: each training starts from none.
  COMMAND ${CMAKE_COMMAND} -E rm -f ${train_counts}
  COMMAND schach_pgn_train
  ${copy_commands}
  DEPENDS schach_pgn_train
  COMMENT "Training the PGN reader's profile"
  VERBATIM)
add_custom_target(schach_pgn_profile DEPENDS ${counts})
add_dependencies(schach_pgn schach_pgn_profile)
foreach(name IN LISTS profiled)
  # -fprofile-partial-training: what the training did not run is optimised as without a profile.
  # -w: GCC 12 warns, under no option that could be named, of "missing counts" for small
  # functions the instrumented build inlined before counting; the source's own warnings are
  # errors in the training program's compilation of it, with the same flags otherwise.
  set_source_files_properties(${PROJECT_SOURCE_DIR}/src/pgn/${name}.cpp PROPERTIES
    COMPILE_OPTIONS "-fprofile-use;-fprofile-partial-training;-w;-frandom-seed=schach_${name}"
    OBJECT_DEPENDS ${module_objects}/${name}.cpp.gcda)
endforeach()
