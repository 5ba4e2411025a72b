#!/bin/sh
# Fuzzing campaign: every harness of fuzz/CMakeLists.txt under libFuzzer and
# then under AFL++, SECONDS each (one engine at a time: the machine is shared).
#
#   ci/fuzz.sh [SECONDS]          (default 60)
#
# Builds build-fuzz-libfuzzer (clang, ASan+UBSan), build-fuzz-afl
# (afl-clang-fast, ASan+UBSan, persistent mode through libAFLDriver) and
# build-fuzz-msan (clang, MSan, libFuzzer for a third of SECONDS). New inputs
# go to scratch directories under $TMPDIR; the seeds are the repository corpus
# and the vectors' and the generator library's inputs (gbr vectors
# --fuzz-corpus); the repository corpus is given
# second (libFuzzer) or read-only (AFL++ -i), so it is untouched until the final
# step merges the new coverage into corpus/<harness>/ with libFuzzer -merge=1
# (-use_counters=0: an input is kept for a new edge, not a new hit count, which
# keeps the corpora to a few hundred inputs).
# Prints executions per second and executions per harness per engine. Exits 1
# on any finding (libFuzzer's exit status; AFL++ crashes counted from
# out/default/crashes/id:*, since afl-fuzz exits 0 even when it found some),
# leaving the inputs under the scratch directory it names. Set
# GBR_FUZZ_MERGE=0 to leave corpus/ alone.
set -eu
seconds=${1:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
harnesses=$(fuzz/harnesses.sh)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/gbr-fuzz.XXXXXX")
report=$scratch/report.txt
findings=0
: > "$report"
echo "fuzz: $seconds s per harness per engine; scratch $scratch"

build() { # build DIR ENGINE COMPILER (ENGINE msan: libFuzzer with MSan)
  engine=$2 sanitizers=address,undefined
  if [ "$engine" = msan ]; then engine=libfuzzer sanitizers=memory; fi
  cmake -S "$root" -B "$1" -DCMAKE_C_COMPILER="$3" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DGBR_FUZZ_ENGINE="$engine" -DGBR_FUZZ_SANITIZERS="$sanitizers" >"$scratch/configure-$2.log" 2>&1 || { cat "$scratch/configure-$2.log"; exit 1; }
  # shellcheck disable=SC2086
  cmake --build "$1" -j2 --target $harnesses >"$scratch/build-$2.log" 2>&1 || { tail -30 "$scratch/build-$2.log"; exit 1; }
}

seed_dirs() { # the repository's inputs of a harness, and the generated seeds of its surface
  echo "$root/corpus/$1"
  if [ -d "$root/corpus/regressions/$1" ]; then echo "$root/corpus/regressions/$1"; fi
  if [ -d "$scratch/seeds/${1%%_*}" ]; then echo "$scratch/seeds/${1%%_*}"; fi
}

# One libFuzzer campaign: libfuzzer_campaign LABEL BUILD_DIR SECONDS RSS_MB
# (every harness, new inputs into the scratch directory, findings counted).
libfuzzer_campaign() {
  for h in $harnesses; do
    work=$scratch/$1/$h
    mkdir -p "$work/new"
    status=0
    # shellcheck disable=SC2046
    "$2"/fuzz/"$h" -max_total_time="$3" -print_final_stats=1 -rss_limit_mb="$4" \
        -dict="fuzz/${h%%_*}.dict" -artifact_prefix="$work/" "$work/new" $(seed_dirs "$h") \
        >"$work/log" 2>&1 || status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/log")
    printf '%-24s %-9s %10s exec/s %12s execs\n' "$h" "$1" "${rate:-?}" "${execs:-?}" | tee -a "$report"
    if [ "$status" != 0 ]; then
      findings=$((findings + 1))
      echo "FINDING: $h under $1 (exit $status): $(ls "$work" | grep -E '^(crash|leak|timeout|oom)-' | tr '\n' ' ')"
      grep -m3 -E 'ERROR|WARNING: MemorySanitizer|fuzz assertion|runtime error' "$work/log" || true
    fi
  done
}

# ---- libFuzzer ----------------------------------------------------------
build build-fuzz-libfuzzer libfuzzer clang
# Seeds besides corpus/: every vector's input and the generator library's
# texts (src/gen), written by `gbr vectors --fuzz-corpus` into
# $scratch/seeds/<surface>; those that add coverage are merged in at the end.
cmake --build build-fuzz-libfuzzer -j2 --target gbr >"$scratch/build-gbr.log" 2>&1 || { tail -30 "$scratch/build-gbr.log"; exit 1; }
mkdir -p "$scratch/vectors"
build-fuzz-libfuzzer/gbr vectors --out "$scratch/vectors" --fuzz-corpus "$scratch/seeds"
libfuzzer_campaign libfuzzer build-fuzz-libfuzzer "$seconds" 2048

# ---- AFL++ ----------------------------------------------------------------
build build-fuzz-afl afl afl-clang-fast
for h in $harnesses; do
  work=$scratch/afl/$h
  mkdir -p "$work/seeds"
  for dir in $(seed_dirs "$h"); do cp "$dir"/* "$work/seeds/"; done
  status=0
  AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
      afl-fuzz -i "$work/seeds" -o "$work/out" -x "fuzz/${h%%_*}.dict" -V "$seconds" \
      -- build-fuzz-afl/fuzz/"$h" >"$work/log" 2>&1 || status=$?
  stats=$work/out/default/fuzzer_stats
  execs=$(sed -n 's/^execs_done *: *//p' "$stats" 2>/dev/null)
  rate=$(awk -F': *' '/^execs_done/ {e=$2} /^run_time/ {t=$2} END {if (t > 0) printf "%.0f", e / t}' "$stats" 2>/dev/null)
  crashes=$(find "$work/out/default/crashes" -name 'id:*' 2>/dev/null | wc -l)
  printf '%-24s afl       %10s exec/s %12s execs\n' "$h" "${rate:-?}" "${execs:-?}" | tee -a "$report"
  if [ "$status" != 0 ] || [ "$crashes" != 0 ]; then
    findings=$((findings + 1))
    echo "FINDING: $h under AFL++ (exit $status, $crashes crashes in $work/out/default/crashes)"
    [ "$status" = 0 ] || tail -5 "$work/log"
  fi
done

# ---- MSan ----------------------------------------------------------------
# Uninitialised reads: every harness built with -fsanitize=memory (it links
# only instrumented code), fuzzed for a third of SECONDS (at least 10 s) from
# the repository's inputs.
msan_seconds=$((seconds / 3 > 10 ? seconds / 3 : 10))
build build-fuzz-msan msan clang
libfuzzer_campaign msan build-fuzz-msan "$msan_seconds" 4096

echo "---- summary ($seconds s each; MSan $msan_seconds s each)"
cat "$report"
awk '{s += $5} END {print "total executions: " s}' "$report"
if [ "$findings" != 0 ]; then
  echo "fuzz: $findings finding(s); inputs kept under $scratch"
  exit 1
fi

# ---- merge new coverage into the repository corpus ---------------------------
if [ "${GBR_FUZZ_MERGE:-1}" != 0 ]; then
  for h in $harnesses; do
    before=$(ls "corpus/$h" | wc -l)
    build-fuzz-libfuzzer/fuzz/"$h" -merge=1 -use_counters=0 -rss_limit_mb=2048 "corpus/$h" \
        "$scratch/libfuzzer/$h/new" "$scratch/msan/$h/new" "$scratch/afl/$h/out/default/queue" \
        "$scratch/seeds/${h%%_*}" >"$scratch/merge-$h.log" 2>&1 ||
        { tail -5 "$scratch/merge-$h.log"; exit 1; }
    echo "merge: corpus/$h $before -> $(ls "corpus/$h" | wc -l) inputs"
  done
fi
rm -rf "$scratch"
echo "fuzz: no findings"
