// Preloaded (`--import`) into a server under test: once the file named by PROBE_REJECTION_FILE exists, a promise
// rejects that nobody handles, as a defect would. Only in the process that runs the server (it listens for
// unhandled rejections): a launcher that preloads this too (tsx) is left alone.
import { existsSync } from 'node:fs';

const file = process.env.PROBE_REJECTION_FILE;
const timer = setInterval(() => {
  if (!file || !existsSync(file) || process.listenerCount('unhandledRejection') === 0) return;
  clearInterval(timer);
  void Promise.reject(new Error('probe rejection'));
}, 50);
timer.unref();
