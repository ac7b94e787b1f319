/**
 * The environment the till's core process starts with in browser mode (`npm start` on a machine without Electron's
 * binary, and every test and benchmark that starts the app the same way).
 *
 * MALLOC_ARENA_MAX=2: glibc gives every thread that allocates (libuv's pool doing file and crypto work, V8's
 * helper threads) a malloc arena of its own, up to eight per core, and freed memory stays scattered across them.
 * On the aged till (`npm run bench:aged -- --only aged --charges 800`) the process's memory crept by about a megabyte
 * per hundred charges with the V8 heap flat: 150 MB after 800 charges, 143 MB with two arenas, and no slower.
 * glibc reads it only when a process starts, so it is set by whoever starts the core. Electron's main process
 * allocates through Chromium's own allocator, not glibc's arenas; macOS and Windows have no such variable.
 */
export const CORE_PROCESS_ENV = Object.freeze({ MALLOC_ARENA_MAX: '2' });
