import { describe, expect, it } from 'vitest';
import {
  attachmentAccept,
  attachmentKindOf,
  attachmentSetProblem,
  checkAttachments,
  fileExtension,
  isAttachmentSetProblem,
} from './attachments.js';
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
    expect(attachmentAccept('message').split(',')).toContain('.xlsx');
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

  it('tells a refusal for the files beside it from one for the file itself', () => {
    const problems = checkAttachments(['video'], [small('a.png'), small('b.avi'), small('c.exe'), small('d.png'), small('e.png')]);
    expect(problems.map((problem) => problem !== null && isAttachmentSetProblem(problem))).toEqual([false, true, false, false, true]);
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

describe('add information (SPEC §5: at most 3 images, or one video)', () => {
  const small = (name: string) => ({ name, size: 1024 });

  it('takes up to three images', () => {
    expect(checkAttachments([], [small('a.png'), small('b.jpg'), small('c.gif'), small('d.png')], 'supplement')).toEqual([
      null,
      null,
      null,
      'attachmentsTooMany',
    ]);
  });

  it('takes one video on its own, never with images or a second video', () => {
    expect(checkAttachments([], [small('a.mp4')], 'supplement')).toEqual([null]);
    expect(checkAttachments(['video'], [small('b.png')], 'supplement')).toEqual(['supplementImagesOrVideo']);
    expect(checkAttachments(['image'], [small('b.webm')], 'supplement')).toEqual(['supplementImagesOrVideo']);
    expect(checkAttachments([], [small('a.mp4'), small('b.mp4')], 'supplement')).toEqual([null, 'supplementImagesOrVideo']);
  });

  it('takes no documents, and its picker offers none', () => {
    expect(checkAttachments([], [small('receipt.pdf')], 'supplement')).toEqual(['supplementImagesOrVideo']);
    expect(attachmentAccept('supplement').split(',')).toEqual(expect.arrayContaining(['.png', '.mp4']));
    expect(attachmentAccept('supplement')).not.toContain('.pdf');
  });

  it('is the rule the API applies to the kinds it finds in the files', () => {
    expect(attachmentSetProblem(['image', 'image', 'image'], 'supplement')).toBeNull();
    expect(attachmentSetProblem(['other'], 'supplement')).toBe('supplementImagesOrVideo');
    expect(attachmentSetProblem(['video', 'other'], 'message')).toBeNull();
    expect(attachmentSetProblem(['video', 'video'], 'message')).toBe('attachmentsTooManyVideos');
  });
});
