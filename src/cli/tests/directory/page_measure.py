"""What the browser test of the large directory page (directory_scroll.py)
and its benchmark (bench/bench_page.sh) read off the page in headless
Chromium, written once for both (gbrtest.devtools.Browser drives it):

- scroll(b, step): the page scrolled from top to bottom and back, step
  pixels at a time, each step given a frame to draw in; returns the
  document's most elements, the heap's largest use (the DevTools
  protocol's Runtime.getHeapUsage: the JavaScript heap and the heap of the
  DOM objects it holds, read every few steps) and the steps; it stops early
  when the elements pass a limit (a page that never removes what it drew
  would take minutes to get there, and gigabytes);
- type_keys(b, text, pause_ms): each character typed into the filter as a
  key press (Input.dispatchKeyEvent, as a keyboard does), pause_ms apart;
  for each key, the time from its keydown event to the next frame, and the
  longest frame interval while the page worked on it; then waits until the
  count line says the filter's result.
"""

# One scroll leg inside the page: up to `every` steps from `from` towards
# `to`, each scrolled, then a frame (the page draws in its animation-frame
# callback, queued by the scroll event of that frame, after ours) and a
# task after it; the element count read. Returns [most elements, steps, the
# last position].
_LEG = """(async (from, to, step, every, limit) => {
  const frame = () => new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)));
  let most = 0, steps = 0, y = from;
  const dir = to >= from ? 1 : -1;
  for (;; y += dir * step) {
    if (dir > 0 ? y > to : y < to) y = to;
    window.scrollTo(0, y);
    await frame();
    most = Math.max(most, document.getElementsByTagName('*').length);
    steps++;
    if (y === to || steps >= every || most > limit) break;
  }
  return [most, steps, y];
})"""


NEXT_FRAME = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


def elements(b):
    return b.evaluate("document.getElementsByTagName('*').length")


def heap(b):
    """Bytes in use: the JavaScript heap and the DOM's (Blink's objects,
    which the JavaScript heap does not count)."""
    usage = b.call("Runtime.getHeapUsage", session=True)
    return usage["usedSize"] + usage.get("embedderHeapUsedSize", 0)


def heap_collected(b):
    """heap() after a full garbage collection: what the page keeps."""
    b.call("HeapProfiler.collectGarbage", session=True)
    return heap(b)


def scroll(b, step=4000, every=100, limit=10 ** 9):
    """Top to bottom, then back to the top: (most elements, most heap bytes,
    steps, reached the end and the top again). The heap is read between
    runs of `every` steps; the scroll stops once the elements pass limit."""
    most_elements, most_heap, steps, whole = elements(b), heap(b), 0, True
    for down in (True, False):
        y = 0 if down else b.evaluate("document.documentElement.scrollHeight - innerHeight")
        while most_elements <= limit:
            # The end moves while blocks drawn replace their estimates.
            end = b.evaluate("document.documentElement.scrollHeight - innerHeight") if down else 0
            most, n, y = b.evaluate("(%s)(%d, %d, %d, %d, %d)" % (_LEG, y, end, step, every, limit))
            most_elements = max(most_elements, most)
            most_heap = max(most_heap, heap(b))
            steps += n
            if y == end and (not down or end == b.evaluate("document.documentElement.scrollHeight - innerHeight")):
                break
            y += step if down else -step
        whole = whole and most_elements <= limit
    return most_elements, most_heap, steps, whole


# Times each key: the keydown's event time to the next animation frame, and
# the longest interval between frames from the keydown until the page has
# finished (the count line changed and no work pending); kept in
# window.__keys by the listener installed here.
_WATCH = """(() => {
  const box = document.getElementById('filter');
  window.__keys = [];
  box.addEventListener('keydown', ev => {
    const key = {down: ev.timeStamp, frame: null, longest: 0};
    window.__keys.push(key);
    let last = performance.now();
    requestAnimationFrame(t => { key.frame = performance.now() - key.down; });
    const watch = () => {
      const now = performance.now();
      key.longest = Math.max(key.longest, now - last);
      last = now;
      if (now - key.down < 1500) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  return true;
})()"""


def type_keys(b, text, pause_ms=150):
    """[(char, keydown to next frame ms, longest frame interval ms)...]."""
    b.evaluate("document.getElementById('filter').focus()")
    b.evaluate(_WATCH)
    for ch in text:
        b.call("Input.dispatchKeyEvent", session=True, type="keyDown", text=ch, key=ch, unmodifiedText=ch)
        b.call("Input.dispatchKeyEvent", session=True, type="keyUp", key=ch)
        b.evaluate("new Promise(done => setTimeout(() => done(true), %d))" % pause_ms)
    b.evaluate("new Promise(done => setTimeout(() => done(true), 1600))")
    keys = b.evaluate("window.__keys")
    return [(ch, k["frame"], k["longest"]) for ch, k in zip(text, keys)]


def median(values):
    values = sorted(values)
    return values[(len(values) - 1) // 2]
