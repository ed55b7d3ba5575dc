import { beforeAll, describe, expect, it } from 'vitest';
import { createTicketHarness, harnessForFile } from 'api/testing/vitest';
import { HOSTILE_UPLOADS, runHostileUploads, type HostileUploadResult } from '../src/api/hostile-uploads.js';

/**
 * Issue 6 hostile uploads beyond files.test.ts: polyglots (GIF/JavaScript, JPEG/HTML, PNG and PDF with script),
 * SVG and markup under every name, names that traverse, inject or disguise, zero bytes, a fourth file and the
 * size limit; each refused with a clear envelope or kept and only ever served as an inert attachment.
 */
const harness = harnessForFile(createTicketHarness, 120_000);
let result: HostileUploadResult;

beforeAll(async () => {
  result = await runHostileUploads(harness.app);
}, 120_000);

describe('hostile uploads', () => {
  it('are all refused or neutralised', () => {
    expect(result.problems).toEqual([]);
    expect(result.cases).toHaveLength(HOSTILE_UPLOADS.length + 2);
  });

  it('never keep SVG or markup as such: refused, or kept as plain text', () => {
    const verdict = (label: string) => result.cases.find((entry) => entry.label === label);
    expect(verdict('SVG with script named .svg')).toMatchObject({ verdict: 'refused', status: 400 });
    expect(verdict('SVG with script named .png')).toMatchObject({ verdict: 'refused', status: 400 });
    expect(verdict('SVG with script named .txt')?.detail).toContain('text/plain');
    expect(verdict('GIF/JavaScript polyglot')?.detail).toContain('image/gif, attachment');
    expect(verdict('path traversal name')?.detail).toContain('"evil.png"');
  });
});
