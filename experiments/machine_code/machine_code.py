#!/usr/bin/env python3
"""The compiled code behind the pages' claims, and the loop counts they quote (README.md).
  machine_code.py BUILD OUT    disassembles what target machine_code built into BUILD (the
                               build's experiments/machine_code) and writes OUT
  machine_code.py --loop SASS  the facts of the first loop of a `cuobjdump -sass` listing
Tools from PATH, or named by CUOBJDUMP and OBJDUMP; also c++filt, g++ and git."""
import os, re, subprocess, sys
from pathlib import Path

ADD = re.compile(r'FADD|DADD|IADD3 R\d+, R\d+, R\d+, R\d+ ;')  # an add of two values: order()'s A
CUOBJDUMP, OBJDUMP = os.environ.get('CUOBJDUMP', 'cuobjdump'), os.environ.get('OBJDUMP', 'objdump')

run = lambda *command, stdin=None: subprocess.run(command, input=stdin, capture_output=True, text=True,
                                                  check=True).stdout
demangle = lambda names: run('c++filt', stdin=''.join(name + '\n' for name in names)).splitlines()
short = lambda name: re.sub(r'\(.*|^void ', '', name)  # without "void " and the parameters
hex_in = lambda pattern, line: int(re.search(pattern, line)[1], 16) if re.search(pattern, line) else -1
address = lambda line: hex_in(r'/\*([0-9a-f]+)\*/', line)  # a SASS line starts with its address
target = lambda line: hex_in(r'BRA 0x([0-9a-f]+)', line)
order = lambda lines: ''.join('L' if 'LDG' in line else 'A' if ADD.search(line) else '' for line in lines)

def sass(text):  # {function: its lines up to the branch to itself that ends it}, no encodings
    functions, lines = {}, []
    for line in text.splitlines():
        line = re.sub(r' */\* 0x[0-9a-f]{16} \*/', '', line).rstrip(' ')
        if 'Function :' in line:
            lines = functions.setdefault(line.split()[2], [])
        ended = lines and target(lines[-1]) == address(lines[-1]) >= 0
        if line.strip(' ') and '......' not in line and not ended:
            lines.append(line)
    return dict(zip(demangle(functions), functions.values()))

def first_loop(lines, at=address, to=target, holding=0):  # (first, last line): the first branch
    # back to a line above it closes the loop from that line (that holds line `holding`, if given)
    end = next(i for i in range(holding, len(lines)) if 0 <= to(lines[i]) < at(lines[i])
               and (not holding or to(lines[i]) <= at(lines[holding])))
    return max(i for i in range(end) if at(lines[i]) == to(lines[end])), end

def loop_facts(lines):
    start, end = first_loop(lines)
    loop = lines[start:end + 1]
    count = lambda pattern: sum(bool(re.search(pattern, line)) for line in loop)
    return (f'{len(loop)} instructions (/*{address(loop[0]):04x}*/ to /*{address(loop[-1]):04x}*/): '
            f'{count("LDG")} loads, {order(loop).count("A")} adds, {count("BRA")} branches (the '
            f'last one back), {count("@!?U?P[0-9T]")} predicated, {loads_before_first_use(loop)} loads issued '
            f'before the first use of a loaded value; issue order L(oad)/A(dd): {order(loop)}')

def main_loop(lines):  # (first, last line) of the loop that holds the most loads (the first if none)
    spans = [first_loop(lines, holding=i) for i in range(len(lines)) if 0 <= target(lines[i]) < address(lines[i])]
    return max(spans, key=lambda span: sum('LDG' in line for line in lines[span[0]:span[1] + 1]))

