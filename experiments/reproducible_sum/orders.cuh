// The inputs of the reproducibility checks (tests/reproducibility_tests.cu and bits.cu here):
// values made on the device from their index alone, laid out in a permuted order, so that
// every order of one size holds the same numbers and nothing crosses the PCIe bus.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "cuda_check.cuh"

enum class InputKind {
    uniform,       // in (-1, 1)
    wide,          // (1 + u) * 2^e, e from -20 to 20, either sign: every order rounds otherwise
    cancellation,  // +-2^20 (1 + u) in pairs that cancel, and values near 2^-10 between them
};

inline const char* kindName(InputKind kind)
{
    return kind == InputKind::uniform ? "uniform"
           : kind == InputKind::wide  ? "wide"
                                      : "cancellation";
}

__host__ __device__ inline std::uint64_t mixIndex(std::uint64_t x)  // splitmix64's finalizer
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Value number `index` of the input (whatever position it is laid out at).
template <typename Real>
__host__ __device__ Real inputValue(InputKind kind, std::uint64_t seed, std::uint64_t index)
{
    const std::uint64_t bits = mixIndex(seed ^ mixIndex(index));
    const double u = double(bits >> 11) * 0x1p-53;  // [0, 1)
    const double sign = bits & 1 ? -1.0 : 1.0;
    switch (kind) {
    case InputKind::uniform: return Real(sign * u);
    case InputKind::wide: return Real(sign * ldexp(1.0 + u, int((bits >> 1) % 41) - 20));
    default:
        if (index % 3 == 2) return Real(sign * ldexp(1.0 + u, -10));
        // a pair: values 3k and 3k + 1 are +-2^20 (1 + u_k), u_k from k alone
        const double pair = double(mixIndex(seed ^ (index / 3)) >> 11) * 0x1p-53;
        return Real((index % 3 ? -1.0 : 1.0) * ldexp(1.0 + pair, 20));
    }
}

// An order of n values: position i holds value (multiplier * i + offset) mod n, a permutation
// when the multiplier has no factor in common with n. Multiplier 1, offset 0: as made.
struct InputOrder {
    std::uint64_t multiplier = 1, offset = 0;
};

// `count` orders of n values: as made, then permutations with large prime multipliers.
inline std::vector<InputOrder> inputOrders(std::size_t n, int count)
{
    const std::uint64_t primes[] = {1000003, 998244353, 2654435761, 4294967291, 3, 5, 7};
    std::vector<InputOrder> orders = {InputOrder{}};
    for (std::uint64_t prime : primes) {
        if (int(orders.size()) >= count || n < 2) break;
        if (std::gcd(prime % n, std::uint64_t(n)) == 1 && prime % n > 1)
            orders.push_back(InputOrder{prime % n, (prime / 7) % n});
    }
    return orders;
}

inline std::string orderText(const InputOrder& order)
{
    return std::to_string(order.multiplier) + "i+" + std::to_string(order.offset);
}

// Positions [first, first + count) of the n values laid out in `order`: one GPU's slice of
// it (ranks.cu), or all of it.
template <typename Real>
__global__ void orderedInputKernel(Real* out, std::size_t first, std::size_t count, std::size_t n,
                                   InputKind kind, std::uint64_t seed, InputOrder order)
{
    const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
         i += stride) {
        // multiplier < 2^32 and a position < 2^32: the product fits in 64 bits
        const std::uint64_t index = (order.multiplier * (first + i) + order.offset) % n;
        out[i] = inputValue<Real>(kind, seed, index);
    }
}

template <typename Real>
void makeOrderedSlice(Real* out, std::size_t first, std::size_t count, std::size_t n,
                      InputKind kind, std::uint64_t seed, const InputOrder& order)
{
    if (count == 0) return;
    orderedInputKernel<<<1024, 256>>>(out, first, count, n, kind, seed, order);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaDeviceSynchronize());
}

template <typename Real>
void makeOrderedInput(Real* out, std::size_t n, InputKind kind, std::uint64_t seed,
                      const InputOrder& order)
{
    makeOrderedSlice(out, 0, n, n, kind, seed, order);
}
