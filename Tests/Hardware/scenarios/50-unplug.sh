# Unplug and replug the panel during glance run: the program keeps running, logs the loss once
# and the return once, and as soon as the panel is back initialises it again and redraws the
# whole frame, without waiting for the face's next frame (none comes: nothing is pressed after
# the return, and the clock changes once a minute). glance notices a missing panel when it
# writes, so a button press makes a frame while the panel is gone.
#
# `rmmod i2c-stub` would be the obvious unplug, but the kernel refuses it while glance holds
# /dev/i2c-0 open (an open i2c-dev file pins the adapter's module); the first check proves that.
# So the panel "leaves" by moving the stub's device from 0x3c to 0x3d (chip_addr, made writable
# in build-kernel), exactly what a Pi sees when the panel is unplugged: the adapter stays and
# nobody answers at the address.
source "$GLANCE_ROOT/Tests/Hardware/lib.sh"
cd "$ARTIFACTS"

background "$GLANCE_BIN" run --board "$BOARDS/vm-ssd1306.yaml" --config "$GLANCE_ROOT/Tests/Hardware/faces/stack.yaml" \
    --headless --duration 120s --capture bus.txt > run.log 2>&1
pid=${background_pids[0]}
wait_for run.log 'running 1 slot' 30 || { fail unplug-start "glance did not start: $(head -c 400 run.log)"; exit 0; }
sleep_ms 500     # the first frame goes out

if busybox rmmod i2c_stub > rmmod.txt 2>&1; then
    fail unplug-rmmod-refused "rmmod i2c_stub succeeded while glance held /dev/i2c-0 open"
    busybox insmod /tmp/i2c-stub.ko chip_addr=0x3c
else
    pass unplug-rmmod-refused
fi

panel_unplug
click_a          # stack.next: a new frame, which finds nobody at 0x3c
wait_for run.log 'stopped answering' 10
# The back-off between attempts doubles from 0.5 s: the attempt at 0.5 s fails too, the one
# at 1.5 s finds the panel back.
sleep_ms 1000
check unplug-keeps-running "glance exited while the panel was gone: \$(tail -c 300 run.log)" kill -0 "$pid"
panel_replug
wait_for run.log 'answers again' 10
check unplug-keeps-running-after-return "glance exited after the panel came back: \$(tail -c 300 run.log)" kill -0 "$pid"
kill -TERM "$pid"
wait "$pid"
status=$?
background_pids=()
check unplug-exit "exit $status after SIGTERM: \$(tail -c 300 run.log)" test $status -eq 0

lost=$(count run.log 'stopped answering')
back=$(count run.log 'answers again.*redrawn in full')
check unplug-loss-logged-once "'stopped answering' logged $lost times: \$(grep -m 3 'stopped answering' run.log)" test "$lost" -eq 1
check unplug-return-logged-once "'answers again … redrawn in full' logged $back times: \$(tail -n 3 run.log | tr '\n' '|')" test "$back" -eq 1
attempts=$(sed -nE 's/.*answers again after ([0-9]+) attempts.*/\1/p' run.log)
check unplug-retried-quietly "the panel came back after '${attempts:-?}' attempts, expected 2 or more (failed retries are not logged)" \
    eval "[[ ${attempts:-0} -ge 2 ]]"

# After the last failed write: the init sequence (the retry sends the orientation first, as a
# probe), then a whole frame.
last_error=$(grep -n '^# error' bus.txt | tail -n 1 | cut -d: -f1)
tail -n +"$((${last_error:-0} + 1))" bus.txt > after-return.txt
problems=$(capture_check after-return.txt again)
check unplug-full-redraw-after-return "${problems:-no failed write in the capture}" \
    eval "[[ -n '$last_error' && -z '$problems' ]]"
