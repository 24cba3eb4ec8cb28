# signorini run and decks (issue #11, points 3, 6 and 7): unsupported and unknown keywords,
# SOLVER= and NLGEOM at the *STEP line, a missing deck, a problem file given to run, files that
# are not regular files, *INCLUDE outside the deck's folder (and --allow-include-anywhere), and
# an increment whose contact problem has no solution (the message, the exit status, the
# completed increments' files kept).
# Invoked as: cmake -DSN=path/to/signorini -DWORK=dir -DSRC=source_dir -P test_cli_deck.cmake
set(failures 0)
set(EXPECT_NO_LINE_ZERO ON)
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)

function(expect_file name path present)
  if(present AND NOT EXISTS ${path})
    message(SEND_ERROR "${name}: ${path} is missing")
  elseif(NOT present AND EXISTS ${path})
    message(SEND_ERROR "${name}: ${path} should not exist")
  else()
    message(STATUS "ok: ${name}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(BAD ${SRC}/tests/data/inp_bad)
set(PROB ${SRC}/tests/data/problems)

# point 3: known but unsupported keywords, unknown ones, a missing deck, problem files
expect(deck_dynamic 1 "" "unsupported_dynamic.inp:13: [*]DYNAMIC, EXPLICIT: explicit time integration is not supported" run ${BAD}/unsupported_dynamic.inp -o ${WORK}/o1)
expect(deck_dynamic_density 1 "" "no_density.inp:11: material M [(]element 1[)] has no positive [*]DENSITY" run ${SRC}/tests/data/fe/dyn/no_density.inp -o ${WORK}/o1)
expect(deck_mpc 1 "" "unsupported_mpc.inp:12: [*]MPC is not supported yet" run ${BAD}/unsupported_mpc.inp -o ${WORK}/o1)
expect(deck_unknown_kw 1 "" "unknown_keyword.inp:12: unknown keyword [*]FOO" run ${BAD}/unknown_keyword.inp -o ${WORK}/o1)
expect(deck_missing 1 "" "^signorini: cannot read ${WORK}/nothere.inp: No such file or directory\n$" run ${WORK}/nothere.inp -o ${WORK}/o1)
expect(run_hdf5 1 "" "is a problem file .*solved with 'signorini solve .*Spheres-i099-356-679.hdf5'" run ${PROB}/gfc3d/Spheres-i099-356-679.hdf5)
expect(run_dat 1 "" "is a problem file .*signorini solve" run ${PROB}/gfc3d/GFC3D_TwoRods1.dat)
file(COPY_FILE ${PROB}/gfc3d/Spheres-i099-356-679.hdf5 ${WORK}/looks_like_a.inp)
expect(run_hdf5_magic 1 "" "looks_like_a.inp is a problem file .*signorini solve" run ${WORK}/looks_like_a.inp -o ${WORK}/o1)

# point 6: names at the *STEP line
expect(deck_solver_unknown 1 "" "solver_unknown.inp:12: SOLVER=nsgz: unknown solver" run ${BAD}/solver_unknown.inp -o ${WORK}/o1)
expect(deck_solver_kind 1 "" "solver_wrong_kind.inp:12: SOLVER=lemke: lemke solves lcp problems" run ${BAD}/solver_wrong_kind.inp -o ${WORK}/o1)

# point 7: not regular files, refused at once
execute_process(COMMAND mkfifo ${WORK}/fifo.inp RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(SEND_ERROR "mkfifo failed")
endif()
expect(deck_fifo 1 "" "cannot read ${WORK}/fifo.inp: not a regular file" run ${WORK}/fifo.inp -o ${WORK}/o1)
expect(deck_dev_zero 1 "" "cannot read /dev/zero: not a regular file" run /dev/zero -o ${WORK}/o1)
execute_process(COMMAND mkfifo ${WORK}/fifo.dat)
expect(solve_fifo 1 "" "fifo.dat: not a regular file" solve ${WORK}/fifo.dat)

# *INCLUDE inside the deck's folder tree only, unless --allow-include-anywhere
file(READ ${SRC}/tests/data/inp/truss.inp model)
file(WRITE ${WORK}/model.inc "${model}")
file(MAKE_DIRECTORY ${WORK}/sub)
file(WRITE ${WORK}/sub/deck.inp "** the model lies one folder up\n*INCLUDE, INPUT=../model.inc\n")
expect(include_outside 1 "" "sub/deck.inp:2: [*]INCLUDE, INPUT=../model.inc: .*/model.inc is outside the deck's folder .*--allow-include-anywhere" run ${WORK}/sub/deck.inp -o ${WORK}/o2)
expect_file(include_outside_no_output ${WORK}/o2/deck.dat FALSE)
expect(include_anywhere 0 "1 step" "" run ${WORK}/sub/deck.inp -o ${WORK}/o3 --allow-include-anywhere)
expect(include_anywhere_eq 0 "1 step" "" run --allow-include-anywhere ${WORK}/sub/deck.inp -o ${WORK}/o4)
file(WRITE ${WORK}/sub/secret.txt "root, secret-content, 0\n")
file(WRITE ${WORK}/sub/echo.inp "*NODE\n*INCLUDE, INPUT=secret.txt\n")
expect(include_no_echo 1 "" "secret.txt:1: .*content of a non-deck file not shown" run ${WORK}/sub/echo.inp -o ${WORK}/o5)

# point 6: an increment with no static equilibrium (tangential load beyond mu N, nothing else
# holding the block): step, increment, time, solvers and cause; exit 1; the cutbacks approach
# the limit load mu N = 0.6 (the solvers' best results miss the tolerance); increments 1-5 kept
expect(contact_sliding 1 ""
       "slide_beyond_friction.inp:44: step 2, increment 5, time 0.601562 [(]total time 1.60156[)]: no solution found for the contact problem [(]2 points[)]; solvers tried: admm [(][^)]*[)], socmixg.*nsgs.*prox.*likely cause: the tangential load 0.6016 exceeds mu times the normal load [(]0.3 x 2 = 0.6[)] and nothing else holds the body: rigid-body sliding, no static equilibrium"
       run ${SRC}/tests/data/inp/slide_beyond_friction.inp -o ${WORK}/slide)
foreach(i 1 2 3 4 5)
  expect_file(contact_sliding_vtu${i} ${WORK}/slide/slide_beyond_friction.000${i}.vtu TRUE)
endforeach()
expect_file(contact_sliding_no_vtu6 ${WORK}/slide/slide_beyond_friction.0006.vtu FALSE)

# NLGEOM with contact through `signorini run`: the block of tests/data/inp/nlgeom_block.inp
# (closed form in its header: top u_z = -0.2, corner u_x = 0.0263079, reactions 4 x 36 = 144)
expect(run_nlgeom_block 0 "1 step" "" run ${SRC}/tests/data/inp/nlgeom_block.inp -o ${WORK}/nlblock)
file(READ ${WORK}/nlblock/nlgeom_block.dat nldat)
if(NOT nldat MATCHES "\n +27  2\\.630789E-02  2\\.630789E-02 -2\\.000000E-01\n")
  message(SEND_ERROR "nlgeom_block.dat: node 27 is not at (0.0263079, 0.0263079, -0.2):\n${nldat}")
endif()
foreach(n 105 106 107 108)
  if(NOT nldat MATCHES "\n +${n}  0\\.000000E\\+00  0\\.000000E\\+00  3\\.600000E\\+01\n")
    message(SEND_ERROR "nlgeom_block.dat: the reaction of node ${n} is not (0, 0, 36)")
  endif()
endforeach()
