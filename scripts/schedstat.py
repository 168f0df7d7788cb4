"""CPU time read to the nanosecond, for the side-by-side scripts."""
import os


def task_seconds(pid):
    """CPU of every thread of `pid`, from schedstat (nanoseconds); 0 for a process that is gone."""
    total = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0.0
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except OSError:
            pass  # a thread that ended in between
    return total / 1e9
