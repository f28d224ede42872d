# Environment of the API process, sourced by `npm start` (package.json) before it starts node, and
# read by the benches for the API they measure (API_NODE_ENV in src/tools/benchBuild.ts), so both run
# the same process. It only changes how much memory the process keeps (docs/configuration.md,
# "Process settings of npm start"; docs/performance.md, memory sessions 7 and 8).
#
# - jemalloc as malloc when the system has it (Debian/Ubuntu: apt-get install libjemalloc2), with one
#   arena and a background thread that returns freed pages after about a second: V8's compiler of
#   pglite.wasm and the startup's large buffers free tens of MB that glibc keeps in its arenas.
#   Without the library nothing changes: glibc's malloc with fixed thresholds, as below.
# - glibc's trim and mmap thresholds fixed at 128 KB (ignored when jemalloc is preloaded, and where
#   libc is not glibc).
# A variable already set in the environment wins (an LD_PRELOAD is kept and jemalloc added to it).

export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"

if [ "${FINU_JEMALLOC:-}" != "off" ]; then
  finu_jemalloc=""
  for finu_lib in /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 \
    /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2; do
    if [ -r "$finu_lib" ]; then finu_jemalloc="$finu_lib"; break; fi
  done
  if [ -n "$finu_jemalloc" ]; then
    case ":${LD_PRELOAD:-}:" in
      *":$finu_jemalloc:"*) ;;
      *) export LD_PRELOAD="${LD_PRELOAD:+$LD_PRELOAD:}$finu_jemalloc" ;;
    esac
    export MALLOC_CONF="${MALLOC_CONF:-narenas:1,background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0}"
  fi
  unset finu_jemalloc finu_lib
fi
