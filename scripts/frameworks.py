#!/usr/bin/env python3
"""What a user would call instead of writing a reduction: torch.sum, cupy.sum and jnp.sum,
timed the way common/ times every step, so that their rows sit beside CUB's in the table.

    python3 scripts/frameworks.py --csv                 # 2^28 floats, every framework found
    python3 scripts/frameworks.py --n 2^24 --type double --frameworks cupy

Like the harness (common/): the same command line and CSV columns, the same inputs (common/
data.cuh's generators, reproduced exactly in numpy), the same two checks, and the same
timing. Correctness: the exact input (whole numbers +-1..+-8, whose sum no order rounds) must
give its exact sum, bit for bit, once before and once after the timed runs. Accuracy: the
random input's sum, of the first run and of the last timed one, must be within the tolerance
of its reference. Verified means both. The timing: the input already on the device, warm-up
runs, then each timed run after a read of a buffer twice the size of L2 (so no run finds its
input in L2), median with min and max.
  torch, cupy  CUDA events around the sum call alone, on the stream the call runs on.
  jax          no CUDA event API: jax's profiler (jax.profiler, through CUPTI) records each
               kernel's start and end on the GPU's clock; a run is timed from the start of
               jnp.sum's first kernel to the end of its last. That span leaves out the few
               microseconds between a start event and the first kernel, which events
               include: compare jax_sum with the other rows at large n only. (The host's
               clock around the call would add the dispatch and the wait: worse.)
A framework that is not installed, or sees no GPU, is skipped with one line on stderr and
no row: the exit code is 0 when nothing ran. Each framework runs in its own Python process,
so their CUDA libraries and memory pools never meet.
Exit codes, as the harness's: 0 verified (or skipped), 1 wrong result, 2 bad usage,
3 error on the device, 4 bandwidth above the device's peak (a timing bug).
"""

import argparse
import ctypes
import importlib.util
import math
import pathlib
import subprocess
import sys
import tempfile
import warnings

FRAMEWORKS = ["torch", "cupy", "jax"]  # the import name of each, in the table's order
SUM_MODULE = "jit_sum"  # what XLA calls the module of jax.jit(jnp.sum): jit_<function name>

# --type: (numpy dtype of one element, numpy dtype of one component), as common/element_types.cuh.
TYPES = {
    "int": ("int32", "int32"),
    "int64": ("int64", "int64"),
    "float": ("float32", "float32"),
    "double": ("float64", "float64"),
    "cfloat": ("complex64", "float32"),
    "cdouble": ("complex128", "float64"),
}

CSV_HEADER = (
    "step,technique,device,compute_capability,multiprocessors,l2_bytes,peak_gbs,cuda_runtime,"
    "cuda_driver,type,n,bytes,block,iterations,warmup,seed,cache,time_median_ms,time_min_ms,"
    "time_max_ms,gbs,percent_of_peak,result,reference,abs_error,tolerance,verified,accurate,"
    "exact_result,exact_reference,exact_runs,exact"
)

EXIT_VERIFIED, EXIT_WRONG, EXIT_USAGE, EXIT_DEVICE, EXIT_BAD_MEASUREMENT = 0, 1, 2, 3, 4


def say(message):
    print("frameworks: " + message, file=sys.stderr, flush=True)


class Skip(Exception):
    """A framework that cannot run here: not installed, or no GPU. Not a failure."""


# ---------------------------------------------------------------------------------------
# The command line: common/cli.cuh's options, plus --frameworks and --reference-only.


class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line on stderr and exit code 2, as every program does
        say("error: " + message + " (see --help)")
        sys.exit(EXIT_USAGE)


def is_digits(text):  # ASCII digits only: "²".isdigit() is true, and int("²") fails
    return text.isascii() and text.isdigit()


def size(text):
    """A count as cli.cuh's parseSize reads it: 1000000, 2^28, 2^20+7 or 2^31-1; at most 2^48."""
    limit = 1 << 48
    error = argparse.ArgumentTypeError(
        f"'{text}': expected a count from 0 to 2^48, e.g. 1000000, 2^28 or 2^20+7")
    if not text.startswith("2^"):
        if not is_digits(text) or int(text) > limit:
            raise error
        return int(text)
    rest, sign, offset = text[2:], "", "0"
    for mark in "+-":
        if mark in rest:
            rest, sign, offset = rest.partition(mark)
    if not is_digits(rest) or int(rest) > 48 or not is_digits(offset):
        raise error
    value = (1 << int(rest)) + (-int(offset) if sign == "-" else int(offset))
    if not 0 <= value <= limit:
        raise error
    return value


