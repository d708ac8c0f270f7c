// /findback/code: step 3 — the 6-digit code from the mail or SMS, with a resend after the cooldown.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { isApiError } from '@/lib/api/client';
import { Alert, Field } from '@/components/public/Field';
import { useSendCodeMutation, useVerifyCodeMutation } from '../api/recovery-api';
import { readFlow, writeFlow, type RecoveryFlow } from '../api/flow-state';
import { useCountdown } from '../api/use-countdown';
import { RecoveryFrame, SubmitButton } from '../components/RecoveryFrame';

const CODE_PATTERN = /^\d{6}$/;

export default function CodePage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const verify = useVerifyCodeMutation();
  const resend = useSendCodeMutation();
  const [flow, setFlow] = useState<RecoveryFlow>(readFlow);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const wait = useCountdown(flow.sentAt);
  if (!flow.account || !flow.channel) return <Navigate to="/findback/account" replace />;
  const { userName } = flow.account;
  const channel = flow.channel;

  async function submit() {
    const value = code.trim();
    if (!CODE_PATTERN.test(value)) return setError(tc('validation.resetCode'));
    setError(undefined);
    setFailure(undefined);
    try {
      await verify.mutateAsync({ userName, code: value });
      writeFlow({ code: value });
      await navigate('/findback/reset');
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  async function sendAgain() {
    setFailure(undefined);
    setNotice(undefined);
    try {
      const sent = await resend.mutateAsync({ userName, type: channel });
      setFlow(writeFlow({ expiresInSeconds: sent.expiresInSeconds, sentAt: Date.now() }));
      setNotice(t('recovery.code.resent'));
    } catch (e) {
      setFailure(isApiError(e) ? e.message : String(e));
    }
  }

  const minutes = Math.max(1, Math.round((flow.expiresInSeconds ?? 600) / 60));
  return (
    <RecoveryFrame
      step="code"
      title={t('recovery.code.title')}
      subtitle={t(channel === 'email' ? 'recovery.code.subtitleEmail' : 'recovery.code.subtitleMobile', { minutes })}
      onSubmit={() => void submit()}
    >
      {failure && <Alert>{failure}</Alert>}
      {notice && !failure && <Alert tone="info">{notice}</Alert>}
      <Field
        label={t('recovery.code.label')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        pattern="[0-9]{6}"
        placeholder={t('recovery.code.placeholder')}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        error={error}
        addon={
          <button
            type="button"
            className="pub-button secondary"
            style={{ width: 'auto', height: 42, flex: 'none', fontWeight: 500 }}
            disabled={wait > 0 || resend.isPending}
            onClick={() => void sendAgain()}
          >
            {wait > 0 ? t('recovery.code.resendIn', { seconds: wait }) : t('recovery.code.resend')}
          </button>
        }
      />
      <SubmitButton pending={verify.isPending} label={t('recovery.code.verify')} pendingLabel={t('recovery.working')} />
      <p className="pub-hint">
        {t('recovery.code.noCode')}{' '}
        <Link className="pub-link" to="/findback/choice">
          {t('recovery.code.otherMethod')}
        </Link>
      </p>
    </RecoveryFrame>
  );
}
