#!/usr/bin/env python3
"""One CSV of `ncu --csv` (a row per kernel launch and metric; its columns read by their names)
as the Markdown table the pages include: a row per metric, a column per launch in launch order,
then threads per instruction, active and predicated on (divergence), and global-load sectors
per request (coalescing), where their counters were collected.
  counters_table.py NCU.csv         the table, on stdout
  counters_table.py --check DIR...  every DIR/*.csv against the .md beside it (exit 1 if one differs)"""
import csv, sys
from pathlib import Path

RATIOS = [  # row, numerator, denominator, digits
    ('threads per instruction, active (thread_inst_executed / inst_executed)',
     'smsp__thread_inst_executed.sum', 'smsp__inst_executed.sum', 1),
    ('threads per instruction, predicated on (thread_inst_executed_pred_on / inst_executed)',
     'smsp__thread_inst_executed_pred_on.sum', 'smsp__inst_executed.sum', 1),
    ('global-load sectors per request',
     'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum', 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum', 2)]

def table(path):
    launches, metrics = {}, {'kernel, grid': None}  # launches by ID, in the order they come
    for row in csv.DictReader(open(path, newline='')):
        kernel = f"`{row['Kernel Name'].split('(')[0].removeprefix('void ')}` {row['Grid Size']}"
        launch = launches.setdefault(row['ID'], {'kernel, grid': kernel})
        launch[row['Metric Name']] = row['Metric Value'].replace(',', '')
        metrics[row['Metric Name']] = None
    line = lambda first, cells: f'| {first} |' + ''.join(f' {cell} |' for cell in cells)
    value = lambda launch, metric: float(launch.get(metric) or 0)
    lines = [line('metric', (f'launch {k}' for k in range(1, len(launches) + 1))), '|---|' + '--:|' * len(launches)]
    lines += [line(metric, (launch.get(metric, '') for launch in launches.values())) for metric in metrics]
    lines += [line(what, (f'{value(launch, a) / value(launch, b) if value(launch, b) > 0 else 0:.{digits}f}'
                          for launch in launches.values())) for what, a, b, digits in RATIOS
              if a in metrics and b in metrics]  # the ratios of the counters collected
    return '\n'.join(lines) + '\n'

if len(sys.argv) == 2 and not sys.argv[1].startswith('-'):
    sys.stdout.write(table(sys.argv[1]))
elif len(sys.argv) > 2 and sys.argv[1] == '--check':
    tables = [path for folder in sys.argv[2:] for path in sorted(Path(folder).glob('*.csv'))]
    differ = [path for path in tables if table(path) != path.with_suffix('.md').read_text()]
    print(f'{len(tables) - len(differ)} of {len(tables)} tables the same as their .md', *differ, sep='\ndiffers: ')
    sys.exit(1 if differ or not tables else 0)
else:
    sys.exit(__doc__)
