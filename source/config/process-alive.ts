/** Whether a process that left a file behind (a lock, a control secret) still runs on this machine. */

/** Whether process `pid` runs on this machine (EPERM: it does, as another user). */
export function processAlive(pid: unknown): boolean {
  if (!Number.isInteger(pid) || (pid as number) <= 0) return false;
  try {
    process.kill(pid as number, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
