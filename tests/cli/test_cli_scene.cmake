# signorini run on rigid-body scene files (docs/dynamics.md): bad scenes give FILE:LINE, exit 1
# and write nothing (no output folder is even created); a file that is not a scene (an FE deck)
# is not taken for one; --dump-fclib is checked; the examples run and write their series.
# Invoked as: cmake -DSN=path/to/signorini -DWORK=dir -DSRC=source_dir -P test_cli_scene.cmake
set(CWD ${WORK})
set(EXPECT_NO_LINE_ZERO 1)
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/bad ${WORK}/rerun)
# the energy plot draws text through cairo and fontconfig, which prints "Fontconfig error: No
# writable cache directories" when its system cache is stale and HOME is not writable (as on a
# CI machine): a writable cache folder of the test's own
set(ENV{XDG_CACHE_HOME} ${WORK}/xdg-cache)
set(EX ${SRC}/examples/scenes)

# ---- bad scenes: the message with the file and line, exit 1, no output folder ----
# bad(name "scene text" "expected stderr, after FILE:")
function(bad name text err)
  file(WRITE ${WORK}/bad/${name}.inp "${text}")
  expect(${name} 1 "" "^signorini: ${WORK}/bad/${name}[.]inp:${err}" run ${WORK}/bad/${name}.inp -o ${WORK}/out_${name})
  if(EXISTS ${WORK}/out_${name})
    message(SEND_ERROR "${name}: the output folder was created for a bad scene")
  endif()
endfunction()

set(head "*SCENE\n*MATERIAL, NAME=STEEL\n*DENSITY\n7800\n")
set(dyn "*DYNAMIC\n1e-3, 0.01\n")
bad(unknown_keyword "${head}*SPHERE, RADIUS=1\n0,0,0\n${dyn}" "5: unknown keyword [*]SPHERE")
bad(unknown_parameter "${head}*BODY, TYPE=SPHERE, RADIUS=1, COLOUR=RED\n0,0,0\n${dyn}" "5: unknown parameter 'COLOUR' for [*]BODY")
bad(bad_number "${head}*BODY, TYPE=SPHERE, RADIUS=1\n0, 0, 1.2.3\n${dyn}" "6: expected the position [(]x, y, z[)] [(]a number[)], found '1.2.3'")
bad(missing_data "${head}*BODY, TYPE=SPHERE, RADIUS=1\n${dyn}" "5: [*]BODY needs a data line")
bad(negative_radius "${head}*BODY, TYPE=SPHERE, RADIUS=-0.1\n0,0,0\n${dyn}" "5: RADIUS=-0.1: a size must be positive")
bad(unknown_material "${head}*BODY, TYPE=SPHERE, RADIUS=1, MATERIAL=WOOD\n0,0,0\n${dyn}" "5: MATERIAL=WOOD: material WOOD is not defined")
bad(no_dynamic "${head}*BODY, TYPE=SPHERE, RADIUS=1\n0,0,0\n" "6: the scene has no [*]DYNAMIC")
bad(bad_restitution "${head}*CONTACT PROPERTY, MATERIAL1=STEEL\n0.3, 2\n${dyn}" "6: the restitution coefficient 2 is outside")
bad(bad_method "${head}*DYNAMIC, METHOD=RK4\n1e-3, 1\n" "5: METHOD=RK4: expected one of MOREAU EVENT")
bad(missing_time "${head}*DYNAMIC\n1e-3\n" "6: [*]DYNAMIC [(]time increment, time period")
# no *SCENE first: the file is a deck, and the deck reader's message points at the missing *SCENE
file(WRITE ${WORK}/bad/missing_scene.inp "*HEADING\nballs\n*BODY, TYPE=SPHERE, RADIUS=1\n0,0,0\n${dyn}")
expect(missing_scene 1 "" "missing_scene[.]inp:3: unknown keyword [*]BODY [(]a keyword of rigid-body scenes: a scene file starts with [*]SCENE"
       run ${WORK}/bad/missing_scene.inp -o ${WORK}/out_missing)
# a comment line longer than the kind check's buffer before *SCENE: still a scene (the bad
# number of line 3 is the scene reader's message, not the deck reader's "unknown keyword *SCENE")
string(REPEAT "x" 400 longc)
file(WRITE ${WORK}/bad/long_comment.inp "** ${longc}\n*SCENE\n*BODY, TYPE=SPHERE, RADIUS=1\n0,0,x\n${dyn}")
expect(long_comment 1 "" "long_comment[.]inp:4: expected the position" run ${WORK}/bad/long_comment.inp -o ${WORK}/out_longc)
file(WRITE ${WORK}/bad/late_scene.inp "*HEADING\nx\n*SCENE\n")
expect(late_scene 1 "" "late_scene[.]inp:3: unknown keyword [*]SCENE [(]a keyword of rigid-body scenes" run ${WORK}/bad/late_scene.inp -o ${WORK}/out_late)
if(EXISTS ${WORK}/out_missing OR EXISTS ${WORK}/out_late)
  message(SEND_ERROR "missing_scene, late_scene: an output folder was created for a bad file")
