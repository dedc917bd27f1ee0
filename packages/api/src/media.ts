// Media upload checks: the declared type against the documented families and the
// decoded size against its ceiling (document 1, "Media" and "Limits").
import type { ShapeIssue } from './issue.js';

const MB = 1024 * 1024;

/** Families the documents name, each with its ceiling on decoded bytes. */
export const mediaFamilies: { name: string; test: (type: string) => boolean; maxBytes: number }[] = [
  { name: 'image', test: (t) => t.startsWith('image/'), maxBytes: 15 * MB },
  { name: 'video', test: (t) => ['video/mp4', 'video/webm', 'video/quicktime'].includes(t), maxBytes: 25 * MB },
  {
    name: 'document',
    test: (t) =>
      [
        'application/pdf',
        'application/msword',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'application/vnd.ms-excel',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'application/vnd.ms-powerpoint',
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        'text/csv',
        'text/plain',
        'text/markdown',
        'application/json',
        'application/zip',
        'application/x-zip-compressed',
      ].includes(t),
    maxBytes: 10 * MB,
  },
];

/** The MIME type without parameters, lower-cased: `Text/Plain; charset=utf-8` is `text/plain`. */
export const essence = (contentType: string): string => (contentType.split(';')[0] ?? '').trim().toLowerCase();

/** Problems with an upload's declared type and decoded size. */
export function mediaIssues(contentType: string, sizeBytes: number): ShapeIssue[] {
  const type = essence(contentType);
  const family = mediaFamilies.find((f) => f.test(type));
  if (!family) {
    return [
      {
        code: 'unsupported_media_type',
        path: '/contentType',
        message: `content type ${JSON.stringify(contentType)} is outside the accepted families (images, PDF, Word, Excel, PowerPoint, CSV, text, Markdown, JSON, ZIP, mp4/webm/quicktime video)`,
      },
    ];
  }
  if (sizeBytes > family.maxBytes) {
    return [
      {
        code: 'payload_too_large',
        path: '/file',
        message: `${sizeBytes} bytes is past the ${family.maxBytes / MB} MB ceiling for ${family.name} uploads`,
      },
    ];
  }
  return [];
}
