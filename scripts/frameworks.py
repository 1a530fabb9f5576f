#!/usr/bin/env python3
"""torch.sum, cupy.sum or jnp.sum (or numpy.sum, the tests' CPU stand-in) on the harness's
input in DIR, as the harness tools/framework_runs.cu runs it (which says what DIR holds):
    build/framework_runs --csv --n 2^28 -- python3 scripts/frameworks.py torch
    build/framework_runs --csv --rows 2^18 --cols 1024 -- python3 scripts/frameworks.py torch
    build/framework_runs --csv --operation softmax --rows 2^18 --cols 1024 -- \
        python3 scripts/frameworks.py torch
The second, Part II's: where input.txt gives rows and cols, a sum per row of the matrix
(torch.sum(x, dim=-1), the others over axis -1), each run's sums into a file of its own.
The third, Part II's capstone, where input.txt says "operation softmax": torch.softmax(x,
dim=-1) of step 17's input (triton: a fused softmax after Triton's tutorial; numpy: a float64
softmax rounded to the type, the tests' stand-in; cupy and jax have no softmax here), its output in the input's type as step 17
writes it, each checked run's output into a file of its own; the runs as step 17 checks its
own: the first, the last timed one, one more after the timing.
It only sums (or takes the softmax): the exact input, the random input, `warmup` runs and
`iterations` timed ones (each after a read of 2 x l2_bytes, so no run finds its input in L2),
the exact input again;
16-bit elements (float16, bfloat16) in float, as the steps sum them (in_float). The harness
checks and reports the sums and times it writes to DIR/result.txt. The clock:
CUDA events around the sum call (torch, cupy); jax's profiler (CUPTI: a run lasts from the
start of its first kernel to the end of its last, without the microseconds events add before
the first kernel: compare jax_sum with the others at large n only); the host's (numpy).
Exit codes: 0 summed, 2 bad usage, 3 error, 77 skipped (not installed, no GPU: it says why).
"""

import functools
import itertools
import pathlib
import sys
import tempfile
import time
import types
import warnings


class Skip(Exception):
    """The framework cannot run here: not installed, or no GPU. Not a failure, not a pass."""


def cuda_version(version):  # 13000 -> "13.0", as the harness writes it
    return f"{version // 1000}.{version % 1000 // 10}"


def events(make_event, elapsed_ms):
    def time_runs(sum_once, empty_l2, iterations):  # the harness's loop, on the sum's stream
        start, stop, times = make_event(), make_event(), []
        for _ in range(iterations):
            empty_l2()
            start.record()
            result = sum_once()
            stop.record()
            stop.synchronize()
            times.append(elapsed_ms(start, stop))
        return times, result
    return time_runs


def host_clock(sum_once, empty_l2, iterations):
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        result = sum_once()
        times.append((time.perf_counter() - start) * 1e3)
    return times, result


def per_row(framework_sum, rows, **last_axis):
    """A sum per row of the matrix (over its last axis) in Part II's runs, else of it all."""
    return functools.partial(framework_sum, **last_axis) if rows else framework_sum


def in_float(framework_sum, float32, element):
    """The sum as the course's steps compute it, so that the rows compare fairly: 16-bit
    elements added in a float accumulator into a float result. (torch.sum of half, asked
    plainly, adds in float too but returns half: the float sum rounded once more.)"""
    sixteen_bit = element in ("float16", "bfloat16")
    return functools.partial(framework_sum, dtype=float32) if sixteen_bit else framework_sum


def as_bfloat16(host):  # bfloat16's bits (sums() reads them as int16) as ml_dtypes' bfloat16
    import ml_dtypes
    return host.view(ml_dtypes.bfloat16)


