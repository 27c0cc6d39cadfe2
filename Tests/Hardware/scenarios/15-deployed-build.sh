# The VM's glance is built as a face is deployed (--disable-default-traits): it runs faces but
# carries neither the browser simulator's server nor the development commands.
source "$GLANCE_ROOT/Tests/Hardware/lib.sh"

help=$ARTIFACTS/help.txt
"$GLANCE_BIN" --help > "$help" 2>&1
check deployed-help-runs "no 'run' subcommand in: \$(head -c 400 "$help")" grep -qE '^ +run ' "$help"
check deployed-no-development-commands "bench, specimen or new listed: \$(grep -E '^ +(bench|specimen|new) ' "$help")" \
    eval "! grep -qE '^ +(bench|specimen|new) ' '$help'"

"$GLANCE_BIN" bench > "$ARTIFACTS/bench.txt" 2>&1
status=$?
check deployed-bench-refused "exit $status: \$(head -c 300 "$ARTIFACTS/bench.txt")" test $status -eq 64

"$GLANCE_BIN" run --headless --web 8080 --duration 1s > "$ARTIFACTS/web.txt" 2>&1
status=$?
check deployed-web-refused "exit $status: \$(head -c 300 "$ARTIFACTS/web.txt")" \
    eval "[[ $status -eq 64 ]] && grep -q 'built without' '$ARTIFACTS/web.txt'"
