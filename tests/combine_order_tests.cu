// Step 13's combine, on the host (no GPU, no MPI).
// Its order: how the K per-GPU sums are added is NCCL's choice (ring, tree, ...). Two sums
// give the same bits in either order (IEEE addition commutes), so comparing one rank with
// two shows nothing about the order; three or more sums can give other bits in another
// association. On the exact input every order gives the exact sum, so there a comparison of
// totals across rank counts is a check.
// The harness's side of it: K threads stand for K ranks and share values through memory as
// MPI_Allgather shares them; they run the harness's own agreement on the command line and
// its exact sum and reference of the whole input from the slices, as step 13's ranks do.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "data.cuh"
#include "harness.cuh"

namespace {

// Step 13's split: n / K elements each, the first n % K ranks one more.
Slice sliceOf(std::size_t n, int rank, int ranks)
{
    const std::size_t base = n / ranks, extra = n % ranks, r = std::size_t(rank);
    return {r * base + std::min(r, extra), base + (r < extra ? 1 : 0)};
}

// The per-GPU sums of the random input: each slice's reference sum rounded to the type, as
// a GPU's sum of its slice would be up to its last bits.
template <typename S>
std::vector<S> randomSliceSums(std::size_t n, std::uint64_t seed, int ranks)
{
    const std::vector<S> input = makeInput<S>(n, seed);
    std::vector<S> sums;
    for (int r = 0; r < ranks; ++r) {
        const Slice slice = sliceOf(n, r, ranks);
        sums.push_back(S(referenceSum(input.data() + slice.first, slice.count).component[0].sum));
    }
    return sums;
}

// The result of every way to add the values: any two first, then any two of what is left,
// and so on; this is every order and every association a combine can use (3 for three
// values, 18 for four).
template <typename S>
void everyCombine(const std::vector<S>& values, std::vector<S>& results)
{
    if (values.size() == 1) {
        results.push_back(values[0]);
        return;
    }
    for (std::size_t i = 0; i < values.size(); ++i)
        for (std::size_t j = i + 1; j < values.size(); ++j) {
            std::vector<S> rest{values[i] + values[j]};
            for (std::size_t k = 0; k < values.size(); ++k)
                if (k != i && k != j) rest.push_back(values[k]);
            everyCombine(rest, results);
        }
}

template <typename S>
bool sameBits(S a, S b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// The harness's random input, seed 42, n = 2^20 + 7 (a size of step 13's test matrix), on
// three GPUs: (a + b) + c and a + (b + c) round differently, in float and in double. So the
// bits of a random-input total may change with the combine's order from three GPUs on.
template <typename S>
void expectAssociationChangesBits()
{
    const std::vector<S> sum = randomSliceSums<S>((1 << 20) + 7, 42, 3);
    EXPECT_FALSE(sameBits((sum[0] + sum[1]) + sum[2], sum[0] + (sum[1] + sum[2])))
        << "(a + b) + c = " << valueText((sum[0] + sum[1]) + sum[2])
        << " and a + (b + c) = " << valueText(sum[0] + (sum[1] + sum[2]))
        << ": the data no longer shows the case; find another seed or n";
}

TEST(CombineOrder, RandomInputThreeGpusFloatAssociationChangesBits)
{
    expectAssociationChangesBits<float>();
}

TEST(CombineOrder, RandomInputThreeGpusDoubleAssociationChangesBits)
{
    expectAssociationChangesBits<double>();
}

// The exact input's per-GPU sums are multiples of 1/4 (whole numbers for integer types), and
// so is every sum of them: no addition rounds (for float while the magnitudes stay below 2^22,
// as here), so every order
// and association of 3 and 4 GPUs' sums gives the exact total, the same bits.
template <typename S>
void expectEveryOrderExact()
{
    for (std::uint64_t seed : {1, 42}) {
        for (std::size_t n :
             {std::size_t(1025), std::size_t(1 << 20) + 7, std::size_t(1 << 24) - 1}) {
            ExactInput input;
            const ExactReference<S> total = prepareExactInput<S>(seed, n, input);
            for (int ranks : {3, 4}) {
                std::vector<S> sums;
                for (int r = 0; r < ranks; ++r) {
                    const Slice slice = sliceOf(n, r, ranks);
                    sums.push_back(
                        S(exactComponent(exactSliceSum<S>(input, slice.first, slice.count), 0)));
                }
                std::vector<S> results;
                everyCombine(sums, results);
                ASSERT_EQ(results.size(), ranks == 3 ? 3u : 18u);
                for (S result : results) {
                    EXPECT_TRUE(isExactSum(result, total))
                        << "seed " << seed << ", n = " << n << ", " << ranks
                        << " GPUs: " << valueText(result) << ", exact sum "
                        << exactReferenceText(total);
                    EXPECT_TRUE(sameBits(result, results[0]));
                }
            }
        }
    }
}

TEST(CombineOrder, ExactInputEveryOrderFloatSameBits)
{
    expectEveryOrderExact<float>();
}

TEST(CombineOrder, ExactInputEveryOrderDoubleSameBits)
{
    expectEveryOrderExact<double>();
}

// What the ranks of one run share: a barrier and a buffer that each fills its part of.
struct SharedMemory {
    std::mutex mutex;
    std::condition_variable arrivedAll;
    int arrived = 0;
    long generation = 0;
    std::vector<unsigned char> buffer;
};

// K threads as K ranks, in the harness's struct of processes, as step 13's MpiRanks.
struct ThreadRanks : OneProcess {
    SharedMemory* shared = nullptr;

    Slice slice(std::size_t n) const { return sliceOf(n, rank, count); }
    void barrier() const
    {
        std::unique_lock<std::mutex> lock(shared->mutex);
        const long generation = shared->generation;
        if (++shared->arrived < count) {
            // A rank that never comes would leave the others waiting: the hang the harness
            // must prevent. The test then ends here, saying so.
            if (!shared->arrivedAll.wait_for(lock, std::chrono::seconds(20),
                                             [&] { return shared->generation != generation; })) {
                std::fprintf(stderr, "FAIL: rank %d waited 20 s for the other ranks: a hang\n",
                             rank);
                std::abort();
            }
        } else {
            shared->arrived = 0;
            ++shared->generation;
            shared->arrivedAll.notify_all();
        }
    }
    void allGather(const void* mine, void* all, std::size_t bytes) const
    {
        std::memcpy(shared->buffer.data() + rank * bytes, mine, bytes);
        barrier();  // every part written
        std::memcpy(all, shared->buffer.data(), count * bytes);
        barrier();  // every part read: the buffer may be reused
    }
};

// Runs body(ranks) on `count` threads, one rank each.
template <typename Body>
void onRanks(int count, Body body)
{
    SharedMemory shared;
    shared.buffer.resize(std::size_t(count) * 4096);
    std::vector<std::thread> threads;
    for (int rank = 0; rank < count; ++rank)
        threads.emplace_back([&, rank] {
            ThreadRanks ranks;
            ranks.rank = rank;
            ranks.count = count;
            ranks.shared = &shared;
            body(ranks);
        });
    for (std::thread& thread : threads) thread.join();
}

// Each rank's command line is its own (mpirun can start them with different ones). One that
// a single rank refuses ends every rank with exit code 2, the refusing rank's one line on
// stderr; --help on a single rank ends every rank with exit code 0, its usage printed once.
TEST(Ranks, CommandLineOfOneRankDecidesForEvery)
{
    for (const char* odd : {"--n=bogus", "--help"}) {
        const bool refused = std::string(odd) != "--help";
        std::vector<int> goesOn(3), status(3);
        testing::internal::CaptureStderr();
        testing::internal::CaptureStdout();
        onRanks(3, [&](ThreadRanks& ranks) {
            std::vector<std::string> words = {"step13", "--n", "1000", "--verify-only"};
            if (ranks.rank == 1) words.push_back(odd);
            std::vector<char*> argv;
            for (std::string& word : words) argv.push_back(word.data());
            Options options;
            goesOn[ranks.rank] = startProgram(int(argv.size()), argv.data(), "step13", options,
                                              &status[ranks.rank], ranks);
        });
        const std::string err = testing::internal::GetCapturedStderr();
        const std::string out = testing::internal::GetCapturedStdout();
        EXPECT_EQ(goesOn, std::vector<int>(3, 0)) << odd;
        EXPECT_EQ(status, std::vector<int>(3, refused ? exitBadUsage : exitVerified)) << odd;
        if (refused) {
            EXPECT_EQ(err,
                      "step13: error: rank 1: --n 'bogus': expected a count from 0 to 2^48, "
                      "e.g. 1000000, 2^28 or 2^20+7\n");
            EXPECT_EQ(out, "");
        } else {
            EXPECT_EQ(err, "");
            EXPECT_EQ(out, usage("step13"));
        }
    }
}

// A step's own option (step 13's --combine) is parsed like every step's: a value after it or
// after '=', one line naming what is wrong, and other unknown options still refused.
TEST(Ranks, StepOptionParsedWithEveryStepsOptions)
{
    std::string kept;
    const std::vector<StepOption> own = {{"--combine", [&](const std::string& value) {
                                              if (value != "ring" && value != "tree")
                                                  return std::string("expected ring or tree");
                                              kept = value;
                                              return std::string();
                                          }}};
    auto parse = [&](std::vector<const char*> argv) {
        argv.insert(argv.begin(), "step13");
        return parseCommandLine(int(argv.size()), argv.data(), own).error;
    };
    EXPECT_EQ(parse({"--combine", "ring", "--n", "7"}), "");
    EXPECT_EQ(kept, "ring");
    EXPECT_EQ(parse({"--combine=tree"}), "");
    EXPECT_EQ(kept, "tree");
    EXPECT_EQ(parse({"--combine", "bus"}), "--combine 'bus': expected ring or tree");
    EXPECT_EQ(parse({"--n", "7", "--combine"}), "--combine needs a value (see --help)");
    EXPECT_EQ(parse({"--combined", "ring"}), "unknown option '--combined' (see --help)");
    EXPECT_EQ(
        parseCommandLine(3, std::vector<const char*>{"step12", "--combine", "ring"}.data()).error,
        "unknown option '--combine' (see --help)");
}

// The harness's exact sum and reference of the whole input, made from the ranks' slices:
// the same as from the whole input on one process, for any n and number of ranks. Should
// the exact sum be 0 (integer types alone: n = 2, about one seed in 16), every rank negates
// the same element.
template <typename T>
void expectSlicesAddUpToTheWhole()
{
    for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(3),
                          std::size_t(1025), std::size_t(1 << 20) + 7}) {
        for (std::uint64_t seed = 1; seed <= (n == 2 ? 40u : 2u); ++seed) {
            ExactInput wholeInput;
            const ExactReference<T> whole = prepareExactInput<T>(seed, n, wholeInput);
            const std::vector<T> input = makeInput<T>(n, seed);
            const Reference<T> wholeReference = referenceSum(input.data(), n);
            for (int count : {1, 2, 3, 4}) {
                onRanks(count, [&](ThreadRanks& ranks) {
                    const Slice slice = ranks.slice(n);
                    ExactInput exactInput;
                    const ExactReference<T> exact =
                        prepareExactInput<T>(ranks, seed, n, slice, exactInput);
                    const Reference<T> reference = referenceOfAll(
                        everyRank(ranks, referenceSum(input.data() + slice.first, slice.count)));
                    const std::string where =
                        "n = " + std::to_string(n) + ", seed " + std::to_string(seed) + ", rank " +
                        std::to_string(ranks.rank) + " of " + std::to_string(count);
                    EXPECT_EQ(exact.n, whole.n) << where;
                    EXPECT_EQ(exactReferenceText(exact), exactReferenceText(whole)) << where;
                    EXPECT_EQ(exactInput.negateFirst, wholeInput.negateFirst) << where;
                    EXPECT_EQ(reference.n, wholeReference.n) << where;
                    for (int c = 0; c < ElementTraits<T>::components; ++c) {
                        const ComponentReference &mine = reference.component[c],
                                                 &all = wholeReference.component[c];
                        EXPECT_EQ(mine.exactSum, all.exactSum) << where;
                        EXPECT_NEAR(mine.sum, all.sum, 1e-13 * all.sumOfMagnitudes) << where;
                        EXPECT_NEAR(mine.sumOfMagnitudes, all.sumOfMagnitudes,
                                    1e-9 * all.sumOfMagnitudes)  // added in another order
                            << where;
                    }
                });
            }
        }
    }
}

TEST(Ranks, SlicesAddUpToTheWholeInt)
{
    expectSlicesAddUpToTheWhole<int>();
}

TEST(Ranks, SlicesAddUpToTheWholeDouble)
{
    expectSlicesAddUpToTheWhole<double>();
}

TEST(Ranks, SlicesAddUpToTheWholeComplexFloat)
{
    expectSlicesAddUpToTheWhole<Complex<float>>();
}

}  // namespace
