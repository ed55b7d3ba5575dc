import { randomUUID } from 'node:crypto';
import { INPUT_BOUNDS, LIMITS } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { gif, jpeg, multipart, pdf, png } from 'api/testing';
import { bearer, envelopeOf, passwordLogin, type ApiUnderTest } from './api-under-test.js';

/**
 * Issue 6 "Uploads: spoofed types, polyglots, oversize, a fourth file, zero bytes, hostile and very long names,
 * path traversal, SVG with script: all refused or neutralised, never served inline". Each case is uploaded by a
 * player; a refusal must be a clear 4xx envelope, and whatever is kept is downloaded back and must come as an
 * attachment (never inline), with nosniff, a sandboxing CSP, a type no browser runs, and a clean name.
 */

const ascii = (text: string) => Buffer.from(text, 'latin1');

export interface UploadCase {
  label: string;
  name: string;
  bytes: Buffer;
  /** The Content-Type the client claims for the part (the server must judge by content). */
  claimed?: string;
}

/** Types a browser renders or runs when they come inline: none may ever be served. */
const ACTIVE_TYPES = /html|xml|svg|javascript|ecmascript|json|css|wasm|x-shockwave/i;

const SVG_SCRIPT = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>';
const HTML_SCRIPT = '<!doctype html><html><body><script>fetch("/users/info").then(r=>r.text()).then(alert)</script></body></html>';

export const HOSTILE_UPLOADS: readonly UploadCase[] = [
  // Polyglots: valid images that are also script or markup.
  {
    label: 'GIF/JavaScript polyglot',
    name: 'funny.gif',
    bytes: Buffer.concat([ascii('GIF89a=1;alert(document.domain);//'), gif().subarray(6)]),
  },
  { label: 'JPEG/HTML polyglot (HTML after the image)', name: 'photo.jpg', bytes: Buffer.concat([jpeg(), ascii(HTML_SCRIPT)]) },
  { label: 'PNG with a script in a text chunk', name: 'shot.png', bytes: Buffer.concat([png(), ascii(`<script>alert(1)</script>`)]) },
  {
    label: 'PDF with JavaScript',
    name: 'invoice.pdf',
    bytes: Buffer.concat([pdf(), ascii('\n/OpenAction << /S /JavaScript /JS (app.alert(1)) >>\n')]),
  },
  { label: 'GIF-headed HTML named .html', name: 'page.html', bytes: Buffer.concat([ascii('GIF89a'), ascii(HTML_SCRIPT)]) },
  // SVG and markup under every name.
  { label: 'SVG with script named .svg', name: 'logo.svg', bytes: ascii(SVG_SCRIPT), claimed: 'image/svg+xml' },
  { label: 'SVG with script named .png', name: 'logo.png', bytes: ascii(SVG_SCRIPT), claimed: 'image/png' },
  { label: 'SVG with script named .txt', name: 'logo.txt', bytes: ascii(SVG_SCRIPT), claimed: 'image/svg+xml' },
  { label: 'HTML named .txt, claimed text/html', name: 'readme.txt', bytes: ascii(HTML_SCRIPT), claimed: 'text/html' },
  {
    label: 'XHTML named .txt',
    name: 'page.txt',
    bytes: ascii(`<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>`),
  },
  { label: 'a real PNG claimed as text/html', name: 'shot.png', bytes: png(), claimed: 'text/html' },
  // Spoofed types.
  { label: 'HTML named .png', name: 'cat.png', bytes: ascii(HTML_SCRIPT) },
  { label: 'a Windows program named .jpg', name: 'photo.jpg', bytes: Buffer.concat([ascii('MZ'), Buffer.alloc(200, 0x90)]) },
  // Names.
  { label: 'path traversal name', name: '../../../../etc/cron.d/evil.png', bytes: png() },
  { label: 'Windows path traversal name', name: '..\\..\\..\\Windows\\System32\\evil.png', bytes: png() },
  { label: 'absolute path name', name: '/var/lib/api/files/evil.png', bytes: png() },
  { label: 'NUL before the extension', name: 'evil.html\u0000.png', bytes: png() },
  { label: 'right-to-left override', name: 'invoice\u202egnp.exe.png', bytes: png() },
  { label: 'quotes to inject a second filename', name: 'a"; filename="evil.html"; x=".png', bytes: png() },
  { label: 'reserved device name', name: 'CON.png', bytes: png() },
  { label: 'a 5,000-character name', name: `${'n'.repeat(4996)}.png`, bytes: png() },
  { label: 'a name of dots', name: '....png', bytes: png() },
  { label: 'an empty name', name: '', bytes: png() },
  // Zero bytes.
  { label: 'zero bytes named .png', name: 'empty.png', bytes: Buffer.alloc(0) },
  { label: 'zero bytes named .txt', name: 'empty.txt', bytes: Buffer.alloc(0) },
];

export type UploadVerdict = 'refused' | 'neutralised' | 'FAILED';

export interface UploadCaseResult {
  label: string;
  status: number;
  verdict: UploadVerdict;
  /** What was kept (name, type) or why it was refused. */
  detail: string;
}

export interface HostileUploadResult {
  cases: UploadCaseResult[];
  problems: string[];
}

