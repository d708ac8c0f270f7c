// /findback/reset: step 4 — the new password (SPEC §5 rule, typed twice), sent encrypted; then back to sign-in.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { passwordProblem } from '@svc/contracts';
import { isApiError } from '@/lib/api/client';
import { Alert, PasswordField } from '@/components/public/Field';
import { PublicShell } from '@/components/public/PublicShell';
import { useResetPasswordMutation } from '../api/recovery-api';
import { clearFlow, readFlow } from '../api/flow-state';
import { RecoveryFrame, SubmitButton } from '../components/RecoveryFrame';

/** Message keys of the new-password pair (SPEC §5: strength rule; the two entries must match). */
export function newPasswordErrors(password: string, confirm: string): { password?: string; confirm?: string } {
  const problem = password ? passwordProblem(password) : 'validation.required';
  if (problem) return { password: problem };
  if (!confirm) return { confirm: 'validation.required' };
  return confirm === password ? {} : { confirm: 'validation.passwordMismatch' };
}

export default function ResetPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const reset = useResetPasswordMutation();
  const [flow] = useState(readFlow);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <PublicShell pageTitle={t('recovery.done.title')}>
        <div className="pub-card wide pub-status" role="status">
          <h1>{t('recovery.done.title')}</h1>
          <p className="pub-sub">{t('recovery.done.subtitle')}</p>
          <div className="pub-actions">
            <Link className="pub-button" to="/home">
              {t('recovery.done.signIn')}
            </Link>
          </div>
        </div>
      </PublicShell>
    );
  }
  if (!flow.account || !flow.code) return <Navigate to="/findback/account" replace />;
  const { userName } = flow.account;
  const code = flow.code;

  async function submit() {
    const found = newPasswordErrors(password, confirm);
    setErrors(found);
    if (found.password || found.confirm) return;
    setFailure(undefined);
    try {
      await reset.mutateAsync({ userName, code, password });
      clearFlow();
      setDone(true);
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  return (
    <RecoveryFrame
      step="reset"
      title={t('recovery.reset.title')}
      subtitle={t('recovery.reset.subtitle', { userName })}
      onSubmit={() => void submit()}
    >
      {failure && <Alert>{failure}</Alert>}
      <PasswordField
        label={t('recovery.reset.password')}
        name="newPassword"
        autoComplete="new-password"
        autoFocus
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={tc('validation.password')}
        error={errors.password && tc(errors.password)}
      />
      <PasswordField
        label={t('recovery.reset.confirm')}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm && tc(errors.confirm)}
      />
      <SubmitButton pending={reset.isPending} label={t('recovery.reset.submit')} pendingLabel={t('recovery.working')} />
    </RecoveryFrame>
  );
}
