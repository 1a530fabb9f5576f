// What every correctness matrix (step_correctness.cu, rows_correctness.cu,
// softmax_correctness.cu) draws its parameters from: the seed, the block sizes the program
// allows, the element types the harness takes. Included after the program's own header
// (minBlockSize) and its harness (largestBlockSize, elementTypeNames).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

// Fresh random data on every run; REDUCTION_TEST_SEED=<seed> repeats a run exactly.
inline std::uint64_t testSeed()
{
    if (const char* text = std::getenv("REDUCTION_TEST_SEED"))
        return std::strtoull(text, nullptr, 10);
    std::random_device device;
    return (std::uint64_t(device()) << 32) | device();
}

inline std::vector<int> blockSizesOfThisStep()
{
    std::vector<int> sizes;
    for (int block = minBlockSize; block <= largestBlockSize; block *= 2) sizes.push_back(block);
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
