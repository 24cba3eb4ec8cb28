# The review fixes of issue #11 on the command line: one answer to "is this a deck or a problem
# file" (a missing file is reported missing), -o with an empty folder name, BASE.dat only with a
# print request, solve --json when the solver fails, demo -o with missing parent folders.
# Invoked as: cmake -DSN=path/to/signorini -DWORK=dir -DSRC=source_dir -DDATA=problems -P test_cli_fixb.cmake
set(EXPECT_NO_LINE_ZERO ON)
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(CWD ${WORK})

# point 9: a missing file is missing, whatever its name
expect(run_missing_h5 1 "" "^signorini: cannot read nope.h5: No such file or directory\n$" run nope.h5)
expect(run_missing_dat 1 "" "^signorini: cannot read nope.dat: No such file or directory\n$" run nope.dat)
expect(solve_missing_inp 1 "" "cannot read nope.inp: No such file or directory" solve nope.inp)
expect(info_missing_inp 1 "" "cannot read nope.inp: No such file or directory" info nope.inp)
# an existing .h5 (by its name) is a problem file to run, and to the command dispatcher
file(WRITE ${WORK}/p.h5 "0\n")
expect(run_h5 1 "" "p.h5 is a problem file .*signorini solve p.h5" run p.h5)
expect(command_h5 2 "" "unknown command 'x.h5': problem files are solved with 'signorini solve x.h5'" x.h5)
# a deck under a problem file's name: its content says it is a deck, for every command
file(WRITE ${WORK}/deck.dat "*HEADING\n")
expect(solve_deck_dat 2 "" "solve: deck.dat is an input deck" solve deck.dat)
expect(command_deck_dat 2 "" "unknown command 'deck.dat': decks are run with 'signorini run deck.dat'" deck.dat)

# point 19: an empty output folder name is a usage error
expect(run_output_empty 2 "" "run: -o needs a folder" run ${SRC}/examples/block.inp --output=)


# point 20: BASE.dat only when the deck asks for a printed table
file(READ ${SRC}/examples/onedof_penalty.inp deck)
string(REGEX REPLACE "\\*NODE PRINT[^\n]*\n[^\n]*\n\\*CONTACT PRINT[^\n]*\n[^\n]*\n" "" noprint "${deck}")
if(noprint STREQUAL deck)
  message(SEND_ERROR "noprint: the print requests of onedof_penalty.inp were not found")
endif()
file(WRITE ${WORK}/noprint.inp "${noprint}")
expect(run_noprint 0 "results: out_np/noprint.pvd [(]ParaView[)], out_np/noprint.NNNN.vtu\n" "" run noprint.inp -o out_np --quiet)
if(EXISTS ${WORK}/out_np/noprint.dat OR NOT EXISTS ${WORK}/out_np/noprint.pvd)
  message(SEND_ERROR "run_noprint: noprint.dat written (or noprint.pvd missing)")
endif()
file(WRITE ${WORK}/print.inp "${deck}")
expect(run_print 0 "out_p/print.NNNN.vtu, out_p/print.dat\n" "" run print.inp -o out_p --quiet)
file(SIZE ${WORK}/out_p/print.dat dat_size)
if(dat_size LESS 100)
  message(SEND_ERROR "run_print: print.dat has ${dat_size} bytes")
endif()

# point 25: solve --json prints a JSON object when the solver fails (pgs on a zero diagonal)
file(WRITE ${WORK}/zero_diag.dat "2\n0\n2\n2\n2\t2\n0 1\n1 0\n-1 -1\n")
expect(json_failed 1 "^[{]\"file\": \"zero_diag.dat\", \"kind\": \"lcp\", .*\"status\": \"invalid argument\", \"status_code\": -2, \"converged\": false, \"message\": \"pgs failed: invalid argument\".*[}]\n$"
       "^signorini: zero_diag.dat: pgs failed: invalid argument\n$" solve zero_diag.dat --solver pgs --json)
expect(json_solved 0 "\"converged\": true, \"message\": null, " "" solve ${DATA}/lcp/lcp_deudeu.dat --solver lemke --json)

# point 10: demo -o creates the missing folders above DIR, as run -o does
expect(demo_nested 0 "" "results written to deep/a/b/c/" demo seed-1dof --method al -o deep/a/b/c)
file(GLOB tmps ${WORK}/deep/a/b/c/*.tmp*)
if(NOT EXISTS ${WORK}/deep/a/b/c/seed-1dof-al.csv OR tmps)
  message(SEND_ERROR "demo_nested: no deep/a/b/c/seed-1dof-al.csv, or temporaries left: ${tmps}")
endif()
expect(demo_output_empty 2 "" "demo: -o needs a folder" demo seed-1dof --output=)
file(WRITE ${WORK}/afile "x")
expect(demo_output_file 1 "" "cannot create folder afile/sub: Not a directory" demo seed-1dof -o afile/sub)

# point 13: one form for a bad option value; a command's own usage hint
expect(max_iter_zero 2 "" "^signorini: solve: invalid value '0' for --max-iter: it must be a positive integer\nTry 'signorini solve --help'.\n$" solve zero_diag.dat --max-iter=0)
expect(max_iter_negative 2 "" "^signorini: solve: invalid value '-5' for --max-iter: it must be a positive integer\nTry 'signorini solve --help'.\n$" solve zero_diag.dat --max-iter=-5)
expect(tol_negative 2 "" "^signorini: solve: invalid value '-1' for --tol: it must be > 0\n" solve zero_diag.dat --tol=-1)
expect(time_limit_negative 2 "" "^signorini: solve: invalid value '-1' for --time-limit: it must be >= 0\n" solve zero_diag.dat --time-limit=-1)
expect(solvers_arg 2 "" "^signorini: solvers: unexpected argument 'foo': solvers takes no arguments\nTry 'signorini solvers --help'.\n$" solvers foo)
