import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ChevronDown, ChevronUp, GripVertical, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import type { AdminAccountType } from './api.ts';
import { accountsPhrase } from './account-type-dialog.tsx';

interface SortableTypeListProps {
  types: AdminAccountType[];
  /** The whole list in its new order (after a drag, a keyboard move or an arrow button). */
  onReorder: (ordered: AdminAccountType[]) => void;
  onEdit: (type: AdminAccountType) => void;
  onDelete: (type: AdminAccountType) => void;
}

const INSTRUCTIONS =
  'To reorder, press Space or Enter on the handle to pick the type up, the arrow keys to move it, Space or Enter to drop it, or Escape to cancel.';

function positionText(types: AdminAccountType[], id: UniqueIdentifier | undefined): string {
  const index = types.findIndex((t) => t.id === id);
  return `position ${index + 1} of ${types.length}`;
}

/**
 * The types in order, reordered by dragging a handle (pointer or keyboard, through dnd-kit) or
 * by the move up / move down buttons (a way that needs no dragging: WCAG 2.5.7).
 */
export function SortableTypeList({ types, onReorder, onEdit, onDelete }: SortableTypeListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [message, setMessage] = useState('');
  // After an arrow button moves a row, focus follows the row to its new place.
  const [refocus, setRefocus] = useState<{ id: string; direction: 'up' | 'down'; index: number } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    // Wait until the list shows the move (the new order arrives through the query cache).
    if (!refocus || types[refocus.index]?.id !== refocus.id) return;
    const row = listRef.current?.querySelector(`[data-type-id="${refocus.id}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${refocus.direction}"]:not(:disabled)`);
    (wanted ?? row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
    setRefocus(null);
  }, [refocus, types]);

  const nameOf = (id: UniqueIdentifier | undefined) => types.find((t) => t.id === id)?.name ?? 'the type';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${positionText(types, active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over ${positionText(types, over.id)}.`
        : `${nameOf(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${positionText(types, over.id)}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = types.findIndex((t) => t.id === active.id);
    const to = types.findIndex((t) => t.id === over.id);
    if (from === -1 || to === -1) return;
    onReorder(arrayMove(types, from, to));
  };

  const move = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= types.length) return;
    const type = types[index]!;
    onReorder(arrayMove(types, index, to));
    setMessage(`${type.name} moved to position ${to + 1} of ${types.length}.`);
    setRefocus({ id: type.id, direction, index: to });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={types.map((t) => t.id)} strategy={verticalListSortingStrategy}>
        <ol ref={listRef} aria-label="Account types in order" className="grid gap-2">
          {types.map((type, index) => (
            <SortableRow
              key={type.id}
              type={type}
              position={index + 1}
              isFirst={index === 0}
              isLast={index === types.length - 1}
              onMove={(direction) => move(index, direction)}
              onEdit={() => onEdit(type)}
              onDelete={() => onDelete(type)}
            />
          ))}
        </ol>
      </SortableContext>
      <p className="sr-only" role="status" aria-live="polite">
        {message}
      </p>
    </DndContext>
  );
}

function SortableRow({
  type,
  position,
  isFirst,
  isLast,
  onMove,
  onEdit,
  onDelete,
}: {
  type: AdminAccountType;
  position: number;
  isFirst: boolean;
  isLast: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: type.id,
  });
  return (
    <li
      ref={setNodeRef}
      data-type-id={type.id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex items-center gap-2 rounded-lg border bg-card p-2 text-card-foreground shadow-xs sm:gap-3 sm:p-3',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-ring',
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="inline-flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
        {...attributes}
        {...listeners}
        aria-label={`Drag to reorder ${type.name}`}
      >
        <GripVertical className="size-5" aria-hidden />
      </button>
      <div className="flex shrink-0 flex-col">
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          data-move="up"
          disabled={isFirst}
          onClick={() => onMove('up')}
          aria-label={`Move ${type.name} up`}
        >
          <ChevronUp aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          data-move="down"
          disabled={isLast}
          onClick={() => onMove('down')}
          aria-label={`Move ${type.name} down`}
        >
          <ChevronDown aria-hidden />
        </Button>
      </div>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="sr-only">{position}. </span>
          <span data-type-name className="font-medium break-words">
            {type.name}
          </span>
          {type.accountCount > 0 ? (
            <Badge variant="secondary">Used by {accountsPhrase(type.accountCount)}</Badge>
          ) : null}
        </p>
        {type.description ? (
          <p className="mt-0.5 text-sm break-words text-muted-foreground">{type.description}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center">
        <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${type.name}`}>
          <Pencil aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive hover:text-destructive"
          onClick={onDelete}
          aria-label={`Delete ${type.name}`}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}
