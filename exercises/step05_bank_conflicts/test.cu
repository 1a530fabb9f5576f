// Tests of step05's exercise (padding instead of sequential addressing):
//   ctest -R exercise_step05
#include <numeric>
#include <set>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

TEST(Padding, EveryElementHasItsOwnWord)
{
    for (unsigned blockSize : {32u, 64u, 128u, 256u, 512u, 1024u}) {
        std::set<unsigned> words;
        for (unsigned index = 0; index < blockSize; ++index) {
            unsigned word = paddedIndex(index);
            EXPECT_LT(word, paddedWords(blockSize))
                << "block " << blockSize << ", element " << index;
            EXPECT_TRUE(words.insert(word).second)
                << "element " << index << " shares word " << word;
        }
        EXPECT_LE(paddedWords(blockSize), blockSize + blockSize / 16) << "more padding than needed";
    }
}

TEST(Padding, NoBankConflictAtAnyLevel)
{
    // Both loads of step04's addition, sharedPartials[index] and sharedPartials[index + s],
    // for every warp of a block of 1024 at every level where that warp works.
    const unsigned blockSize = 1024;
    for (unsigned s = 1; s < blockSize; s *= 2)
        for (unsigned warp = 0; warp < blockSize / 32; ++warp) {
            std::vector<unsigned> first, second;
            for (unsigned tid = 32 * warp; tid < 32 * warp + 32; ++tid)
                if (2 * s * tid < blockSize) {
                    first.push_back(paddedIndex(2 * s * tid));
                    second.push_back(paddedIndex(2 * s * tid + s));
                }
            if (first.empty()) continue;
            EXPECT_EQ(passesThroughBanks(first), 1u)
                << "sharedPartials[index], s = " << s << ", warp " << warp;
            EXPECT_EQ(passesThroughBanks(second), 1u)
                << "sharedPartials[index + s], s = " << s << ", warp " << warp;
        }
}

namespace {

template <typename T>
void checkSums()
{
    for (int blockSize : exerciseBlockSizes())
        for (std::size_t n : exerciseSizes())
            for (const ExerciseInput<T>& input : exerciseInputs<T>(n)) {
                SCOPED_TRACE("block = " + std::to_string(blockSize) + ", " + input.name);
                DeviceArray<unsigned char> workspace(paddedWorkspaceBytes<T>(n, blockSize));
                T result = runOnDevice(input.elements, [&](const T* in, std::size_t count, T* out) {
                    reduceStridedPadded(in, count, blockSize, workspace.data(), out);
                });
                EXPECT_TRUE(sumIsCorrect(result, input.elements));
            }
}

}  // namespace

TEST(PaddedKernel, SumsInt)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<int>();
}

TEST(PaddedKernel, SumsFloat)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<float>();
}

// Correct sums do not show that the kernel uses the padding: step04's kernel, unchanged, sums
// right too. So the kernel also runs on an int that checks, at every `+=` of the tree, where
// in shared memory its two operands are: each word must hold an element (element k at word
// paddedIndex(k), never a padding word), and the addition must be one of step04's tree, element
// k + s into element k with k a multiple of 2s.
namespace layout {

struct CheckedInt {
    int value;  // no initializer: the kernel keeps it in shared memory
    CheckedInt() = default;
    __host__ __device__ CheckedInt(int v) : value(v) {}
    __device__ CheckedInt& operator+=(const CheckedInt& other);
};

constexpr unsigned int maxWords = 2048;
__device__ int elementAtWord[maxWords];  // -1: a padding word
__device__ unsigned long long additionsSeen;
__device__ unsigned long long additionsMisplaced;

// The element stored at `address`: -1 for a padding word, -2 outside the dynamic shared memory.
__device__ int elementAt(const void* address)
{
    if (!__isShared(address)) return -2;
    long long bytes = static_cast<const unsigned char*>(address) - sharedMemory<unsigned char>();
    if (bytes < 0 || bytes % 4 != 0 || bytes / 4 >= maxWords) return -2;
    return elementAtWord[bytes / 4];
}

__device__ CheckedInt& CheckedInt::operator+=(const CheckedInt& other)
{
    const int k = elementAt(this), s = elementAt(&other) - k;
    const bool treeStep = k >= 0 && s > 0 && (s & (s - 1)) == 0 && k % (2 * s) == 0;
    atomicAdd(&additionsSeen, 1ull);
    if (!treeStep) atomicAdd(&additionsMisplaced, 1ull);
    value += other.value;
    return *this;
}

// Which element each word of a block of blockSize holds, from the exercise's paddedIndex.
void loadLayout(unsigned int blockSize)
{
    std::vector<int> element(maxWords, -1);
    for (unsigned int k = 0; k < blockSize; ++k)
        if (paddedIndex(k) < maxWords) element[paddedIndex(k)] = int(k);
    CUDA_CHECK(cudaMemcpyToSymbol(elementAtWord, element.data(), maxWords * sizeof(int)));
    unsigned long long zero = 0;
    CUDA_CHECK(cudaMemcpyToSymbol(additionsSeen, &zero, sizeof zero));
    CUDA_CHECK(cudaMemcpyToSymbol(additionsMisplaced, &zero, sizeof zero));
}

}  // namespace layout

TEST(PaddedKernel, AddsThroughThePaddedWords)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    using layout::CheckedInt;
    for (int blockSize : {64, 256, 1024})
        for (std::size_t n : {std::size_t(1025), std::size_t(65536 + 3)}) {
            SCOPED_TRACE("n = " + std::to_string(n) + ", block = " + std::to_string(blockSize));
            std::vector<int> values = makeInput<int>(n, exerciseSeed + n);
            std::vector<CheckedInt> input(values.begin(), values.end());
            layout::loadLayout(blockSize);
            DeviceArray<unsigned char> workspace(paddedWorkspaceBytes<CheckedInt>(n, blockSize));
            CheckedInt result =
                runOnDevice(input, [&](const CheckedInt* in, std::size_t count, CheckedInt* out) {
                    reduceStridedPadded(in, count, blockSize, workspace.data(), out);
                });
            unsigned long long seen = 0, misplaced = 0;
            CUDA_CHECK(cudaMemcpyFromSymbol(&seen, layout::additionsSeen, sizeof seen));
            CUDA_CHECK(
                cudaMemcpyFromSymbol(&misplaced, layout::additionsMisplaced, sizeof misplaced));
            EXPECT_EQ(result.value, std::accumulate(values.begin(), values.end(), 0));
            EXPECT_GT(seen, 0u) << "no `+=` seen: keep step04's sharedPartials[...] += "
                                   "sharedPartials[...]";
            EXPECT_EQ(misplaced, 0u) << "of " << seen
                                     << " additions: operands not at paddedIndex(k) and "
                                        "paddedIndex(k + s), k a multiple of 2s";
        }
}
