# The command line's solver behaviour (issue #11, points 4, 5 and 8): the automatic solver is the
# default and solves the flagship problem; its text and JSON name the solver that succeeded and
# every solver tried; `check` uses tol 1e-8 by default and exits 3 on a bad solution; problems
# with no solution exit 3 with "no solution found: the problem may be infeasible", and a stored
# penetrating result is NOT SOLVED; --quiet and --json keep stdout clean.
# Invoked as: cmake -DSN=path/to/signorini -DDATA=tests/data/problems -DWORK=dir -P test_cli_solver.cmake
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(caps ${DATA}/fc3d/Capsules-i100-889.hdf5)

# auto is the default and solves the flagship problem (nsgs alone stops at 3.3e-7)
expect(auto_default 0 "solver: auto -> nsn_ac\ntried: nsn_ac: success, [0-9]+ iterations.*status: success.*absolute residual: .*penetration: .*cone violation: " "" solve ${caps})
expect(auto_json 0 "^{\"file\": .*\"solver\": \"auto\", \"solved_by\": \"nsn_ac\", \"tried\": \\[{\"solver\": \"nsn_ac\", \"status\": \"success\", \"iterations\": [0-9]+, \"error\": [0-9.e+-]+, \"seconds\": [0-9.e+-]+}\\], \"status\": \"success\".*\"converged\": true.*\"absolute_residual\": .*\"penetration\": .*\"cone_violation\": [^}]*}\n$" "" solve ${caps} --json)
expect(nsgs_alone 3 "solver: nsgs\n" "" solve ${caps} --solver nsgs)
# a fallback: Lemke ends on a ray, PGS refuses the zero diagonal, enumeration solves it
expect(auto_fallback_json 0 "\"solved_by\": \"enum\", \"tried\": \\[{\"solver\": \"lemke\", \"status\": \"pivoting ended on a secondary ray: no solution found\".*{\"solver\": \"pgs\", \"status\": \"invalid argument\".*{\"solver\": \"enum\", \"status\": \"success\"" "" solve ${DATA}/lcp/lcp_CPS_3.dat --json)
expect(auto_options 2 "" "auto takes no options" solve ${caps} --options omega=1)
# nsgs' sweep order (docs/threads.md "The local solvers"): a bad word is an unknown option
# (exit 2), shuffle with the coloured order a refused combination (exit 1); both name the options
expect(nsgs_order_foo 2 "" "solver 'nsgs' does not know an option in 'order=foo'" solve ${caps} --solver nsgs --options order=foo)
expect(nsgs_colour_shuffle 1 "" "nsgs failed: invalid argument \\(an option value in 'order=colour,shuffle=1' is out of range or its combination refused" solve ${caps} --solver nsgs --options order=colour,shuffle=1)
expect(nsgs_colour 0 "solver: nsgs\n.*status: success" "" solve ${caps} --solver nsgs --options order=colour --tol 1e-6 --threads 2 --quiet)
# a 2D pile of 290 contacts (tests/data/pile2d): past Lemke's size, auto's first choice nsn_ac
# solves it (nsgs alone: error 2e-5 after 30 s, docs/solvers.md)
expect(auto_pile2d 0 "solver: auto -> nsn_ac\ntried: nsn_ac: success, [0-9]+ iterations.*status: success" "" solve ${DATA}/../pile2d/pile2d-150.hdf5)
expect(solvers_auto 0 "ONE ITERATION.*auto +any .*lemke +lcp +one pivot.*nsn_ac +fc +2D,3D +one Newton step.*auto \\(the default" "" solvers)

# check: default tolerance 1e-8 (was: exit 0 at error 1.0)
expect(bad_solution 3 "status: iteration limit" "" solve ${caps} --solver nsgs --max-iter 2 -o ${WORK}/bad.hdf5)
expect(check_default_tol 3 "error: .*absolute residual: .*penetration: .*cone violation: .*NOT SOLVED \\(tolerance 1e-08\\)" "" check ${caps} ${WORK}/bad.hdf5)
expect(good_solution 0 "status: success" "" solve ${caps} -o ${WORK}/good.hdf5 --quiet)
expect(check_good 0 "ok \\(tolerance 1e-08\\)" "" check ${caps} ${WORK}/good.hdf5)

