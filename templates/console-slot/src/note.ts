// The notes box's logic, kept apart from the DOM so that it is easy to test.

export type NoteCheck = { ok: true; note: string } | { ok: false; reason: string };

/** Checks a note before it is saved: not blank, and at most `maxLength` characters once trimmed. */
export function checkNote(text: string, maxLength: number): NoteCheck {
  const note = text.trim();
  if (note === '') return { ok: false, reason: 'Write something first.' };
  if (note.length > maxLength)
    return { ok: false, reason: `${note.length - maxLength} characters too long (at most ${maxLength}).` };
  return { ok: true, note };
}

/** The counter under the box, e.g. "12 / 280". */
export function remaining(text: string, maxLength: number): string {
  return `${text.trim().length} / ${maxLength}`;
}
