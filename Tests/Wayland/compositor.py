# SPDX-License-Identifier: GPL-3.0-or-later
"""A headless GNOME compositor of the tests' own: mutter 43 on Wayland, with a private D-Bus bus, PipeWire and
runtime folder, and one RemoteDesktop session that real input is injected through.

Facts about mutter 43 (Debian 12) this relies on:
- `mutter --headless --wayland --no-x11 --virtual-monitor WxH` runs without a GPU (llvmpipe) and serves
  `org.gnome.Mutter.RemoteDesktop` and `org.gnome.Mutter.ScreenCast` on the session bus it is given.
- Absolute input (touch, pointer motion) names a ScreenCast stream for its coordinates, so the RemoteDesktop
  session is linked to a ScreenCast session recording the monitor; the stream starts only with PipeWire (and
  its session manager, WirePlumber) on the same bus, and announces its node with `PipeWireStreamAdded`.
- mutter creates each virtual device on first use; a device created after an app connected is sometimes not
  seen by it, so the session touches and presses a key once before any app starts.
- `MUTTER_DEBUG_DISABLE_ANIMATIONS=1` maps windows at once: a window still zooming in transforms input.
- Its virtual pointer drops the touchpad's "fingers lifted" flag of `NotifyPointerAxis`, so apps get no
  `scroll-end` (tests that need it say so and check what they can). The session can run mutter with a copy of
  its library in which the bytes that drop it are changed (`libmutter_lift`, given as `libmutter`), as a
  desktop's touchpad sends it.
"""
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from gi.repository import Gio, GLib

REMOTE_DESKTOP = "org.gnome.Mutter.RemoteDesktop"
SCREEN_CAST = "org.gnome.Mutter.ScreenCast"

# Seconds to wait for the compositor's D-Bus services and its stream: mutter takes 0.3–0.7 s on an idle
# machine, several seconds with both cores busy.
START_TIMEOUT = 30.0

# How many times a session is started before its failure is the test class's.
START_ATTEMPTS = 2

# PipeWire's socket in the runtime folder (its default name, `PIPEWIRE_CORE` unset).
PIPEWIRE_SOCKET = "pipewire-0"
SESSION_BUS_CONFIG = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "SessionBus", "session.conf")

PACKAGES = ("mutter", "pipewire", "wireplumber", "dbus-daemon", "gst-launch-1.0")


class CompositorUnavailable(Exception):
    """The machine lacks what the session needs (the tests skip, saying what is missing)."""


