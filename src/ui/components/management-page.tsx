import type { ReactNode } from 'react';
import { useDocumentTitle } from '@ui/lib/use-document-title';
import './admin-module.css';
import './data-table.css';

type ManagementPageProps = {
  title: string;
  /** The buttons and counts above the list. */
  toolbar: ReactNode;
  children: ReactNode;
};

/** The frame of an admin module: its titled page, a toolbar, then the list and its dialogs. */
export function ManagementPage({ title, toolbar, children }: ManagementPageProps) {
  useDocumentTitle(title);
  return (
    <section className="page page--wide" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      <div className="toolbar">{toolbar}</div>
      {children}
    </section>
  );
}
