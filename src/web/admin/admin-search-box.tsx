import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { cn } from '../ui/cn.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';

/** An admin list's search: a labelled search box and its Search button, submitted as a form. */
export function AdminSearchBox({
  id,
  label,
  labelHidden = false,
  placeholder,
  value,
  onChange,
  onSubmit,
}: {
  id: string;
  label: string;
  /** The label for screen readers only, where the list's heading already says what is searched. */
  labelHidden?: boolean;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form onSubmit={onSubmit} className="grid gap-2">
      <Label htmlFor={id} className={cn(labelHidden && 'sr-only')}>
        {label}
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden />
          Search
        </Button>
      </div>
    </form>
  );
}
