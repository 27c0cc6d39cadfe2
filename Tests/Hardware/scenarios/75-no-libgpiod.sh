# Without any libgpiod: a face whose board has no GPIO lines runs as usual (libgpiod is loaded
# only when a chip is opened); `glance gpio list` fails naming the libraries it tried and the
# packages to install; a face whose buttons are on GPIO keeps running and logs the same reason.
source "$GLANCE_ROOT/Tests/Hardware/lib.sh"
cd "$ARTIFACTS"
export LD_LIBRARY_PATH=$LIBGPIOD/none
export GLANCE_CONTROL_SOCKET=/tmp/glance-none/control.sock

"$GLANCE_BIN" run --board "$BOARDS/vm-ssd1306-emulated.yaml" --config "$GLANCE_ROOT/Tests/Hardware/faces/weather.yaml" \
    --headless --duration 2s > keys-only.log 2>&1
status=$?
check none-face-without-gpio-runs "exit $status: \$(tail -c 300 keys-only.log)" \
    eval "[[ $status -eq 0 ]] && ! grep -qE 'ERROR|libgpiod' keys-only.log"

"$GLANCE_BIN" gpio list > gpio-list.txt 2>&1
status=$?
check none-gpio-list-says-what-to-install "exit $status, expected non-zero naming libgpiod.so.3, libgpiod.so.2 and the packages: \$(head -c 400 gpio-list.txt)" \
    eval "[[ $status -ne 0 ]] && grep -q 'GPIO needs libgpiod' gpio-list.txt && grep -q 'libgpiod.so.3: ' gpio-list.txt && grep -q 'libgpiod.so.2: ' gpio-list.txt && grep -q 'sudo apt install libgpiod3 .* or libgpiod2' gpio-list.txt"

background "$GLANCE_BIN" run --board "$BOARDS/vm-ssd1306.yaml" --config "$GLANCE_ROOT/Tests/Hardware/faces/weather.yaml" \
    --headless --duration 60s > run.log 2>&1
if ! wait_for run.log 'running 1 slot' 30 || ! wait_for_socket "$GLANCE_CONTROL_SOCKET" 20; then
    fail none-face-with-buttons-runs "glance did not start with a control socket: $(head -c 400 run.log)"
    exit 0
fi
pass none-face-with-buttons-runs
check none-buttons-unavailable-logged "no 'buttons unavailable: GPIO needs libgpiod' in the log: \$(head -c 400 run.log)" \
    wait_for run.log 'buttons unavailable: GPIO needs libgpiod.*libgpiod3' 10
