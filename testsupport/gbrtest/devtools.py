"""Headless Chromium driven over the DevTools protocol on a pipe
(--remote-debugging-pipe: commands written to the browser's fd 3, answers
and events read from its fd 4, each a JSON text ended by a NUL byte), with
the Python standard library alone. One page (target) per Browser; evaluate()
runs JavaScript in it and returns the value.

    with Browser(path, profile_dir, width=1000, height=760) as b:
        b.open("file:///tmp/page.html#filter=x")
        title = b.evaluate("document.title")
        png = b.screenshot()
"""
import base64
import fcntl
import json
import os
import select
import subprocess
import time

# The flags keep a headless run off the network (no background requests).
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars"]


class BrowserError(Exception):
    pass


class Browser:
    def __init__(self, path, profile, width=1000, height=760, timeout=120):
        self.timeout = timeout
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        # The child gets the pipes as fds 3 and 4 (moved out of the way
        # first, in case either already is 3 or 4); the fds closed after
        # this hook runs spare those two.
        def child_fds():
            r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
            w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
            os.dup2(r, 3)
            os.dup2(w, 4)
        self.process = subprocess.Popen(
            [path, *FLAGS, "--remote-debugging-pipe", "--user-data-dir=" + profile,
             "--window-size=%d,%d" % (width, height), "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=child_fds, pass_fds=(3, 4))
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.process.poll() is None:
            try:
                self.call("Browser.close")
            except (BrowserError, OSError):
                pass
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for fd in (self.to_browser, self.from_browser):
            try:
                os.close(fd)
            except OSError:
                pass

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.from_browser], [], [], left)[0]:
                raise BrowserError("no answer from chromium in %d s" % self.timeout)
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise BrowserError("chromium closed its pipe (exit %s)" % self.process.poll())
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, session=False, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise BrowserError("%s: %s" % (method, answer["error"]))
                return answer.get("result", {})
            if "method" in answer:
                self.events.append(answer)

    def wait_event(self, method):
        deadline = time.monotonic() + self.timeout
        while True:
            for i, event in enumerate(self.events):
                if event["method"] == method:
                    del self.events[i]
                    return event
            self.events.append(self._read_message(deadline))

    def open(self, url):
        """Loads url afresh (by way of about:blank, so that a change of the
        fragment alone loads the page again) and returns when its load event
        has fired."""
        for address in ("about:blank", url):
            self.events = [e for e in self.events if e["method"] != "Page.loadEventFired"]
            self.call("Page.navigate", session=True, url=address)
            self.wait_event("Page.loadEventFired")

    def evaluate(self, expression):
        """The value of a JavaScript expression (promises awaited)."""
        r = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True,
                      awaitPromise=True)
        if "exceptionDetails" in r:
            raise BrowserError("%s: %s" % (expression[:80], r["exceptionDetails"].get("exception", {})
                                           .get("description", r["exceptionDetails"].get("text"))))
        return r["result"].get("value")

    def resize(self, width, height):
        """The window's size in CSS pixels (the page is laid out again)."""
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)

    def screenshot(self):
        return base64.b64decode(self.call("Page.captureScreenshot", session=True, format="png")["data"])
