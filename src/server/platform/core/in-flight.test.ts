import { describe, expect, it } from 'vitest';
import { InFlightWork } from './in-flight';

describe('InFlightWork', () => {
  it('drains at once when idle', async () => {
    await expect(new InFlightWork().drain()).resolves.toBeUndefined();
  });

  it('waits for running work, including work that fails', async () => {
    const work = new InFlightWork();
    const finished: string[] = [];
    const slow = work.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished.push('slow');
    });
    const failing = work.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished.push('failing');
      throw new Error('boom');
    });
    // Observe the rejection now: it happens while we wait in drain().
    const failed = expect(failing).rejects.toThrow('boom');
    await work.drain();
    expect(finished).toEqual(['failing', 'slow']);
    await slow;
    await failed;
  });

  it('gives up after the timeout', async () => {
    const work = new InFlightWork();
    void work.run(() => new Promise(() => {}));
    const started = Date.now();
    await work.drain(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
