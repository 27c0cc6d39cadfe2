# Buttons on gpio-sim lines through glance run, with libgpiod 1.6: a click, a double click, a
# long press and a bounce storm, made by pulling the simulated lines, come out as exactly the
# gestures expected (read back through glance ctl status), and the clicks run their bindings
# (the stack moves). 70-libgpiod-v2 makes the same gestures with libgpiod 2.x.
source "$GLANCE_ROOT/Tests/Hardware/lib.sh"
cd "$ARTIFACTS"
export GLANCE_CONTROL_SOCKET=/tmp/glance-buttons/control.sock

background "$GLANCE_BIN" run --board "$BOARDS/vm-ssd1306.yaml" --config "$GLANCE_ROOT/Tests/Hardware/faces/stack.yaml" \
    --headless --duration 60s > run.log 2>&1
if ! wait_for run.log 'running 1 slot' 30 || ! wait_for_socket "$GLANCE_CONTROL_SOCKET" 20; then
    fail buttons-start "glance did not start with a control socket at $GLANCE_CONTROL_SOCKET: $(head -c 400 run.log)"
    exit 0
fi
loaded=$(loaded_libgpiod "${background_pids[-1]}")
check buttons-libgpiod-1.6 "glance loaded '$loaded', expected $LIBGPIOD/v1/libgpiod.so.2" test "$loaded" = "$LIBGPIOD/v1/libgpiod.so.2"
ctl_events status-start
first=$(ctl_slot_kind status-start)
last_events=status-start
button_scenarios buttons
# A click, then the double click's first click (the immediate policy reports it at once), then
# the bounce storm's single click: three stack.next from clock in a two-widget stack. A storm
# the emulator disturbed is made again, and its clicks ran their binding too: each click
# (A's or B's) moves the stack once, so an odd count ends on weather, an even one on clock.
last=$(ctl_slot_kind "$last_events")
clicks=$(sed -n '/"buttonEvents"/,/\]/p' "$last_events.json" | grep -cE '"(A|B) click"')
expected=clock; ((clicks % 2)) && expected=weather
check buttons-bindings-ran "the stack went $first → $last after $clicks clicks; expected clock → $expected (at least 3 clicks)" \
    test "$first:$last:$((clicks >= 3))" = "clock:$expected:1"
busybox dmesg > dmesg.txt
check buttons-no-errors "errors in the log: \$(grep -E 'ERROR' run.log | head -n 3)" eval "! grep -qE 'ERROR|buttons unavailable' run.log"
