import { cn } from '../ui/cn.ts';
import './content-prose.css';

/**
 * A content page's body: HTML the server sanitised when it was saved and again when it sent it
 * (src/server/content/sanitise.ts, the table-enabled variant), set with prose typography.
 */
export function ContentBody({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn('cms-prose', className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised it with the spec's allow-list (ADR 0061)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
