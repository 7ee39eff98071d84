# Shared by the scripts in this directory (sourced, not run).
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# sed stops at the first match itself: no "| head" that could kill it with SIGPIPE under pipefail.
version=$(sed -n '/^  <version>.*<\/version>$/ { s:^  <version>\(.*\)</version>$:\1:p; q; }' "$root/pom.xml")
dist="$root/distribution/target/spatial-lsm-$version"
# Cluster data and logs live outside target/ so that a rebuild (mvn clean) keeps them.
export SPATIAL_LSM_VAR=${SPATIAL_LSM_VAR:-$root/var}

fail() { echo "error: $*" >&2; exit 1; }

require_java17() {
  local java_cmd=${JAVA_HOME:+$JAVA_HOME/bin/}java major
  if [ -n "${JAVA_HOME:-}" ]; then
    [ -x "$java_cmd" ] || fail "JAVA_HOME is $JAVA_HOME, but it has no bin/java: point it at a Java 17 JDK or unset it"
  else
    command -v java >/dev/null 2>&1 || fail "java not found: install Java 17 or set JAVA_HOME"
  fi
  # A java that cannot even print its version must not end the script silently (set -e): it fails below instead.
  # The output is captured before it is parsed: awk exiting at the first match would otherwise kill java with
  # SIGPIPE.
  local version_text
  version_text=$("$java_cmd" -version 2>&1) || true
  major=$(awk -F'"' '/version/ {split($2, v, "."); print (v[1] == "1" ? v[2] : v[1]); exit}' <<<"$version_text")
  [ "${major:-0}" -ge 17 ] 2>/dev/null || fail "Java 17 or newer is required, found Java ${major:-unknown}"
  command -v mvn >/dev/null 2>&1 || fail "mvn not found: install Maven 3.8 or newer"
}

cluster_running() {
  [ -f "$SPATIAL_LSM_VAR/run/cc.pid" ] && kill -0 "$(cat "$SPATIAL_LSM_VAR/run/cc.pid")" 2>/dev/null
}

# Builds the distribution when it is missing or older than any source file.
ensure_built() {
  local marker="$dist/bin/start-cluster"
  if [ -e "$marker" ] && [ -z "$(find "$root" \( -path "$root/var" -o -path '*/target' -o -path "$root/.git" \) -prune \
        -o -type f \( -name '*.java' -o -name 'pom.xml' -o -path '*/src/main/*' \) -newer "$marker" -print -quit)" ]; then
    return 0
  fi
  require_java17
  local log="$SPATIAL_LSM_VAR/logs/build.log"
  mkdir -p "$(dirname "$log")"
  echo "Building spatial-lsm (the first build downloads AsterixDB 0.9.8 from Maven Central: a few minutes; log: $log)..."
  if ! (cd "$root" && mvn -B -DskipTests package) >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    fail "the build failed; the whole log is in $log"
  fi
}

# The side-by-side scripts (index-join-vs-stock, knn-vs-stock): a fresh stock AsterixDB 0.9.8 unpacked into WORK
# from the binary assembly in the local Maven repository (the build downloads it), run from its own home with our
# start and stop scripts (they only need bin/asterixhelper and the CC's command, here stock's asterixcc) and our
# local configuration with stock's NC command and without spatial-lsm's extensions. Sets stock_home and stock_conf.
# WORK is deleted first.
prepare_stock() {
  local work=$1 zip
  zip=$(ls "${HOME}"/.m2/repository/org/apache/asterix/asterix-server/0.9.8/asterix-server-0.9.8-binary-assembly.zip \
    2>/dev/null) || fail "the stock 0.9.8 binary assembly is not in ~/.m2: build once with mvn -DskipTests package"
  stock_home="$work/apache-asterixdb-0.9.8"
  stock_conf="$work/stock-conf"
  rm -rf "$work"
  mkdir -p "$work"
  unzip -q "$zip" -d "$work"
  cp "$dist/bin/start-cluster" "$dist/bin/stop-cluster" "$stock_home/bin/"
  ln -s asterixcc "$stock_home/bin/spatialcc"
  mkdir -p "$stock_conf"
  cp "$dist/cluster-conf/local/nc-service"*.conf "$stock_conf/"
  sed -e 's/^; run spatial-lsm.*/; the stock NC application/' -e 's/^command=spatialnc/command=asterixnc/' \
    -e '/^; spatial-lsm.s extensions/,$d' "$dist/cluster-conf/local/cc.conf" >"$stock_conf/cc.conf"
}

# on_cluster NAME HOME CONF OUT COMMAND...: starts the cluster of HOME with configuration CONF (its data in
# WORK/NAME-var, WORK being the caller's $work), runs COMMAND with its standard output in OUT, stops the cluster,
# and fails when COMMAND did (exit codes in ALLOWED_EXIT_CODES, default "0", count as success).
on_cluster() {
  local name=$1 home=$2 conf=$3 out=$4 status=0
  shift 4
  export SPATIAL_LSM_VAR="$work/$name-var"
  echo "== $name: starting" >&2
  "$home/bin/start-cluster" "$conf" >&2
  "$@" >"$out" || status=$?
  "$home/bin/stop-cluster" >&2
  [[ " ${ALLOWED_EXIT_CODES:-0} " == *" $status "* ]] \
    || fail "$(basename "$1") ${*:2:2} on $name failed (exit code $status)"
}
