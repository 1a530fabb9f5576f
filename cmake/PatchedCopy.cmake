# patched_copy(ORIGINAL PATCH OUTPUT): OUTPUT is the file ORIGINAL with the unified diff PATCH
# applied, made when CMake configures and again whenever either file changes. A patch that
# no longer applies stops the configure, naming both files. The exercises' wrong solutions
# and step 12's mutants are made this way: each patch shows only its mistake, and follows
# the file it changes.
function(patched_copy original patch output)
  find_program(PATCH_EXECUTABLE patch)
  if(NOT PATCH_EXECUTABLE)
    message(FATAL_ERROR "the wrong solutions and the mutants need the patch program (Debian/Ubuntu package patch)")
  endif()
  get_filename_component(folder ${output} DIRECTORY)
  file(MAKE_DIRECTORY ${folder})
  execute_process(COMMAND ${PATCH_EXECUTABLE} --silent --force --output=${output} ${original} ${patch}
                  RESULT_VARIABLE patched OUTPUT_VARIABLE patch_output ERROR_VARIABLE patch_output)
  if(NOT patched EQUAL 0)
    file(RELATIVE_PATH patch_name ${PROJECT_SOURCE_DIR} ${patch})
    file(RELATIVE_PATH original_name ${PROJECT_SOURCE_DIR} ${original})
    message(FATAL_ERROR "${patch_name} does not apply to ${original_name} (update the patch): ${patch_output}")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${original} ${patch})
endfunction()
