import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

/**
 * A real PNG of random pixels (so it does not compress): about `side * side * 3` bytes, large enough that a slowed
 * upload shows its progress, and a picture a browser can draw as a thumbnail.
 */
export function noisePng(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const rows: Buffer[] = [];
  for (let row = 0; row < side; row += 1) rows.push(Buffer.concat([Buffer.from([0]), randomBytes(side * 3)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a Windows program (MZ header, PE signature): what a renamed `.exe` really contains. */
export function windowsProgram(): Buffer {
  const program = Buffer.alloc(4096);
  program.write('MZ', 0, 'ascii');
  program.writeUInt32LE(0x80, 0x3c);
  program.write('PE\0\0', 0x80, 'binary');
  program.write('This program cannot be run in DOS mode.', 0x4e, 'ascii');
  return program;
}
