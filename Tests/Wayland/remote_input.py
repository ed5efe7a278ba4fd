# SPDX-License-Identifier: GPL-3.0-or-later
"""Real input through the compositor's RemoteDesktop session: fingers on a touchscreen, two fingers on a
touchpad, a mouse and keys, sent at a real pace, plus screenshots of the monitor.

The compositor stamps each event with the time it arrives, so a gesture's speed is what its numbers say:
`touch_drag((100, 300), (160, 300), 0.030)` is 60 px in 30 ms, 2,000 px/s. Moves follow an absolute schedule,
so time spent sending one event does not stretch the gesture.
"""
import ctypes
import os
import subprocess
import time

# NotifyPointerAxis flags: the fingers were lifted (axis stop), and the source is a touchpad's fingers.
AXIS_FINISHED = 1
AXIS_SOURCE_FINGER = 4
# Linux input event codes for mouse buttons.
BUTTON_LEFT = 0x110
# The interval between moves of a gesture, in seconds: touchscreens and touchpads report at 60–125 Hz.
MOVE_INTERVAL = 0.010


class RemoteInput:
    """Injects input into `session` (a `WaylandSession`); coordinates are the monitor's logical pixels."""

    def __init__(self, session):
        self.session = session
        self.call = session.call
        width, height = session.size
        self.pointer = (width / 2, height / 2)

    # ------------------------------------------------------------------ touchscreen

    def touch_down(self, point, slot=0):
        self.call("NotifyTouchDown", "(sudd)", self.session.stream, slot, float(point[0]), float(point[1]))

    def touch_move(self, point, slot=0):
        self.call("NotifyTouchMotion", "(sudd)", self.session.stream, slot, float(point[0]), float(point[1]))

    def touch_up(self, slot=0):
        self.call("NotifyTouchUp", "(u)", slot)

    def touch_drag(self, start, end, seconds, moves=None, before_lift=None):
        """One finger from `start` to `end` in `seconds`, moving every 10 ms (or in `moves` moves); the finger
        rests while `before_lift` runs (a screenshot of what the finger holds), then lifts."""
        self.touch_down(start)
        for fraction in paced(moves or max(2, round(seconds / MOVE_INTERVAL)), seconds):
            self.touch_move(lerp(start, end, fraction))
        if before_lift:
            before_lift()
        self.touch_up()

    def pinch(self, centre, start_spread, end_spread, seconds):
        """Two fingers (slots 0 and 1) on either side of `centre`, `start_spread` px apart, moving apart (or
        together) to `end_spread` px in `seconds`, then lifting: a touchscreen pinch."""
        def fingers(spread):
            return ((centre[0] - spread / 2, centre[1]), (centre[0] + spread / 2, centre[1]))
        first, second = fingers(start_spread)
        self.touch_down(first, slot=0)
        self.touch_down(second, slot=1)
        for fraction in paced(max(2, round(seconds / MOVE_INTERVAL)), seconds):
            first, second = fingers(start_spread + (end_spread - start_spread) * fraction)
            self.touch_move(first, slot=0)
            self.touch_move(second, slot=1)
        self.touch_up(slot=0)
        self.touch_up(slot=1)

    def touchpad_pinch_method(self):
        """The RemoteDesktop session's method for a touchpad pinch, or None: mutter 43's has pointer, axis,
        keyboard and touch methods, and no gesture (pinch or swipe) at all."""
        methods = self.session.remote_desktop_methods()
        return next((name for name in methods if "Pinch" in name or "Gesture" in name), None)

    def tap(self, point):
        self.touch_down(point)
        time.sleep(0.05)
        self.touch_up()

    # ------------------------------------------------------------------ pointer and touchpad

    def move_pointer(self, point):
        self.pointer = (float(point[0]), float(point[1]))
        self.call("NotifyPointerMotionAbsolute", "(sdd)", self.session.stream, *self.pointer)

    def click(self, point):
        self.move_pointer(point)
        self.call("NotifyPointerButton", "(ib)", BUTTON_LEFT, True)
        time.sleep(0.02)
        self.call("NotifyPointerButton", "(ib)", BUTTON_LEFT, False)

    def touchpad_swipe(self, delta, seconds=0.150, moves=10, lift=True):
        """Two fingers on the touchpad at the pointer, scrolling the content by `delta` surface pixels (under
        natural scrolling, fingers moving right scroll by a negative x); then the fingers lift, unless `lift`
        is false: a gesture whose end never comes, as some drivers and compositors do."""
        # A touch hides the pointer and mutter loses the next pointer event, which brings it back: a motion to
        # where the pointer is already takes that role, so no scroll is lost.
        self.move_pointer(self.pointer)
        step = (float(delta[0]) / moves, float(delta[1]) / moves)
        for _ in paced(moves, seconds):
            self.call("NotifyPointerAxis", "(ddu)", step[0], step[1], AXIS_SOURCE_FINGER)
        if lift:
            # libinput sends the stop one report later; sent at once GTK may merge it with the last delta.
            time.sleep(seconds / moves)
            self.call("NotifyPointerAxis", "(ddu)", 0.0, 0.0, AXIS_SOURCE_FINGER | AXIS_FINISHED)

    # ------------------------------------------------------------------ keyboard

    def key(self, *names):
        """Presses the keys named (xkb names: Return, Right, Alt_L, 2) together, then releases them."""
        symbols = [keysym(name) for name in names]
        for symbol in symbols:
            self.call("NotifyKeyboardKeysym", "(ub)", symbol, True)
        for symbol in reversed(symbols):
            self.call("NotifyKeyboardKeysym", "(ub)", symbol, False)

    # ------------------------------------------------------------------ screen

    def screenshot(self, path):
        """One frame of the monitor as a PNG at `path` (a consumer connecting gets the current picture)."""
        command = ["gst-launch-1.0", "-q", "pipewiresrc", f"path={self.session.node}", "num-buffers=1",
                   "!", "videoconvert", "!", "pngenc", "!", "filesink", f"location={path}"]
        result = subprocess.run(command, env=self.session.environment(), capture_output=True, text=True,
                                timeout=30)
        if result.returncode != 0 or not os.path.exists(path) or os.path.getsize(path) == 0:
            raise RuntimeError(f"screenshot failed: {(result.stderr or result.stdout).strip()[:300]}")
        return path


def paced(count, seconds):
    """Yields 1/count … 1 at evenly spaced moments over `seconds`, by an absolute schedule."""
    start = time.monotonic()
    for index in range(1, count + 1):
        time.sleep(max(0.0, start + seconds * index / count - time.monotonic()))
        yield index / count


def lerp(start, end, fraction):
    return (start[0] + (end[0] - start[0]) * fraction, start[1] + (end[1] - start[1]) * fraction)


_xkb = None


def keysym(name):
    """The X keysym named `name`, as xkbcommon reads names."""
    global _xkb
    if _xkb is None:
        _xkb = ctypes.CDLL("libxkbcommon.so.0")
    symbol = _xkb.xkb_keysym_from_name(name.encode(), 0)
    if not symbol:
        raise ValueError(f"unknown key {name!r}")
    return symbol
