import { describe, expect, it } from 'vitest';
import { slowPdf, zipOf } from '../../test/certificate-fixtures';
import { readUpload } from './read-upload';

describe('reading an upload in a worker thread', () => {
  it('stops a PDF that keeps pdf.js busy past the time limit, and names it', async () => {
    // pdf.js takes seconds on a quiet machine for this file, tens on a busy one: a limit far below
    // both, so the test does not depend on the machine's speed.
    const upload = { name: 'portal.zip', bytes: zipOf({ 'slow.pdf': slowPdf(20) }) };
    const started = performance.now();
    // Named by the file being read (by the upload, on a machine so slow the worker had not started it).
    await expect(readUpload(upload, 2_000)).rejects.toThrow(
      /^(slow\.pdf in )?portal\.zip took longer than 2 s to read: refused$/,
    );
    // Refused at the limit, not once pdf.js is done.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
