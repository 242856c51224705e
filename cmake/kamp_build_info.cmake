# The commit a binary was configured from; run_context prefers KAMP_GIT_HASH from the
# environment, which the kamp driver sets at run time, since a build can outlive a commit.
execute_process(COMMAND git rev-parse --short=12 HEAD WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                OUTPUT_VARIABLE KAMP_CONFIGURE_GIT_HASH OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT KAMP_CONFIGURE_GIT_HASH)
  set(KAMP_CONFIGURE_GIT_HASH "unknown")
endif()
