// The correctness matrix of a softmax program: float, half and bfloat16 x every block size the
// program allows x shapes that catch off-by-one, head and tail, row-boundary and path mistakes,
// with the special rows (-inf elements, a row of -inf, a NaN, a +inf, a range that underflows),
// every element of every row checked as the harness checks it. CMake compiles this file once
// per program, with its folder first on the include path, so "softmax.cuh" below is its.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "softmax.cuh"
#include "softmax_harness.cuh"

#include "correctness_support.cuh"

namespace {

const std::uint64_t seed = testSeed();

// R or C of 0, 1, 3, 33, 1025; odd lengths (every row but the first starts misaligned, C not a
// multiple of any vector width); aligned rows of 1 to 4 vectors (8, 16, 24, 32 halves: a group of
// 4 lanes, from step 19 on); each kernel's capacity (a group of 8 lanes, a warp or the
// block, each thread holding 1, 2, 4 or 8 vectors: 32, 64, 128, 256 floats for 8 lanes, twice
// that in halves; 512 and 1024 floats for a warp, and 2048 with 16; 2048 to 16384 floats for
// the block; from step 19 on 16-bit groups of 512 threads or more hold 3 where 3 hold the row:
// 8196, 16385 and 32776 halves at block 256, and in step 20 65539, which step 19 reads twice;
// their capacities 12288, 24576, 49152 and 98304 halves and one past each), one element past it
// and one vector past it (a row of capacity + 1 elements can still fit, its
// last element in the tail); rows longer than any block holds (step 17 reads them twice: 1024 x 4
// x 8 = 32768 halves at most fit; from step 18 on clusters hold them, step 20's in blocks of
// 512 (16-bit rows past 65536 at blocks up to 256: 16 blocks of 256, a wide cluster):
// 8 x 512 threads x 8 vectors x 4 floats, or x 4 vectors x 8 halves, = 131072 elements
// (at block 1024, 8 x 1024 x 4 vectors: 131072 floats, 262144 halves). 100003 and 131072 read
// once, 131079 twice, but for halves at block 1024).
std::vector<Shape> testShapes()
{
    return {{0, 5},      {1, 0},      {3, 0},
            {1, 1},      {3, 1},      {33, 1},
            {1025, 1},   {1, 3},      {3, 33},
            {33, 3},     {1025, 33},  {1, 1025},
            {33, 1025},  {17, 16},    {17, 17},
            {9, 64},     {9, 65},     {9, 68},
            {9, 128},    {9, 129},    {9, 132},
            {13, 255},   {13, 256},   {13, 257},
            {13, 260},   {13, 512},   {13, 513},
            {13, 520},   {7, 1024},   {7, 1028},
            {7, 2048},   {7, 2049},   {7, 2052},
            {7, 2056},   {5, 4096},   {5, 4100},
            {5, 4104},   {3, 8192},   {3, 8196},
            {3, 8200},   {3, 16385},  {3, 16388},
            {3, 16392},  {2, 32768},  {2, 32776},
            {2, 65539},  {4097, 31},  {33, 8},
            {33, 24},    {4097, 32},  {2, 100003},
            {2, 131072}, {2, 131079}, {1, (std::size_t(1) << 20) + 7},
            {3, 12288},  {3, 12289},  {2, 24576},
            {2, 24577},  {2, 49152},  {2, 49153},
            {2, 98304},  {2, 98305}};
}

std::string shapeText(Shape shape)
{
    return std::to_string(shape.rows) + " x " + std::to_string(shape.cols);
}

// As the harness runs the step, on the input with the special rows: a run on a poisoned
// output, checked; a second run, checked and the same bits (the order of a row's combine is
// fixed by the shape and the block size).
template <typename T>
void checkEveryShape(int blockSize)
{
    int oneRead = 0, twoReads = 0;
    for (Shape shape : testShapes()) {
        SCOPED_TRACE(shapeText(shape) + ", block = " + std::to_string(blockSize) +
                     ", REDUCTION_TEST_SEED=" + std::to_string(seed));
        (softmaxReadsOnce<T>(shape, blockSize) ? oneRead : twoReads) += 1;
        const std::uint64_t shapeSeed = seed + shape.rows * 7919 + shape.cols;
        DeviceSoftmax<T> softmax(shape, blockSize);
        makeSoftmaxInputOnDevice(softmax.input.data(), shape, shapeSeed, true);
        std::vector<T> first(shape.elements());
        for (int run = 0; run < 2; ++run) {
            softmax.runPoisoned();
            const SoftmaxVerdict verdict = checkSoftmaxOnDevice(softmax);
            EXPECT_EQ(verdict.checked, shape.elements());
            EXPECT_EQ(verdict.wrong, 0u)
                << "run " << run << ": " << verdict.wrong
                << " wrong, first: " << softmaxElementText(verdict.firstWrong);
            std::vector<T> output(shape.elements());
            if (shape.elements() > 0)
                CUDA_CHECK(cudaMemcpy(output.data(), softmax.output.data(),
                                      shape.elements() * sizeof(T), cudaMemcpyDeviceToHost));
            if (run == 0) first = output;
            EXPECT_TRUE(output.empty() ||
                        std::memcmp(first.data(), output.data(), output.size() * sizeof(T)) == 0)
                << "run " << run << " gave other bits";
        }
    }
    // Both paths ran.
    EXPECT_GT(oneRead, 0);
    EXPECT_GT(twoReads, 0);
}

// The softmax's launch depends on the caller's block (which group takes a row, a block of its
// own, a cluster of which blocks), and the largest block (1024: 4 vectors a thread, clusters of
// 1024) runs other kernels than the default block a reader runs (256): the quick selection
// takes both.
const std::vector<int> quickBlocks = quickBlockSizes({Options{}.blockSize});

}  // namespace

class SoftmaxCorrectness : public testing::TestWithParam<std::tuple<std::string, int>> {};

TEST_P(SoftmaxCorrectness, EveryElementMatchesTheCpuReference)
{
    const std::string type = std::get<0>(GetParam());
    const int blockSize = std::get<1>(GetParam());
    if (type == "float") checkEveryShape<float>(blockSize);
    if (type == "half") checkEveryShape<__half>(blockSize);
    if (type == "bf16") checkEveryShape<__nv_bfloat16>(blockSize);
}

INSTANTIATE_TEST_SUITE_P(Quick, SoftmaxCorrectness,
                         testing::Combine(testing::ValuesIn(softmaxTypes()),
                                          testing::ValuesIn(quickBlocks)),
                         typeAndBlockName);
INSTANTIATE_TEST_SUITE_P(Matrix, SoftmaxCorrectness,
                         testing::Combine(testing::ValuesIn(softmaxTypes()),
                                          testing::ValuesIn(otherBlockSizes(quickBlocks))),
                         typeAndBlockName);