def whole(low, high):
    def parse(text):
        if not is_digits(text) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(
                f"'{text}': expected a whole number from {low} to {high}")
        return int(text)
    return parse


def block_size(text):
    if text not in ("32", "64", "128", "256", "512", "1024"):
        raise argparse.ArgumentTypeError(f"'{text}': expected 32, 64, 128, 256, 512 or 1024")
    return int(text)


def framework_list(text):
    names = text.split(",")
    if not names or any(name not in FRAMEWORKS for name in names):
        raise argparse.ArgumentTypeError(f"'{text}': expected a list of torch, cupy, jax")
    return names


def parse_command_line(argv):
    parser = Parser(
        prog="frameworks.py", allow_abbrev=False,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Times torch.sum, cupy.sum and jnp.sum the way the harness times a step, "
                    "on the same input, and checks their results against the same reference.",
        epilog="Exit codes: 0 verified (or every framework skipped), 1 wrong result, 2 bad usage,\n"
               "            3 error on the device, 4 bandwidth above the device's peak.")
    parser.add_argument("--n", type=size, default=1 << 28,
                        help="number of elements: 1000000, 2^28, 2^20+7 (default 2^28)")
    parser.add_argument("--block", type=block_size, default=256,
                        help="accepted and ignored, as CUB does: a framework picks its own")
    parser.add_argument("--type", choices=list(TYPES), default="float", metavar="T",
                        help="element type: " + ", ".join(TYPES) + " (default float)")
    parser.add_argument("--iters", type=whole(1, 1000000), default=0, metavar="K",
                        help="timed runs (default: 20 for large n, up to 1000 for small n)")
    parser.add_argument("--warmup", type=whole(0, 1000000), default=3, metavar="K",
                        help="untimed runs before timing (default 3)")
    parser.add_argument("--seed", type=whole(0, (1 << 64) - 1), default=42, metavar="S",
                        help="seed of the input data (default 42)")
    parser.add_argument("--csv", action="store_true", help="print CSV rows, not the report")
    parser.add_argument("--csv-header", action="store_true", help="print the CSV header and exit")
    parser.add_argument("--verify-only", action="store_true", help="check the result, time nothing")
    parser.add_argument("--frameworks", type=framework_list, default=FRAMEWORKS, metavar="LIST",
                        help="which to run, e.g. torch,jax (default: torch,cupy,jax)")
    parser.add_argument("--reference-only", action="store_true",
                        help="print the reference sum of the random input and exit (needs numpy "
                             "only; the tests compare it with the harness's)")
    parser.add_argument("--exact-reference-only", action="store_true",
                        help="print the exact sum of the exact input and exit (needs numpy only; "
                             "the tests compare it with the harness's)")
    return parser.parse_args(argv)


# ---------------------------------------------------------------------------------------
# The input and its reference: common/data.cuh, element for element.

MASK64 = (1 << 64) - 1


def mix_bits_scalar(x):
    """splitmix64's mixing (data.cuh's mixBits) on one Python int."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


def mix_bits(x):
    """The same on a numpy uint64 array, in place: array arithmetic wraps modulo 2^64, as C++'s."""
    x += 0x9E3779B97F4A7C15
    x ^= x >> 30
    x *= 0xBF58476D1CE4E5B9
    x ^= x >> 27
    x *= 0x94D049BB133111EB
    x ^= x >> 31
    return x


def random_scalars(np, bits, scalar):
    """data.cuh's randomScalar: integers +-2..+-9, floating point +-[0.5, 1), sign from bit 0."""
    negative = (bits & 1).astype(bool)
    if np.issubdtype(scalar, np.integer):
        magnitude = (2 + (bits >> 32) % 8).astype(scalar)
    else:
        digits = np.finfo(scalar).nmant + 1  # 24 for float, 53 for double
        # Each operation in the element's own type, so the roundings are the C++ ones.
        fraction = (bits >> (64 - digits)).astype(scalar) * scalar.type(2.0 ** -digits)
        magnitude = scalar.type(0.5) + fraction / scalar.type(2)
    return np.where(negative, -magnitude, magnitude)