function judgeDownload(headers: Record<string, string | string[] | number | undefined>): string | null {
  const disposition = String(headers['content-disposition'] ?? '');
  const type = String(headers['content-type'] ?? '');
  const csp = String(headers['content-security-policy'] ?? '');
  if (!disposition.startsWith('attachment;')) return `served inline (Content-Disposition: ${disposition || 'none'})`;
  if (/[\r\n]/.test(disposition) || (disposition.match(/filename=/g) ?? []).length !== 1)
    return `a Content-Disposition with an injected part: ${disposition}`;
  if (headers['x-content-type-options'] !== 'nosniff') return 'no X-Content-Type-Options: nosniff';
  if (!/sandbox/.test(csp) || !/default-src 'none'/.test(csp)) return `no sandboxing CSP (${csp})`;
  if (ACTIVE_TYPES.test(type)) return `served as ${type}`;
  return null;
}

function judgeName(name: string): string | null {
  if (/[/\\]/.test(name)) return `kept a path separator: ${name}`;
  // Control characters and bidirectional overrides, which disguise an extension.
  const disguising = [...name].some((character) => {
    const code = character.codePointAt(0) ?? 0;
    return code < 0x20 || code === 0x7f || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
  });
  if (disguising) return `kept a control character: ${JSON.stringify(name)}`;
  if ([...name].length > INPUT_BOUNDS.fileNameMaxLength) return `kept a name of ${[...name].length} characters`;
  if (name.startsWith('.')) return `kept a hidden name: ${name}`;
  return null;
}

/** Uploads every hostile case as player1, then tries a fourth attachment and an oversize file. */
export async function runHostileUploads(api: ApiUnderTest, cases: readonly UploadCase[] = HOSTILE_UPLOADS): Promise<HostileUploadResult> {
  const token = await passwordLogin(api, 'player1', 'player1-pass', '192.0.2.77');
  const results: UploadCaseResult[] = [];
  const upload = async (name: string, bytes: Buffer, claimed = 'application/octet-stream') => {
    const body = multipart([{ field: 'file', fileName: name, content: bytes, contentType: claimed }]);
    return api.inject({
      method: 'POST',
      url: ENDPOINTS.uploadFile.path,
      headers: { ...bearer(token), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  // Each kept file goes back with a discard, so the cap on pending uploads never decides a case.
  const discard = (fileId: string) =>
    api.inject({
      method: 'POST',
      url: ENDPOINTS.discardFile.path,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ fileId }),
    });

  for (const hostile of cases) {
    const answer = await upload(hostile.name, hostile.bytes, hostile.claimed);
    const envelope = envelopeOf(answer);
    if (answer.statusCode >= 400) {
      const clear = answer.statusCode < 500 && envelope !== null && envelope.code !== 1 && envelope.msg !== '';
      results.push({
        label: hostile.label,
        status: answer.statusCode,
        verdict: clear ? 'refused' : 'FAILED',
        detail: envelope?.msg ?? answer.body.slice(0, 80),
      });
      continue;
    }
    const kept = envelope?.data as { fileId: string; name: string; contentType: string } | undefined;
    if (envelope?.code !== 1 || !kept) {
      results.push({
        label: hostile.label,
        status: answer.statusCode,
        verdict: 'FAILED',
        detail: `unclear answer ${answer.body.slice(0, 80)}`,
      });
      continue;
    }
    const download = await api.inject({
      method: 'GET',
      url: `${ENDPOINTS.downloadFile.path}?fileId=${kept.fileId}`,
      headers: bearer(token),
    });
    const problem =
      download.statusCode !== 200 ? `download answered ${download.statusCode}` : (judgeDownload(download.headers) ?? judgeName(kept.name));
    results.push({
      label: hostile.label,
      status: answer.statusCode,
      verdict: problem ? 'FAILED' : 'neutralised',
      detail:
        problem ??
        `kept as ${JSON.stringify(kept.name.length > 40 ? `${kept.name.slice(0, 20)}...${kept.name.slice(-10)}` : kept.name)}, ${kept.contentType}, attachment`,
    });
    await discard(kept.fileId);
  }

  // A fourth file on one message (SPEC §5: at most three).
  const fileIds: string[] = [];
  for (let index = 0; index <= LIMITS.attachmentsMax; index += 1) {
    const data = envelopeOf(await upload(`part-${index}.png`, png()))?.data as { fileId: string } | undefined;
    if (data) fileIds.push(data.fileId);
  }
  const ticket = await api.inject({
    method: 'POST',
    url: ENDPOINTS.createInquiry.path,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: JSON.stringify({
      requestId: randomUUID(),
      ticketType: '0',
      gameId: 2,
      serverId: '',
      gameAreaId: '',
      roleId: '',
      roleName: '',
      queryType: 2,
      title: 'Four files',
      content: 'A message with one file too many.',
      contactKind: 'email',
      contact: 'four@example.test',
      attachments: fileIds,
      consent: true,
    }),
  });
  const fourth = envelopeOf(ticket);
  results.push({
    label: `${LIMITS.attachmentsMax + 1} files on one ticket`,
    status: ticket.statusCode,
    verdict: ticket.statusCode === 400 && fourth?.msg.includes('attachmentsTooMany') ? 'refused' : 'FAILED',
    detail: fourth?.msg ?? ticket.body.slice(0, 80),
  });
  for (const fileId of fileIds) await discard(fileId);

  // Oversize: exactly the limit (SPEC §3: each under 20 MB).
  const oversize = await upload('huge.txt', Buffer.alloc(LIMITS.attachmentBytesMax, 'a'));
  results.push({
    label: 'a file of exactly the size limit',
    status: oversize.statusCode,
    verdict: oversize.statusCode === 413 && envelopeOf(oversize)?.code !== 1 ? 'refused' : 'FAILED',
    detail: envelopeOf(oversize)?.msg ?? oversize.body.slice(0, 80),
  });

  return {
    cases: results,
    problems: results.filter((result) => result.verdict === 'FAILED').map((result) => `${result.label}: ${result.detail}`),
  };
}
