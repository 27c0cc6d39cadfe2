# `glance gpio list` on the simulated chip: its device, label, line count and every line's name.
source "$GLANCE_ROOT/Tests/Hardware/lib.sh"

out=$ARTIFACTS/gpio-list.txt
"$GLANCE_BIN" gpio list > "$out" 2>&1
status=$?
check gpio-list-exit "exit status $status: \$(head -c 300 "$out")" test $status -eq 0
check gpio-list-chip "no line '/dev/gpiochip0  glance-sim  8 lines' in: \$(head -n 2 "$out")" \
    grep -qE '^/dev/gpiochip0 +glance-sim +8 lines' "$out"
missing=()
offset=0
for name in ID_SD ID_SC BTN_A BTN_B BTN_UP BTN_DOWN BTN_CENTRE SPARE7; do
    grep -qE "^ +$offset +$name +input" "$out" || missing+=("$offset $name")
    offset=$((offset + 1))
done
check gpio-list-lines "lines missing or wrong: ${missing[*]:-} (output in $out)" test ${#missing[@]} -eq 0

"$GLANCE_BIN" gpio list --chip glance-sim > "$ARTIFACTS/by-label.txt" 2>&1
check gpio-list-by-label "--chip glance-sim: \$(head -c 300 "$ARTIFACTS/by-label.txt")" cmp -s "$out" "$ARTIFACTS/by-label.txt"

"$GLANCE_BIN" gpio list --chip no-such-chip > "$ARTIFACTS/absent.txt" 2>&1
status=$?
check gpio-list-absent-chip "exit $status, expected an error naming the chips there are: \$(head -c 300 "$ARTIFACTS/absent.txt")" \
    eval "[[ $status -ne 0 ]] && grep -q glance-sim '$ARTIFACTS/absent.txt'"
