import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useLocation } from 'react-router';
import { useMe } from '../app/api.ts';
import { clearDraft, type DraftData, draftStorage, isDraftAllowedOn, loadDraft, saveDraft } from './draft-store.ts';

/** How long typing must pause before the draft is written. */
export const DRAFT_SAVE_DELAY_MS = 500;

/** The values of the fields the form counts as changed. */
function changedFields(values: DraftData, dirtyKeys: string[]): DraftData {
  return Object.fromEntries(dirtyKeys.filter((key) => key in values).map((key) => [key, values[key]]));
}

export interface FormDraftControls {
  /** When the restored draft was saved (ms since 1970), or null when nothing was restored. */
  restoredAt: number | null;
  /** Forgets the draft (call after a successful submit). */
  clear: () => void;
  /** Forgets the draft and puts the form back to its starting values. */
  discard: () => void;
}

/**
 * Autosaves a long form's unsaved changes for the signed-in user (002 §5) and offers them back
 * when the form opens again within 24 hours. Only fields that differ from the form's starting
 * values are kept, never the sensitive ones, never on the auth pages; a draft with nothing in
 * it is cleared instead. Signed-out visitors get no drafts (a shared computer would show the
 * next visitor what the last one typed).
 *
 * `ready` holds restoring back until the form has its starting values (e.g. the saved profile).
 */
export function useFormDraft<T extends FieldValues>({
  formId,
  form,
  ready = true,
}: {
  formId: string;
  form: UseFormReturn<T, unknown, unknown>;
  ready?: boolean;
}): FormDraftControls {
  const { data: me } = useMe();
  const userId = me?.user.id ?? null;
  const { pathname } = useLocation();
  const storage = draftStorage();
  const enabled = storage !== null && userId !== null && ready && isDraftAllowedOn(pathname);
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const restoreTried = useRef(false);

  useEffect(() => {
    if (!enabled || restoreTried.current) return;
    restoreTried.current = true;
    const draft = loadDraft(storage, userId, formId, Date.now());
    if (!draft) return;
    const known = form.getValues() as DraftData;
    let restoredAny = false;
    for (const [key, value] of Object.entries(draft.data)) {
      if (!(key in known)) continue;
      form.setValue(key as Path<T>, value as PathValue<T, Path<T>>, { shouldDirty: true });
      restoredAny = true;
    }
    if (restoredAny) setRestoredAt(draft.timestamp);
  }, [enabled, storage, userId, formId, form]);

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // dirtyFields is the form's own account of what differs from its starting values, kept
    // right across resets (after a save the form starts again from the saved values).
    const unsubscribe = form.subscribe({
      formState: { values: true, dirtyFields: true },
      callback: ({ values, dirtyFields }) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          const changes = changedFields(values as DraftData, Object.keys(dirtyFields ?? {}));
          saveDraft(storage, { userId, formId, data: changes, now: Date.now() });
        }, DRAFT_SAVE_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [enabled, storage, userId, formId, form]);

  const clear = useCallback(() => {
    if (storage && userId) clearDraft(storage, userId, formId);
    setRestoredAt(null);
  }, [storage, userId, formId]);

  const discard = useCallback(() => {
    clear();
    // Explicitly: a form that keeps dirty values across resets would otherwise keep the draft.
    form.reset(undefined, { keepDirtyValues: false });
  }, [clear, form]);

  return { restoredAt, clear, discard };
}