def loads_before_first_use(lines):  # the loads issued before the first instruction that reads a
    # register one of them loads (LDG.E.64: 2 registers, .128: 4): the loads a thread has in flight
    loaded, count = set(), 0
    for line in lines:
        instruction = re.sub(r'^\s*/\*[0-9a-f]+\*/\s*(@!?U?P\w+\s+)?', '', line)
        if instruction.startswith('LDG'):
            width = re.match(r'\S*\.(64|128)\b', instruction)
            first = int(re.search(r' R(\d+),', instruction)[1])
            loaded |= set(range(first, first + (int(width[1]) // 32 if width else 1)))
            count += 1
        elif ',' in instruction and loaded & {int(r) for r in re.findall(r'\bR(\d+)\b', instruction.split(',', 1)[1])}:
            break
    return count

def last_tile(lines):  # from the end of the first loop to the first shuffle
    rest = lines[first_loop(lines)[1] + 1:]
    return rest[:next((i for i, line in enumerate(rest) if 'SHFL' in line), len(rest))]

def tile_facts(lines):
    loads = len(order(lines)) - len(order(lines).lstrip('L'))
    return f'{loads} loads before the first add; issue order L(oad)/A(dd): {order(lines)}'

def registers(log):  # ptxas -v's report: "registers  spill stores  kernel" of each reduceKernel
    found = re.findall(r"entry function '(\w+)'.*?(\d+) bytes spill stores.*?Used (\d+) registers",
                       Path(log).read_text(), re.S)
    return [f'{regs:>4}  {spill:>4}  {short(name)}' for (_, spill, regs), name
            in zip(found, demangle(name for name, _, _ in found)) if 'reduceKernel' in name]

def x86_loops(dump):  # step 01: the loop of reduce<T> in runOnCpu<T>, and the 8 lines after it
    at = lambda line: int(line.split(':')[0], 16)
    to = lambda line: int(line.split()[2], 16) if re.match(r'\S+\tj\w* +[0-9a-f]+ ', line.strip()) else -1
    listed = [f"# x86-64: {run('g++', '--version').splitlines()[0]}, {run(OBJDUMP, '--version').splitlines()[0]}"]
    for t, add in [('int', 'paddd'), ('float', 'addss'), ('double', 'addsd')]:
        function = next(f for f in re.split(r'\n(?=[0-9a-f]+ <)', dump) if f' <int runOnCpu<{t}>(' in f[:40])
        lines = [line for line in function.splitlines() if re.match(r' +[0-9a-f]+:\t', line)]
        start, end = first_loop(lines, at, to, next(i for i, line in enumerate(lines) if f'\t{add} ' in line))
        listed += ['', f'runOnCpu<{t}>:', *lines[start:end + 1], '        (after the loop)', *lines[end + 1:end + 9]]
    return listed

def warp_stage(ptx, kernel):  # the PTX from the last barrier's first shared-memory load to the store
    entries = re.findall(r'^\.visible \.entry (\w+)', ptx, re.M)
    entry = entries[demangle(entries).index(kernel)]
    body = ptx.split(f'.visible .entry {entry}(')[1].split('\n}')[0].split('bar.sync')[-1].splitlines()
    first = next(i for i, line in enumerate(body) if 'ld.shared' in line)
    last = next(i for i in range(first, len(body)) if 'st.shared' in body[i])
    return [f'({entry})', *(line for line in body[first:last + 1] if not re.match(r'\s*\.loc', line))]

def main(build, out):
    version = lambda text: re.search('V[0-9.]+', text)[0]
    dirty = run('git', 'status', '--porcelain', '--', 'common', 'step*', 'experiments/*/*.cu*')
    tools = (f"nvcc {version((build / 'classic_sm_90.ptx').read_text())}, cuobjdump "
             f"{version(run(CUOBJDUMP, '--version'))}, sources of commit "
             f"{run('git', 'rev-parse', '--short', 'HEAD').strip()}{' (and uncommitted changes)' * bool(dirty)}")
    out.mkdir(parents=True, exist_ok=True)
    write = lambda name, lines: (out / name).write_text(
        f'# {tools}; made by experiments/machine_code/run.sh (README.md: what it holds)\n' + '\n'.join(lines) + '\n')
    listing = lambda name: sass(run(CUOBJDUMP, '-sass', str(build / f'{name}.cubin')))
    kernel = lambda t, block='256u, ', more='': f'void reduceKernel<{block}{t}>({t} const*, {t}*, {more}unsigned long)'
    write('step01_x86_loops.txt', x86_loops(run(OBJDUMP, '-d', '--no-show-raw-insn', '-C', str(build / 'step01.o'))))

    summary = ['steps 02-08, reduceKernel<float> (step 08: <256, float>), sm_90: the first loop (02: the '
               'levels inside the tile loop; 03-05: the levels; 08: the grid-stride loop)']
    for step in ['step02', 'step03', 'step04', 'step05', 'step06', 'step07', 'step08']:
        lines = listing(step)[kernel('float', '256u, ' * (step == 'step08'))]
        write(f'{step}_sass.txt', lines)
        summary.append(f'  {step}  ' + (f'loads before the first add: {tile_facts(lines).split()[0]}'
                                        if step in ('step06', 'step07') else loop_facts(lines)))
    write('step09_shuffles.txt', [line for line in listing('step09')[kernel('float')]
                                  if re.search('SHFL|BRA|WARPSYNC|BAR', line)])
    steps = 'step02 step03 step04 step05 step06 step07 step08 step09 step10 step11 step11_no_launch_bounds step12'
    write('registers.txt', [line for step in steps.split() for line in
                            ['', f'{step}:', 'regs spill  kernel', *registers(build / f'{step}.cubin.log')]])
    depth = lambda step, k: next(line.split()[0] for line in registers(build / f'{step}_depth{k}.cubin.log')
                                 if line.endswith('reduceKernel<256u, float>'))
    write('registers_by_depth.txt', ['depth  step10  step11', *(
        f'{k:5}  {depth("step10", k):>6}  {depth("step11", k):>6}' for k in (1, 2, 4, 8, 16))])
    step11 = listing('step11')
    kinds = [re.search(r'LDG[.A-Z0-9_]*', line)[0]
             for name, lines in step11.items() if 'reduceKernel' in name for line in lines if 'LDG' in line]
    write('step11_loads.txt', [line for line in step11[kernel('float')] if 'LDG' in line] + [
        '', 'every reduceKernel instance (6 types x 6 block sizes): '
        + ', '.join(f'{kind} {kinds.count(kind)}' for kind in sorted(set(kinds)))])

    step12, variants, loops, clamped = listing('step12'), listing('read_variants'), [], []
    summary += ['', 'step 12, reduceKernel<256u, T>, sm_90:']
    for t in ('int', 'float', 'double'):
        lines = step12[kernel(t, more=f'unsigned int*, {t}*, ')]
        start, end = first_loop(lines)
        loops += ['', f'=== reduceKernel<256u, {t}>: the main loop', *lines[start:end + 1],
                  f'=== reduceKernel<256u, {t}>: after the loop, up to the first shuffle', *last_tile(lines)]
        summary += [f'  {t:<6} main loop: {loop_facts(lines)}', f'  {t:<6} last tile: {tile_facts(last_tile(lines))}']
    for t in ('int', 'float'):
        tile = last_tile(variants[f'void variantKernel<256u, 8u, (LastTile)1, (Load)0, (Finish)0, {t}>'
                                  f'({t} const*, {t}*, unsigned int*, {t}*, unsigned long)'])
        clamped += ['', f'=== clamped, {t}: after the loop, up to the first shuffle', *tile]
        summary.append(f'  {t:<6} clamped variant, last tile: {tile_facts(tile)}')
    write('step12_loops.txt', loops)

    variants = listing('steps03_to_06')
    in_space = lambda space: f'void {space}::' + kernel('float', '')[len('void '):]
    facts = ['steps03_to_06 and steps07_to_09 (experiments/), float, sm_90: the level loop of steps 03-05 and',
             'their variants; the loads issued before the first use of a loaded value in step 06 and its variant; the loop with the',
             'most loads of step 08 and the contiguous-chunk variants', '']
    for space in ('step03', 'step03AndMask', 'step04', 'step04Padded', 'step05'):
        facts.append(f'  {space:<16} {loop_facts(variants[in_space(space)])}')
    for space in ('step06', 'step06OneLoad'):
        lines = variants[in_space(space)]
        facts.append(f'  {space:<16} loads issued before the first use of a loaded value: {loads_before_first_use(lines)}')
    chunks = listing('steps07_to_09')
    for name in ('void contiguousChunks<float>(float const*, float*, unsigned long)',
                 'void contiguousChunksTwoLoads<float>(float const*, float*, unsigned long)',
                 'void step08::reduceKernel<256u, float>(float const*, float*, unsigned long)'):
        lines = chunks[name]
        start, end = main_loop(lines)
        loop = lines[start:end + 1]
        facts.append(f'  {short(name):<28} loop of {len(loop)} instructions: '
                     f'{sum("LDG" in line for line in loop)} loads, {loads_before_first_use(loop)} before the first use of a loaded value; {order(loop)}')
    facts += ['', 'steps 10 and 11 by loads in flight (-DLOADS_IN_FLIGHT), reduceKernel<256u, T>, sm_90: the main loop',
              '(the loop with the most loads): its loads, and those issued before the first use of a loaded value']
    for step in ('step10', 'step11'):
        for t in ('float', 'double'):
            for k in (1, 2, 4, 8, 16):
                lines = listing(f'{step}_depth{k}')[kernel(t)]
                start, end = main_loop(lines)
                loop = lines[start:end + 1]
                facts.append(f'  {step} {t:<6} depth {k:>2}: {sum("LDG" in line for line in loop):>2} loads, '
                             f'{loads_before_first_use(loop):>2} before the first use; {order(loop)}')
    write('loops_by_variant.txt', facts)
    main_loops = []
    for step in ('step10', 'step11'):  # their default depth, 8, as built
        for t in ('float', 'double'):
            lines = listing(step)[kernel(t)]
            start, end = main_loop(lines)
            main_loops += ['', f'=== {step}, reduceKernel<256u, {t}>: the main loop', *lines[start:end + 1]]
    write('step10_step11_loops.txt', main_loops)
    write('step12_clamped_last_tile.txt', clamped)
    write('summary.txt', summary)
    ptx = []
    for arch in ('sm_75', 'sm_90'):
        for t in ('int', 'long long', 'float', 'double'):
            entry, *lines = warp_stage((build / f'classic_{arch}.ptx').read_text(), kernel(t, '(WarpStage)1, '))
            ptx += ['', f'=== {arch}, reduceKernel<(WarpStage)1, {t}> {entry}', *lines]
    write('step07_ptx_no_volatile.txt', ptx)

if len(sys.argv) == 3 and sys.argv[1] == '--loop':
    print(loop_facts(next(iter(sass(Path(sys.argv[2]).read_text()).values()))))
elif len(sys.argv) == 3:
    main(Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve())
else:
    sys.exit(__doc__)
