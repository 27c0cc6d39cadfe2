#!/bin/sh
# weather-update.sh: write weather.json into Glance's app group for the Weather widget.
#
# Usage:
#   weather-update.sh [LOCATION [TEMPERATURE [CONDITION [LOW [HIGH [SYMBOL]]]]]]
#   weather-update.sh --where        print the file this script writes, and exit
#   weather-update.sh --help
#
# Without arguments it writes sample weather: this example makes no network calls.
# Replace the sample in fetch_weather below with a call to your weather service.
# Values given on the command line win over what fetch_weather found, e.g.
#   weather-update.sh Lisbon 19 "Light Rain" 14 21
#
# The file goes where Glance's AppGroup looks (the same rules as AppGroup.defaultRoot):
#   $GLANCE_STATE_DIR/glance                          when GLANCE_STATE_DIR is set
#   /var/lib/glance/glance                            when run as root
#   $XDG_STATE_HOME/glance/glance                     when XDG_STATE_HOME is an absolute path
#   $HOME/.local/state/glance/glance                  otherwise
# GLANCE_APP_GROUP picks another group than "glance" (the face's `app-group:`).
#
# The write is atomic: a temporary file in the same folder, then mv, so the widget never
# reads half a file. Run it from cron every 30 minutes, e.g.
#   */30 * * * * /path/to/weather-update.sh

set -eu

usage() {
    sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'
}

# fetch_weather sets location, temperature, condition, low, high and symbol.
# Replace the sample with a call to your weather service, for instance Open-Meteo (no key):
#   json=$(curl -fsS "https://api.open-meteo.com/v1/forecast?latitude=52.52&longitude=13.41&current=temperature_2m&daily=temperature_2m_min,temperature_2m_max&forecast_days=1")
#   temperature=$(printf '%s' "$json" | jq '.current.temperature_2m')
#   low=$(printf '%s' "$json" | jq '.daily.temperature_2m_min[0]')
#   high=$(printf '%s' "$json" | jq '.daily.temperature_2m_max[0]')
fetch_weather() {
    location="Berlin"
    temperature=12
    condition="Partly Cloudy"
    low=6
    high=15
    symbol=""
}

# The app-group container, found as Glance finds it.
container() {
    if [ -n "${GLANCE_STATE_DIR:-}" ]; then
        root=$GLANCE_STATE_DIR
    elif [ "$(id -u)" -eq 0 ]; then
        root=/var/lib/glance
    else
        case "${XDG_STATE_HOME:-}" in
            /*) root=$XDG_STATE_HOME/glance ;;
            *) root=${HOME:?HOME is not set}/.local/state/glance ;;
        esac
    fi
    printf '%s/%s\n' "$root" "${GLANCE_APP_GROUP:-glance}"
}

# A catalog symbol for a condition's words, as the widget chooses one for an unknown symbol.
symbol_for() {
    words=$(printf '%s' "$1" | tr '[:upper:]' '[:lower:]')
    case "$words" in
        *thunder*|*storm*|*lightning*) echo "bolt.fill" ;;
        *snow*|*sleet*|*hail*|*ice*) echo "snowflake" ;;
        *rain*|*shower*|*drizzle*) echo "cloud.rain.fill" ;;
        *partly*|*broken*|*scattered*|*few*) echo "cloud.sun.fill" ;;
        *cloud*|*overcast*|*fog*|*mist*|*haze*) echo "cloud.fill" ;;
        *wind*|*breez*|*gust*) echo "wind" ;;
        *night*) echo "moon.fill" ;;
        *sun*|*clear*|*fair*) echo "sun.max.fill" ;;
        *) echo "thermometer" ;;
    esac
}

# A JSON string literal: backslashes and quotes escaped, control characters dropped.
json_string() {
    printf '"%s"' "$(printf '%s' "$1" | tr -d '\000-\037' | sed 's/\\/\\\\/g; s/"/\\"/g')"
}

# Prints $2 as a JSON number, or fails unless it is a decimal number such as 12, -3 or 7.5.
json_number() {
    case "$2" in
        ''|*[!0-9.-]*|*.*.*|?*-*|-|.|-.) echo "weather-update.sh: $1 must be a number such as 12, -3 or 7.5, got '$2'" >&2; exit 2 ;;
    esac
    # awk turns 007, 1. and .5 into 7, 1 and 0.5, which JSON accepts.
    awk -v value="$2" 'BEGIN { printf "%g", value + 0 }'
}

case "${1:-}" in
    -h|--help) usage; exit 0 ;;
    --where) printf '%s/weather.json\n' "$(container)"; exit 0 ;;
    -*) echo "weather-update.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
esac
if [ $# -gt 6 ]; then
    echo "weather-update.sh: at most 6 arguments: LOCATION TEMPERATURE CONDITION LOW HIGH SYMBOL (try --help)" >&2
    exit 2
fi

fetch_weather
[ $# -ge 1 ] && location=$1
[ $# -ge 2 ] && temperature=$2
[ $# -ge 3 ] && condition=$3
[ $# -ge 4 ] && low=$4
[ $# -ge 5 ] && high=$5
[ $# -ge 6 ] && symbol=$6
temperature=$(json_number TEMPERATURE "$temperature")
low=$(json_number LOW "$low")
high=$(json_number HIGH "$high")
[ -n "$symbol" ] || symbol=$(symbol_for "$condition")

dir=$(container)
mkdir -p "$dir"
tmp="$dir/.weather.json.$$"
trap 'rm -f "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
{
    printf '{\n'
    printf '  "location": %s,\n' "$(json_string "$location")"
    printf '  "temperature": %s,\n' "$temperature"
    printf '  "condition": %s,\n' "$(json_string "$condition")"
    printf '  "symbol": %s,\n' "$(json_string "$symbol")"
    printf '  "low": %s,\n' "$low"
    printf '  "high": %s,\n' "$high"
    printf '  "updated": "%s"\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    printf '}\n'
} > "$tmp"
mv -f "$tmp" "$dir/weather.json"
echo "Wrote $dir/weather.json: $location $temperature°, $condition ($low…$high)"
