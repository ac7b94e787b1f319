/**
 * A process whose clock is off, through Debian's `faketime` (libfaketime, LD_PRELOAD): the environment that makes a
 * child's wall clock (Date.now, new Date) run `offset` from the machine's ("+10m", "+2h", "-30m"), its monotonic clock
 * left alone so its timers behave. The library is preloaded directly rather than through the `faketime` command,
 * which forks and does not pass SIGTERM on to its child. Null when the library is not installed.
 */
import { existsSync } from 'node:fs';

const LIBRARIES = ['x86_64-linux-gnu', 'aarch64-linux-gnu'].map((arch) => `/usr/lib/${arch}/faketime/libfaketimeMT.so.1`);

export function fakeClockEnv(offset: string): Record<string, string> | null {
  if (!/^[+-]\d+[smhd]$/.test(offset)) throw new Error(`a faketime offset is like +10m or -30m, not ${offset}`);
  const library = LIBRARIES.find((path) => existsSync(path));
  if (!library) return null;
  return { LD_PRELOAD: library, FAKETIME: offset, FAKETIME_DONT_FAKE_MONOTONIC: '1', FAKETIME_NO_CACHE: '1' };
}