class Reference:
    """The exact sum of each component, and the sum of magnitudes that scales the tolerance.
    Every floating-point input value is a multiple of 2^-53 below 1 in magnitude, so value *
    2^53 is an exact integer and Python's integers add them without any rounding (data.cuh
    adds in double with compensation, which agrees to the last bit or nearly)."""

    def __init__(self, components):
        self.exact_scaled = [0] * components  # integer types: the sum; others: sum * 2^53
        self.magnitudes = [0.0] * components
        self.n = 0

    def add(self, np, values, component):
        if np.issubdtype(values.dtype, np.integer):
            self.exact_scaled[component] += int(values.sum(dtype=np.int64))
            return
        scaled = (values.astype(np.float64) * 2.0 ** 53).astype(np.int64)
        high, low = scaled >> 26, scaled & ((1 << 26) - 1)  # so the int64 sums cannot overflow
        self.exact_scaled[component] += (int(high.sum()) << 26) + int(low.sum())
        self.magnitudes[component] += float(np.abs(values).sum(dtype=np.float64))

    def value(self, component, integer):
        exact = self.exact_scaled[component]
        return exact if integer else math.ldexp(float(exact), -53)  # correctly rounded


def make_input(np, n, type_name, seed):
    """The n elements common/ makes for this seed (data.cuh's inputElement), and their reference."""
    element, scalar = (np.dtype(name) for name in TYPES[type_name])
    components = 2 if element.kind == "c" else 1
    host = np.empty(n, dtype=element)
    reference = Reference(components)
    reference.n = n
    first_stream = mix_bits_scalar(seed)
    piece = 1 << 22  # elements made at a time: bounds the temporary arrays
    for begin in range(0, n, piece):
        end = min(n, begin + piece)
        stream = np.arange(begin, end, dtype=np.uint64) * 2 + first_stream
        parts = []
        for component in range(components):
            values = random_scalars(np, mix_bits(stream + component), scalar)
            reference.add(np, values, component)
            parts.append(values)
        if components == 1:
            host[begin:end] = parts[0]
        else:
            host[begin:end].real, host[begin:end].imag = parts
    return host, reference


def make_exact_input(np, n, type_name, seed):
    """The exact input common/ makes for this seed (data.cuh's exactElement and
    prepareExactInput), and its exact sum per component as Python ints. Element i: from
    mixBits(~seed) + 2i (component c from mixBits(stream + c)), magnitude 1 + (bits >> 32) % 8,
    negative where bit 0 is set; then, for each component whose sum is 0 (n > 0), element 0 is
    negated (ExactInput::negateFirst), which makes that sum -2 x_0."""
    element, scalar = (np.dtype(name) for name in TYPES[type_name])
    components = 2 if element.kind == "c" else 1
    host = np.empty(n, dtype=element)
    sums = [0] * components
    first_stream = mix_bits_scalar(~seed & MASK64)
    piece = 1 << 22
    for begin in range(0, n, piece):
        end = min(n, begin + piece)
        stream = np.arange(begin, end, dtype=np.uint64) * 2 + first_stream
        parts = []
        for component in range(components):
            bits = mix_bits(stream + component)
            magnitude = (1 + (bits >> 32) % 8).astype(np.int64)
            values = np.where((bits & 1).astype(bool), -magnitude, magnitude)
            sums[component] += int(values.sum())
            parts.append(values.astype(scalar))
        if components == 1:
            host[begin:end] = parts[0]
        else:
            host[begin:end].real, host[begin:end].imag = parts
    for component in range(components):
        if n == 0 or sums[component] != 0:
            continue
        view = host if components == 1 else (host.real if component == 0 else host.imag)
        view[0] = -view[0]
        sums[component] = 2 * int(view[0])  # -2 x_0, with view[0] now -x_0
    return host, sums


# ---------------------------------------------------------------------------------------
# The two checks: common/data.cuh's isExactSum and checkAccuracy, ported.


def components_of(value):
    return [value.real, value.imag] if isinstance(value, complex) else [value]