endif()

# a registry solver that refuses a step's problem: the 27-box stack of bench/box_stack_ratio.inp
# under SOLVER=rest, which leaves step 2 unsolved (some contact must slide) so that the boxes part
# and step 3 has 1 167 contacts (measured), 3 501 rows, above rest's 3 000: the message names the solver and
# the contacts (it said "invalid argument" alone)
file(READ ${SRC}/bench/box_stack_ratio.inp stack)
string(REPLACE "*DYNAMIC, METHOD=MOREAU\n1e-3, 1e-3" "*DYNAMIC, METHOD=MOREAU, SOLVER=rest\n1e-3, 0.005" stack "${stack}")
file(WRITE ${WORK}/stack_rest.inp "${stack}")
expect(solver_refuses 1 "" "Moreau-Jean step [0-9]+ [(]time [0-9.]+[)] failed: the solver 'rest' refused the step's contact problem [(][0-9]+ contacts"
       run ${WORK}/stack_rest.inp -o ${WORK}/out_stack_rest --threads 1)

# --dump-fclib: steps of the run, Moreau-Jean only, scenes only
expect(dump_after_end 1 "" "run: --dump-fclib: step 3000 is after the scene's last step [(]2000[)]"
       run ${EX}/bouncing_ball.inp -o ${WORK}/out_dump --dump-fclib 10,3000)
expect(dump_not_number 2 "" "run: --dump-fclib takes step numbers separated by commas"
       run ${EX}/bouncing_ball.inp -o ${WORK}/out_dump --dump-fclib 10,x)
expect(dump_deck 2 "" "--dump-fclib applies to scene files" run ${SRC}/examples/block.inp -o ${WORK}/out_dump --dump-fclib 1)
if(EXISTS ${WORK}/out_dump)
  message(SEND_ERROR "dump: an output folder was created by a refused run")
endif()

