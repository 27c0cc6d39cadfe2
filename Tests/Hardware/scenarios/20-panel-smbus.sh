# `glance panel test` on the SMBus-only i2c-stub adapter: the SSD1306 driver initialises the
# panel and writes a whole frame in SMBus blocks; the stub's registers hold the last blocks; the
# capture, replayed through the project's SSD1306 emulator, is exactly the glass the simulator
# shows for the same board.
source "$GLANCE_ROOT/Tests/Hardware/lib.sh"
cd "$ARTIFACTS"

"$GLANCE_BIN" panel test --board "$BOARDS/vm-ssd1306.yaml" --capture bus.txt > test.txt 2>&1
status=$?
check panel-test-exit "exit $status: \$(head -c 400 test.txt)" test $status -eq 0
problems=$(capture_check bus.txt)
check panel-test-smbus-capture "$problems" test -z "$problems"

# i2c-stub keeps what SMBus I2C-block writes stored: register N holds byte N of the last block
# written with command (control byte) N's range. Compare with the capture's last blocks.
data=$(capture_last bus.txt 40)
count=$(wc -w <<<"$data")
stored=$(stub_registers 0x40 "$count")
check panel-test-stub-data "stub registers 0x40+ hold '$stored', the last data block was '$data'" test "$stored" = "$data"
commands=$(capture_last bus.txt 00)
stored=$(stub_registers 0x00 "$(wc -w <<<"$commands")")
check panel-test-stub-commands "stub registers 0x00+ hold '$stored', the last command block was '$commands'" test "$stored" = "$commands"

"$GLANCE_BIN" panel replay --board "$BOARDS/vm-ssd1306.yaml" --capture bus.txt --out replayed.png --scale 1 > replay.txt 2>&1
status=$?
"$GLANCE_BIN" panel test --board "$BOARDS/vm-ssd1306-emulated.yaml" --out simulator.png --scale 1 > simulator.txt 2>&1
check panel-test-replay-matches-simulator "replay exit $status (\$(head -c 200 replay.txt)); replayed.png and simulator.png differ" \
    eval "[[ $status -eq 0 ]] && cmp -s replayed.png simulator.png"

# Nobody at the address: the message names the address and the bus, exit 1 (the frame failed).
panel_unplug
"$GLANCE_BIN" panel test --board "$BOARDS/vm-ssd1306.yaml" > absent.txt 2>&1
status=$?
panel_replug
check panel-test-absent-device "exit $status: \$(head -c 300 absent.txt)" \
    eval "[[ $status -ne 0 ]] && grep -q '0x3c on /dev/i2c-0' absent.txt"
