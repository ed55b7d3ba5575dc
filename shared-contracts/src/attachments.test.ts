import { describe, expect, it } from 'vitest';
import { ATTACHMENT_ACCEPT, attachmentKindOf, checkAttachments, fileExtension } from './attachments.js';
import { LIMITS } from './limits.js';

describe('attachment kinds (SPEC §3)', () => {
  it('classifies every allowed extension, ignoring case', () => {
    for (const name of ['a.gif', 'a.JPG', 'a.jpeg', 'a.png']) expect(attachmentKindOf(name)).toBe('image');
    for (const name of ['a.mp4', 'a.webm', 'a.OGG', 'a.avi']) expect(attachmentKindOf(name)).toBe('video');
    for (const name of ['a.zip', 'a.txt', 'a.doc', 'a.docx', 'a.pdf', 'a.xlsx']) expect(attachmentKindOf(name)).toBe('other');
  });

  it('treats anything else as unexpected', () => {
    for (const name of ['a.exe', 'a.svg', 'a.html', 'png', '.png', 'a.', 'a.png.exe']) expect(attachmentKindOf(name)).toBeNull();
  });

  it('reads the last extension only', () => {
    expect(fileExtension('report.final.PDF')).toBe('pdf');
    expect(fileExtension('.hidden')).toBe('');
    expect(ATTACHMENT_ACCEPT.split(',')).toContain('.xlsx');
  });
});

describe('checkAttachments (SPEC §5)', () => {
  const small = (name: string) => ({ name, size: 1024 });

  it('accepts up to three files and refuses the fourth', () => {
    expect(checkAttachments([], [small('a.png'), small('b.png'), small('c.pdf'), small('d.png')])).toEqual([
      null,
      null,
      null,
      'attachmentsTooMany',
    ]);
    expect(checkAttachments(['image', 'image', 'other'], [small('d.png')])).toEqual(['attachmentsTooMany']);
  });

  it('allows one video at most', () => {
    expect(checkAttachments([], [small('a.mp4'), small('b.webm')])).toEqual([null, 'attachmentsTooManyVideos']);
    expect(checkAttachments(['video'], [small('b.avi'), small('c.png')])).toEqual(['attachmentsTooManyVideos', null]);
  });

  it('refuses files of 20 MB or more, empty files and unexpected types', () => {
    expect(checkAttachments([], [{ name: 'big.png', size: LIMITS.attachmentBytesMax }])).toEqual(['fileTooLarge']);
    expect(checkAttachments([], [{ name: 'fits.png', size: LIMITS.attachmentBytesMax - 1 }])).toEqual([null]);
    expect(checkAttachments([], [{ name: 'empty.txt', size: 0 }])).toEqual(['fileEmpty']);
    expect(checkAttachments([], [small('virus.exe')])).toEqual(['typeMismatch']);
  });

  it('does not count refused files against the limit', () => {
    expect(checkAttachments(['image', 'image'], [small('x.exe'), small('c.png')])).toEqual(['typeMismatch', null]);
  });
});
