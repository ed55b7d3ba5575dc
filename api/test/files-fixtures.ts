import { crc32, deflateSync } from 'node:zlib';

/**
 * Real, tiny files of every attachment type SPEC §3 allows, built byte by byte so each test shows exactly what
 * the content check sees. The multipart bodies they are sent in are `multipart-bodies.ts`.
 */

const ascii = (text: string) => Buffer.from(text, 'latin1');

function u32be(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

function u32le(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
}

function u16le(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([ascii(type), data]);
  return Buffer.concat([u32be(data.length), body, u32be(crc32(body))]);
}

/** A 1×1 grey PNG: signature, IHDR, IDAT, IEND. */
export function png(): Buffer {
  const header = Buffer.concat([u32be(1), u32be(1), Buffer.from([8, 0, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 GIF89a. */
export function gif(): Buffer {
  return Buffer.concat([
    ascii('GIF89a'),
    Buffer.from([1, 0, 1, 0, 0x80, 0, 0]),
    Buffer.from([0, 0, 0, 0xff, 0xff, 0xff]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);
}

/** A JPEG start: SOI, a JFIF APP0 segment, EOI. */
export function jpeg(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    ascii('JFIF\0'),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
  ]);
}

/** An ISO base media file: an `ftyp` box (brand isom) and an empty `mdat`. */
export function mp4(): Buffer {
  const ftyp = Buffer.concat([ascii('ftyp'), ascii('isom'), u32be(0x200), ascii('isomiso2mp41')]);
  return Buffer.concat([u32be(ftyp.length + 4), ftyp, u32be(8), ascii('mdat')]);
}

/** An EBML header whose DocType is `webm`. */
export function webm(): Buffer {
  const elements = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01]),
    Buffer.from([0x42, 0xf7, 0x81, 0x01]),
    Buffer.from([0x42, 0xf2, 0x81, 0x04]),
    Buffer.from([0x42, 0xf3, 0x81, 0x08]),
    Buffer.from([0x42, 0x82, 0x84]),
    ascii('webm'),
    Buffer.from([0x42, 0x87, 0x81, 0x04]),
    Buffer.from([0x42, 0x85, 0x81, 0x02]),
  ]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | elements.length]), elements]);
}

/** An Ogg page whose first packet is a Theora (video) identification header. */
export function ogg(): Buffer {
  const packet = Buffer.concat([ascii('\x80theora'), Buffer.from([3, 2, 1]), Buffer.alloc(31)]);
  return Buffer.concat([
    ascii('OggS'),
    Buffer.from([0, 0x02]),
    Buffer.alloc(8),
    u32le(1),
    u32le(0),
    u32le(0),
    Buffer.from([1, packet.length]),
    packet,
  ]);
}

/** A RIFF file of form `AVI ` with an empty header list. */
export function avi(): Buffer {
  const list = Buffer.concat([ascii('LIST'), u32le(4), ascii('hdrl')]);
  return Buffer.concat([ascii('RIFF'), u32le(4 + list.length), ascii('AVI '), list]);
}

/** A PDF with one empty page. */
export function pdf(): Buffer {
  return ascii(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );
}

/** The 512-byte header of an OLE compound file (what Word 97-2003 `.doc` files are). */
export function cfb(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(0x03, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  return header;
}

/** A zip archive of stored (uncompressed) entries. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const common = Buffer.concat([
      u16le(20),
      u16le(0x0800),
      u16le(0),
      u16le(0),
      u16le(0x21),
      u32le(crc),
      u32le(data.length),
      u32le(data.length),
      u16le(nameBytes.length),
      u16le(0),
    ]);
    const local = Buffer.concat([u32le(0x04034b50), common, nameBytes, data]);
    centrals.push(Buffer.concat([u32le(0x02014b50), u16le(20), common, u16le(0), u16le(0), u16le(0), u32le(0), u32le(offset), nameBytes]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32le(0x06054b50),
    u16le(0),
    u16le(0),
    u16le(centrals.length),
    u16le(centrals.length),
    u32le(directory.length),
    u32le(offset),
    u16le(0),
  ]);
  return Buffer.concat([...locals, directory, end]);
}

function contentTypes(mainType: string, partName: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="${partName}" ContentType="${mainType}"/></Types>`
  );
}

/** A Word (OOXML) document: the zip with its `[Content_Types].xml` naming the main part. */
export function docx(): Buffer {
  return zip({
    '[Content_Types].xml': contentTypes(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      '/word/document.xml',
    ),
    'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
  });
}

/** An Excel (OOXML) workbook. */
export function xlsx(): Buffer {
  return zip({
    '[Content_Types].xml': contentTypes('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', '/xl/workbook.xml'),
    'xl/workbook.xml': '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
  });
}

/** A macro-enabled Word document (docm), which a `.docx` name must not smuggle in. */
export function docm(): Buffer {
  return zip({
    '[Content_Types].xml': contentTypes('application/vnd.ms-word.document.macroEnabled.main+xml', '/word/document.xml'),
    'word/document.xml': '<w:document/>',
    'word/vbaProject.bin': 'macro',
  });
}

/** The start of a Windows program (MZ header and the DOS stub message). */
export function exe(): Buffer {
  const header = Buffer.alloc(128);
  ascii('MZ').copy(header, 0);
  header.writeUInt32LE(0x80, 0x3c);
  return Buffer.concat([header, ascii('PE\0\0'), ascii('This program cannot be run in DOS mode.')]);
}
