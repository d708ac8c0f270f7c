// Shared body of the public status pages (401, 404, 500): code, title, explanation and ways out.
import type { ReactNode } from 'react';
import { PublicShell } from '@/components/public/PublicShell';

interface StatusPageProps {
  code: string;
  title: string;
  description: string;
  actions: ReactNode;
}

export function StatusPage({ code, title, description, actions }: StatusPageProps) {
  return (
    <PublicShell pageTitle={title} variant="single">
      <section className="pub-card wide pub-status" aria-labelledby="status-title">
        <p className="pub-code" aria-hidden="true">
          {code}
        </p>
        <h1 id="status-title">{title}</h1>
        <p className="pub-sub">{description}</p>
        <div className="pub-actions">{actions}</div>
      </section>
    </PublicShell>
  );
}
