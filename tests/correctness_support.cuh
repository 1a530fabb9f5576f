// What every correctness matrix (step_correctness.cu, rows_correctness.cu,
// softmax_correctness.cu) draws its parameters from: the seed, the block sizes the program
// allows, the element types the harness takes; and its main(). Included after the program's
// own header (minBlockSize) and its harness (largestBlockSize, elementTypeNames).
//
// A matrix has two parts, each one process (one CUDA context) under ctest:
//   Quick/   every type at the largest block (and any block the matrix adds): scripts/test.sh's
//            selection
//   Matrix/  every type at every other block the program allows (label exhaustive)
// gtest names each case type_blockB, and each check's message names n or the shape, so a
// failure names its case in the output that ctest keeps in its JUnit file.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

// Fresh random data on every run; REDUCTION_TEST_SEED=<seed> repeats a run exactly.
inline std::uint64_t testSeed()
{
    if (const char* text = std::getenv("REDUCTION_TEST_SEED"))
        return std::strtoull(text, nullptr, 10);
    std::random_device device;
    return (std::uint64_t(device()) << 32) | device();
}

// The largest block runs the most threads and the fewest blocks; the quick selection takes it,
// and the blocks a matrix adds (the softmax: the default block, whose launch picks other kernels).
inline std::vector<int> quickBlockSizes(std::vector<int> added = {})
{
    added.insert(added.begin(), largestBlockSize);
    return added;
}

// Every other block size the program allows, from its smallest.
inline std::vector<int> otherBlockSizes(const std::vector<int>& quick = quickBlockSizes())
{
    std::vector<int> sizes;
    for (int block = minBlockSize; block < largestBlockSize; block *= 2)
        if (std::find(quick.begin(), quick.end(), block) == quick.end()) sizes.push_back(block);
    return sizes;
}

// "float, double, ..." as a list of names.
inline std::vector<std::string> typeNames()
{
    std::vector<std::string> names;
    std::string list = elementTypeNames() + ", ";
    for (std::size_t start = 0, comma; (comma = list.find(", ", start)) != std::string::npos;
         start = comma + 2)
        names.push_back(list.substr(start, comma - start));
    return names;
}

// A case's name: its type and block, e.g. float_block256.
inline std::string typeAndBlockName(
    const testing::TestParamInfo<std::tuple<std::string, int>>& info)
{
    return std::get<0>(info.param) + "_block" + std::to_string(std::get<1>(info.param));
}

// Without a GPU no case runs: one line, and exit code 77, which ctest reports as skipped
// (SKIP_RETURN_CODE), never as passed.
int main(int argc, char** argv)
{
    testing::InitGoogleTest(&argc, argv);
    std::string reason;
    if (!testing::GTEST_FLAG(list_tests) && !cudaDevicePresent(&reason)) {
        std::printf("SKIPPED: no CUDA device (%s)\n", reason.c_str());
        return 77;
    }
    return RUN_ALL_TESTS();
}
