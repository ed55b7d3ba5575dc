// Loaded into the live bench's API processes (NODE_OPTIONS: --expose-gc --import this file). On SIGUSR2 it runs a full
// garbage collection, then writes the process's memory to BENCH_MEMORY_FILE: what the streams keep, not the garbage
// that happens to be waiting for a collection.
import { writeFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  globalThis.gc();
  writeFileSync(process.env.BENCH_MEMORY_FILE, JSON.stringify(process.memoryUsage()));
});