# ---- the examples run and write their series ----
function(ran name base frames)
  foreach(f ${base}_bodies.pvd ${base}_contacts.pvd ${base}_energy.csv ${base}_bodies.0000.vtu)
    if(NOT EXISTS ${WORK}/${name}/${f})
      message(SEND_ERROR "${name}: ${f} was not written")
    endif()
  endforeach()
  file(GLOB v ${WORK}/${name}/${base}_bodies.*.vtu)
  list(LENGTH v n)
  if(NOT n EQUAL ${frames})
    message(SEND_ERROR "${name}: ${n} body frames, expected ${frames}")
  endif()
  file(GLOB l ${WORK}/${name}/*.tmp* ${WORK}/${name}/.signorini.lock)
  if(l)
    message(SEND_ERROR "${name}: left behind: ${l}")
  endif()
endfunction()

# the ball: 2000 steps of 1 ms, a frame every 20 (and the initial state): 101 frames; it first
# touches the floor at t = sqrt(2 / 9.81) = 0.4515 s: step 452 has the contact, dumped as FCLIB
expect(ball 0 "bouncing_ball[.]inp: 2 bodies, 2000 steps of 0[.]001 s [(]Moreau-Jean[)], time 2 s"
       "time 0[.]02  step 20/2000  contacts [0-9]+  iterations [0-9]+  error [^\n]*\n" run ${EX}/bouncing_ball.inp -o ${WORK}/ball --dump-fclib 452)
ran(ball bouncing_ball 101)
if(NOT EXISTS ${WORK}/ball/bouncing_ball_step0452.hdf5)
  message(SEND_ERROR "ball: --dump-fclib 452 wrote no bouncing_ball_step0452.hdf5")
endif()
# the dump is an FCLIB problem of one contact, which signorini solve reads and solves
expect(ball_dump_info 0 "kind: fc3d\ncontacts: 1\n.*solution: present" "" info ${WORK}/ball/bouncing_ball_step0452.hdf5)
# and the impulses stored with it solve it (signorini check: error within 1e-8)
expect(ball_dump_check 0 "ok [(]tolerance 1e-08[)]" "" check ${WORK}/ball/bouncing_ball_step0452.hdf5 ${WORK}/ball/bouncing_ball_step0452.hdf5)
expect(incline 0 "incline[.]inp: 2 bodies, 1000 steps" "" run ${EX}/incline.inp -o ${WORK}/incline --quiet)
ran(incline incline 51)
# the box slides with a = g (sin 30 - 0.3 cos 30) = 2.356284 m/s^2: at t = 1 s its kinetic
# energy is m (a t)^2 / 2 with m = 600 x 0.4 x 0.3 x 0.2 = 14.4 kg: 39.97494 J (the last row of
# the energy table: step, time, kinetic, ...)
file(STRINGS ${WORK}/incline/incline_energy.csv rows)
list(GET rows -1 last)
string(REPLACE "," ";" last "${last}")
list(GET last 1 t)
list(GET last 2 ke)
if(NOT t STREQUAL "1" OR NOT ke MATCHES "^39[.]97[45]")
  message(SEND_ERROR "incline: the kinetic energy at t = ${t} is ${ke}, expected 39.9749 (Coulomb sliding on the slope)")
else()
  message(STATUS "ok: incline kinetic energy ${ke} (analytic 39.9749)")
endif()
# the event-driven scheme on the same kind of scene: one interval per output
file(WRITE ${WORK}/ball_event.inp "*SCENE\n*CONTACT PROPERTY\n0., 0.5\n*BODY, TYPE=PLANE\n0,0,0\n*BODY, NAME=B, TYPE=SPHERE, RADIUS=0.1\n0,0,0.6\n*DYNAMIC, METHOD=EVENT\n0.01, 0.5\n*OUTPUT, FREQUENCY=10\n")
expect(event 0 "ball_event[.]inp: 2 bodies, 50 intervals of 0[.]01 s [(]event-driven[)], time 0[.]5 s.*events" "" run ${WORK}/ball_event.inp -o ${WORK}/event --quiet)
ran(event ball_event 6)
# an event-driven run that ends with bodies overlapping by more than 1e-7 m (a closing the
# scheme did not locate: a box with a cylinder lying on it, from a random campaign, 1.7e-5 m)
# says so in a warning; exit 0, the run is complete
file(WRITE ${WORK}/overlap_event.inp "*SCENE\n*MATERIAL, NAME=M\n*DENSITY\n1000.\n*CONTACT PROPERTY\n0.0, 0.0\n*BODY, NAME=FLOOR, TYPE=PLANE, MATERIAL=M\n0., 0., 0.\n*BODY, NAME=B1, TYPE=BOX, MATERIAL=M, HALF X=0.015614930598047468, HALF Y=0.020083767988292815, HALF Z=0.020083767988292815, MASS=0.113468\n0.0, 0.0, 0.03206892776549268\n*BODY, NAME=B2, TYPE=CYLINDER, MATERIAL=M, RADIUS=0.11074708974436166, LENGTH=0.5610091604308455, MASS=2.084013\n-0.014504840562955463, 0.0, 0.413460210247545\n*ORIENTATION\n-0.9966869053120168, -0.08133395834185736, 0.0, 90.5\n*DYNAMIC, METHOD=EVENT\n1e-2, 0.3\n*OUTPUT, FREQUENCY=30\n")
expect(event_overlap 0 "largest penetration 1[.]7[0-9]*e-05 m" "warning: [^ ]*overlap_event[.]inp: the event-driven integration let bodies overlap by up to 1[.]7[0-9]*e-05 m"
       run ${WORK}/overlap_event.inp -o ${WORK}/event_overlap --quiet)
# an interval whose event left a contact problem short of its tolerance (SN_STALLED from the
# impact solver, the time reached) is not a stalled integration: the run goes on to its end,
# with a warning (a box and a tetrahedron lying on its face; stopped at 0.05 s by f20a01f)
file(WRITE ${WORK}/box_tet_event.inp "*SCENE\n*CONTACT PROPERTY\n1.0, 0.0\n*BODY, NAME=FLOOR, TYPE=PLANE\n0., 0., 0.\n*BODY, NAME=BOX, TYPE=BOX, HALF=0.1, MASS=1.\n0., 0., 0.103\n*BODY, NAME=TET, TYPE=CONVEX, MASS=0.3\n0.5, 0., 0.025\n*ORIENTATION\n0., 1., 0., 90.\n*VELOCITY\n-0.06, 0., 0.\n*VERTICES\n0.02, 0.02, 0.02\n0.02, -0.02, -0.02\n-0.02, 0.02, -0.02\n-0.02, -0.02, 0.02\n*DYNAMIC, METHOD=EVENT\n1e-2, 0.3\n*OUTPUT, FREQUENCY=0\n")
expect(event_solver_status 0 "box_tet_event[.]inp: 3 bodies, 30 intervals of 0[.]01 s [(]event-driven[)], time 0[.]3 s"
       "warning: [^ ]*box_tet_event[.]inp: in [0-9]+ output intervals? of the event-driven integration a contact problem at an event"
       run ${WORK}/box_tet_event.inp -o ${WORK}/event_box_tet --quiet)
# the ball (m = 4.18879 kg) dropped from 0.5 m lands at t1 = sqrt(2 x 0.5 / 9.81) = 0.31928 s and
# leaves with e g t1 = 1.5661 m/s: at t = 0.5 s its centre is at 0.1 + v dt - g dt^2 / 2 =
# 0.222819 m (dt = t - t1), its potential energy m g z = 9.156084 J (Newton's impact law, exact
# event time)
file(STRINGS ${WORK}/event/ball_event_energy.csv rows)
list(GET rows -1 last)
string(REPLACE "," ";" last "${last}")
list(GET last 3 pe)
if(NOT pe MATCHES "^9[.]15608[34]")
  message(SEND_ERROR "event: the potential energy at t = 0.5 is ${pe}, expected 9.156084 (impact at the exact time)")
else()
  message(STATUS "ok: event potential energy ${pe} (analytic 9.156084)")
endif()

# ---- a rerun replaces the earlier series (fewer frames now: none of the old ones is kept) ----
file(READ ${EX}/bouncing_ball.inp ball)
string(REPLACE "*OUTPUT, FREQUENCY=20" "*OUTPUT, FREQUENCY=500" sparse "${ball}")
file(WRITE ${WORK}/rerun/bouncing_ball.inp "${sparse}")
expect(rerun_quiet 0 "2000 steps" "" run ${WORK}/rerun/bouncing_ball.inp -o ${WORK}/ball --quiet)
# --quiet: nothing of signorini's own on stderr (a line of fontconfig's, about its cache, is the
# system's, not the run's)
string(REGEX REPLACE "(^|\n)Fontconfig [^\n]*" "" own_err "${last_err}")
string(STRIP "${own_err}" own_err)
if(NOT own_err STREQUAL "")
  message(SEND_ERROR "rerun_quiet: --quiet printed on stderr: ${last_err}")
endif()
ran(ball bouncing_ball 5)   # steps 0, 500, 1000, 1500, 2000
if(EXISTS ${WORK}/ball/bouncing_ball_step0452.hdf5)
  message(SEND_ERROR "rerun: the earlier run's FCLIB dump was kept")
endif()

# ---- a run in progress: a second one into its folder is refused; SIGINT / SIGTERM while a
# temporary file is being written (polled for) leave no temporary and no lock. The slow scene:
# the ball with a frame at every step (writing most of the time). bash with job control: a
# background job of a shell without it ignores SIGINT. ----
string(REPLACE "*OUTPUT, FREQUENCY=20" "*OUTPUT, FREQUENCY=1" slow "${ball}")
string(REPLACE "1e-3, 2." "1e-3, 20." slow "${slow}")
file(WRITE ${WORK}/slow.inp "${slow}")
foreach(sig INT TERM)
  execute_process(COMMAND bash -c [=[
set -m
"$1" run "$2/slow.inp" -o "$2/slow" > "$2/first.log" 2>&1 &
pid=$!
for i in $(seq 1 400); do grep -q "step 5/" "$2/first.log" && break; sleep 0.05; done
"$1" run "$2/slow.inp" -o "$2/slow" > "$2/second.log" 2>&1
echo "second=$? pid=$pid"
seen=0; end=$((SECONDS + 10))
while [ $SECONDS -lt $end ]; do if compgen -G "$2/slow/*.tmp*" > /dev/null; then seen=1; break; fi; sleep 0.01; done
kill -"$3" $pid
wait $pid
echo "first=$? seen=$seen"
]=] x ${SN} ${WORK} ${sig} OUTPUT_VARIABLE out ERROR_VARIABLE err)
  file(READ ${WORK}/second.log second)
  set(code_INT 130)
  set(code_TERM 143)
  string(REGEX MATCH "pid=([0-9]+)" m "${out}")
  set(pid ${CMAKE_MATCH_1})
  if(NOT out MATCHES "second=1 " OR NOT second MATCHES "run: ${WORK}/slow: another run [(]process ${pid}[)] is writing its results into this folder")
    message(SEND_ERROR "lock_${sig}: the second run was not refused: ${out} ${second}")
  else()
    message(STATUS "ok: lock_${sig}")
  endif()
  if(NOT out MATCHES "first=${code_${sig}} seen=1")
    message(SEND_ERROR "signal_${sig}: the run did not end by SIG${sig} (exit ${code_${sig}}) while writing: ${out} ${err}")
  else()
    message(STATUS "ok: signal_${sig}")
  endif()
  file(GLOB l ${WORK}/slow/*.tmp* ${WORK}/slow/.signorini.lock)
  if(l)
    message(SEND_ERROR "signal_${sig}: left behind: ${l}")
  endif()
endforeach()
