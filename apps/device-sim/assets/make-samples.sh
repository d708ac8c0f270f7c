#!/usr/bin/env bash
# Makes the simulator's bundled samples once (their output is committed; run again only to change them).
# 4 s of a moving test pattern, 640×360 at 25 fps, a keyframe every second, no B-frames (as cameras
# send), about 1.1 Mbit/s: the source rate the media benchmark is specified at.
set -euo pipefail
cd "$(dirname "$0")"
common=(-hide_banner -loglevel error -y -f lavfi -i testsrc2=size=640x360:rate=25 -t 4 -pix_fmt yuv420p)
ffmpeg "${common[@]}" -c:v libx264 -profile:v main -preset medium -g 25 -keyint_min 25 -sc_threshold 0 -bf 0 \
  -b:v 1100k -maxrate 1100k -bufsize 550k -bsf:v h264_mp4toannexb -f h264 sample-640x360-25fps.h264
ffmpeg "${common[@]}" -c:v libx265 -preset medium -x265-params keyint=25:min-keyint=25:scenecut=0:bframes=0:log-level=error \
  -b:v 1100k -maxrate 1100k -bufsize 550k -f hevc sample-640x360-25fps.h265
# The picture a simulated device uploads with its alarms (GB/T 28181-2022 SnapShotConfig).
ffmpeg -hide_banner -loglevel error -y -i sample-640x360-25fps.h264 -frames:v 1 -q:v 6 snapshot-640x360.jpg
