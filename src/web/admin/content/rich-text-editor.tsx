import { TableKit } from '@tiptap/extension-table';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  type LucideIcon,
  Pilcrow,
  Quote,
  Redo2,
  Table as TableIcon,
  Underline,
  Undo2,
} from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Input } from '../../ui/input.tsx';
import '../../content/content-prose.css';

/**
 * The content editor (issue 30, ADR 0061): Tiptap with headings, emphasis, lists, quotes, links
 * and tables, and a labelled toolbar (arrow keys move along it, Tab leaves it). Lazy-loaded: only
 * the admin's editor page pays for it. What it produces is sanitised by the server on save.
 */
export interface RichTextEditorProps {
  /** The HTML to start from (read once: remount with a new key to load another). */
  initialHtml: string;
  onChange: (html: string) => void;
  /** The id of the visible label naming the editor. */
  labelledBy: string;
}

type ToolState = Record<string, boolean>;

function ToolButton({
  icon: Icon,
  label,
  shortcut,
  pressed,
  disabled,
  first,
  onClick,
}: {
  first?: boolean;
  icon: LucideIcon;
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      size="icon"
      variant={pressed ? 'secondary' : 'ghost'}
      className={cn('size-9', pressed && 'ring-1 ring-border')}
      aria-label={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      aria-keyshortcuts={shortcut}
      title={shortcut ? `${label} (${shortcut.replace('Control', 'Ctrl')})` : label}
      disabled={disabled}
      tabIndex={first ? 0 : -1}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <Icon aria-hidden />
    </Button>
  );
}

function Separator() {
  return <hr aria-orientation="vertical" className="mx-1 h-6 w-px border-0 bg-border" />;
}

/** Arrow keys, Home and End move focus along the toolbar; one button at a time is in the tab order. */
function onToolbarKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  const next =
    event.key === 'ArrowRight'
      ? (index + 1) % buttons.length
      : event.key === 'ArrowLeft'
        ? (index - 1 + buttons.length) % buttons.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? buttons.length - 1
            : null;
  if (next === null) return;
  event.preventDefault();
  buttons[index]!.tabIndex = -1;
  buttons[next]!.tabIndex = 0;
  buttons[next]!.focus();
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(current);
  const id = useId();
  // Not a <form>: the editor sits inside the page's form, and forms cannot nest.
  const apply = () => {
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (url === '') chain.unsetLink().run();
    else chain.setLink({ href: url }).run();
    onDone();
  };
  return (
    <fieldset
      className="flex flex-wrap items-end gap-2 border-b bg-muted/50 px-3 py-2"
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          apply();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          onDone();
          editor.commands.focus();
        }
      }}
    >
      <legend className="sr-only">Link</legend>
      <div className="grid min-w-64 flex-1 gap-1">
        <label htmlFor={id} className="text-xs font-medium">
          Link address
        </label>
        <Input
          id={id}
          autoFocus
          value={href}
          onChange={(event) => setHref(event.target.value)}
          placeholder="https://www.gov.uk/ or /legal"
          inputMode="url"
        />
      </div>
      <Button type="button" size="sm" onClick={apply}>
        {current ? 'Update link' : 'Add link'}
      </Button>
      {current ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
        >
          Remove link
        </Button>
      ) : null}
      <Button type="button" size="sm" variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </fieldset>
  );
}

export function RichTextEditor({ initialHtml, onChange, labelledBy }: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [linkOpen, setLinkOpen] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
      }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        // A wide table scrolls the editor sideways (content-prose.css): the editor takes focus, a table in it does not.
        class: 'cms-prose min-h-72 overflow-x-auto px-4 py-3 outline-none',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
      },
    },
    onUpdate: ({ editor: changed }) => onChangeRef.current(changed.getHTML()),
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: e }): ToolState => ({
      paragraph: e?.isActive('paragraph') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      blockquote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
      table: e?.isActive('table') ?? false,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  if (!editor || !state) return <div className="min-h-72 rounded-xl border bg-card" aria-busy="true" />;
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
    command(editor.chain().focus()).run();

  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm focus-within:ring-2 focus-within:ring-ring">
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap items-center gap-0.5 border-b bg-muted/40 px-2 py-1.5"
        onKeyDown={onToolbarKeyDown}
      >
        <ToolButton
          first
          icon={Pilcrow}
          label="Paragraph"
          shortcut="Control+Alt+0"
          pressed={state.paragraph}
          onClick={run((c) => c.setParagraph())}
        />
        <ToolButton
          icon={Heading2}
          label="Heading"
          shortcut="Control+Alt+2"
          pressed={state.h2}
          onClick={run((c) => c.toggleHeading({ level: 2 }))}
        />
        <ToolButton
          icon={Heading3}
          label="Subheading"
          shortcut="Control+Alt+3"
          pressed={state.h3}
          onClick={run((c) => c.toggleHeading({ level: 3 }))}
        />
        <Separator />
        <ToolButton
          icon={Bold}
          label="Bold"
          shortcut="Control+B"
          pressed={state.bold}
          onClick={run((c) => c.toggleBold())}
        />
        <ToolButton
          icon={Italic}
          label="Italic"
          shortcut="Control+I"
          pressed={state.italic}
          onClick={run((c) => c.toggleItalic())}
        />
        <ToolButton
          icon={Underline}
          label="Underline"
          shortcut="Control+U"
          pressed={state.underline}
          onClick={run((c) => c.toggleUnderline())}
        />
        <Separator />
        <ToolButton
          icon={List}
          label="Bulleted list"
          shortcut="Control+Shift+8"
          pressed={state.bulletList}
          onClick={run((c) => c.toggleBulletList())}
        />
        <ToolButton
          icon={ListOrdered}
          label="Numbered list"
          shortcut="Control+Shift+7"
          pressed={state.orderedList}
          onClick={run((c) => c.toggleOrderedList())}
        />
        <ToolButton
          icon={Quote}
          label="Quote"
          shortcut="Control+Shift+B"
          pressed={state.blockquote}
          onClick={run((c) => c.toggleBlockquote())}
        />
        <Separator />
        <ToolButton icon={LinkIcon} label="Link" pressed={state.link} onClick={() => setLinkOpen((open) => !open)} />
        <ToolButton
          icon={TableIcon}
          label="Insert table"
          disabled={state.table}
          onClick={run((c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }))}
        />
        <Separator />
        <ToolButton
          icon={Undo2}
          label="Undo"
          shortcut="Control+Z"
          disabled={!state.canUndo}
          onClick={run((c) => c.undo())}
        />
        <ToolButton
          icon={Redo2}
          label="Redo"
          shortcut="Control+Shift+Z"
          disabled={!state.canRedo}
          onClick={run((c) => c.redo())}
        />
      </div>
      {state.table ? (
        <fieldset className="flex flex-wrap gap-2 border-b bg-muted/20 px-3 py-1.5">
          <legend className="sr-only">Table</legend>
          <Button type="button" size="sm" variant="outline" onClick={run((c) => c.addRowAfter())}>
            Add row
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={run((c) => c.addColumnAfter())}>
            Add column
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={run((c) => c.deleteRow())}>
            Delete row
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={run((c) => c.deleteColumn())}>
            Delete column
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={run((c) => c.deleteTable())}>
            Delete table
          </Button>
        </fieldset>
      ) : null}
      {linkOpen ? <LinkForm editor={editor} onDone={() => setLinkOpen(false)} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}
