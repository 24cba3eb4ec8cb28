#!/usr/bin/env python3
"""child_cpu.py OUT CMD [ARGS...]: runs CMD (its standard output and error passed through) and
writes "cpu USER SYSTEM" (seconds, getrusage of the child: to the microsecond) into OUT; exits
with CMD's status. For bench/output_share.sh, where /usr/bin/time's hundredths were too coarse."""
import resource
import subprocess
import sys

if len(sys.argv) < 3:
    sys.exit("usage: child_cpu.py OUT CMD [ARGS...]")
before = resource.getrusage(resource.RUSAGE_CHILDREN)
rc = subprocess.run(sys.argv[2:]).returncode
after = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[1], "w") as f:
    f.write("cpu %.6f %.6f\n" % (after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime))
sys.exit(rc if rc >= 0 else 128 - rc)
