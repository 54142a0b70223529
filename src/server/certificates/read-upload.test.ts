import { describe, expect, it } from 'vitest';
import { slowPdf, zipOf } from '../test/certificate-fixtures';
import { readUpload } from './read-upload';

describe('reading an upload in a worker thread', () => {
  it('stops a PDF that keeps pdf.js busy past the time limit, and names it', async () => {
    const upload = { name: 'portal.zip', bytes: zipOf({ 'slow.pdf': slowPdf(10) }) };
    const started = performance.now();
    await expect(readUpload(upload, 6_000)).rejects.toThrow(
      'slow.pdf in portal.zip took longer than 6 s to read: refused',
    );
    // Refused at the limit, not once pdf.js is done (about 20 s for this file).
    expect(performance.now() - started).toBeLessThan(9_000);
  });
});
