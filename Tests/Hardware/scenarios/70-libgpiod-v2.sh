# The GPIO scenarios again with libgpiod 2.x (Debian trixie's) and the same binary: glance links
# no libgpiod (ldd), loads libgpiod.so.3 when it first opens a chip, lists the chip exactly as
# with libgpiod 1.6, claims the lines (with the kernel's debounce, which only the 2.x API can
# ask for), and produces the same gestures as 40-buttons.
source "$GLANCE_ROOT/Tests/Hardware/lib.sh"
cd "$ARTIFACTS"
export GLANCE_CONTROL_SOCKET=/tmp/glance-v2/control.sock

linked=$(ldd "$GLANCE_BIN" | grep -o 'libgpiod[^ ]*')
check v2-links-no-libgpiod "the binary links '$linked'; it should load libgpiod only when GPIO is used" test -z "$linked"

"$GLANCE_BIN" gpio list > gpio-list-v1.txt 2>&1
LD_LIBRARY_PATH=$LIBGPIOD/v2 "$GLANCE_BIN" gpio list > gpio-list-v2.txt 2>&1
check v2-gpio-list "the listing with libgpiod 2.x differs from 1.6's: \$(diff gpio-list-v1.txt gpio-list-v2.txt | head -n 4 | tr '\n' '|')" \
    eval "grep -qE '^/dev/gpiochip0 +glance-sim +8 lines' gpio-list-v2.txt && cmp -s gpio-list-v1.txt gpio-list-v2.txt"

export LD_LIBRARY_PATH=$LIBGPIOD/v2
background "$GLANCE_BIN" run --board "$BOARDS/vm-ssd1306.yaml" --config "$GLANCE_ROOT/Tests/Hardware/faces/stack.yaml" \
    --headless --duration 60s > run.log 2>&1
if ! wait_for run.log 'running 1 slot' 30 || ! wait_for_socket "$GLANCE_CONTROL_SOCKET" 20; then
    fail v2-start "glance (libgpiod 2.x) did not start with a control socket: $(head -c 400 run.log)"
    exit 0
fi
loaded=$(loaded_libgpiod "${background_pids[-1]}")
check v2-loads-libgpiod-3 "glance loaded '$loaded', expected $LIBGPIOD/v2/libgpiod.so.3" test "$loaded" = "$LIBGPIOD/v2/libgpiod.so.3"
"$GLANCE_BIN" gpio list --used > used.txt 2>&1
held=$(grep -cE 'BTN_.*used by "glance.*active-low.*pull-up' used.txt)
check v2-claims-buttons "$held of 5 button lines held by glance (active-low, pull-up): \$(tr '\n' '|' < used.txt)" test "$held" -eq 5
button_scenarios v2
check v2-no-errors "errors in the log: \$(grep -E 'ERROR' run.log | head -n 3)" eval "! grep -qE 'ERROR|buttons unavailable' run.log"
