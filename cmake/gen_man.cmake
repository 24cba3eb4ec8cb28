# The man page signorini(1): `signorini --man` (troff from the commands' help tables) into OUT,
# through a temporary file so that a failed run leaves no partial page.
# Invoked as: cmake -DSN=path/to/signorini -DOUT=path/to/signorini.1 -P gen_man.cmake
execute_process(COMMAND ${SN} --man OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "signorini --man failed (${rc}): ${err}")
endif()
file(RENAME ${OUT}.tmp ${OUT})
