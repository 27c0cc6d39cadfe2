# Buttons on gpio-sim lines through glance run, with libgpiod 1.6: a click, a double click, a
# long press and a bounce storm, made by pulling the simulated lines, come out as exactly the
# gestures expected (read back through glance ctl status), and the clicks run their bindings
# (the stack moves). 70-libgpiod-v2 makes the same gestures with libgpiod 2.x.
source "$GLANCE_ROOT/Tests/Hardware/lib.sh"
cd "$ARTIFACTS"
export GLANCE_CONTROL_SOCKET=/tmp/glance-buttons/control.sock

background "$GLANCE_BIN" run --board "$BOARDS/vm-ssd1306.yaml" --config "$GLANCE_ROOT/Tests/Hardware/faces/stack.yaml" \
    --headless --duration 60s > run.log 2>&1
if ! wait_for run.log 'running 1 slots' 30 || ! wait_for_socket "$GLANCE_CONTROL_SOCKET" 20; then
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
# the bounce storm's single click: three stack.next from clock in a two-widget stack.
last=$(ctl_slot_kind "$last_events")
check buttons-bindings-ran "the stack went $first → $last; expected clock → weather" test "$first:$last" = "clock:weather"
busybox dmesg > dmesg.txt
check buttons-no-errors "errors in the log: \$(grep -E 'ERROR' run.log | head -n 3)" eval "! grep -qE 'ERROR|buttons unavailable' run.log"
