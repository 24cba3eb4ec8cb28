#!/usr/bin/env python3
"""Ratios against Siconos (issue #13): per problem of tests/data/problems/siconos-times.csv,
ratio = Siconos' fastest time (the CSV's, moved to this machine) / signorini's time here.
The CSV's signorini times (fastest solver at 905f44b, measured in the same run as Siconos')
calibrate the machines: f = geometric mean over the problems of t_here(that solver) /
t_csv(that solver), taken from the cold bench CSV given by --calib (default: --cold), and
Siconos' time here is f * siconos_s. A ratio above 1: signorini faster.
  cold:  signorini's fastest solved solver, one call from zero (bench.c, median of --repeat)
  warm:  the fastest solver in microseconds per call, K calls in a row from its own solution
         (warm.c, start=warm), and from zero with everything else warm (start=zero)
--per-problem calibrates each problem by its own factor t_here / t_csv of the CSV's solver
(the ratio is then the CSV's ratio times signorini's speed-up over that solver here).
Several files (comma-separated, e.g. interleaved rounds) give per (problem, solver, start) the
median of their times. A solver counts as solved only where every file says solved.
Note: the CSV holds Siconos' single-call times, not Siconos' own repeated warm-call times.
Usage: siconos_ratio.py SICONOS_CSV --cold bench.csv[,...] [--calib bench.csv[,...]]
       [--warm warm.csv[,...]] [--per-problem] [-o ratio.csv]"""
import argparse, csv, math, statistics, sys

def geomean(xs):
    xs = [x for x in xs if x > 0 and math.isfinite(x)]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float('nan')

def key(p):
    for s in ('.dat', '.hdf5'):
        if p.endswith(s): p = p[:-len(s)]
    return p

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('siconos'); ap.add_argument('--cold', required=True)
    ap.add_argument('--calib'); ap.add_argument('--warm'); ap.add_argument('-o')
    ap.add_argument('--per-problem', action='store_true')
    a = ap.parse_args()
    sic = {key(r['problem']): r for r in csv.DictReader(open(a.siconos))}
    def cold_times(paths):
        acc = {}
        for path in paths.split(','):
            for r in csv.DictReader(open(path)):
                acc.setdefault(key(r['problem']), {}).setdefault(r['solver'], []).append(
                    (float(r['seconds']), r['status'] == 'solved'))
        return {p: {s: (statistics.median(t for t, _ in v), all(ok for _, ok in v)) for s, v in d.items()}
                for p, d in acc.items()}
    cold = cold_times(a.cold)
    calib = cold_times(a.calib) if a.calib else cold
    facs, fp = [], {}
    for p, r in sic.items():
        s = r['signorini_fastest_solver_at_905f44b']
        if p in calib and s in calib[p] and calib[p][s][1]:
            fp[p] = calib[p][s][0] / float(r['signorini_fastest_s'])
            facs.append(fp[p])
    f = geomean(facs)
    print(f'machine factor f = {f:.3f} (geo-mean of t_here / t_csv of the CSV\'s signorini solver, {len(facs)} problems)')
    warm = {}
    if a.warm:
        acc = {}
        for path in a.warm.split(','):
            for r in csv.DictReader(open(path)):
                acc.setdefault((key(r['problem']), r['start'], r['solver']), []).append(
                    (float(r['us_per_call']) * 1e-6, r['status'] == 'solved'))
        for (p, st, sv), v in acc.items():
            if not all(ok for _, ok in v): continue
            t = statistics.median(t for t, _ in v)
            d = warm.setdefault(p, {})
            if st not in d or t < d[st][0]: d[st] = (t, sv)
    rows, rc, rw, rz = [], [], [], []
    for p, r in sic.items():
        sx = (fp.get(p, f) if a.per_problem else f) * float(r['siconos_fastest_s'])
        best = min(((t, s) for s, (t, ok) in cold.get(p, {}).items() if ok), default=(float('nan'), '-'))
        row = {'problem': p, 'contacts': r['contacts'], 'siconos_here_s': f'{sx:.4e}',
               'cold_solver': best[1], 'cold_s': f'{best[0]:.4e}', 'cold_ratio': f'{sx / best[0]:.3f}'}
        rc.append(sx / best[0])
        for st, acc in (('warm', rw), ('zero', rz)):
            if p in warm and st in warm[p]:
                t, s = warm[p][st]
                row[f'{st}_solver'], row[f'{st}_s'], row[f'{st}_ratio'] = s, f'{t:.4e}', f'{sx / t:.3f}'
                acc.append(sx / t)
        rows.append(row)
    cols = ['problem', 'contacts', 'siconos_here_s', 'cold_solver', 'cold_s', 'cold_ratio', 'warm_solver',
            'warm_s', 'warm_ratio', 'zero_solver', 'zero_s', 'zero_ratio']
    out = open(a.o, 'w') if a.o else sys.stdout
    w = csv.DictWriter(out, cols, restval='')
    w.writeheader(); w.writerows(rows)
    if a.o: out.close()
    print(f'geo-mean ratio, cold single call: {geomean(rc):.3f} ({len(rc)} problems); min {min(rc):.3f}')
    if rw: print(f'geo-mean ratio, repeated calls from the solution: {geomean(rw):.3f} ({len(rw)} problems of 1-5 contacts)')
    if rz: print(f'geo-mean ratio, repeated calls from zero: {geomean(rz):.3f} ({len(rz)} problems of 1-5 contacts); min {min(rz):.3f}')

main()
