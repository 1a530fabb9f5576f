# FindNCCL: NCCL, NVIDIA's collective communication library, as the imported target NCCL::NCCL.
# It looks, in this order, for
#   1. a CMake package config of NCCL (some installs ship one),
#   2. pkg-config's nccl.pc,
#   3. the CUDA Toolkit's own folders (NCCL installed beside CUDA, e.g. /usr/local/cuda),
#      and the usual system folders (Debian/Ubuntu's libnccl-dev),
#   4. the folder of Python's nvidia-nccl wheel (pip install nvidia-nccl-cu13), whose library
#      has only a versioned name (libnccl.so.2), hence the names searched below.
# NCCL_ROOT (a variable or environment variable) is searched first.
# Sets NCCL_FOUND, NCCL_INCLUDE_DIR, NCCL_LIBRARY, NCCL_VERSION.
include(FindPackageHandleStandardArgs)

find_package(NCCL CONFIG QUIET)
if(NCCL_FOUND AND TARGET NCCL::NCCL)
  find_package_handle_standard_args(NCCL CONFIG_MODE)
  return()
endif()

set(nccl_hints)
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(PC_NCCL QUIET nccl)
  list(APPEND nccl_hints ${PC_NCCL_INCLUDE_DIRS} ${PC_NCCL_LIBRARY_DIRS})
endif()
find_package(CUDAToolkit QUIET)
if(CUDAToolkit_FOUND)
  list(APPEND nccl_hints ${CUDAToolkit_INCLUDE_DIRS} ${CUDAToolkit_LIBRARY_DIR}
       ${CUDAToolkit_LIBRARY_ROOT} ${CUDAToolkit_LIBRARY_ROOT}/lib ${CUDAToolkit_LIBRARY_ROOT}/lib64)
endif()
find_package(Python3 QUIET COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  execute_process(
    COMMAND ${Python3_EXECUTABLE} -c "import nvidia.nccl as m; print(list(m.__path__)[0])"
    OUTPUT_VARIABLE nccl_wheel OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE wheel_status)
  if(wheel_status EQUAL 0 AND nccl_wheel)
    list(APPEND nccl_hints ${nccl_wheel} ${nccl_wheel}/include ${nccl_wheel}/lib)
  endif()
endif()

# The header: in NCCL_ROOT alone first, then in the hints and the system's folders.
foreach(root ${NCCL_ROOT} $ENV{NCCL_ROOT})
  find_path(NCCL_INCLUDE_DIR nccl.h PATHS ${root} PATH_SUFFIXES include NO_DEFAULT_PATH)
endforeach()
find_path(NCCL_INCLUDE_DIR nccl.h HINTS ${nccl_hints} PATH_SUFFIXES include)
# The library: beside that header first, so that both come from one install; then anywhere.
# NAMES_PER_DIR: both names in a folder before the next folder (a wheel has only the .so.2).
if(NCCL_INCLUDE_DIR)
  get_filename_component(nccl_home ${NCCL_INCLUDE_DIR} DIRECTORY)
  find_library(NCCL_LIBRARY NAMES nccl libnccl.so.2 NAMES_PER_DIR
    PATHS ${nccl_home} PATH_SUFFIXES lib lib64 NO_DEFAULT_PATH)
endif()
find_library(NCCL_LIBRARY NAMES nccl libnccl.so.2 NAMES_PER_DIR
  HINTS ${NCCL_ROOT} $ENV{NCCL_ROOT} ${nccl_hints} PATH_SUFFIXES lib lib64)

if(NCCL_INCLUDE_DIR AND EXISTS ${NCCL_INCLUDE_DIR}/nccl.h)
  file(STRINGS ${NCCL_INCLUDE_DIR}/nccl.h nccl_version_lines REGEX "#define NCCL_(MAJOR|MINOR|PATCH) ")
  foreach(part MAJOR MINOR PATCH)
    string(REGEX REPLACE ".*#define NCCL_${part} ([0-9]+).*" "\\1" nccl_${part} "${nccl_version_lines}")
  endforeach()
  set(NCCL_VERSION "${nccl_MAJOR}.${nccl_MINOR}.${nccl_PATCH}")
endif()

find_package_handle_standard_args(NCCL
  REQUIRED_VARS NCCL_LIBRARY NCCL_INCLUDE_DIR VERSION_VAR NCCL_VERSION)
if(NCCL_FOUND AND NOT TARGET NCCL::NCCL)
  add_library(NCCL::NCCL UNKNOWN IMPORTED)
  set_target_properties(NCCL::NCCL PROPERTIES
    IMPORTED_LOCATION ${NCCL_LIBRARY} INTERFACE_INCLUDE_DIRECTORIES ${NCCL_INCLUDE_DIR})
endif()
mark_as_advanced(NCCL_INCLUDE_DIR NCCL_LIBRARY)
