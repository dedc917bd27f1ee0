// What the bytes of an upload are (000 §4 Media checks): the declared type against the
// bytes, executables of any declared type, Office files carrying a macro project.
import { essence } from '@extkit/api';

const startsWith = (b: Uint8Array, sig: number[], at = 0): boolean => sig.every((x, i) => b[at + i] === x);
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const contains = (b: Uint8Array, needle: string): boolean =>
  Buffer.from(b.buffer, b.byteOffset, b.byteLength).includes(needle, 0, 'latin1');

/** Executable formats: PE (MZ), ELF, Mach-O (both byte orders, fat), and scripts with a shebang. */
export function isExecutable(b: Uint8Array): boolean {
  return (
    startsWith(b, ascii('MZ')) ||
    startsWith(b, [0x7f, 0x45, 0x4c, 0x46]) ||
    startsWith(b, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(b, [0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith(b, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(b, [0xca, 0xfe, 0xba, 0xbe]) ||
    startsWith(b, ascii('#!'))
  );
}

const zip = (b: Uint8Array): boolean =>
  startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]);
const ole = (b: Uint8Array): boolean => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** An Office file with a VBA project: `vbaProject.bin` in an OOXML zip, `_VBA_PROJECT` in an OLE file. */
export function hasMacro(b: Uint8Array): boolean {
  return (
    (zip(b) && contains(b, 'vbaProject.bin')) || (ole(b) && (contains(b, '_VBA_PROJECT') || contains(b, 'V\0B\0A\0')))
  );
}

const textual = (type: string): boolean => type.startsWith('text/') || type === 'application/json';

/** True when the bytes can be of the declared type; text types are exempt. */
export function matchesType(contentType: string, b: Uint8Array): boolean {
  const type = essence(contentType);
  if (textual(type)) return true;
  if (type === 'image/svg+xml') return /<svg[\s>]/i.test(Buffer.from(b.subarray(0, 4096)).toString('utf8'));
  if (type === 'image/png') return startsWith(b, [0x89, 0x50, 0x4e, 0x47]);
  if (type === 'image/jpeg') return startsWith(b, [0xff, 0xd8, 0xff]);
  if (type === 'image/gif') return startsWith(b, ascii('GIF8'));
  if (type === 'image/webp') return startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8);
  if (type === 'application/pdf') return startsWith(b, ascii('%PDF-'));
  if (type === 'application/zip' || type === 'application/x-zip-compressed' || type.includes('openxmlformats'))
    return zip(b);
  if (type === 'application/msword' || type === 'application/vnd.ms-excel' || type === 'application/vnd.ms-powerpoint')
    return ole(b);
  if (type === 'video/mp4' || type === 'video/quicktime') return startsWith(b, ascii('ftyp'), 4);
  if (type === 'video/webm') return startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]);
  // Other image types: no signature table; the kit lets them through.
  return true;
}

/** Pixel size of a PNG or GIF; null for anything else (the kit reads no other header). */
export function imageSize(contentType: string, b: Uint8Array): { width: number; height: number } | null {
  const type = essence(contentType);
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (type === 'image/png' && b.length >= 24) return { width: view.getUint32(16), height: view.getUint32(20) };
  if (type === 'image/gif' && b.length >= 10)
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  return null;
}

/**
 * Drops every `<tag ...>...</tag>` and `<tag .../>`, in one pass: an element left open drops the
 * rest of the text. (A lazy regular expression rescanned to the end for each unclosed one: quadratic.)
 */
function dropElements(text: string, tag: string): string {
  const open = new RegExp(`<${tag}\\b`, 'gi');
  const close = new RegExp(`</${tag}\\s*>`, 'gi');
  let out = '';
  let at = 0;
  for (let m = open.exec(text); m !== null; m = open.exec(text)) {
    out += text.slice(at, m.index);
    const end = text.indexOf('>', m.index);
    if (end === -1) return out;
    close.lastIndex = end;
    const closing = text[end - 1] === '/' ? null : close.exec(text);
    if (text[end - 1] !== '/' && closing === null) return out;
    at = closing ? closing.index + closing[0].length : end + 1;
    open.lastIndex = at;
  }
  return out + text.slice(at);
}

/** SVG without active content: scripts, event handlers, javascript: links and foreign objects removed. */
export function sanitizeSvg(text: string): string {
  // An unclosed quote runs to the end of the text, so each pattern matches in one pass.
  return dropElements(dropElements(text, 'script'), 'foreignObject')
    .replace(/\son[a-z]+\s*=\s*("[^"]*(?:"|$)|'[^']*(?:'|$)|[^\s>]+)/gi, '')
    .replace(/(href\s*=\s*["']?)\s*javascript:[^"'\s>]*/gi, '$1#');
}