def torch(element, rows, softmax=False):
    import torch
    if not torch.cuda.is_available():
        raise Skip("sees no CUDA GPU (a CPU-only build, or no driver)")

    def to_device(host):  # bfloat16 comes as its bits, int16, viewed as torch's on the GPU
        x = torch.from_numpy(host).to("cuda")
        return x.view(torch.bfloat16) if element == "bfloat16" else x

    def to_host(result):  # a bfloat16 softmax back as its bits: numpy has no bfloat16
        bits = result.view(torch.int16) if result.dtype == torch.bfloat16 else result
        return bits.cpu().numpy()

    if softmax:  # in the input's type, as step 17 writes it (torch computes half in float)
        return types.SimpleNamespace(
            step="torch_softmax",
            technique=f"torch.softmax(x, dim=-1) {torch.__version__} (framework)",
            cuda_runtime=torch.version.cuda or "",
            operation=functools.partial(torch.softmax, dim=-1),
            to_device=to_device, to_host=to_host,
            l2_reader=lambda size: torch.zeros(size // 4, dtype=torch.int32, device="cuda").max,
            time_runs=events(lambda: torch.cuda.Event(enable_timing=True),
                             lambda start, stop: start.elapsed_time(stop)))
    return types.SimpleNamespace(
        step="torch_sum_rows" if rows else "torch_sum",
        technique=f"torch.sum{'(x, dim=-1)' if rows else ''} {torch.__version__} (framework)",
        cuda_runtime=torch.version.cuda or "",
        operation=in_float(per_row(torch.sum, rows, dim=-1), torch.float32, element),
        to_device=to_device, to_host=to_host,
        l2_reader=lambda size: torch.zeros(size // 4, dtype=torch.int32, device="cuda").max,
        time_runs=events(lambda: torch.cuda.Event(enable_timing=True),
                         lambda start, stop: start.elapsed_time(stop)))


def triton(element, rows, softmax=True):  # the softmax only (main asks)
    """A Triton fused softmax, one program a row (experiments/softmax_by_length/triton_softmax.py,
    after Triton's tutorial), on torch's tensors and clock, as torch.softmax runs."""
    import importlib.util
    plain = torch(element, rows, softmax=True)  # torch's copies and clock (Skip: no GPU)
    path = (pathlib.Path(__file__).resolve().parent.parent / "experiments" / "softmax_by_length" /
            "triton_softmax.py")
    spec = importlib.util.spec_from_file_location("triton_softmax", path)
    kernel = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kernel)  # ImportError where triton is not installed: skipped

    def operation(x):
        if x.shape[-1] > kernel.MAX_COLUMNS:
            raise Skip(f"rows of {x.shape[-1]} columns: the tutorial's kernel holds at most "
                       f"{kernel.MAX_COLUMNS} in one program's registers")
        return kernel.softmax(x)

    plain.step = "triton_softmax"
    plain.technique = (f"Triton fused softmax, one program a row (after its tutorial) "
                       f"{kernel.triton.__version__} (framework)")
    plain.operation = operation
    return plain


def cupy(element, rows, softmax=False):  # softmax: never (main asks torch, triton, numpy)
    import cupy
    if element == "bfloat16":
        raise Skip("has no bfloat16 type")
    try:
        cupy.cuda.runtime.getDeviceCount()
    except cupy.cuda.runtime.CUDARuntimeError as error:
        raise Skip(f"sees no CUDA GPU ({error})")
    return types.SimpleNamespace(
        step="cupy_sum_rows" if rows else "cupy_sum",
        technique=f"cupy.sum{'(x, axis=-1)' if rows else ''} {cupy.__version__} (framework)",
        cuda_runtime=cuda_version(cupy.cuda.runtime.runtimeGetVersion()),
        operation=in_float(per_row(cupy.sum, rows, axis=-1), cupy.float32, element),
        to_device=cupy.asarray, to_host=cupy.asnumpy,
        l2_reader=lambda size: cupy.zeros(size // 4, cupy.int32).max,
        time_runs=events(cupy.cuda.Event, cupy.cuda.get_elapsed_time))


def jax(element, rows, softmax=False):  # softmax: never (main asks torch, triton, numpy)
    import jax
    import numpy
    if element in ("int64", "float64", "complex128"):  # else jax makes them 32-bit
        jax.config.update("jax_enable_x64", True)
    try:
        device = jax.devices("gpu")[0]
    except RuntimeError as error:
        raise Skip(f"has no GPU backend ({str(error).splitlines()[0]})")
    try:  # not a public API: the column stays empty where it is missing
        from jax._src.lib import cuda_versions
        runtime = cuda_version(cuda_versions.cuda_runtime_get_version())
    except Exception:
        runtime = ""
    read = jax.jit(jax.numpy.max)  # XLA module jit_max, between the runs of jit_sum

    def l2_reader(size):
        buffer = jax.device_put(jax.numpy.zeros(size // 4, "int32"), device)
        return lambda: read(buffer)

    def time_runs(sum_once, empty_l2, iterations):
        with tempfile.TemporaryDirectory() as folder:
            jax.profiler.start_trace(folder)
            for _ in range(iterations):
                empty_l2()
                result = sum_once().block_until_ready()
            jax.profiler.stop_trace()
            trace = next((file.read_bytes() for file in pathlib.Path(folder).rglob("*.xplane.pb")),
                         b"")
        kernels = []  # (start, end, XLA module) of each kernel of a jitted function on the GPU
        with warnings.catch_warnings():  # the profile's types warn about their __module__
            warnings.simplefilter("ignore", DeprecationWarning)
            for plane in jax.profiler.ProfileData.from_serialized_xspace(trace).planes:
                for line in plane.lines if plane.name.startswith("/device:GPU:") else []:
                    kernels += [(event.start_ns, event.start_ns + event.duration_ns,
                                 dict(event.stats)["hlo_module"]) for event in line.events
                                if "hlo_module" in dict(event.stats)]
        # A run: jit_sum's kernels between two runs of jit_max (the L2 reader), from the start
        # of its first kernel to the end of its last.
        runs = [list(run) for module, run in itertools.groupby(sorted(kernels), lambda k: k[2])
                if module == "jit_sum"]
        if len(runs) != iterations:
            raise RuntimeError(f"jax's profiler shows {len(runs)} runs of jit_sum, not "
                               f"{iterations} (no GPU kernels at all: is CUPTI installed?)")
        return [(max(end for _, end, _ in run) - run[0][0]) / 1e6 for run in runs], result

    def to_device(host):
        return jax.device_put(as_bfloat16(host) if element == "bfloat16" else host, device)

    return types.SimpleNamespace(  # jit names a partial after its function: module jit_sum
        step="jax_sum_rows" if rows else "jax_sum", cuda_runtime=runtime, l2_reader=l2_reader,
        operation=jax.jit(in_float(per_row(jax.numpy.sum, rows, axis=-1), jax.numpy.float32,
                                   element)),
        technique=f"jnp.sum{'(x, axis=-1)' if rows else ''} {jax.__version__} jitted "
                  "(framework; GPU times from jax.profiler)",
        to_device=to_device, to_host=numpy.asarray, time_runs=time_runs)


def numpy_softmax(x):
    """The softmax of every row in float64, rounded once to x's type: the tests' stand-in."""
    import numpy
    wide = x.astype(numpy.float64)
    terms = numpy.exp(wide - wide.max(axis=-1, keepdims=True, initial=-numpy.inf))
    return (terms / terms.sum(axis=-1, keepdims=True)).astype(x.dtype)


def numpy(element, rows, softmax=False):
    import numpy
    if element == "bfloat16":
        try:
            import ml_dtypes  # noqa: F401 (as_bfloat16 uses it)
        except ImportError:
            raise Skip("numpy has no bfloat16, and ml_dtypes, which adds it, is not installed")
    if softmax:
        step = "numpy_softmax"
        technique = f"a float64 softmax in numpy {numpy.__version__} (the tests' stand-in)"
        operation = numpy_softmax
    else:
        step = "numpy_sum_rows" if rows else "numpy_sum"
        technique = (f"numpy.sum{'(x, axis=-1)' if rows else ''} {numpy.__version__} "
                     "(the tests' stand-in)")
        operation = in_float(per_row(numpy.sum, rows, axis=-1), numpy.float32, element)
    return types.SimpleNamespace(
        step=step, technique=technique, cuda_runtime="", operation=operation,
        to_device=as_bfloat16 if element == "bfloat16" else numpy.asarray,
        to_host=numpy.asarray,
        l2_reader=lambda size: lambda: None, time_runs=host_clock)  # CPU caches as found


def runs(framework, folder, description):
    """result.txt's lines: the framework's name, its sums (or softmax outputs) and times, for
    the harness."""
    import numpy
    softmax = description.get("operation", "sum") == "softmax"
    rows = "rows" in description  # Part II: a matrix, a sum (or a softmax) per row
    run_files = (f"{'softmax' if softmax else 'sums'}.{run}.bin" for run in itertools.count())

    def load(name):  # bfloat16, which numpy lacks, as its bits: each framework views them
        element = description["element"]
        raw = "int16" if element == "bfloat16" else element
        host = numpy.fromfile(folder / name, dtype=raw)
        if rows:
            host = host.reshape(int(description["rows"]), int(description["cols"]))
        return framework.to_device(host)

    def text(result):  # each component exactly, as Python writes it; or a file of the run's
        if softmax:  # the output in the input's type (bfloat16 as its bits), as step 17's
            name = next(run_files)
            numpy.asarray(framework.to_host(result)).reshape(-1).tofile(folder / name)
            return name
        if rows:  # in the accumulator's type: torch adds int32 in int64, the steps modulo 2^32
            name = next(run_files)
            host = numpy.asarray(framework.to_host(result)).reshape(-1)
            host.astype(description["sum_element"]).tofile(folder / name)
            return name
        value = result.item()
        return " ".join(map(repr, [value.real, value.imag] if isinstance(value, complex) else
                                  [value]))

    run = framework.operation
    lines = [f"step {framework.step}", f"technique {framework.technique}",
             f"cuda_runtime {framework.cuda_runtime}"]
    if not softmax:  # the sum of the exact input, before the timing and after it
        lines.append("exact " + text(run(load("exact.bin"))))
    key = "softmax" if softmax else "random"
    x = load("input.bin" if softmax else "random.bin")
    lines.append(f"{key} " + text(run(x)))
    if int(description["iterations"]) > 0:
        empty_l2 = framework.l2_reader(2 * int(description["l2_bytes"]))
        for _ in range(int(description["warmup"])):
            run(x)
        times, last = framework.time_runs(lambda: run(x), empty_l2,
                                          int(description["iterations"]))
        lines += [f"{key} " + text(last), "times_ms " + " ".join(map(repr, times))]
    if softmax:  # a run after the timing, as step 17 checks one
        lines.append("softmax " + text(run(x)))
    del x
    return lines + ([] if softmax else ["exact " + text(run(load("exact.bin")))])


def main(argv):
    frameworks = {"torch": torch, "cupy": cupy, "jax": jax, "numpy": numpy, "triton": triton}
    if len(argv) != 2 or argv[0] not in frameworks or not pathlib.Path(argv[1]).is_dir():
        print("frameworks: error: usage: frameworks.py torch|cupy|jax|numpy|triton DIR, DIR the "
              "harness's input (tools/framework_runs runs it)", file=sys.stderr)
        return 2
    name, folder = argv[0], pathlib.Path(argv[1])
    try:
        description = dict(line.split(" ", 1) for line in
                           (folder / "input.txt").read_text().splitlines())
        operation = description.get("operation", "sum")
        if operation not in ("sum", "softmax") or (operation == "softmax" and
                                                   name not in ("torch", "triton", "numpy")) \
                or (operation == "sum" and name == "triton"):
            print(f"frameworks: error: {name} has no {operation} here (the softmax: torch, "
                  "triton, or numpy as the tests' stand-in; the sums: torch, cupy, jax, numpy)",
                  file=sys.stderr)
            return 2
        framework = frameworks[name](description["element"], "rows" in description,
                                     softmax=operation == "softmax")
        lines = runs(framework, folder, description)
        (folder / "result.txt").write_text("\n".join(lines) + "\n")
    except (Skip, ImportError) as reason:  # ImportError: not installed, or broken
        print(f"frameworks: {name}: {reason}: skipped", file=sys.stderr)
        return 77
    except Exception as error:  # out of device memory, a CUDA error, no input.txt, ...
        print(f"frameworks: {name}: error: {type(error).__name__}: "
              f"{(str(error).splitlines() or [''])[0]}", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
