import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  STANDING_ORDER_MARKER_PATTERN,
  displayNotes,
  notesWithMarkerKept,
  standingOrderIdInNotes,
  standingOrderMarker,
  standingOrderNotes,
} from './standing-order-marker.ts';

const ORDER = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

describe('the standing-order marker', () => {
  it('writes payee name then marker, and shows only the name', () => {
    const notes = standingOrderNotes('Standing order', ORDER);
    expect(notes).toBe(`Standing order [standing-order:${ORDER}]`);
    expect(displayNotes(notes)).toBe('Standing order');
    expect(standingOrderIdInNotes(notes)).toBe(ORDER);
  });

  it('leaves notes without a marker alone', () => {
    expect(displayNotes('Birthday money [from Gran]')).toBe('Birthday money [from Gran]');
    expect(displayNotes(null)).toBeNull();
    expect(standingOrderIdInNotes('Salary')).toBeNull();
    expect(standingOrderIdInNotes(null)).toBeNull();
  });

  it('hides a marker that is all the notes hold', () => {
    expect(displayNotes(standingOrderMarker(ORDER))).toBe('');
  });

  it('refuses an id that would break the marker', () => {
    expect(() => standingOrderMarker('x] hello')).toThrow();
  });

  it('keeps the marker when the notes are edited, and adds none to ordinary notes', () => {
    const stored = standingOrderNotes('Standing order', ORDER);
    expect(notesWithMarkerKept(stored, 'Rent pot')).toBe(`Rent pot [standing-order:${ORDER}]`);
    expect(notesWithMarkerKept(stored, '  ')).toBe(`[standing-order:${ORDER}]`);
    expect(notesWithMarkerKept('Old', ' New ')).toBe('New');
    expect(notesWithMarkerKept('Old', '')).toBeNull();
    expect(notesWithMarkerKept(null, null)).toBeNull();
  });

  it('never shows a marker, whatever text comes before it', () => {
    fc.assert(
      fc.property(fc.string(), fc.uuid(), (name, id) => {
        const notes = standingOrderNotes(name, id);
        const shown = displayNotes(notes)!;
        expect(shown).not.toContain('[standing-order:');
        expect(shown).toBe(name.trim().replace(new RegExp(STANDING_ORDER_MARKER_PATTERN), ''));
        expect(standingOrderIdInNotes(notes)).toBe(id);
      }),
    );
  });
});