# problems with no solution (Siconos text: dim, nc, 0, n, n, "n n", W by rows, q, mu)
file(WRITE ${WORK}/w0.dat "3\n1\n0\n3\n3\n3\t3\n0 0 0\n0 0 0\n0 0 0\n-1 0.25 0.25\n0.5\n")
file(WRITE ${WORK}/zrow.dat "3\n2\n0\n6\n6\n6\t6\n1 0 0 0 0 0\n0 1 0 0 0 0\n0 0 1 0 0 0\n0 0 0 0 0 0\n0 0 0 0 1 0\n0 0 0 0 0 1\n-1 0.25 0.25 -1 0.25 0.25\n0.5 0.5\n")
file(WRITE ${WORK}/tiny.dat "3\n1\n0\n3\n3\n3\t3\n1e-320 0 0\n0 1e-320 0\n0 0 1e-320\n-1 0.25 0.25\n0.5\n")
file(WRITE ${WORK}/bigmu.dat "3\n2\n0\n6\n6\n6\t6\n1 0 0 0 0 0\n0 1 0 0 0 0\n0 0 1 0 0 0\n0 0 0 0 0 0\n0 0 0 0 1 0\n0 0 0 0 0 1\n-1 0.25 0.25 -1 0.25 0.25\n1e8 1e8\n")
foreach(case w0 zrow tiny bigmu)
  expect(infeasible_${case} 3 "status: no solution found: the problem may be infeasible.*penetration: 1\\.0" "no solution found: the problem may be infeasible" solve ${WORK}/${case}.dat -o ${WORK}/${case}_sol.hdf5)
  expect(infeasible_${case}_check 3 "NOT SOLVED" "" check ${WORK}/${case}.dat ${WORK}/${case}_sol.hdf5)
  # each of the five solvers that used to report success
  foreach(solver apgd socsmooth socipm socpd socmix)
    expect(infeasible_${case}_${solver} 3 "solver: ${solver}\nstatus: (no solution found|iteration limit|no further)" "" solve ${WORK}/${case}.dat --solver ${solver} --quiet)
  endforeach()
endforeach()
# mu = 1e8, W = diag(1, 0, 1), q = (-2, 0, 0): r = (1, 1e8, 0) has relative error 1e-8 and
# penetrates by 1 (refused: tests/solver/test_infeasible.c); the true solution r = (2, 0, 0) passes
file(WRITE ${WORK}/pen.dat "3\n1\n0\n3\n3\n3\t3\n1 0 0\n0 0 0\n0 0 1\n-2 0 0\n1e8\n")
expect(pen_solve 0 "status: success.*penetration: [0-9.]+e-1[0-9]" "" solve ${WORK}/pen.dat -o ${WORK}/pen_good.hdf5)
expect(pen_check_good 0 "ok \\(tolerance 1e-08\\)" "" check ${WORK}/pen.dat ${WORK}/pen_good.hdf5)

# progress: nothing on stdout but the JSON; --quiet silences stderr on success
expect(quiet_json 0 "^{[^\n]*}\n$" "^$" solve ${caps} --json --quiet)
# a solve longer than a second (2.5 s, time limit): one progress line a second on stderr, none
# with --quiet; with --json stdout holds the JSON alone
expect(progress 3 "^{[^\n]*\"status\": \"time limit reached[^\n]*}\n$" "signorini: solve: iteration [0-9]+, error [0-9.e+-]+, 1\\.[0-9] s\nsignorini: solve: iteration [0-9]+, error [0-9.e+-]+, 2\\.[0-9] s\n" solve ${caps} --solver nsgs --tol 1e-300 --max-iter 100000000 --time-limit 2.5 --json)
expect(progress_quiet 3 "status: time limit" "^signorini: solve: [^\n]*: time limit reached[^\n]*\n$" solve ${caps} --solver nsgs --tol 1e-300 --max-iter 100000000 --time-limit 1.5 --quiet)
