import { Paperclip, X } from 'lucide-react';
import { useRef } from 'react';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  formatFileSize,
} from '../../core/support/attachments.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

/** The browser's first word on a chosen file (the server reads its bytes and has the last). */
export function attachmentProblem(file: File | null): string | null {
  if (!file) return null;
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_MESSAGES.tooLarge;
  if (file.size === 0) return ATTACHMENT_MESSAGES.empty;
  return null;
}

/** An optional image or PDF, with the chosen file's name and size and a way to take it off. */
export function AttachmentField({
  file,
  onChange,
  error,
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="grid gap-2">
      <FormField
        label="Attachment"
        optional
        hint="A screenshot (PNG, JPEG, WebP or GIF) or a PDF, up to 5 MB."
        error={error}
      >
        <Input
          ref={input}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          disabled={disabled}
          className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground"
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
      </FormField>
      {file ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Paperclip className="size-4 text-muted-foreground" aria-hidden />
          <span className="break-all">{file.name}</span>
          <span className="text-muted-foreground">({formatFileSize(file.size)})</span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => {
              onChange(null);
              if (input.current) input.current.value = '';
            }}
          >
            <X aria-hidden />
            Remove attachment
          </Button>
        </p>
      ) : null}
    </div>
  );
}
