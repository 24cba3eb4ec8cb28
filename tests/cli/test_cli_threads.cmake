# The thread knob of run and solve: --threads N and SIGNORINI_NUM_THREADS, bad values refused
# (exit 2, the value and the accepted range named), the count in run's summary, and results
# that do not depend on it (the block's .dat tables from 1 and 2 threads are the same text).
# Also the allocator setting SIGNORINI_MALLOC (src/cli/malloc_tune.c): bad values refused, the same
# results with either setting.
# Invoked as: cmake -DSN=path/to/signorini -DWORK=dir -DSRC=source_dir -DDATA=problems [-DQUICK=ON]
#             -P test_cli_threads.cmake   (QUICK: the sanitizer build's shorter squeeze)
set(CWD ${WORK})
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(EX ${SRC}/examples)
set(range "it must be a whole number from 1 to 4096")
unset(ENV{SIGNORINI_NUM_THREADS})

foreach(bad 0 -1 x 4097 2.5 "")
  expect(bad_threads_run_${bad} 2 "" "run: invalid value '${bad}' for --threads: ${range}"
         run ${EX}/block.inp -o ${WORK}/bad --threads=${bad})
  expect(bad_threads_solve_${bad} 2 "" "solve: invalid value '${bad}' for --threads: ${range}"
         solve ${DATA}/gfc3d/GFC3D_TwoRods1.dat --threads=${bad})
endforeach()
expect(bad_threads_space 2 "" "run: invalid value '-1' for --threads: ${range}" run ${EX}/block.inp --threads -1)
if(EXISTS ${WORK}/bad)
  message(SEND_ERROR "bad_threads: a run with a bad --threads wrote ${WORK}/bad")
endif()
foreach(bad 0 x 5000)
  set(ENV{SIGNORINI_NUM_THREADS} ${bad})
  expect(bad_env_${bad} 2 "" "invalid value '${bad}' in the environment variable SIGNORINI_NUM_THREADS: ${range}"
         solve ${DATA}/gfc3d/GFC3D_TwoRods1.dat)
endforeach()
# --threads wins over the environment (not even read then)
expect(option_over_env 0 "threads: 1 " "" run ${EX}/block.inp -o ${WORK}/t1 --threads 1 --quiet)
set(ENV{SIGNORINI_NUM_THREADS} 2)
expect(env_threads 0 "threads: 2 " "" run ${EX}/block.inp -o ${WORK}/t2 --quiet)
unset(ENV{SIGNORINI_NUM_THREADS})
expect(default_threads 0 "threads: [1-9][0-9]* " "" run ${EX}/block.inp -o ${WORK}/td --quiet)
expect(solve_threads 0 "" "" solve ${DATA}/gfc3d/GFC3D_TwoRods1.dat --solver admm --threads 2)
# OpenBLAS' threads by the size of the work (docs/threads.md): on 2 threads a small model's run
# keeps OpenBLAS on one and says so with the predicted flops; on 1 thread nothing is said
expect(blas_by_size 0 "threads: 2 [^\n]*; OpenBLAS on one: its dense work predicted at [0-9.]+e\\+0[0-7] flops, below 2e\\+08"
       "" run ${EX}/hertz.inp -o ${WORK}/bh2 --threads 2 --quiet)
execute_process(COMMAND ${SN} run ${EX}/hertz.inp -o ${WORK}/bh1 --threads 1 --quiet OUTPUT_VARIABLE out1 RESULT_VARIABLE rc1)
if(NOT rc1 EQUAL 0 OR out1 MATCHES "OpenBLAS on one")
  message(SEND_ERROR "blas_by_size_1: exit ${rc1}, or OpenBLAS' count reported on one thread: ${out1}")
else()
  message(STATUS "ok: blas_by_size_1")
endif()

file(READ ${WORK}/t1/block.dat d1)
file(READ ${WORK}/t2/block.dat d2)
if(d1 STREQUAL "")
  message(SEND_ERROR "same_results: ${WORK}/t1/block.dat is empty")
elseif(NOT d1 STREQUAL d2)
  message(SEND_ERROR "same_results: block.dat differs between --threads 1 and 2")
else()
  message(STATUS "ok: same_results")
endif()

# The allocator's setting (src/cli/malloc_tune.c): SIGNORINI_MALLOC other than tuned or system is
# refused (exit 2, nothing written); the results are the same bytes with glibc's defaults and
# with the huge-page heap.
foreach(bad bogus SYSTEM " ")
  set(ENV{SIGNORINI_MALLOC} "${bad}")
  expect(bad_malloc_run_${bad} 2 "" "SIGNORINI_MALLOC must be 'tuned' \\(the default\\) or 'system', not '${bad}'"
         run ${EX}/block.inp -o ${WORK}/badm --quiet)
  expect(bad_malloc_solve_${bad} 2 "" "SIGNORINI_MALLOC must be" solve ${DATA}/gfc3d/GFC3D_TwoRods1.dat)
endforeach()
if(EXISTS ${WORK}/badm)
  message(SEND_ERROR "bad_malloc: a run with a bad SIGNORINI_MALLOC wrote ${WORK}/badm")
