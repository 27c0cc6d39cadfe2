# `glance run` on the VM's board: the buttons are claimed on the chip found by label, the panel
# is initialised and frames go out in SMBus blocks, the capture replays (SSD1306 emulator) to
# exactly the last frame the simulator shows for the same face, and on exit the display is off.
source "$GLANCE_ROOT/Tests/Hardware/lib.sh"
cd "$ARTIFACTS"
face=$GLANCE_ROOT/Tests/Hardware/faces/weather.yaml
# OLED faces move by a pixel every 5 minutes of wall-clock time (burn-in protection): both runs
# must fall in the same 5 minutes, so close to a boundary wait for it to pass.
if ((EPOCHSECONDS % 300 > 288)); then sleep_ms $(( (301 - EPOCHSECONDS % 300) * 1000 )); fi

GLANCE_STATE_DIR=$ARTIFACTS/state-vm background "$GLANCE_BIN" run --board "$BOARDS/vm-ssd1306.yaml" --config "$face" \
    --headless --duration 3s --capture bus.txt --out frames > run.log 2>&1
if wait_for run.log 'running 1 slot on vm-test' 30; then
    pass run-starts
else
    fail run-starts "no 'running 1 slot on vm-test' in the log: $(head -c 400 run.log)"
fi
sleep_ms 300
"$GLANCE_BIN" gpio list --used > used.txt 2>&1
held=$(grep -cE '^ +[2-6] +BTN_[A-Z]+ +input +used by "glance' used.txt)
check run-claims-buttons "$held of 5 button lines held by glance (active-low, pull-up): \$(tr '\n' '|' < used.txt)" test "$held" -eq 5
check run-buttons-active-low-pull-up "the held lines are not active-low with pull-up: \$(tr '\n' '|' < used.txt)" \
    eval "[[ \$(grep -cE 'BTN_.*active-low.*pull-up' used.txt) -eq 5 ]]"
wait "${background_pids[@]}"
status=$?
background_pids=()
check run-exit "exit $status: \$(tail -c 400 run.log)" test $status -eq 0
check run-no-errors "errors in the log: \$(grep -E 'ERROR|error' run.log | head -n 3)" eval "! grep -qE 'ERROR|buttons unavailable' run.log"

problems=$(capture_check bus.txt)
check run-smbus-capture "$problems" test -z "$problems"
check run-display-off-on-exit "the capture does not end with display off: \$(tail -n 1 bus.txt)" \
    eval "[[ \$(tail -n 1 bus.txt) == 'i2c 0 3c w 00 ae' ]]"
frames=$(ls frames | wc -l)
check run-frames-written "no frames in --out" test "$frames" -gt 0

# The simulator with the same face and board (panel emulated): its last frame is its glass.
GLANCE_STATE_DIR=$ARTIFACTS/state-sim "$GLANCE_BIN" run --board "$BOARDS/vm-ssd1306-emulated.yaml" --config "$face" \
    --headless --duration 1s --out simulator > simulator.log 2>&1
head -n -1 bus.txt > bus-before-exit.txt
"$GLANCE_BIN" panel replay --board "$BOARDS/vm-ssd1306.yaml" --capture bus-before-exit.txt --out replayed.png --scale 1 --look plain > replay.txt 2>&1
status=$?
last=$(ls simulator/*.png 2>/dev/null | tail -n 1)
check run-capture-replays-to-simulator-frame "replay exit $status (\$(head -c 200 replay.txt)); replayed.png differs from the simulator's ${last:-(no frame)}" \
    eval "[[ $status -eq 0 && -n '$last' ]] && cmp -s replayed.png '$last'"