def is_exact_sum(np, result, exact_sums, type_name):
    """data.cuh's isExactSum: each component the exact sum, bit for bit (integers modulo
    2^bits; a floating-point value equal to a nonzero whole number has one bit pattern; NaN
    fails)."""
    scalar = np.dtype(TYPES[type_name][1])
    for value, expected in zip(components_of(result), exact_sums):
        if np.issubdtype(scalar, np.integer):
            if (int(value) - expected) % (1 << (8 * scalar.itemsize)) != 0:
                return False
        elif not float(value) == float(expected):
            return False
    return True


def exact_reference_text(np, exact_sums, type_name):
    """data.cuh's exactReferenceText: the int64 sum; a complex one as valueText writes it."""
    if len(exact_sums) == 1:
        return str(exact_sums[0])
    return value_text(np, complex(*exact_sums), type_name)


def tolerance_factor(n, unit_roundoff):
    """data.cuh's toleranceFactor: the error bound of any summation order, as a multiple of
    sum |x_i| (the smaller of Higham's worst case and Higham & Mary's probabilistic bound with
    lambda = 10), plus 4 * 2^-53 for the reference's own error."""
    if n <= 1:
        return 0.0
    additions, u, lam = float(n - 1), unit_roundoff, 10.0
    bound = math.expm1(lam * math.sqrt(additions) * u + additions * u * u / (1 - u))
    if additions * u < 1:
        bound = min(bound, additions * u / (1 - additions * u))
    return bound + 4 * 2.0 ** -53


def check_accuracy(np, result, reference, type_name):
    """(within tolerance, largest |error|, tolerance) as data.cuh's checkAccuracy: integers
    exact, floating point within the tolerance (a NaN fails)."""
    scalar = np.dtype(TYPES[type_name][1])
    integer = np.issubdtype(scalar, np.integer)
    within, largest_error, tolerance = True, 0.0, 0.0
    for component, value in enumerate(components_of(result)):
        expected = reference.value(component, integer)
        if integer:
            within = within and int(value) == expected
            largest_error = max(largest_error, abs(float(value) - float(expected)))
            continue
        allowed = tolerance_factor(reference.n, 2.0 ** -(np.finfo(scalar).nmant + 1))
        allowed *= reference.magnitudes[component]
        error = abs(float(value) - expected)
        if not error <= allowed:
            within = False
        if not error <= largest_error:
            largest_error = error
        tolerance = max(tolerance, allowed)
    return within, largest_error, tolerance


def value_text(np, value, type_name):
    """data.cuh's valueText: enough digits to tell two results of the element type apart."""
    scalar = np.dtype(TYPES[type_name][1])

    def text(x):
        if np.issubdtype(scalar, np.integer):
            return str(int(x))
        digits = 9 if scalar == np.float32 else 17
        return "%.*g" % (digits, float(scalar.type(x)))

    if isinstance(value, complex):
        imaginary = text(value.imag)
        return text(value.real) + ("" if imaginary.startswith("-") else "+") + imaginary + "i"
    return text(value)


def reference_text(np, reference, type_name):
    integer = np.issubdtype(np.dtype(TYPES[type_name][1]), np.integer)
    parts = [reference.value(c, integer) for c in range(len(reference.exact_scaled))]
    return value_text(np, complex(*parts) if len(parts) == 2 else parts[0], type_name)


# ---------------------------------------------------------------------------------------
# The device: the columns the harness takes from cudaGetDeviceProperties (device.cuh's
# queryPlatform), asked of the CUDA driver, which every framework on a GPU has loaded, so
# that the three report the same device the same way.