endif()
set(ENV{SIGNORINI_MALLOC} system)
expect(malloc_system 0 "" "" run ${EX}/block.inp -o ${WORK}/msys --threads 1 --quiet)
set(ENV{SIGNORINI_MALLOC} tuned)
expect(malloc_tuned 0 "" "" run ${EX}/block.inp -o ${WORK}/mtun --threads 1 --quiet)
unset(ENV{SIGNORINI_MALLOC})
foreach(f block.dat block.0001.vtu)
  file(READ ${WORK}/msys/${f} a)
  file(READ ${WORK}/mtun/${f} b)
  if(a STREQUAL "" OR NOT a STREQUAL b)
    message(SEND_ERROR "malloc_same_results: ${f} differs (or is empty) between SIGNORINI_MALLOC=system and tuned")
  else()
    message(STATUS "ok: malloc_same_results ${f}")
  endif()
endforeach()

# The element passes on threads (sn_fesys_set_threads, docs/threads.md "Parallel assembly"): a
# 12 x 12 x 6 C3D8 block (864 elements: the parallel pass), its lower half J2-plastic, squeezed
# by 1 % under NLGEOM in 3 increments, the equations by conjugate gradients (no BLAS in the
# solve: nothing else that the thread count could change). Its .dat (displacements, reactions,
# stresses, strains, PEEQ) and .frd are the same bytes on 1, 2 and 3 threads. QUICK (the
# sanitizer build, 10 s a run): 10 x 10 x 6 (600 elements), one increment, 1 and 2 threads.
set(nx 12)
set(nz 6)
set(inc "0.34, 1.")
set(counts 1 2 3)
if(QUICK)
  set(nx 10)
  set(inc "1., 1.")
  set(counts 1 2)
endif()
math(EXPR nx1 "${nx} + 1")
set(deck "*NODE, NSET=ALL\n")
foreach(k RANGE ${nz})
  foreach(j RANGE ${nx})
    foreach(i RANGE ${nx})
      math(EXPR id "1 + ${i} + ${nx1} * (${j} + ${nx1} * ${k})")
      string(APPEND deck "${id}, ${i}, ${j}, ${k}\n")
    endforeach()
  endforeach()
endforeach()
math(EXPR nzm "${nz} - 1")
math(EXPR nxm "${nx} - 1")
set(e 0)
foreach(k RANGE ${nzm})
  if(k LESS 3)
    string(APPEND deck "*ELEMENT, TYPE=C3D8, ELSET=LOW\n")
  else()
    string(APPEND deck "*ELEMENT, TYPE=C3D8, ELSET=HIGH\n")
  endif()
  foreach(j RANGE ${nxm})
    foreach(i RANGE ${nxm})
      math(EXPR e "${e} + 1")
      math(EXPR n1 "1 + ${i} + ${nx1} * (${j} + ${nx1} * ${k})")
      math(EXPR n2 "${n1} + 1")
      math(EXPR n4 "${n1} + ${nx1}")
      math(EXPR n3 "${n4} + 1")
      math(EXPR n5 "${n1} + ${nx1} * ${nx1}")
      math(EXPR n6 "${n5} + 1")
      math(EXPR n8 "${n5} + ${nx1}")
      math(EXPR n7 "${n8} + 1")
      string(APPEND deck "${e}, ${n1}, ${n2}, ${n3}, ${n4}, ${n5}, ${n6}, ${n7}, ${n8}\n")
    endforeach()
  endforeach()
endforeach()
math(EXPR top0 "1 + ${nx1} * ${nx1} * ${nz}")
math(EXPR top1 "${nx1} * ${nx1} * (${nz} + 1)")
math(EXPR bot1 "${nx1} * ${nx1}")
string(APPEND deck "*NSET, NSET=BOTTOM, GENERATE\n1, ${bot1}, 1\n*NSET, NSET=TOP, GENERATE\n${top0}, ${top1}, 1\n"
       "*NSET, NSET=PROBE\n${top1}, 100, 500\n*ELSET, ELSET=SOME\n1, 2, 300, 500, 600\n"
       "*MATERIAL, NAME=SOFT\n*ELASTIC\n210000., 0.3\n*PLASTIC\n250., 0.\n400., 0.1\n"
       "*MATERIAL, NAME=STEEL\n*ELASTIC\n210000., 0.3\n"
       "*SOLID SECTION, ELSET=LOW, MATERIAL=SOFT\n*SOLID SECTION, ELSET=HIGH, MATERIAL=STEEL\n"
       "*BOUNDARY\nBOTTOM, 1, 3\nTOP, 1, 2\nTOP, 3, 3, -0.06\n"
       "*STEP, NLGEOM, INC=20\n*STATIC, SOLVER=ITERATIVE SCALING\n${inc}\n"
       "*NODE PRINT, NSET=PROBE\nU, RF\n*EL PRINT, ELSET=SOME\nS, E, PEEQ\n*NODE FILE\nU\n*EL FILE\nS, E\n*END STEP\n")
file(WRITE ${WORK}/squeeze.inp "${deck}")
foreach(n ${counts})
  expect(squeeze_threads_${n} 0 "threads: ${n} " "" run ${WORK}/squeeze.inp -o ${WORK}/sq${n} --threads ${n} --quiet)
endforeach()
foreach(f squeeze.dat squeeze.frd)
  file(READ ${WORK}/sq1/${f} s1)
  string(LENGTH "${s1}" len)
  foreach(n ${counts})
    if(n EQUAL 1)
      continue()
    endif()
    file(READ ${WORK}/sq${n}/${f} sn)
    if(len LESS 1000)
      message(SEND_ERROR "squeeze_same: ${WORK}/sq1/${f} is nearly empty")
    elseif(NOT s1 STREQUAL sn)
      message(SEND_ERROR "squeeze_same: ${f} differs between --threads 1 and ${n}")
    else()
      message(STATUS "ok: squeeze_same ${f} 1 = ${n}")
    endif()
  endforeach()
endforeach()
