"""Whether Azurite itself stalls while a benchmark runs: a thread asks its queue endpoint for a trivial answer every
quarter second and keeps how long each answer took. A job that runs many times slower than its model while the probe's
answers were slow too was held up by the service, not by the transport (bench/scale.py prints both)."""
import threading
import time
import urllib.error
import urllib.request
from typing import List, Tuple


class ResponsivenessProbe:
    PERIOD_S = 0.25

    def __init__(self, url: str):
        self.url = url
        self.samples: List[Tuple[float, float]] = []  # (monotonic start, seconds to the answer)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="azurite-probe", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.is_set():
            start = time.monotonic()
            try:
                # Unauthenticated: Azurite answers 403 at once when it is responsive; any answer will do.
                urllib.request.urlopen(self.url, timeout=300).read()
            except urllib.error.HTTPError:
                pass
            except OSError:
                pass
            self.samples.append((start, time.monotonic() - start))
            self._stop.wait(self.PERIOD_S)

    def longest_between(self, begin: float, end: float) -> float:
        """The slowest answer to a probe sent between two monotonic times (0 when none was sent)."""
        return max((s for t, s in list(self.samples) if begin <= t <= end), default=0.0)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