def device_properties():
    platform = {"device": "", "compute_capability": "", "multiprocessors": 0, "l2_bytes": 0,
                "peak_gbs": 0.0, "cuda_driver": ""}
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
        device, value = ctypes.c_int(), ctypes.c_int()
        if cuda.cuInit(0) != 0 or cuda.cuDeviceGet(ctypes.byref(device), 0) != 0:
            raise OSError("cuInit or cuDeviceGet failed")
    except OSError as error:
        say(f"note: no device properties from the CUDA driver ({error}): columns left empty")
        return platform

    def attribute(number):  # CUdevice_attribute numbers from cuda.h
        cuda.cuDeviceGetAttribute(ctypes.byref(value), number, device)
        return value.value

    name = ctypes.create_string_buffer(256)
    cuda.cuDeviceGetName(name, len(name), device)
    cuda.cuDriverGetVersion(ctypes.byref(value))
    platform["cuda_driver"] = version_text(value.value)
    platform["device"] = name.value.decode()
    platform["compute_capability"] = f"{attribute(75)}{attribute(76)}"  # major, minor
    platform["multiprocessors"] = attribute(16)
    platform["l2_bytes"] = attribute(38)
    # measure.cuh's theoreticalBandwidthGBs: DRAM moves data on both clock edges.
    memory_clock_khz, bus_width_bits = attribute(36), attribute(37)
    platform["peak_gbs"] = 2.0 * memory_clock_khz * 1e3 * (bus_width_bits / 8) / 1e9
    return platform


def version_text(version):  # 13000 -> "13.0", as report.cuh's versionText
    return f"{version // 1000}.{version % 1000 // 10}"


# ---------------------------------------------------------------------------------------
# The frameworks. Each: imports itself (Skip if it cannot or sees no GPU), copies the host
# input to the device, sums, reads a result back, empties L2, and times one call.


