#!/usr/bin/env python3
"""One CSV of ncu --csv (a row per kernel launch and metric) as the Markdown table the pages
include: a row per metric, a column per launch in launch order, then the ratios the pages use:
threads per instruction, active and predicated on (divergence), and global-load sectors per
request (coalescing). ncu's columns are read by their names, not their places.
  counters_table.py NCU.csv         the table, on stdout
  counters_table.py --check DIR...  every DIR/*.csv against the .md beside it (exit 1 if one differs)"""
import csv
import sys
from pathlib import Path

def table(path):
    launches, metrics = {}, {}  # by ID, in the order they come; the metrics in that order too
    with open(path, newline='') as file:
        for row in csv.DictReader(file):
            launch = launches.setdefault(row['ID'], {'': (row['Kernel Name'], row['Grid Size'])})
            launch[row['Metric Name']] = row['Metric Value'].replace(',', '')
            metrics[row['Metric Name']] = None
    lines = ['| metric |' + ''.join(f' launch {k} |' for k in range(1, len(launches) + 1)),
             '|---|' + '--:|' * len(launches),
             '| kernel, grid |' + ''.join(f" `{name.split('(')[0].removeprefix('void ')}` {grid} |"
                                          for name, grid in (launch[''] for launch in launches.values()))]
    lines += [f'| {metric} |' + ''.join(f" {launch.get(metric, '')} |" for launch in launches.values())
              for metric in metrics]
    ratio = lambda launch, a, b: float(launch.get(a) or 0) / float(launch[b]) if float(launch.get(b) or 0) > 0 else 0
    for what, count, per, digits in [
            ('threads per instruction, active (thread_inst_executed / inst_executed)',
             'smsp__thread_inst_executed.sum', 'smsp__inst_executed.sum', 1),
            ('threads per instruction, predicated on (thread_inst_executed_pred_on / inst_executed)',
             'smsp__thread_inst_executed_pred_on.sum', 'smsp__inst_executed.sum', 1),
            ('global-load sectors per request', 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum',
             'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum', 2)]:
        lines.append(f'| {what} |' + ''.join(f' {ratio(launch, count, per):.{digits}f} |' for launch in launches.values()))
    return '\n'.join(lines) + '\n'

if len(sys.argv) == 2 and not sys.argv[1].startswith('-'):
    sys.stdout.write(table(sys.argv[1]))
elif len(sys.argv) > 2 and sys.argv[1] == '--check':
    tables = [path for folder in sys.argv[2:] for path in sorted(Path(folder).glob('*.csv'))]
    differ = [path for path in tables if table(path) != path.with_suffix('.md').read_text()]
    print(f'{len(tables) - len(differ)} of {len(tables)} tables the same as their .md' + ''.join(f'\ndiffers: {p}' for p in differ))
    sys.exit(1 if differ or not tables else 0)
else:
    sys.exit(__doc__)
