// The element types every step is templated on, and what the harness needs to know of each.
// Adding a type: give it an ElementTraits specialization and add it to ElementTypes.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <tuple>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// A complex number sums component by component, so the same kernels reduce it.
// The alignment lets a Complex<double> travel as one 16-byte load.
template <typename Real>
struct alignas(2 * sizeof(Real)) Complex {
    Real re;
    Real im;
    __host__ __device__ constexpr Complex(Real real = 0, Real imag = 0) : re(real), im(imag) {}
};

template <typename Real>
__host__ __device__ constexpr Complex<Real> operator+(Complex<Real> a, Complex<Real> b)
{
    return Complex<Real>(a.re + b.re, a.im + b.im);
}

template <typename Real>
__host__ __device__ constexpr Complex<Real>& operator+=(Complex<Real>& a, Complex<Real> b)
{
    a = a + b;
    return a;
}

// name: what --type accepts; Scalar: the type of one component; components: 1 or 2;
// Accumulator: the type a sum of them is added up in, and the type of the result. A type
// that is no element type (the exercises' tests' counting ints) is only summed, in itself.
template <typename T>
struct ElementTraits {
    using Accumulator = T;
};

template <>
struct ElementTraits<int> {
    static constexpr const char* name = "int";
    using Scalar = int;
    static constexpr int components = 1;
    using Accumulator = int;
};
template <>
struct ElementTraits<long long> {
    static constexpr const char* name = "int64";
    using Scalar = long long;
    static constexpr int components = 1;
    using Accumulator = long long;
};
template <>
struct ElementTraits<float> {
    static constexpr const char* name = "float";
    using Scalar = float;
    static constexpr int components = 1;
    using Accumulator = float;
};
template <>
struct ElementTraits<double> {
    static constexpr const char* name = "double";
    using Scalar = double;
    static constexpr int components = 1;
    using Accumulator = double;
};
template <>
struct ElementTraits<Complex<float>> {
    static constexpr const char* name = "cfloat";
    using Scalar = float;
    static constexpr int components = 2;
    using Accumulator = Complex<float>;
};
template <>
struct ElementTraits<Complex<double>> {
    static constexpr const char* name = "cdouble";
    using Scalar = double;
    static constexpr int components = 2;
    using Accumulator = Complex<double>;
};

// The 16-bit floating-point types are summed in float: a sum kept in 16 bits stops growing
// once the next element is below half its spacing (all ones: at 2048 in half, 256 in
// bfloat16; docs/accuracy.md). Their values are exact in float, so each element still
// counts whole; the result is the float sum, which a caller may round to 16 bits once.
template <>
struct ElementTraits<__half> {
    static constexpr const char* name = "half";
    using Scalar = __half;
    static constexpr int components = 1;
    using Accumulator = float;
};
template <>
struct ElementTraits<__nv_bfloat16> {
    static constexpr const char* name = "bf16";
    using Scalar = __nv_bfloat16;
    static constexpr int components = 1;
    using Accumulator = float;
};

// The type a sum of T is added up in: T itself, but float for the 16-bit types.
template <typename T>
using Accumulator = typename ElementTraits<T>::Accumulator;

// Significant bits of a floating-point scalar, the leading one included (float 24, double 53;
// half 11, bfloat16 8, which std::numeric_limits does not know).
template <typename Scalar>
constexpr int precisionBits = std::numeric_limits<Scalar>::digits;
template <>
constexpr int precisionBits<__half> = 11;
template <>
constexpr int precisionBits<__nv_bfloat16> = 8;

// The six types of the type sweep in Sizmann 2023 (chapter 4's introduction, Figure 4.3;
// docs/README.md, Sources), in the order --help lists them, then the two 16-bit types of
// machine learning (half: IEEE binary16; bf16: bfloat16, float's exponent in 16 bits).
using ElementTypes = std::tuple<int, long long, float, double, Complex<float>, Complex<double>,
                                __half, __nv_bfloat16>;

template <typename T>
typename ElementTraits<T>::Scalar componentOf(const T& value, int /*component*/)
{
    return value;
}

template <typename Real>
Real componentOf(const Complex<Real>& value, int component)
{
    return component == 0 ? value.re : value.im;
}

// Calls action(T{}) with the element type named `name`; returns false for an unknown name.
template <typename Action, std::size_t index = 0>
bool withElementType(const std::string& name, Action&& action)
{
    if constexpr (index == std::tuple_size_v<ElementTypes>) {
        return false;
    } else {
        using T = std::tuple_element_t<index, ElementTypes>;
        if (name == ElementTraits<T>::name) {
            action(T{});
            return true;
        }
        return withElementType<Action, index + 1>(name, std::forward<Action>(action));
    }
}

// "int, int64, float, double, cfloat, cdouble": for --help and error messages.
template <std::size_t index = 0>
std::string elementTypeNames()
{
    if constexpr (index == std::tuple_size_v<ElementTypes>) {
        return "";
    } else {
        std::string rest = elementTypeNames<index + 1>();
        std::string name = ElementTraits<std::tuple_element_t<index, ElementTypes>>::name;
        return rest.empty() ? name : name + ", " + rest;
    }
}
