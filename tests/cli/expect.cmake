# expect(name code stdout_re stderr_re args...): runs `${SN} args...` and checks its exit code and
# that stdout / stderr match the regular expressions ("" matches anything). Shared by every
# tests/cli/test_cli*.cmake script. Optional variables of the including script:
#   CWD                  the working directory of the command (default: the script's own)
#   EXPECT_NO_LINE_ZERO  when true, a message with a line number 0 (":0:") is a failure
# After each call, last_out and last_err hold the command's stdout and stderr.
function(expect name code stdout_re stderr_re)
  set(wd "")
  if(CWD)
    set(wd WORKING_DIRECTORY ${CWD})
  endif()
  execute_process(COMMAND ${SN} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                  TIMEOUT 120 ${wd})
  set(bad "")
  if(NOT "${rc}" STREQUAL "${code}")
    set(bad "exit ${rc}, expected ${code}: ${out} ${err}")
  elseif(NOT "${stdout_re}" STREQUAL "" AND NOT out MATCHES "${stdout_re}")
    set(bad "stdout does not match '${stdout_re}': ${out}")
  elseif(NOT "${stderr_re}" STREQUAL "" AND NOT err MATCHES "${stderr_re}")
    set(bad "stderr does not match '${stderr_re}': ${err}")
  elseif(EXPECT_NO_LINE_ZERO AND err MATCHES ":0:")
    set(bad "line number 0 in the message: ${err}")
  endif()
  if(bad)
    message(SEND_ERROR "${name}: signorini ${ARGN}: ${bad}")
  else()
    message(STATUS "ok: ${name}")
  endif()
  set(last_out "${out}" PARENT_SCOPE)
  set(last_err "${err}" PARENT_SCOPE)
endfunction()