class Torch:
    step = "torch_sum"

    def __init__(self, type_name):
        import torch
        if not torch.cuda.is_available():
            raise Skip("torch sees no CUDA GPU (a CPU-only build, or no driver)")
        self.torch = torch
        self.technique = f"torch.sum {torch.__version__} (framework)"
        self.cuda_runtime = torch.version.cuda or ""

    def to_device(self, host):
        return self.torch.from_numpy(host).to("cuda")

    def sum(self, x):
        return self.torch.sum(x)

    def to_host(self, result):
        return result.item()

    def make_l2_buffer(self, size_bytes):
        self.l2_buffer = self.torch.zeros(size_bytes // 4, dtype=self.torch.int32, device="cuda")

    def empty_l2(self):
        return self.l2_buffer.max()  # reads every byte, writes one value

    def time_ms(self, run):
        return time_with_events(lambda: self.torch.cuda.Event(enable_timing=True),
                                lambda start, stop: start.elapsed_time(stop), run)


class Cupy:
    step = "cupy_sum"

    def __init__(self, type_name):
        import cupy
        try:
            cupy.cuda.runtime.getDeviceCount()
        except cupy.cuda.runtime.CUDARuntimeError as error:
            raise Skip(f"cupy sees no CUDA GPU ({error})")
        self.cupy = cupy
        self.technique = f"cupy.sum {cupy.__version__} (framework)"
        self.cuda_runtime = version_text(cupy.cuda.runtime.runtimeGetVersion())

    def to_device(self, host):
        return self.cupy.asarray(host)

    def sum(self, x):
        return self.cupy.sum(x)

    def to_host(self, result):
        return result.item()

    def make_l2_buffer(self, size_bytes):
        self.l2_buffer = self.cupy.zeros(size_bytes // 4, dtype=self.cupy.int32)

    def empty_l2(self):
        return self.l2_buffer.max()

    def time_ms(self, run):
        return time_with_events(self.cupy.cuda.Event, self.cupy.cuda.get_elapsed_time, run)


class Jax:
    step = "jax_sum"

    def __init__(self, type_name):
        import jax
        # Without x64, jax silently turns 64-bit inputs into 32-bit ones.
        if type_name in ("int64", "double", "cdouble"):
            jax.config.update("jax_enable_x64", True)
        try:
            self.device = jax.devices("gpu")[0]
        except RuntimeError as error:
            raise Skip(f"jax has no GPU backend ({str(error).splitlines()[0]})")
        import jax.numpy as jnp
        self.jax = jax
        self.jitted_sum = jax.jit(jnp.sum)  # compiled once, on the first call; XLA module jit_sum
        self.jitted_max = jax.jit(jnp.max)
        self.technique = (f"jnp.sum {jax.__version__} jitted "
                          "(framework; GPU times from jax.profiler)")
        self.cuda_runtime = ""
        try:  # not a public API: the column stays empty where it is missing
            from jax._src.lib import cuda_versions
            self.cuda_runtime = version_text(cuda_versions.cuda_runtime_get_version())
        except Exception:
            pass

    def to_device(self, host):
        return self.jax.device_put(host, self.device)

    def sum(self, x):
        return self.jitted_sum(x)

    def to_host(self, result):
        return result.item()

    def make_l2_buffer(self, size_bytes):
        zeros = self.jax.numpy.zeros(size_bytes // 4, dtype="int32")
        self.l2_buffer = self.jax.device_put(zeros, self.device)

    def empty_l2(self):
        return self.jitted_max(self.l2_buffer)

    def time_ms(self, run):
        """jax has no CUDA event API, but its profiler records every kernel's start and end on
        the GPU's clock (through CUPTI). A run's time: from the start of jit_sum's first kernel
        to the end of its last, what CUDA events around the call measure when the stream is
        busy up to the call (as the L2-emptying read queued before it keeps it)."""
        with tempfile.TemporaryDirectory() as trace_directory:
            self.jax.profiler.start_trace(trace_directory)
            for _ in range(run.iterations):
                run.empty_l2()
                result = run.call()
                result.block_until_ready()
            self.jax.profiler.stop_trace()
            traces = list(pathlib.Path(trace_directory).rglob("*.xplane.pb"))
            trace = traces[0].read_bytes() if traces else b""
        times = self.sum_spans_ms(trace)
        if len(times) != run.iterations:
            raise RuntimeError(f"jax's profiler shows {len(times)} runs of {SUM_MODULE}, not "
                               f"{run.iterations} (no GPU kernels at all: is CUPTI installed?)")
        return times, result

    def sum_spans_ms(self, trace):
        """The span of each run of the sum's kernels, in time order; the L2-emptying kernels
        (module jit_max) separate one run from the next."""
        kernels = []  # (start, end, XLA module) of every kernel on the GPU
        with warnings.catch_warnings():  # the profile's types warn about their __module__
            warnings.simplefilter("ignore", DeprecationWarning)
            profile = self.jax.profiler.ProfileData.from_serialized_xspace(trace)
            for plane in profile.planes:
                if not plane.name.startswith("/device:GPU:"):
                    continue
                for line in plane.lines:
                    for event in line.events:
                        module = dict(event.stats).get("hlo_module")
                        if module is not None:  # a kernel of a jitted function
                            kernels.append((event.start_ns, event.start_ns + event.duration_ns,
                                            module))
        spans, current = [], None
        for start, end, module in sorted(kernels):
            if module != SUM_MODULE:
                current = None
            elif current is None:
                current = [start, end]
                spans.append(current)
            else:
                current[1] = max(current[1], end)
        return [(end - start) / 1e6 for start, end in spans]


ADAPTERS = {"torch": Torch, "cupy": Cupy, "jax": Jax}


class TimedCall:
    """The call to time, how many times, and the framework's L2-emptying read."""

    def __init__(self, framework, x, iterations):
        self.call = lambda: framework.sum(x)
        self.empty_l2 = framework.empty_l2
        self.iterations = iterations


def time_with_events(make_event, elapsed_ms, run):
    """gpu_harness.cuh's loop: empty L2, event, the call, event, wait. The events are recorded on
    the framework's current stream, the one its sum runs on; the L2-emptying read is queued
    before the start event, so it is not timed."""
    start, stop = make_event(), make_event()
    times, result = [], None
    for _ in range(run.iterations):
        run.empty_l2()
        start.record()
        result = run.call()
        stop.record()
        stop.synchronize()
        times.append(elapsed_ms(start, stop))
    return times, result


def summarize(times):
    """measure.cuh's summarize: (median, min, max)."""
    times = sorted(times)
    middle = len(times) // 2
    median = times[middle] if len(times) % 2 else (times[middle - 1] + times[middle]) / 2
    return median, times[0], times[-1]


def choose_iterations(size_bytes):
    """measure.cuh's chooseIterations: about 2 GiB read in all, 20 to 1000 runs."""
    return int(min(max(2.0 * 1024 ** 3 / max(size_bytes, 1.0), 20.0), 1000.0))


# ---------------------------------------------------------------------------------------
# One framework, in this process: gpu_harness.cuh's runOnDevice, step for step.


def run_framework(name, options):
    if importlib.util.find_spec(name) is None:
        raise Skip(f"{name} not installed")
    try:
        import numpy as np
    except ImportError:
        raise Skip(f"{name} needs numpy to make the input, and numpy is not installed")
    try:
        framework = ADAPTERS[name](options.type)
    except ImportError as error:
        raise Skip(f"{name} cannot be imported ({error})")

    platform = device_properties()
    record = {"iterations": 0, "warmup": 0, "cache": "", "times": None,
              "exact_runs": 0, "exact_wrong_runs": 0, "exact_result": "", "exact_reference": ""}

    def exact_run():
        """harness.cuh's addExactRun, on a fresh copy of the exact input on the device: the
        report keeps the first wrong sum, or else the latest."""
        host_exact, exact_sums = make_exact_input(np, options.n, options.type, options.seed)
        x_exact = framework.to_device(host_exact)
        del host_exact
        result = framework.to_host(framework.sum(x_exact))
        exact = is_exact_sum(np, result, exact_sums, options.type)
        record["exact_runs"] += 1
        record["exact_wrong_runs"] += 0 if exact else 1
        if record["exact_wrong_runs"] == (0 if exact else 1):
            record["exact_result"] = value_text(np, result, options.type)
        record["exact_reference"] = exact_reference_text(np, exact_sums, options.type)

    # Correct before fast. Correctness: the exact input must give its exact sum, bit for bit.
    exact_run()
    # Accuracy, and the timing: the random input.
    host, reference = make_input(np, options.n, options.type, options.seed)
    host_bytes = host.nbytes
    x = framework.to_device(host)
    del host
    result = framework.to_host(framework.sum(x))
    accuracy = check_accuracy(np, result, reference, options.type)

    if not options.verify_only:
        l2_bytes = platform["l2_bytes"] or 128 << 20  # unknown L2: more than any GPU's so far
        framework.make_l2_buffer(2 * l2_bytes)
        iterations = options.iters or choose_iterations(host_bytes)
        for _ in range(options.warmup):
            framework.sum(x)
        times, last = framework.time_ms(TimedCall(framework, x, iterations))
        record.update(iterations=iterations, warmup=options.warmup, times=summarize(times),
                      cache="L2 emptied before each run")
        # The last timed run must be within the tolerance too.
        last_result = framework.to_host(last)
        last_accuracy = check_accuracy(np, last_result, reference, options.type)
        if not last_accuracy[0]:
            result, accuracy = last_result, last_accuracy
    del x
    # The exact input once more, after the timed runs, as the harness does.
    exact_run()

    exact = record["exact_runs"] > 0 and record["exact_wrong_runs"] == 0
    row = {**platform, "step": framework.step, "technique": framework.technique,
           "cuda_runtime": framework.cuda_runtime, "type": options.type, "n": options.n,
           "bytes": host_bytes, "seed": options.seed, **record,
           "result": value_text(np, result, options.type),
           "reference": reference_text(np, reference, options.type),
           "accurate": accuracy[0], "abs_error": accuracy[1], "tolerance": accuracy[2],
           "exact": exact, "verified": exact and accuracy[0]}
    gbs = bandwidth_gbs(row)
    if row["times"] and platform["peak_gbs"] > 0 and gbs > platform["peak_gbs"]:
        say(f"{framework.step}: error: measured {gbs:.1f} GB/s exceeds the device's theoretical "
            f"{platform['peak_gbs']:.1f} GB/s: the timing is wrong, not the GPU fast")
        return EXIT_BAD_MEASUREMENT
    print(csv_row(row) if options.csv else human_report(row), flush=True)
    return EXIT_VERIFIED if row["verified"] else EXIT_WRONG


def bandwidth_gbs(row):  # Harris's effective bandwidth: bytes read / time
    return row["bytes"] / (row["times"][0] * 1e-3) / 1e9 if row["times"] else 0.0


def csv_row(row):
    """report.cuh's csvRow: the same columns, formats and empty fields."""
    timed, peak = row["times"] is not None, row["peak_gbs"]
    median, least, most = row["times"] or (0, 0, 0)
    fields = [
        row["step"], row["technique"], row["device"], row["compute_capability"],
        str(row["multiprocessors"] or ""), str(row["l2_bytes"] or ""),
        "%.1f" % peak if peak > 0 else "", row["cuda_runtime"], row["cuda_driver"],
        row["type"], str(row["n"]), "%.0f" % row["bytes"],
        "",  # block: the framework picks its own
        str(row["iterations"]), str(row["warmup"]), str(row["seed"]), row["cache"],
        "%.6f" % median if timed else "", "%.6f" % least if timed else "",
        "%.6f" % most if timed else "", "%.2f" % bandwidth_gbs(row) if timed else "",
        "%.2f" % (100 * bandwidth_gbs(row) / peak) if timed and peak > 0 else "",
        row["result"], row["reference"], "%.3g" % row["abs_error"], "%.3g" % row["tolerance"],
        "yes" if row["verified"] else "no", "yes" if row["accurate"] else "no",
        row["exact_result"], row["exact_reference"], str(row["exact_runs"]),
        "yes" if row["exact"] else "no"]
    return ",".join(field.replace(",", ";") for field in fields)


def human_report(row):
    """report.cuh's humanReport, shortened."""
    text = f"{row['step']} ({row['technique']}) on {row['device'] or 'an unnamed GPU'}"
    if row["cuda_runtime"]:
        text += f", CUDA {row['cuda_runtime']}"
    text += f"\n  {row['type']}  n = {row['n']}  seed = {row['seed']}"
    if row["times"]:
        median, least, most = row["times"]
        text += (f"  iterations = {row['iterations']} after {row['warmup']} warm-up, "
                 f"{row['cache']}\n  {median:.4f} ms median (min {least:.4f}, max {most:.4f})  "
                 f"{bandwidth_gbs(row):.1f} GB/s")
        if row["peak_gbs"] > 0:
            text += f" = {100 * bandwidth_gbs(row) / row['peak_gbs']:.1f}% of peak"
    # Correctness first: it decides. Accuracy second: it says how close real data comes.
    runs, wrong = row["exact_runs"], row["exact_wrong_runs"]
    text += (f"\n  {'PASS' if row['verified'] else 'FAIL'}  correctness: exact input, sum "
             f"{row['exact_result']} {'=' if row['exact'] else '!='} exact sum "
             f"{row['exact_reference']}, " +
             (f"bit for bit in {runs} of {runs} runs" if row["exact"] else
              f"wrong in {wrong} of {runs} runs"))
    text += (f"\n        accuracy: random input, sum {row['result']}, reference "
             f"{row['reference']}, |error| {row['abs_error']:.3g} "
             f"{'<=' if row['accurate'] else '>'} tolerance {row['tolerance']:.3g}")
    return text


# ---------------------------------------------------------------------------------------


def child_command(name, options):
    """This script for one framework, with the same options."""
    command = [sys.executable, __file__, "--frameworks", name, "--n", str(options.n),
               "--type", options.type, "--warmup", str(options.warmup), "--seed", str(options.seed)]
    if options.iters:
        command += ["--iters", str(options.iters)]
    return command + [flag for flag, on in (("--csv", options.csv),
                                            ("--verify-only", options.verify_only)) if on]


def main(argv):
    options = parse_command_line(argv)
    if options.csv_header:
        print(CSV_HEADER)
        return EXIT_VERIFIED
    if options.reference_only:
        import numpy as np
        host, reference = make_input(np, options.n, options.type, options.seed)
        print(reference_text(np, reference, options.type))
        return EXIT_VERIFIED
    if options.exact_reference_only:
        import numpy as np
        host, exact_sums = make_exact_input(np, options.n, options.type, options.seed)
        print(exact_reference_text(np, exact_sums, options.type))
        return EXIT_VERIFIED
    if len(options.frameworks) == 1:
        name = options.frameworks[0]
        try:
            return run_framework(name, options)
        except Skip as reason:  # every reason starts with the framework's name
            say(f"{reason}: skipped")
            return EXIT_VERIFIED
        except Exception as error:  # out of device memory, a CUDA error, ...
            first_line = (str(error).splitlines() or [""])[0]
            say(f"{name}: error: {type(error).__name__}: {first_line}")
            return EXIT_DEVICE
    # Several: one process each. The first failure's exit code is the script's; the others
    # still run, so that one broken framework does not hide the rest.
    status = EXIT_VERIFIED
    for name in options.frameworks:
        if importlib.util.find_spec(name) is None:  # no process needed to say so
            say(f"{name} not installed: skipped")
            continue
        code = subprocess.run(child_command(name, options)).returncode
        status = status or code
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
