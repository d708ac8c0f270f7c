// Frame shared by the four /findback steps: public shell, step indicator, title and the way back to sign-in.
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicShell } from '@/components/public/PublicShell';

export const RECOVERY_STEPS = ['account', 'choice', 'code', 'reset'] as const;
export type RecoveryStep = (typeof RECOVERY_STEPS)[number];
const STEP_TITLES: Record<RecoveryStep, string> = {
  account: 'recovery.steps.account',
  choice: 'recovery.steps.choice',
  code: 'recovery.steps.code',
  reset: 'recovery.steps.reset',
};

interface RecoveryFrameProps {
  step: RecoveryStep;
  title: string;
  subtitle?: string;
  onSubmit?: (e: FormEvent) => void;
  children: ReactNode;
}

export function RecoveryFrame({ step, title, subtitle, onSubmit, children }: RecoveryFrameProps) {
  const { t } = useTranslation('auth');
  const current = RECOVERY_STEPS.indexOf(step);
  return (
    <PublicShell pageTitle={title}>
      <form
        className="pub-card wide"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit?.(e);
        }}
      >
        <ol className="pub-steps" aria-label={t('recovery.steps.label')}>
          {RECOVERY_STEPS.map((s, i) => (
            <li
              key={s}
              aria-current={i === current ? 'step' : undefined}
              data-state={i < current ? 'done' : i === current ? 'current' : 'todo'}
            >
              {t(STEP_TITLES[s])}
            </li>
          ))}
        </ol>
        <h1>{title}</h1>
        {subtitle ? <p className="pub-sub">{subtitle}</p> : <div style={{ height: 20 }} />}
        {children}
        <div className="pub-row" style={{ margin: '20px 0 0', justifyContent: 'center' }}>
          <Link className="pub-link" to="/home">
            {t('recovery.backToSignIn')}
          </Link>
        </div>
      </form>
    </PublicShell>
  );
}

export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button className="pub-button" type="submit" disabled={pending} aria-busy={pending}>
      {pending && <span className="pub-spin" aria-hidden="true" />}
      {pending ? pendingLabel : label}
    </button>
  );
}
