# patched_copy(ORIGINAL PATCH OUTPUT): OUTPUT is the file ORIGINAL with the unified diff PATCH
# applied, made when CMake configures and again whenever either file changes; OUTPUT is written
# only when its text changes, so a configure that changes nothing rebuilds nothing (CI
# configures twice). A patch that no longer applies stops the configure, naming both files.
# The exercises' wrong solutions and step 12's mutants are made this way: each patch shows
# only its mistake, and follows the file it changes.
function(patched_copy original patch output)
  find_program(PATCH_EXECUTABLE patch)
  if(NOT PATCH_EXECUTABLE)
    message(FATAL_ERROR "the wrong solutions and the mutants need the patch program (Debian/Ubuntu package patch)")
  endif()
  get_filename_component(folder ${output} DIRECTORY)
  file(MAKE_DIRECTORY ${folder})
  execute_process(COMMAND ${PATCH_EXECUTABLE} --silent --force --output=${output}.new ${original}
                          ${patch}
                  RESULT_VARIABLE patched OUTPUT_VARIABLE patch_output ERROR_VARIABLE patch_output)
  if(NOT patched EQUAL 0)
    file(RELATIVE_PATH patch_name ${PROJECT_SOURCE_DIR} ${patch})
    file(RELATIVE_PATH original_name ${PROJECT_SOURCE_DIR} ${original})
    message(FATAL_ERROR "${patch_name} does not apply to ${original_name} (update the patch): ${patch_output}")
  endif()
  file(COPY_FILE ${output}.new ${output} ONLY_IF_DIFFERENT)
  file(REMOVE ${output}.new)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${original} ${patch})
endfunction()

# add_patched_program(TARGET MAIN ORIGINAL PATCH): the program TARGET built from MAIN with a
# patched copy of ORIGINAL (PATCH applied) first on its include path, so MAIN's
# #include "reduce.cuh" finds the copy: a step with one change, as the experiments build them.
# MAIN must not sit beside ORIGINAL (a quoted #include looks in MAIN's own folder first).
function(add_patched_program target main original patch)
  get_filename_component(name ${original} NAME)
  set(copy ${CMAKE_CURRENT_BINARY_DIR}/${target}_patched)
  patched_copy(${original} ${patch} ${copy}/${name})
  add_executable(${target} ${main})
  target_include_directories(${target} BEFORE PRIVATE ${copy})
  target_link_libraries(${target} PRIVATE reduction_common)
endfunction()
