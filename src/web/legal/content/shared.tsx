import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';

/** When the legal texts were last changed (shown at the top of each). */
export const LEGAL_LAST_UPDATED = '22 November 2026';

export function DocumentHeader({ id, title, summary }: { id: string; title: string; summary: ReactNode }) {
  return (
    <header className="mb-6 border-b pb-6">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Last updated: {LEGAL_LAST_UPDATED}</p>
      <div className="mt-4 text-muted-foreground">{summary}</div>
    </header>
  );
}

/**
 * A table on wider screens; on phones the same rows as stacked cards (no sideways scrolling).
 * Only one of the two is displayed, so screen readers meet the content once.
 */
export function LegalTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <>
      <div className="mb-4 grid gap-3 sm:hidden">
        {rows.map((row, rowIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static content
          <dl key={rowIndex} className="grid gap-2 rounded-lg border p-4 text-sm">
            {row.map((cell, cellIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static content
              <div key={cellIndex}>
                <dt className="font-semibold">{head[cellIndex]}</dt>
                <dd className="text-muted-foreground">{cell}</dd>
              </div>
            ))}
          </dl>
        ))}
      </div>
      <div className="table-wrap hidden sm:block">
        <table>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static content
              <tr key={rowIndex}>
                {row.map((cell, cellIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static content
                  <td key={cellIndex}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function ContactLink({ children = 'contact page' }: { children?: ReactNode }) {
  return <Link to={paths.contact()}>{children}</Link>;
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children} <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
