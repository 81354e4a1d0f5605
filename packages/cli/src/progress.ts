/** A progress bar on standard error, drawn only for a person at a terminal. */
export function progressBar(total: number, label: string): { update(done: number): void; finish(): void } {
  const tty = process.stderr.isTTY === true;
  const started = Date.now();
  let last = -1;
  const draw = (done: number) => {
    const width = 30;
    const filled = total === 0 ? width : Math.round((done / total) * width);
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? (done / seconds).toFixed(1) : '-';
    process.stderr.write(
      `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${rate}/s`,
    );
  };
  return {
    update(done) {
      if (!tty) return;
      const percent = Math.floor((done / Math.max(total, 1)) * 100);
      if (percent === last && done !== total) return;
      last = percent;
      draw(done);
    },
    finish() {
      if (tty) process.stderr.write('\n');
    },
  };
}