class WaylandSession:
    """One headless compositor with a monitor of `size` logical pixels (scale 1).

    Use as a context manager; `environment` is what an app needs to connect to it, `call` reaches the
    RemoteDesktop session that `RemoteInput` drives, and `stream` / `node` name the monitor's ScreenCast stream.
    """

    def __init__(self, size=(1024, 768), libmutter=None):
        self.size = size
        # A folder with a libmutter-11.so.0 for mutter to load instead of the system's, or None.
        self.libmutter = libmutter
        self.folder = None
        self.address = None
        self.processes = []
        self.bus = None
        self.session = None
        self.stream = None
        self.node = None

    def __enter__(self):
        missing = [name for name in PACKAGES if shutil.which(name) is None]
        if missing:
            raise CompositorUnavailable("not installed: " + ", ".join(missing) + " (make deps-check installs them)")
        # The session is the tests' machinery, not the app: one failed start (a service of the stack exiting
        # early on a busy machine) is said on stderr and tried again once before the class fails.
        for attempt in range(START_ATTEMPTS):
            self.folder = tempfile.mkdtemp(prefix="cardstack-wayland-")
            try:
                self._start()
                return self
            except RuntimeError as error:
                self.__exit__(None, None, None)
                if attempt + 1 == START_ATTEMPTS:
                    raise
                print(f"\nthe Wayland session did not start, trying again: {error}", file=sys.stderr)
            except BaseException:
                self.__exit__(None, None, None)
                raise

    def __exit__(self, *_):
        if self.session is not None:
            try:
                self.call("Stop", "()")
            except GLib.Error:
                pass
        if self.bus is not None:
            self.bus.close_sync(None)
        for process in reversed(self.processes):
            stop_process(process)
        self.processes = []
        self.bus = self.session = self.stream = self.node = self.address = None
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    @property
    def runtime(self):
        return os.path.join(self.folder, "runtime")

    @property
    def display(self):
        return "wayland-cardstack"

    def environment(self, base=None):
        """The environment of a client of this compositor: its display, runtime folder and bus only."""
        env = dict(os.environ if base is None else base)
        for name in ("DISPLAY", "WAYLAND_SOCKET", "AT_SPI_BUS_ADDRESS"):
            env.pop(name, None)
        env.update(
            WAYLAND_DISPLAY=self.display,
            XDG_RUNTIME_DIR=self.runtime,
            DBUS_SESSION_BUS_ADDRESS=self.address,
            GDK_BACKEND="wayland",
        )
        return env

    def log(self, name):
        """What process `name` (dbus, pipewire, wireplumber, mutter) wrote, for a failure's message."""
        path = os.path.join(self.folder or "", name + ".log")
        try:
            with open(path, errors="replace") as f:
                return f.read()[-4000:]
        except OSError:
            return ""

    # ------------------------------------------------------------------ start

    def _start(self):
        os.makedirs(self.runtime, mode=0o700)
        config = os.path.join(self.folder, "config")
        os.makedirs(config)
        # dconf and the services the bus activates keep their files here, never in the user's home.
        base = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, XDG_CONFIG_HOME=config, XDG_STATE_HOME=config,
                    XDG_CACHE_HOME=os.path.join(self.folder, "cache"))
        # G_DEBUG=fatal-criticals is for the app under test: a critical of mutter's own is not its bug.
        for name in ("DISPLAY", "WAYLAND_DISPLAY", "PIPEWIRE_REMOTE", "DBUS_SESSION_BUS_ADDRESS", "G_DEBUG"):
            base.pop(name, None)

        # The suite's bus configuration: the desktop portals can't start (Tests/SessionBus/session.conf says why).
        bus = self._launch("dbus", ["dbus-daemon", "--config-file=" + SESSION_BUS_CONFIG, "--nofork", "--nopidfile",
                                    "--address=unix:path=" + os.path.join(self.runtime, "bus"), "--print-address=1"],
                           base, stdout=subprocess.PIPE)
        self.address = bus.stdout.readline().decode().strip()
        if not self.address:
            raise RuntimeError("dbus-daemon printed no address:\n" + self.log("dbus"))
        base["DBUS_SESSION_BUS_ADDRESS"] = self.address

        self._launch("pipewire", ["pipewire"], base)
        deadline = time.monotonic() + START_TIMEOUT
        # WirePlumber gives up at once (status 69) when PipeWire's socket does not answer yet.
        self._wait_until(lambda: accepts_connections(os.path.join(self.runtime, PIPEWIRE_SOCKET)), deadline,
                         lambda: "PipeWire never listened on its socket:\n" + self.log("pipewire"))
        self._launch("wireplumber", ["wireplumber"], base)
        width, height = self.size
        self._launch("mutter", ["mutter", "--headless", "--wayland", "--no-x11",
                                "--virtual-monitor", f"{width}x{height}", "--wayland-display", self.display],
                     dict(base, MUTTER_DEBUG_DISABLE_ANIMATIONS="1",
                          **({"LD_LIBRARY_PATH": self.libmutter} if self.libmutter else {})))

        self.bus = Gio.DBusConnection.new_for_address_sync(
            self.address,
            Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
            None, None)
        self._wait_until(lambda: self._has_owner(REMOTE_DESKTOP) and self._has_owner(SCREEN_CAST), deadline,
                         lambda: "mutter's RemoteDesktop and ScreenCast never appeared:\n" + self.log("mutter"))
        self._open_remote_desktop(deadline)

    def _wait_until(self, condition, deadline, failure):
        """Polls `condition` until it holds; fails if a process of the session exits, or with the message
        `failure()` returns once `deadline` passes."""
        while not condition():
            self._check_alive()
            if time.monotonic() > deadline:
                raise RuntimeError(failure())
            time.sleep(0.02)

    def _open_remote_desktop(self, deadline):
        self.session = self._call(REMOTE_DESKTOP, "/org/gnome/Mutter/RemoteDesktop", REMOTE_DESKTOP,
                                  "CreateSession", None)[0]
        session_id = self._call(REMOTE_DESKTOP, self.session, "org.freedesktop.DBus.Properties", "Get",
                                GLib.Variant("(ss)", (REMOTE_DESKTOP + ".Session", "SessionId")))[0]
        cast = self._call(SCREEN_CAST, "/org/gnome/Mutter/ScreenCast", SCREEN_CAST, "CreateSession",
                          GLib.Variant("(a{sv})", ({"remote-desktop-session-id": GLib.Variant("s", session_id)},)))[0]
        # Cursor mode 0: the pointer is not drawn into screenshots.
        self.stream = self._call(SCREEN_CAST, cast, SCREEN_CAST + ".Session", "RecordMonitor",
                                 GLib.Variant("(sa{sv})", ("", {"cursor-mode": GLib.Variant("u", 0)})))[0]

        def stream_added(_bus, _sender, _path, _interface, _signal, parameters, *_):
            self.node = parameters[0]
        subscription = self.bus.signal_subscribe(SCREEN_CAST, SCREEN_CAST + ".Stream", "PipeWireStreamAdded",
                                                 self.stream, None, Gio.DBusSignalFlags.NONE, stream_added)
        self.call("Start", "()")
        context = GLib.MainContext.default()
        while self.node is None:  # the signal is delivered by this thread's main context
            self._check_alive()
            if time.monotonic() > deadline:
                raise RuntimeError("the screen cast stream never started:\n" + self.log("pipewire")
                                   + self.log("wireplumber") + self.log("mutter"))
            if not context.iteration(False):
                time.sleep(0.005)
        self.bus.signal_unsubscribe(subscription)

        # Create the touchscreen and keyboard now (see the module's notes), far from where any app will be.
        self.call("NotifyTouchDown", "(sudd)", self.stream, 9, 0.0, 0.0)
        self.call("NotifyTouchUp", "(u)", 9)
        shift = 0xffe1
        self.call("NotifyKeyboardKeysym", "(ub)", shift, True)
        self.call("NotifyKeyboardKeysym", "(ub)", shift, False)

    # ------------------------------------------------------------------ D-Bus

    def call(self, method, signature, *arguments):
        """Calls `method` of the RemoteDesktop session with arguments of GVariant `signature`."""
        parameters = GLib.Variant(signature, arguments) if arguments else None
        return self._call(REMOTE_DESKTOP, self.session, REMOTE_DESKTOP + ".Session", method, parameters)

    def remote_desktop_methods(self):
        """The methods the RemoteDesktop session offers, as its D-Bus introspection lists them."""
        xml = self._call(REMOTE_DESKTOP, self.session, "org.freedesktop.DBus.Introspectable", "Introspect", None)[0]
        node = Gio.DBusNodeInfo.new_for_xml(xml)
        interface = node.lookup_interface(REMOTE_DESKTOP + ".Session")
        return [method.name for method in interface.methods] if interface else []

    def _call(self, destination, path, interface, method, parameters):
        reply = self.bus.call_sync(destination, path, interface, method, parameters, None,
                                   Gio.DBusCallFlags.NONE, 10_000, None)
        return reply.unpack()

    def _has_owner(self, name):
        return self._call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                          "NameHasOwner", GLib.Variant("(s)", (name,)))[0]

    # ------------------------------------------------------------------ processes

    def _launch(self, name, argv, env, stdout=None):
        log = open(os.path.join(self.folder, name + ".log"), "wb")
        process = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=stdout or log, stderr=log,
                                   start_new_session=True)
        log.close()
        process.name = name
        self.processes.append(process)
        return process

    def _check_alive(self):
        for process in self.processes:
            if process.poll() is not None:
                raise RuntimeError(f"{process.name} exited with status {process.returncode}:\n"
                                   + self.log(process.name))


def accepts_connections(path):
    """Whether a Unix socket at `path` is there and listening."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.connect(path)
        except OSError:
            return False
    return True


def stop_process(process, grace=3.0):
    """TERM, then KILL after `grace` seconds, for the process and whatever it started in its session."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    if process.stdout:
        process.stdout.close()
