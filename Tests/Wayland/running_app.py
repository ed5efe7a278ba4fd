# SPDX-License-Identifier: GPL-3.0-or-later
"""The real `cardstack` binary on the test compositor, with private settings and data, maximized so that
window coordinates are the monitor's; its trace (`CARDSTACK_TRACE=1`) tells what it did, and `export()` reads
its decisions back the way a user's script would."""
import csv
import io
import os
import shutil
import subprocess
import tempfile
import threading
import time


class RunningApp:
    """`cardstack DECK` on `session`; a context manager that ends the app and removes its files."""

    def __init__(self, binary, session, deck):
        self.binary = binary
        self.session = session
        self.deck = deck
        self.home = tempfile.mkdtemp(prefix="cardstack-wayland-app-")
        self.lines = []
        self.changed = threading.Condition()
        self.process = None

    def __enter__(self):
        # Start maximized: the window then covers the monitor exactly, without the shadow margins of a
        # client-side decorated window, and a point on a screenshot is the point to touch.
        settings = os.path.join(self.home, "config", "glib-2.0", "settings")
        os.makedirs(settings)
        with open(os.path.join(settings, "keyfile"), "w") as f:
            f.write("[io/github/cardstack/CardStack]\nwindow-maximized=true\n")
        self.process = subprocess.Popen([self.binary, self.deck], env=self.environment(trace=True),
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        threading.Thread(target=self._read_trace, daemon=True).start()
        try:
            self.wait_for("window active")
            # The deck is read off the main thread: the window can be active before the deck is on screen.
            self.wait_for("first frame")
            # A first run (every launch here has a fresh home) shows the gesture hint, which fades in from the
            # deck's second frame: screenshots compared later must not catch it half in.
            self.wait_for("gesture hint shown")
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *_):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process:
            self.process.stderr.close()
        shutil.rmtree(self.home, ignore_errors=True)

    def environment(self, trace=False):
        env = self.session.environment()
        env.update(XDG_CONFIG_HOME=os.path.join(self.home, "config"), XDG_DATA_HOME=os.path.join(self.home, "data"),
                   GSETTINGS_BACKEND="keyfile", GTK_A11Y="none")
        if trace:
            env["CARDSTACK_TRACE"] = "1"
        return env

    def _read_trace(self):
        for raw in self.process.stderr:
            line = raw.decode(errors="replace").rstrip("\n")
            with self.changed:
                self.lines.append(line)
                self.changed.notify_all()

    @property
    def log(self):
        with self.changed:
            return "\n".join(self.lines)

    def traced(self, prefix):
        """The trace lines that start with `prefix` ("deck: ", "browse: centred "), without it, in order."""
        return self.traced_since(0, prefix)

    def wait_for(self, text, timeout=20.0, after=0):
        """Waits until the trace has a line containing `text` (among the lines from index `after` on); raises
        with the log when it does not come in time or the app exits."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                if any(text in line for line in self.lines[after:]):
                    return
                if self.process.poll() is not None:
                    raise AssertionError(f"the app exited ({self.process.returncode}) before “{text}”:\n{self.log_unlocked()}")
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"no “{text}” in the trace within {timeout} s:\n{self.log_unlocked()}")
                self.changed.wait(min(remaining, 0.1))

    def log_unlocked(self):
        return "\n".join(self.lines[-60:])

    def mark(self):
        """The trace's length now, for `wait_for(after:)` and `traced_since`."""
        with self.changed:
            return len(self.lines)

    def traced_since(self, mark, prefix):
        """`traced`, from the line `mark` (see `mark()`) on."""
        with self.changed:
            return [line[len("cardstack: " + prefix):] for line in self.lines[mark:]
                    if line.startswith("cardstack: " + prefix)]

    def export(self):
        """The decisions stored for the deck, as `cardstack --export DECK` prints them: {card id: direction}."""
        result = subprocess.run([self.binary, "--export", self.deck], env=self.environment(),
                                capture_output=True, text=True, timeout=30)
        if result.returncode != 0:
            raise AssertionError(f"--export failed ({result.returncode}): {result.stderr}")
        return {row["id"]: row["direction"] for row in csv.DictReader(io.StringIO(result.stdout))}
