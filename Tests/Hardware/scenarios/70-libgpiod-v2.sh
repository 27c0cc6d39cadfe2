# The GPIO scenarios again with glance built against libgpiod 2.x (Debian trixie's, loaded
# through LD_LIBRARY_PATH): the v2 half of the shim lists the chip identically, claims the lines
# (with the kernel's debounce, which only v2 can ask for), and produces the same gestures.
source "$GLANCE_ROOT/Tests/Hardware/lib.sh"
cd "$ARTIFACTS"
export LD_LIBRARY_PATH=$GLANCE_V2_LIB
export GLANCE_CONTROL_SOCKET=/tmp/glance-v2/control.sock

linked=$(ldd "$GLANCE_V2_BIN" | grep -o 'libgpiod\.so\.[0-9]* => [^ ]*')
check v2-links-libgpiod-3 "the v2 build loads '$linked', expected libgpiod.so.3 from $GLANCE_V2_LIB" \
    eval "[[ '$linked' == 'libgpiod.so.3 => $GLANCE_V2_LIB/'* ]]"

"$GLANCE_V2_BIN" gpio list > gpio-list-v2.txt 2>&1
LD_LIBRARY_PATH= "$GLANCE_BIN" gpio list > gpio-list-v1.txt 2>&1
check v2-gpio-list "v2 listing differs from v1's: \$(diff gpio-list-v1.txt gpio-list-v2.txt | head -n 4 | tr '\n' '|')" \
    eval "grep -qE '^/dev/gpiochip0 +glance-sim +8 lines' gpio-list-v2.txt && cmp -s gpio-list-v1.txt gpio-list-v2.txt"

background "$GLANCE_V2_BIN" run --board "$BOARDS/vm-ssd1306.yaml" --config "$GLANCE_ROOT/Tests/Hardware/faces/stack.yaml" \
    --headless --duration 60s > run.log 2>&1
if ! wait_for run.log 'running 1 slots' 30 || ! wait_for_socket "$GLANCE_CONTROL_SOCKET" 20; then
    fail v2-start "glance (libgpiod 2.x) did not start with a control socket: $(head -c 400 run.log)"
    exit 0
fi
"$GLANCE_V2_BIN" gpio list --used > used.txt 2>&1
held=$(grep -cE 'BTN_.*used by "glance.*active-low.*pull-up' used.txt)
check v2-claims-buttons "$held of 5 button lines held by glance (active-low, pull-up): \$(tr '\n' '|' < used.txt)" test "$held" -eq 5
CTL_BIN=$GLANCE_V2_BIN button_scenarios v2
check v2-no-errors "errors in the log: \$(grep -E 'ERROR' run.log | head -n 3)" eval "! grep -qE 'ERROR|buttons unavailable' run.log"
