import type { ServerResponse } from 'node:http';

/**
 * Ends a streamed response whose reader takes nothing for `idleMs` (D49): the response waits for
 * the socket to drain (`writableNeedDrain`) and no 'drain' has come for that long. What the server
 * can see of a reader is what the connection takes: the stream writes pieces of at most 16 KiB,
 * and the kernel lets more be written once its send buffer has room again (Linux wakes a writer
 * when about half of it is free), so a reader that keeps reading drains the socket over and over;
 * one that stopped never does. A reader slower than about half a send buffer a minute (tens to
 * hundreds of KiB, depending on how far the kernel grew the buffer) looks stopped (ADR 0019).
 * Destroying the response closes the connection; whoever streams into it is destroyed with it and
 * lets go of what it holds.
 */
export function endWhenStalled(res: ServerResponse, idleMs: number, onStall: () => void): void {
  let lastProgress = Date.now();
  const progress = () => {
    lastProgress = Date.now();
  };
  res.on('drain', progress);
  const timer = setInterval(
    () => {
      if (!res.writableNeedDrain) return progress();
      if (Date.now() - lastProgress < idleMs) return;
      clearInterval(timer);
      onStall();
      res.destroy();
    },
    Math.min(1000, Math.max(10, Math.floor(idleMs / 10))),
  );
  timer.unref();
  res.once('close', () => clearInterval(timer));
}
