import { useEffect, useRef } from 'react';
import { cn } from '../ui/cn.ts';
import './content-prose.css';

/**
 * A table wider than the column scrolls inside itself (content-prose.css): such a table takes
 * focus, so keyboard users can scroll it too (WCAG 2.1.1); one that fits stays out of the tab order.
 */
function focusWideTables(body: HTMLElement) {
  for (const table of body.querySelectorAll('table')) {
    if (table.scrollWidth > table.clientWidth) table.tabIndex = 0;
    else table.removeAttribute('tabindex');
  }
}

/**
 * A content page's body: HTML the server sanitised when it was saved and again when it sent it
 * (src/server/content/sanitise.ts, the table-enabled variant), set with prose typography.
 */
export function ContentBody({ html, className }: { html: string; className?: string }) {
  const body = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML is new tables, to measure again.
  useEffect(() => {
    const element = body.current;
    if (!element) return;
    focusWideTables(element);
    const observer = new ResizeObserver(() => focusWideTables(element));
    observer.observe(element);
    return () => observer.disconnect();
  }, [html]);
  return (
    <div
      ref={body}
      className={cn('cms-prose', className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised it with the spec's allow-list (ADR 0061)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
